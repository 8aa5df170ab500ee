import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { hashToken } from "../utils/secure-token.server";
import {
  deleteSubscriptionByEndpoint,
  listUserDevices,
  removeDevice,
  removeSubscription,
  saveSubscription,
  type SubscriptionInput,
} from "./push-subscription.server";
import { createSession, deleteUserSession } from "./session.server";
import { createUser } from "./user.server";

describe.each(testDialects)("push subscriptions on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const signedIn = async () => {
    const user = await createUser(database.db, {
      email: `${crypto.randomUUID()}@example.org`,
      passwordHash: null,
      role: "user",
    });
    const { token } = await createSession(database.db, user.id, "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0");
    return { userId: user.id, sessionId: hashToken(token) };
  };
  const endpoint = () => `https://push.example.net/send/${crypto.randomUUID()}`;
  const browser = (who: { userId: string; sessionId: string }, at: string, more: Partial<SubscriptionInput> = {}) => ({
    ...who,
    endpoint: at,
    p256dh: "B".repeat(87),
    auth: "A".repeat(22),
    userAgent: `Mozilla/5.0 ${"x".repeat(300)}`,
    ...more,
  });

  it("stores a browser once, refreshes it on the next hand-over, and lists it without its endpoint", async () => {
    const learner = await signedIn();
    const address = endpoint();
    testClock.set("2031-03-01T10:00:00.000Z");
    const first = await saveSubscription(database.db, browser(learner, address));
    testClock.set("2031-03-09T10:00:00.000Z");
    const again = await saveSubscription(database.db, browser(learner, address, { auth: "C".repeat(22) }));
    expect(again).toEqual(first);
    const devices = await listUserDevices(database.db, learner.userId);
    expect(devices).toEqual([
      {
        id: first.status === "stored" ? first.id : "",
        sessionId: learner.sessionId,
        userAgent: `Mozilla/5.0 ${"x".repeat(188)}`,
        pushService: "push.example.net",
        createdAt: "2031-03-01T10:00:00.000Z",
        refreshedAt: "2031-03-09T10:00:00.000Z",
      },
    ]);
    const row = await database.db
      .selectFrom("push_subscriptions")
      .selectAll()
      .where("endpoint", "=", address)
      .executeTakeFirstOrThrow();
    expect(row.auth).toBe("C".repeat(22));
  });

  it("moves a browser's endpoint to whoever is signed in now, as a new device", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const address = endpoint();
    const before = await saveSubscription(database.db, browser(first, address));
    const after = await saveSubscription(database.db, browser(second, address));
    expect(after.status).toBe("stored");
    expect(after).not.toEqual(before);
    expect(await listUserDevices(database.db, first.userId)).toEqual([]);
    expect((await listUserDevices(database.db, second.userId)).map((device) => device.sessionId)).toEqual([
      second.sessionId,
    ]);
  });

  it("keeps one subscription per session and replaces an endpoint the browser changed", async () => {
    const learner = await signedIn();
    const [old, replacement, later] = [endpoint(), endpoint(), endpoint()];
    await saveSubscription(database.db, browser(learner, old));
    expect(await saveSubscription(database.db, browser(learner, replacement, { replacesEndpoint: old }))).toMatchObject(
      { status: "stored" },
    );
    // Handed over without naming the old one: the session's other endpoint is out of date all the same.
    await saveSubscription(database.db, browser(learner, later));
    const rows = await database.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", learner.userId)
      .execute();
    expect(rows.map((row) => row.endpoint)).toEqual([later]);
  });

  it("stores no replacement for a device the learner removed, nor for another user's endpoint", async () => {
    const learner = await signedIn();
    const other = await signedIn();
    const old = endpoint();
    await saveSubscription(database.db, browser(learner, old));
    const [device] = await listUserDevices(database.db, learner.userId);
    expect(await removeDevice(database.db, { userId: other.userId, id: device!.id })).toBe(false);
    expect(await removeDevice(database.db, { userId: learner.userId, id: device!.id })).toBe(true);
    expect(await saveSubscription(database.db, browser(learner, endpoint(), { replacesEndpoint: old }))).toEqual({
      status: "not-on-file",
    });
    const othersOld = endpoint();
    await saveSubscription(database.db, browser(other, othersOld));
    expect(await saveSubscription(database.db, browser(learner, endpoint(), { replacesEndpoint: othersOld }))).toEqual({
      status: "not-on-file",
    });
    expect(await listUserDevices(database.db, learner.userId)).toEqual([]);
    expect(await listUserDevices(database.db, other.userId)).toHaveLength(1);
  });

  it("removes a browser's subscription only for its user, by endpoint, and with its session", async () => {
    const learner = await signedIn();
    const other = await signedIn();
    const [mine, gone, signedOut] = [endpoint(), endpoint(), endpoint()];
    await saveSubscription(database.db, browser(learner, mine));
    expect(await removeSubscription(database.db, { userId: other.userId, endpoint: mine })).toBe(false);
    expect(await removeSubscription(database.db, { userId: learner.userId, endpoint: mine })).toBe(true);
    expect(await removeSubscription(database.db, { userId: learner.userId, endpoint: mine })).toBe(false);

    await saveSubscription(database.db, browser(learner, gone));
    await deleteSubscriptionByEndpoint(database.db, gone);
    expect(await listUserDevices(database.db, learner.userId)).toEqual([]);

    await saveSubscription(database.db, browser(other, signedOut));
    await deleteUserSession(database.db, other.userId, other.sessionId);
    expect(await listUserDevices(database.db, other.userId)).toEqual([]);
  });
});
