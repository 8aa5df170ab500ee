import { createECDH, createPrivateKey, createSign, generateKeyPairSync } from "node:crypto";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalPushService, type LocalPushService, type TestSubscriber } from "./local-push-service";

const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:push@numberlab.example" };

/** What web-push would send; our own fetch carries it, as app/push/send-message.server.ts does. */
async function sendWithWebPush(
  subscriber: Pick<TestSubscriber, "endpoint" | "keys">,
  payload: string,
  options: webPush.RequestOptions = {},
) {
  const details = webPush.generateRequestDetails(subscriber, payload, { vapidDetails: vapid, TTL: 60, ...options });
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name !== "Content-Length")
      .map(([name, value]) => [name, String(value)]),
  );
  return fetch(details.endpoint, {
    method: "POST",
    headers,
    body: details.body ? Uint8Array.from(details.body) : undefined,
  });
}

/** A VAPID JWT signed by hand, so the test can get each claim wrong on purpose. */
function signedJwt(
  claims: Record<string, unknown>,
  privateKey: string = vapid.privateKey,
  publicKey = vapid.publicKey,
) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ typ: "JWT", alg: "ES256" })}.${encode(claims)}`;
  const raw = Buffer.from(publicKey, "base64url");
  const key = {
    kty: "EC",
    crv: "P-256",
    d: privateKey,
    x: raw.subarray(1, 33).toString("base64url"),
    y: raw.subarray(33).toString("base64url"),
  };
  const signature = createSign("sha256")
    .update(unsigned)
    .sign({ key: createPrivateKey({ key, format: "jwk" }), dsaEncoding: "ieee-p1363" })
    .toString("base64url");
  return `${unsigned}.${signature}`;
}

describe("the local push service", () => {
  let service: LocalPushService;
  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => {
    await service.stop();
  });

  it("decrypts what web-push encrypted and records it with TTL, urgency and topic", async () => {
    const subscriber = await service.newSubscriber();
    expect(subscriber.endpoint.startsWith(service.url)).toBe(true);
    expect(Buffer.from(subscriber.keys.p256dh, "base64url")).toHaveLength(65);
    expect(Buffer.from(subscriber.keys.auth, "base64url")).toHaveLength(16);
    const payload = JSON.stringify({
      title: "Ein neuer Rekord",
      body: "2¹³⁶²⁷⁹⁸⁴¹ − 1 ✓",
      url: "/",
      campaign: "push:1",
    });
    const response = await sendWithWebPush(subscriber, payload, { urgency: "high", topic: "records" });
    expect(response.status).toBe(201);
    expect(service.received(subscriber.endpoint)).toEqual([
      { endpoint: subscriber.endpoint, payload, ttl: 60, urgency: "high", topic: "records" },
    ]);
  });

  it("decrypts for keys generated elsewhere (a browser's), given as a JWK or a raw scalar", async () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = privateKey.export({ format: "jwk" });
    const auth = Buffer.alloc(16, 7).toString("base64url");
    const rawPublicKey = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, "base64url"),
      Buffer.from(jwk.y!, "base64url"),
    ]).toString("base64url");
    const browser = service.addSubscriber({ endpoint: "browser-one", privateKey: jwk, publicKey: rawPublicKey, auth });
    expect(browser.endpoint).toBe(`${service.url}browser-one`);
    expect(browser.keys.p256dh).toBe(rawPublicKey);
    expect(() =>
      service.addSubscriber({ privateKey: jwk, publicKey: createECDH("prime256v1").generateKeys("base64url"), auth }),
    ).toThrow("The public key is not the private key's.");
    expect((await sendWithWebPush(browser, "hello")).status).toBe(201);
    expect(service.received(browser.endpoint).map((push) => push.payload)).toEqual(["hello"]);

    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const raw = service.addSubscriber({ privateKey: ecdh.getPrivateKey().toString("base64url"), auth });
    expect(raw.keys.p256dh).toBe(ecdh.getPublicKey().toString("base64url"));
    expect((await sendWithWebPush(raw, "raw")).status).toBe(201);
    await expect(service.waitFor(1, raw.endpoint)).resolves.toHaveLength(1);
  });

  it("refuses a message encrypted for other keys", async () => {
    const subscriber = await service.newSubscriber();
    const other = await service.newSubscriber();
    const response = await sendWithWebPush({ endpoint: subscriber.endpoint, keys: other.keys }, "for someone else");
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/does not decrypt/);
    expect(service.received(subscriber.endpoint)).toEqual([]);
  });

  it("refuses a bad signature, a wrong audience, an expired or too distant exp, and a bad subject", async () => {
    const subscriber = await service.newSubscriber();
    const base = webPush.generateRequestDetails(subscriber, "x", { vapidDetails: vapid, TTL: 60 });
    const now = Math.floor(Date.now() / 1000);
    const good = { aud: service.origin, exp: now + 3600, sub: vapid.subject };
    const other = webPush.generateVAPIDKeys();
    const cases: [string, string, RegExp][] = [
      [`vapid t=${signedJwt(good)}, k=${vapid.publicKey}`, "good", /^$/],
      [`vapid t=${signedJwt(good, other.privateKey, other.publicKey)}, k=${vapid.publicKey}`, "signature", /signature/],
      [`vapid t=${signedJwt({ ...good, aud: "https://push.example.org" })}, k=${vapid.publicKey}`, "aud", /audience/],
      [`vapid t=${signedJwt({ ...good, exp: now - 5 })}, k=${vapid.publicKey}`, "exp", /expired/],
      [`vapid t=${signedJwt({ ...good, exp: now + 25 * 3600 })}, k=${vapid.publicKey}`, "far exp", /24 h/],
      [`vapid t=${signedJwt({ ...good, sub: "http://numberlab.example" })}, k=${vapid.publicKey}`, "sub", /subject/],
      [`WebPush ${signedJwt(good)}`, "scheme", /scheme/],
    ];
    for (const [authorization, label, reason] of cases) {
      const response = await fetch(subscriber.endpoint, {
        method: "POST",
        headers: { TTL: "60", "Content-Encoding": "aes128gcm", Authorization: authorization },
        body: base.body ? Uint8Array.from(base.body) : undefined,
      });
      expect({ label, status: response.status }).toEqual({ label, status: label === "good" ? 201 : 401 });
      expect(await response.text()).toMatch(reason);
    }
    expect(service.received(subscriber.endpoint)).toHaveLength(1);
  });

  it("refuses a VAPID key other than the subscription's, a missing TTL, another encoding, an unknown endpoint", async () => {
    const bound = await service.newSubscriber({ applicationServerKey: webPush.generateVAPIDKeys().publicKey });
    expect((await sendWithWebPush(bound, "x")).status).toBe(403);

    const subscriber = await service.newSubscriber();
    const details = webPush.generateRequestDetails(subscriber, "x", { vapidDetails: vapid });
    const authorization = String(details.headers.Authorization);
    const post = (headers: Record<string, string>, endpoint = subscriber.endpoint) =>
      fetch(endpoint, {
        method: "POST",
        headers: { Authorization: authorization, ...headers },
        body: details.body ? Uint8Array.from(details.body) : undefined,
      });
    expect((await post({ "Content-Encoding": "aes128gcm" })).status).toBe(400);
    expect((await post({ TTL: "60", "Content-Encoding": "aesgcm" })).status).toBe(415);
    expect((await post({ TTL: "60", "Content-Encoding": "aes128gcm" }, `${service.url}nobody`)).status).toBe(404);
    expect(service.received(subscriber.endpoint)).toEqual([]);
  });

  it("gives programmed answers in turn, then 201", async () => {
    const subscriber = await service.newSubscriber();
    service.respondWith(subscriber.endpoint, [500, { status: 429, retryAfter: 30 }, 410]);
    const first = await sendWithWebPush(subscriber, "1");
    const second = await sendWithWebPush(subscriber, "2");
    expect([first.status, second.status, second.headers.get("retry-after")]).toEqual([500, 429, "30"]);
    expect((await sendWithWebPush(subscriber, "3")).status).toBe(410);
    expect((await sendWithWebPush(subscriber, "4")).status).toBe(201);
    expect(service.received(subscriber.endpoint).map((push) => push.payload)).toEqual(["4"]);
    expect(service.answered(subscriber.endpoint).map((answer) => answer.status)).toEqual([500, 429, 410, 201]);
  });

  it("lets a test wait for pushes and says how many came when they do not", async () => {
    const subscriber = await service.newSubscriber();
    const waiting = service.waitFor(2, subscriber.endpoint);
    await sendWithWebPush(subscriber, "a");
    await sendWithWebPush(subscriber, "b");
    expect((await waiting).map((push) => push.payload)).toEqual(["a", "b"]);
    await expect(service.waitFor(3, subscriber.endpoint, 50)).rejects.toThrow("Only 2 of 3 pushes arrived");
  });
});
