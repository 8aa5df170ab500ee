import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { hashToken, randomToken } from "../utils/secure-token.server";
import { isoAfter, isoNow, now } from "../utils/clock";
import { readSettings, storedSetting, type SettingKey } from "./app-settings.server";
import { qualifiedUserColumns, toUser, type User } from "./user.server";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
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
  const createdAt = now();
  const expiresAt = isoAfter(SESSION_LIFETIME_MS, createdAt);
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: createdAt.toISOString(),
      last_used_at: createdAt.toISOString(),
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

/** What a session token leads to: its user, a session ended by the idle timeout, or nothing. */
export type SessionLookup = ({ status: "active" } & SessionUser) | { status: "idle" } | { status: "none" };

/**
 * Looks a session token up. Unknown and expired tokens and disabled accounts
 * find nothing. A session unused for longer than the idle timeout of its
 * user's role (the settings learnerSessionIdleDays and adminSessionIdleHours,
 * read in the same query) is deleted and reported as "idle". Runs on every
 * request, so it is one indexed join, plus an occasional write to note when
 * the session was last used: idleness is therefore measured to within
 * SESSION_TOUCH_INTERVAL_MS.
 */
export async function lookupSession(db: Kysely<Database>, token: string): Promise<SessionLookup> {
  const at = now();
  const sessionId = hashToken(token);
  const settingValue = (key: SettingKey) =>
    db.selectFrom("app_settings").select("app_settings.value").where("app_settings.key", "=", key);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([...qualifiedUserColumns, "sessions.created_at as session_created_at", "sessions.last_used_at"])
    .select([
      settingValue("learnerSessionIdleDays").as("learner_idle_days"),
      settingValue("adminSessionIdleHours").as("admin_idle_hours"),
    ])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", at.toISOString())
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return (await endedByIdleTimeout(db, sessionId)) ? { status: "idle" } : { status: "none" };
  const lastUsed = Date.parse(row.last_used_at ?? row.session_created_at);
  const idleLimitMs =
    row.role === "admin"
      ? storedSetting("adminSessionIdleHours", row.admin_idle_hours) * HOUR_MS
      : storedSetting("learnerSessionIdleDays", row.learner_idle_days) * DAY_MS;
  if (at.getTime() - lastUsed >= idleLimitMs) {
    await endIdleSessions(db, [sessionId]);
    return { status: "idle" };
  }
  if (at.getTime() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_used_at: at.toISOString() }).where("id", "=", sessionId).execute();
  }
  return { status: "active", user: toUser(row), sessionId };
}

/** The user behind a live session token (see lookupSession), or undefined. */
export async function findSessionUser(db: Kysely<Database>, token: string): Promise<SessionUser | undefined> {
  const session = await lookupSession(db, token);
  return session.status === "active" ? { user: session.user, sessionId: session.sessionId } : undefined;
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

/**
 * Deletes sessions, noting in idle_session_endings (until their cookie's expiry) that the idle
 * timeout ended them: every later request carrying one of those cookies, even one already in flight
 * while the first ended it, is then told "idle" rather than "none".
 */
async function endIdleSessions(db: Kysely<Database>, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("idle_session_endings")
      .columns(["session_id", "expires_at"])
      .expression(trx.selectFrom("sessions").select(["id", "expires_at"]).where("id", "in", sessionIds))
      .onConflict((conflict) => conflict.column("session_id").doNothing())
      .execute();
    await trx.deleteFrom("sessions").where("id", "in", sessionIds).execute();
  });
}

async function endedByIdleTimeout(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("idle_session_endings")
    .select("session_id")
    .where("session_id", "=", sessionId)
    .where("expires_at", ">", isoNow())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The hourly sweep: deletes the sessions past their lifetime and ends those past their role's idle
 * timeout, so the ones nobody presents again leave the devices list too (the login page still says
 * why when one is presented later). Forgets the endings whose cookies have expired.
 */
export async function deleteExpiredSessions(db: Kysely<Database>): Promise<number> {
  const at = now();
  const settings = await readSettings(db);
  const unusedSince = (idleMs: number) => isoAfter(-idleMs, at);
  const learnerCutoff = unusedSince(settings.learnerSessionIdleDays * DAY_MS);
  const adminCutoff = unusedSince(settings.adminSessionIdleHours * HOUR_MS);
  const idle = db
    .selectFrom("sessions as idle")
    .innerJoin("users", "users.id", "idle.user_id")
    .select("idle.id")
    .where((eb) => {
      const lastUsed = eb.fn.coalesce("idle.last_used_at", "idle.created_at");
      return eb.or([
        eb.and([eb("users.role", "=", "admin"), eb(lastUsed, "<=", adminCutoff)]),
        eb.and([eb("users.role", "!=", "admin"), eb(lastUsed, "<=", learnerCutoff)]),
      ]);
    });
  await db.deleteFrom("idle_session_endings").where("expires_at", "<=", at.toISOString()).execute();
  const expired = await db.deleteFrom("sessions").where("expires_at", "<=", at.toISOString()).executeTakeFirst();
  const idleIds = (await idle.execute()).map((row) => row.id);
  // In slices, so a long-unswept database stays under SQLite's bound-parameter limit.
  for (let start = 0; start < idleIds.length; start += 500) {
    await endIdleSessions(db, idleIds.slice(start, start + 500));
  }
  return Number(expired.numDeletedRows) + idleIds.length;
}
