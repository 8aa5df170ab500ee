import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalPushService, type LocalPushService, type TestSubscriber } from "#tests/setup/local-push-service";
import { PUSH_PAYLOAD_MAX_BYTES, sendPushMessage, type SendMessageOptions } from "./send-message.server";

const vapidKeys = { ...webPush.generateVAPIDKeys(), subject: "mailto:push@numberlab.example" };
const payload = { title: "Record prime", body: "A new record: 2¹³⁶²⁷⁹⁸⁴¹ − 1", url: "/primes", campaign: "push:abc" };
const options: SendMessageOptions = { ttlSeconds: 3600, urgency: "normal", vapidKeys };
const targetOf = (subscriber: TestSubscriber) => ({ endpoint: subscriber.endpoint, ...subscriber.keys });

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/x`;
}

describe("sendPushMessage", () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => {
    await service.stop();
  });

  it("delivers exactly the payload, signed and encrypted, with TTL, urgency and topic", async () => {
    const subscriber = await service.newSubscriber({ applicationServerKey: vapidKeys.publicKey });
    const result = await sendPushMessage(targetOf(subscriber), payload, {
      ...options,
      urgency: "high",
      topic: "tests",
    });
    expect(result).toEqual({ outcome: "sent" });
    const [received] = service.received(subscriber.endpoint);
    expect(received).toEqual({
      endpoint: subscriber.endpoint,
      payload: JSON.stringify(payload),
      ttl: 3600,
      urgency: "high",
      topic: "tests",
    });
  });

  it("says the subscription is gone on 404 and 410", async () => {
    const subscriber = await service.newSubscriber();
    service.respondWith(subscriber.endpoint, [410]);
    expect(await sendPushMessage(targetOf(subscriber), payload, options)).toEqual({ outcome: "gone", status: 410 });
    const unknown = { ...targetOf(subscriber), endpoint: `${service.url}never-subscribed` };
    expect(await sendPushMessage(unknown, payload, options)).toEqual({ outcome: "gone", status: 404 });
  });

  it("asks for a retry on 5xx and 429, with the Retry-After, and fails at once on another 4xx", async () => {
    const subscriber = await service.newSubscriber();
    service.respondWith(subscriber.endpoint, [
      { status: 503, body: "Overloaded" },
      { status: 429, retryAfter: 120, body: "Slow down" },
      { status: 400, body: `Bad request: ${"x".repeat(300)}` },
    ]);
    const target = targetOf(subscriber);
    expect(await sendPushMessage(target, payload, options)).toEqual({
      outcome: "retry",
      reason: "The push service answered 503: Overloaded",
    });
    expect(await sendPushMessage(target, payload, options)).toEqual({
      outcome: "retry",
      reason: "The push service answered 429: Slow down",
      retryAfterMs: 120_000,
    });
    const failed = await sendPushMessage(target, payload, options);
    expect(failed).toEqual({
      outcome: "failed",
      reason: `The push service answered 400: Bad request: ${"x".repeat(187)}`,
    });
    expect(service.received(subscriber.endpoint)).toEqual([]);
  });

  it("is refused (403, not retried) when the VAPID key is not the one the subscription was made with", async () => {
    const subscriber = await service.newSubscriber({ applicationServerKey: webPush.generateVAPIDKeys().publicKey });
    expect(await sendPushMessage(targetOf(subscriber), payload, options)).toEqual({
      outcome: "failed",
      reason: "The push service answered 403: k is not the key this subscription was created with.",
    });
  });

  it("fails keys that cannot be used at all without a request", async () => {
    const subscriber = await service.newSubscriber();
    const result = await sendPushMessage({ ...targetOf(subscriber), p256dh: "AAAA" }, payload, options);
    expect(result).toMatchObject({
      outcome: "failed",
      reason: expect.stringMatching(/^The message could not be prepared: /),
    });
    expect(service.answered(subscriber.endpoint)).toEqual([]);
  });

  it("refuses a payload larger than one push message before sending it", async () => {
    const subscriber = await service.newSubscriber();
    const big = { ...payload, body: "\u0000".repeat(PUSH_PAYLOAD_MAX_BYTES / 6) };
    const size = Buffer.byteLength(JSON.stringify(big));
    expect(size).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES);
    expect(await sendPushMessage(targetOf(subscriber), big, options)).toEqual({
      outcome: "failed",
      reason: `The message is ${size} bytes; a push message carries at most 3993`,
    });
    expect(service.answered(subscriber.endpoint)).toEqual([]);
    const fits = { ...payload, body: "é".repeat(1900) };
    expect(await sendPushMessage(targetOf(subscriber), fits, options)).toEqual({ outcome: "sent" });
    expect(service.received(subscriber.endpoint)[0]?.payload).toBe(JSON.stringify(fits));
  });

  it("gives up waiting after the timeout, and says when nothing listens", async () => {
    const subscriber = await service.newSubscriber();
    const silent = createServer(() => {});
    const silentEndpoint = await listen(silent);
    try {
      const result = await sendPushMessage({ ...targetOf(subscriber), endpoint: silentEndpoint }, payload, {
        ...options,
        timeoutMs: 200,
      });
      expect(result).toEqual({ outcome: "retry", reason: "No answer within 0.2 s" });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    // The port is free again: nothing listens there now.
    const refused = await sendPushMessage({ ...targetOf(subscriber), endpoint: silentEndpoint }, payload, options);
    expect(refused).toEqual({ outcome: "retry", reason: "Could not reach the push service: ECONNREFUSED" });
  });

  it("uses the fetcher it is given", async () => {
    const subscriber = await service.newSubscriber();
    const requests: string[] = [];
    const fetcher: typeof fetch = async (input, init) => {
      requests.push(String(input));
      return fetch(input, init);
    };
    expect(await sendPushMessage(targetOf(subscriber), payload, { ...options, fetcher })).toEqual({ outcome: "sent" });
    expect(requests).toEqual([subscriber.endpoint]);
  });
});
