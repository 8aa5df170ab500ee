import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { writeSetting } from "./app-settings.server";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSessionUser,
  lookupSession,
  SESSION_LIFETIME_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from "./session.server";
import { createUser, type User } from "./user.server";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)("sessions on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  let userCount = 0;
  function newUser(): Promise<User> {
    userCount += 1;
    return createUser(database.db, { email: `session-user-${userCount}@example.org`, passwordHash: null });
  }

  function sessionRows(userId: string) {
    return database.db.selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();
  }

  it("creates a session whose token finds its user and expires after the session lifetime", async () => {
    const user = await newUser();
    const before = Date.now();
    const session = await createSession(database.db, user.id, "Firefox");
    const after = Date.now();

    expect(session.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const expiresAt = Date.parse(session.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + SESSION_LIFETIME_MS);
    expect((await findSessionUser(database.db, session.token))?.user).toEqual(user);
  });

  it("does not store the token in clear", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id, null);
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).not.toBe(token);
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(token);
    }
    // The stored id alone must not work as a token.
    expect(await findSessionUser(database.db, row.id)).toBeUndefined();
  });

  it("gives every session a different token", async () => {
    const user = await newUser();
    const first = await createSession(database.db, user.id, null);
    const second = await createSession(database.db, user.id, null);
    expect(first.token).not.toBe(second.token);
    expect(await sessionRows(user.id)).toHaveLength(2);
  });

  it("finds no user for unknown, empty or altered tokens", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id, null);
    expect(await findSessionUser(database.db, "no-such-token")).toBeUndefined();
    expect(await findSessionUser(database.db, "")).toBeUndefined();
    expect(await findSessionUser(database.db, `${token}x`)).toBeUndefined();
    expect(await findSessionUser(database.db, token.slice(0, -1))).toBeUndefined();
    expect(await findSessionUser(database.db, token.toUpperCase())).toBeUndefined();
  });

  it("treats an expired session as unknown and removes it with deleteExpiredSessions", async () => {
    const user = await newUser();
    const expired = await createSession(database.db, user.id, null);
    // Move the expiry of the user's only session a day into the past.
    await database.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - DAY_MS).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const live = await createSession(database.db, user.id, null);
    const otherUser = await newUser();
    const otherLive = await createSession(database.db, otherUser.id, null);

    expect(await findSessionUser(database.db, expired.token)).toBeUndefined();
    expect((await findSessionUser(database.db, live.token))?.user).toEqual(user);
    expect(await sessionRows(user.id)).toHaveLength(2);

    expect(await deleteExpiredSessions(database.db)).toBeGreaterThanOrEqual(1);
    const remaining = await sessionRows(user.id);
    expect(remaining).toHaveLength(1);
    expect(Date.parse(remaining[0]!.expires_at)).toBeGreaterThan(Date.now());
    expect((await findSessionUser(database.db, live.token))?.user).toEqual(user);
    expect((await findSessionUser(database.db, otherLive.token))?.user).toEqual(otherUser);

    // Nothing expired is left: a second sweep removes nothing.
    expect(await deleteExpiredSessions(database.db)).toBe(0);
  });

  it("refuses a session that expired a millisecond ago", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id, null);
    await database.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await findSessionUser(database.db, token)).toBeUndefined();
  });

  it("deleteSession ends one session and leaves the user's others", async () => {
    const user = await newUser();
    const first = await createSession(database.db, user.id, null);
    const second = await createSession(database.db, user.id, null);
    await deleteSession(database.db, first.token);
    expect(await findSessionUser(database.db, first.token)).toBeUndefined();
    expect((await findSessionUser(database.db, second.token))?.user).toEqual(user);
    expect(await sessionRows(user.id)).toHaveLength(1);
    // Deleting an unknown or already deleted token is harmless.
    await deleteSession(database.db, first.token);
    await deleteSession(database.db, "no-such-token");
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it("deleteUserSessions signs one user out everywhere and reports how many sessions ended", async () => {
    const user = await newUser();
    const bystander = await newUser();
    const sessions = await Promise.all([1, 2, 3].map(() => createSession(database.db, user.id, null)));
    const kept = await createSession(database.db, bystander.id, null);

    expect(await deleteUserSessions(database.db, user.id)).toBe(3);
    for (const session of sessions) {
      expect(await findSessionUser(database.db, session.token)).toBeUndefined();
    }
    expect((await findSessionUser(database.db, kept.token))?.user).toEqual(bystander);
    expect(await deleteUserSessions(database.db, user.id)).toBe(0);
    expect(await deleteUserSessions(database.db, crypto.randomUUID())).toBe(0);
  });

  it("removes a user's sessions when the user is deleted", async () => {
    const user = await newUser();
    const { token } = await createSession(database.db, user.id, null);
    await createSession(database.db, user.id, null);
    await database.db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await sessionRows(user.id)).toHaveLength(0);
    expect(await findSessionUser(database.db, token)).toBeUndefined();
  });

  it("refuses a session for a user that does not exist", async () => {
    await expect(createSession(database.db, crypto.randomUUID(), null)).rejects.toThrow();
  });

  it("keeps at most 200 characters of the user agent", async () => {
    const user = await newUser();
    const longAgent = `Mozilla/5.0 ${"x".repeat(500)}`;
    await createSession(database.db, user.id, longAgent);
    await createSession(database.db, user.id, "Short agent");
    await createSession(database.db, user.id, null);
    const agents = (await sessionRows(user.id)).map((row) => row.user_agent);
    expect(agents).toHaveLength(3);
    expect(agents).toContain(longAgent.slice(0, 200));
    expect(agents).toContain("Short agent");
    expect(agents).toContain(null);
    for (const agent of agents) expect((agent ?? "").length).toBeLessThanOrEqual(200);
  });
});

describe.each(testDialects)("idle sessions on %s", (dialect) => {
  // A database of its own: these tests change the idle settings.
  const database = useTestDatabase(dialect);
  const HOUR_MS = 60 * 60 * 1000;

  let userCount = 0;
  async function signedIn(role: "user" | "admin") {
    userCount += 1;
    const user = await createUser(database.db, { email: `idle-${userCount}@example.org`, passwordHash: null, role });
    const { token } = await createSession(database.db, user.id, null);
    const row = await database.db
      .selectFrom("sessions")
      .select("last_used_at")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    return { user, token, signedInAt: Date.parse(row.last_used_at!) };
  }
  const after = (start: number, ms: number) => new Date(start + ms);
  /** Looks the token up with the clock at `instant`. */
  const lookupAt = (token: string, instant: Date) => {
    testClock.set(instant);
    return lookupSession(database.db, token);
  };

  it("ends a learner's session after 14 days without use, and an admin's after 12 hours", async () => {
    const learner = await signedIn("user");
    expect((await lookupAt(learner.token, after(learner.signedInAt, 14 * DAY_MS - 1))).status).toBe("active");
    const admin = await signedIn("admin");
    expect((await lookupAt(admin.token, after(admin.signedInAt, 12 * HOUR_MS - 1))).status).toBe("active");
    // Those lookups used the sessions, so the idle time starts again from them.
    const learnerUsed = learner.signedInAt + 14 * DAY_MS - 1;
    expect((await lookupAt(learner.token, after(learnerUsed, 14 * DAY_MS))).status).toBe("idle");
    const adminUsed = admin.signedInAt + 12 * HOUR_MS - 1;
    expect((await lookupAt(admin.token, after(adminUsed, 12 * HOUR_MS))).status).toBe("idle");
    // An ended session is gone: it never comes back, whatever the clock says, and is still known as
    // ended for inactivity, so a request that was already in flight is told why too.
    expect((await lookupAt(learner.token, after(learner.signedInAt, 1000))).status).toBe("idle");
    expect(
      await database.db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "in", [learner.user.id, admin.user.id])
        .execute(),
    ).toEqual([]);
  });

  it("counts idleness from the last use, noted at most every few minutes", async () => {
    const learner = await signedIn("user");
    // Used on day 10: the session then lives until day 24, within the absolute 30 days.
    expect((await lookupAt(learner.token, after(learner.signedInAt, 10 * DAY_MS))).status).toBe("active");
    expect((await lookupAt(learner.token, after(learner.signedInAt, 23 * DAY_MS))).status).toBe("active");
    // A use within the touch interval writes nothing, so it does not move the idle clock.
    const admin = await signedIn("admin");
    const early = after(admin.signedInAt, SESSION_TOUCH_INTERVAL_MS - 1);
    expect((await lookupAt(admin.token, early)).status).toBe("active");
    expect((await lookupAt(admin.token, after(admin.signedInAt, 12 * HOUR_MS))).status).toBe("idle");
  });

  it("sweeps idle sessions away with the expired ones, each by its role's timeout", async () => {
    const learner = await signedIn("user");
    const admin = await signedIn("admin");
    const sweptAt = (start: number, ms: number) => {
      testClock.set(after(start, ms));
      return deleteExpiredSessions(database.db);
    };
    const alive = async (userId: string) =>
      (await database.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;
    expect(await sweptAt(admin.signedInAt, 12 * HOUR_MS - 1000)).toBe(0);
    await sweptAt(admin.signedInAt, 12 * HOUR_MS);
    expect(await alive(admin.user.id)).toBe(0);
    expect(await alive(learner.user.id)).toBe(1);
    await sweptAt(learner.signedInAt, 14 * DAY_MS);
    expect(await alive(learner.user.id)).toBe(0);
  });

  it("still says why after the sweep ended a session, until the cookie's lifetime is over", async () => {
    const learner = await signedIn("user");
    const { expires_at: expiresAt } = await database.db
      .selectFrom("sessions")
      .select("expires_at")
      .where("user_id", "=", learner.user.id)
      .executeTakeFirstOrThrow();
    testClock.set(after(learner.signedInAt, 15 * DAY_MS));
    await deleteExpiredSessions(database.db);
    // Only the session's hashed id and expiry are kept, never the user.
    const ending = await database.db
      .selectFrom("idle_session_endings")
      .selectAll()
      .where("expires_at", "=", expiresAt)
      .execute();
    expect(ending).toHaveLength(1);
    expect(Object.keys(ending[0]!).sort()).toEqual(["expires_at", "session_id"]);
    expect((await lookupAt(learner.token, after(learner.signedInAt, 20 * DAY_MS))).status).toBe("idle");

    const pastLifetime = new Date(Date.parse(expiresAt) + 1000);
    expect((await lookupAt(learner.token, pastLifetime)).status).toBe("none");
    testClock.set(pastLifetime);
    await deleteExpiredSessions(database.db);
    expect(
      await database.db
        .selectFrom("idle_session_endings")
        .select("session_id")
        .where("expires_at", "=", expiresAt)
        .execute(),
    ).toEqual([]);
  });

  it("tells every one of several simultaneous requests that the session went idle", async () => {
    const learner = await signedIn("user");
    testClock.set(after(learner.signedInAt, 15 * DAY_MS));
    const lookups = await Promise.all([1, 2, 3].map(() => lookupSession(database.db, learner.token)));
    expect(lookups.map((lookup) => lookup.status)).toEqual(["idle", "idle", "idle"]);
    expect(
      await database.db.selectFrom("sessions").select("id").where("user_id", "=", learner.user.id).execute(),
    ).toEqual([]);
  });

  it("follows the settings as soon as an admin changes them", async () => {
    await writeSetting(database.db, "learnerSessionIdleDays", 1, null);
    await writeSetting(database.db, "adminSessionIdleHours", 2, null);
    try {
      const learner = await signedIn("user");
      const admin = await signedIn("admin");
      expect((await lookupAt(learner.token, after(learner.signedInAt, DAY_MS))).status).toBe("idle");
      expect((await lookupAt(admin.token, after(admin.signedInAt, 2 * HOUR_MS - 1))).status).toBe("active");
      const other = await signedIn("admin");
      expect((await lookupAt(other.token, after(other.signedInAt, 2 * HOUR_MS))).status).toBe("idle");
      // An unreadable stored value falls back to the default.
      await database.db
        .updateTable("app_settings")
        .set({ value: "{broken" })
        .where("key", "=", "learnerSessionIdleDays")
        .execute();
      const next = await signedIn("user");
      expect((await lookupAt(next.token, after(next.signedInAt, 13 * DAY_MS))).status).toBe("active");
    } finally {
      await database.db.deleteFrom("app_settings").execute();
    }
  });
});
