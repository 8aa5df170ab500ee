import { generateKeyPairSync, randomBytes } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { sessionIdContext, userContext } from "#app/http/request-context";
import { createSession } from "#app/models/session.server";
import { createUser, findUserById } from "#app/models/user.server";
import { listUserDevices } from "#app/models/push-subscription.server";
import { readNotificationSettings, readTopics } from "#app/models/notification-settings.server";
import { hashToken } from "#app/utils/secure-token.server";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import { switchFeatures } from "#tests/setup/feature-flags";

// The route stores through the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./api-push-subscription");

/** A browser's keys as PushSubscription.toJSON() gives them: a P-256 point and 16 random bytes. */
function browserKeys() {
  const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { p256dh: point.toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

describe.each(testDialects)("/api/push/subscription on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function signedIn() {
    const user = await createUser(database.db, {
      email: `${crypto.randomUUID()}@example.org`,
      passwordHash: null,
      role: "user",
    });
    const { token } = await createSession(database.db, user.id, null);
    return { userId: user.id, sessionId: hashToken(token) };
  }

  async function send(method: string, body: unknown, who?: { userId: string; sessionId: string }) {
    current.handle = database;
    const context = new RouterContextProvider();
    context.set(userContext, who ? ((await findUserById(database.db, who.userId)) ?? null) : null);
    context.set(sessionIdContext, who?.sessionId ?? null);
    const request = new Request("http://localhost/api/push/subscription", {
      method,
      headers: { "Content-Type": "application/json", "User-Agent": "Mozilla/5.0 Firefox/140.0" },
      body: JSON.stringify(body),
    });
    const response = await action({ request, context, params: {}, unstable_pattern: "" } as never);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const endpoint = () => `https://updates.push.example.net/wpush/v2/${crypto.randomUUID()}`;

  it("stores the signed-in browser's subscription with the button's topic and the browser's time zone", async () => {
    const learner = await signedIn();
    const answer = await send(
      "POST",
      { endpoint: endpoint(), keys: browserKeys(), topics: ["record-primes"], timeZone: "Asia/Kolkata" },
      learner,
    );
    expect(answer).toEqual({ status: 201, body: { stored: true } });
    expect(await listUserDevices(database.db, learner.userId)).toMatchObject([
      { sessionId: learner.sessionId, userAgent: "Mozilla/5.0 Firefox/140.0", pushService: "updates.push.example.net" },
    ]);
    expect(await readTopics(database.db, learner.userId)).toEqual(["record-primes"]);
    expect(await readNotificationSettings(database.db, learner.userId)).toEqual({
      timeZone: "Asia/Kolkata",
      reminderHour: 18,
      quietStart: null,
      quietEnd: null,
    });
  });

  it("refuses guests and malformed subscriptions, storing nothing", async () => {
    const learner = await signedIn();
    expect((await send("POST", { endpoint: endpoint(), keys: browserKeys() })).status).toBe(401);
    const keys = browserKeys();
    for (const [body, error] of [
      [{ endpoint: "http://push.example.net/x", keys }, "not a push service's https address"],
      [{ endpoint: "https://127.0.0.1/x", keys }, "not a push service's https address"],
      [{ endpoint: "https://10.0.0.7/x", keys }, "not a push service's https address"],
      [{ endpoint: endpoint(), keys: { ...keys, p256dh: keys.p256dh.slice(0, 80) } }, "p256dh key must be 65 bytes"],
      [
        { endpoint: endpoint(), keys: { ...keys, auth: Buffer.alloc(15).toString("base64url") } },
        "auth key must be 16",
      ],
      [{ endpoint: endpoint(), keys: { ...keys, p256dh: "a+b/" } }, "not base64url"],
      [{ endpoint: endpoint(), keys, topics: ["spam"] }, "Unknown notification topic"],
      [{ endpoint: endpoint() }, "keys are missing"],
    ] as const) {
      const answer = await send("POST", body, learner);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.error)).toContain(error);
    }
    // A time zone this server does not know is left out, not a reason to lose the subscription.
    expect((await send("POST", { endpoint: endpoint(), keys, timeZone: "Mars/Olympus" }, learner)).status).toBe(201);
    expect(await readNotificationSettings(database.db, learner.userId)).toBeNull();
    expect(await listUserDevices(database.db, learner.userId)).toHaveLength(1);
  });

  it("refreshes only a device still on file, and DELETE removes this browser's subscription", async () => {
    const learner = await signedIn();
    const [old, fresh] = [endpoint(), endpoint()];
    await send("POST", { endpoint: old, keys: browserKeys() }, learner);
    expect(await send("POST", { endpoint: fresh, keys: browserKeys(), replacesEndpoint: old }, learner)).toEqual({
      status: 201,
      body: { stored: true },
    });
    expect(await send("DELETE", { endpoint: fresh }, learner)).toEqual({ status: 200, body: { removed: true } });
    const refused = await send("POST", { endpoint: endpoint(), keys: browserKeys(), replacesEndpoint: fresh }, learner);
    expect(refused.status).toBe(409);
    expect(await listUserDevices(database.db, learner.userId)).toEqual([]);
    expect((await send("DELETE", { endpoint: fresh })).status).toBe(401);
  });

  it("adds no device while notifications are switched off, still removes one, and gives no key", async () => {
    const learner = await signedIn();
    const kept = endpoint();
    await send("POST", { endpoint: kept, keys: browserKeys() }, learner);
    current.handle = database;
    const restore = await switchFeatures(database.db, { push: false });
    try {
      const key = await loader();
      expect(key.status).toBe(403);
      expect(await key.json()).toEqual({ error: FEATURE_OFF_MESSAGES.push });
      expect(await send("POST", { endpoint: endpoint(), keys: browserKeys() }, learner)).toEqual({
        status: 403,
        body: { error: FEATURE_OFF_MESSAGES.push },
      });
      // The kept one cannot be refreshed either, and stays on file for when they are on again.
      expect((await send("POST", { endpoint: kept, keys: browserKeys() }, learner)).status).toBe(403);
      expect(await listUserDevices(database.db, learner.userId)).toHaveLength(1);
      expect(await send("DELETE", { endpoint: kept }, learner)).toEqual({ status: 200, body: { removed: true } });
    } finally {
      await restore();
    }
    expect((await send("POST", { endpoint: endpoint(), keys: browserKeys() }, learner)).status).toBe(201);
  });
});
