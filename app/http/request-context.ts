import { createContext } from "react-router";
import type { User } from "../models/user.server";

export interface BuildInfo {
  id: string;
  timestamp: string;
}

/** What the Express layer knows about a request, handed to React Router. */
export interface ServerInfo {
  cspNonce: string;
  build: BuildInfo;
  /** True when the request reached us over HTTPS (directly or through a trusted proxy). */
  isSecure: boolean;
  /** The client's address as Express resolved it (honouring TRUST_PROXY). */
  clientIp: string;
}

export const serverInfoContext = createContext<ServerInfo>();

/** The signed-in user, set by the root middleware; null for guests. */
export const userContext = createContext<User | null>(null);

/** The id of the request's session (the token's hash), null for guests. */
export const sessionIdContext = createContext<string | null>(null);

/** True when the request's session was just ended by the idle timeout, so the login page can say why. */
export const idleSignOutContext = createContext<boolean>(false);

/**
 * The HTML of the lesson blocks this document renders, by block key: loaders put it here instead of in
 * their data, entry.server.tsx hands it to the render, and the browser keeps the server's DOM of them
 * (components/lesson/lesson-html.tsx), so a chapter's text travels once.
 */
export const lessonHtmlContext = createContext<Map<string, string>>();

/**
 * True for a document request, false for a client navigation's data request (`.data`): a loader may then
 * leave HTML the document carries anyway out of its data (lessonHtmlContext), and give it inline otherwise.
 */
export const documentRequestContext = createContext<boolean>(true);
