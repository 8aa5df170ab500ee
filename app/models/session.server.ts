import type { Kysely } from "kysely";
import type { Database } from "../../database/schema";
import { hashToken, randomToken } from "../utils/secure-token.server";
import { isoAfter, isoNow } from "../utils/time";
import { qualifiedUserColumns, toUser, type User } from "./user.server";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT_MAX_LENGTH = 200;
/** A session's "last used" is refreshed at most this often, so reading pages rarely writes. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface CreatedSession {
  token: string;
  expiresAt: string;
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  userAgent: string | null,
): Promise<CreatedSession> {
  const token = randomToken();
  const expiresAt = isoAfter(SESSION_LIFETIME_MS);
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: isoNow(),
      last_used_at: isoNow(),
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export interface SessionUser {
  user: User;
  /** The session's id (the token's hash), to tell the current session apart in lists. */
  sessionId: string;
}

/**
 * The user behind a live session token, or undefined for unknown or expired
 * tokens and disabled accounts. Runs on every request, so it is one indexed
 * join, plus an occasional write to note when the session was last used.
 */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<SessionUser | undefined> {
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([...qualifiedUserColumns, "sessions.last_used_at"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", isoNow(now))
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastUsed = row.last_used_at ? Date.parse(row.last_used_at) : 0;
  if (now.getTime() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) {
    await db
      .updateTable("sessions")
      .set({ last_used_at: isoNow(now) })
      .where("id", "=", sessionId)
      .execute();
  }
  return { user: toUser(row), sessionId };
}

/** When a session started: how recently its user signed in. */
export async function findSessionCreatedAt(db: Kysely<Database>, sessionId: string): Promise<string | undefined> {
  const row = await db.selectFrom("sessions").select("created_at").where("id", "=", sessionId).executeTakeFirst();
  return row?.created_at;
}

export interface SessionSummary {
  id: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

/** A user's live sessions, most recently used first. */
export async function listUserSessions(db: Kysely<Database>, userId: string): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "created_at", "last_used_at", "expires_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", isoNow())
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at ?? row.created_at,
      expiresAt: row.expires_at,
    }))
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Ends one of a user's sessions by id; returns false when the user has no such session. */
export async function deleteUserSession(db: Kysely<Database>, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of a user except `keepSessionId` ("sign out everywhere else"). */
export async function deleteOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id", "!=", keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
}

/** Signs a user out everywhere, e.g. after a password change or when an admin revokes access. */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", isoNow()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
