import { createCookie, type Cookie } from "react-router";
import {
  createSession,
  deleteSession,
  lookupSession,
  SESSION_LIFETIME_MS,
  type SessionLookup,
} from "../models/session.server";
import { getDatabase } from "../utils/db.server";
import { getEnv } from "../utils/env.server";
import { resolveSessionSecret } from "./session-secret.server";

let secret: string | undefined;

export function getSessionSecret(): string {
  if (!secret) {
    const env = getEnv();
    secret = resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  }
  return secret;
}

const cookies = new Map<boolean, Cookie>();

/**
 * The cookie carries only the random session token, signed with the session
 * secret. Over HTTPS it is `__Host-session`: browsers accept that name only
 * with Secure, for path / and from this very host, so neither a sibling
 * subdomain nor a plain-HTTP page can plant a session (fixation). Plain HTTP
 * (a local install) cannot use the prefix and keeps `__session`.
 */
function sessionCookie(secure: boolean): Cookie {
  let cookie = cookies.get(secure);
  if (!cookie) {
    cookie = createCookie(secure ? "__Host-session" : "__session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [getSessionSecret()],
    });
    cookies.set(secure, cookie);
  }
  return cookie;
}

async function readSessionToken(request: Request, secure: boolean): Promise<string | undefined> {
  const value: unknown = await sessionCookie(secure).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The request's session: its user, one just ended by the idle timeout, or none. */
export async function lookupRequestSession(request: Request, { secure }: { secure: boolean }): Promise<SessionLookup> {
  const token = await readSessionToken(request, secure);
  if (!token) return { status: "none" };
  return lookupSession(getDatabase().db, token);
}

/**
 * Starts a fresh session for `userId` and returns its Set-Cookie header. Any
 * session the request already carried is ended, so a login always rotates the id.
 */
export async function startSession(request: Request, userId: string, { secure }: { secure: boolean }): Promise<string> {
  const { db } = getDatabase();
  const previous = await readSessionToken(request, secure);
  if (previous) await deleteSession(db, previous);
  const { token } = await createSession(db, userId, request.headers.get("User-Agent"));
  return sessionCookie(secure).serialize(token, { maxAge: SESSION_LIFETIME_MS / 1000 });
}

/** Ends the request's session (if any) and returns the Set-Cookie header that clears it. */
export async function endSession(request: Request, { secure }: { secure: boolean }): Promise<string> {
  const token = await readSessionToken(request, secure);
  if (token) await deleteSession(getDatabase().db, token);
  return sessionCookie(secure).serialize("", { maxAge: 0 });
}
