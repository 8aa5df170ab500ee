import { createCookie } from "react-router";
import {
  createSession,
  deleteSession,
  findSessionUser,
  SESSION_LIFETIME_MS,
  type SessionUser,
} from "../models/session.server";
import { getDatabase } from "./db.server";
import { getEnv } from "./env.server";
import { resolveSessionSecret } from "./session-secret.server";

let secret: string | undefined;

export function getSessionSecret(): string {
  if (!secret) {
    const env = getEnv();
    secret = resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  }
  return secret;
}

let cookie: ReturnType<typeof createCookie> | undefined;

/** The cookie carries only the random session token, signed with the session secret. */
function sessionCookie() {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getSessionSecret()],
  });
  return cookie;
}

async function readSessionToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  return (await findSessionUser(getDatabase().db, token)) ?? null;
}

/**
 * Starts a fresh session for `userId` and returns its Set-Cookie header. Any
 * session the request already carried is ended, so a login always rotates the id.
 */
export async function startSession(request: Request, userId: string, { secure }: { secure: boolean }): Promise<string> {
  const { db } = getDatabase();
  const previous = await readSessionToken(request);
  if (previous) await deleteSession(db, previous);
  const { token } = await createSession(db, userId, request.headers.get("User-Agent"));
  return sessionCookie().serialize(token, { secure, maxAge: SESSION_LIFETIME_MS / 1000 });
}

/** Ends the request's session (if any) and returns the Set-Cookie header that clears it. */
export async function endSession(request: Request, { secure }: { secure: boolean }): Promise<string> {
  const token = await readSessionToken(request);
  if (token) await deleteSession(getDatabase().db, token);
  return sessionCookie().serialize("", { secure, maxAge: 0 });
}
