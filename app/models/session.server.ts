import type { Kysely } from "kysely";
import type { Database } from "../../database/schema";
import { hashToken, randomToken } from "../utils/secure-token.server";
import { isoAfter, isoNow } from "../utils/time";
import { toUser, type User } from "./user.server";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT_MAX_LENGTH = 200;

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
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The user behind a live session token, or undefined for unknown or expired
 * tokens. Runs on every request, so it is one indexed join.
 */
export async function findSessionUser(db: Kysely<Database>, token: string): Promise<User | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.email", "users.role", "users.subscription_status", "users.created_at"])
    .where("sessions.id", "=", hashToken(token))
    .where("sessions.expires_at", ">", isoNow())
    .executeTakeFirst();
  return row && toUser(row);
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
