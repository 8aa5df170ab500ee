import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
  type JsonWebKey,
} from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on loopback for tests (RFC 8030), written from the RFCs with node:crypto only so it
 * checks our sending independently of web-push: it verifies the VAPID JWT (RFC 8292), decrypts the
 * aes128gcm body with the subscriber's private key (RFC 8291, RFC 8188) and records what a browser
 * would have received. Answers can be programmed per endpoint (retries, 404/410, 429).
 */

export interface DecryptedPush {
  endpoint: string;
  /** The decrypted text (our PushPayload as JSON). */
  payload: string;
  ttl: number;
  urgency: string;
  topic?: string;
}

export interface TestSubscriber {
  endpoint: string;
  expirationTime: null;
  /** As PushSubscription.toJSON() gives them: base64url. */
  keys: { p256dh: string; auth: string };
  /** Decrypts an aes128gcm body sent to this subscriber. */
  decrypt(body: Buffer): string;
}

/** One programmed answer: a status, or a status with a Retry-After (seconds) and a body. */
export type ProgrammedAnswer = number | { status: number; retryAfter?: number; body?: string };

/** Every request the service answered, in order, with the status it got. */
export interface AnsweredRequest {
  endpoint: string;
  status: number;
  /** Why it was refused, when the service itself refused it. */
  reason?: string;
}

export interface ExternalSubscriberKeys {
  /** An endpoint on this service, or just its last path segment; a new one when absent. */
  endpoint?: string;
  /** The subscriber's P-256 private key: a JWK, or the raw scalar `d` in base64url. */
  privateKey: JsonWebKey | string;
  /** base64url, 16 bytes. */
  auth: string;
  /** The raw public key (base64url, 65 bytes) the browser reported, checked against the private key. */
  publicKey?: string;
  /** When given, only messages signed by this VAPID key are accepted (else 403), as browsers bind it. */
  applicationServerKey?: string;
}

export interface LocalPushService {
  url: string;
  origin: string;
  newSubscriber(options?: { applicationServerKey?: string }): Promise<TestSubscriber>;
  addSubscriber(keys: ExternalSubscriberKeys): TestSubscriber;
  /** The next requests to `endpoint` get these statuses in turn, then 201 again. */
  respondWith(endpoint: string, answers: ProgrammedAnswer[]): void;
  received(endpoint?: string): DecryptedPush[];
  answered(endpoint?: string): AnsweredRequest[];
  waitFor(count: number, endpoint?: string, timeoutMs?: number): Promise<DecryptedPush[]>;
  stop(): Promise<void>;
}

/** VAPID tokens may be valid for at most a day (RFC 8292 §2). */
const MAX_JWT_LIFETIME_S = 24 * 60 * 60;
const AUTH_SECRET_BYTES = 16;
const TAG_BYTES = 16;
const PUBLIC_KEY_BYTES = 65;

interface Subscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey?: string;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const b64url = (text: string) => Buffer.from(text, "base64url");

export async function startLocalPushService({ port = 0 }: { port?: number } = {}): Promise<LocalPushService> {
  const subscribers = new Map<string, Subscriber>();
  const programmed = new Map<string, ProgrammedAnswer[]>();
  const messages: DecryptedPush[] = [];
  const answers: AnsweredRequest[] = [];
  const waiters = new Set<() => void>();

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpointFor = (id: string) => `${origin}/push/${id}`;
  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf("/") + 1);

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = (request.url ?? "").match(/^\/push\/([\w-]+)$/)?.[1];
    const endpoint = id ? endpointFor(id) : `${origin}${request.url ?? ""}`;
    const answer = (status: number, reason?: string, headers: Record<string, string> = {}) => {
      answers.push({ endpoint, status, ...(reason === undefined ? {} : { reason }) });
      response.writeHead(status, { "Content-Type": "text/plain", ...headers }).end(reason ?? "");
    };
    try {
      if (request.method !== "POST") throw new Refusal(405, "Only POST delivers a message.");
      const subscriber = id ? subscribers.get(id) : undefined;
      if (!subscriber) throw new Refusal(404, "No such subscription.");
      verifyVapid(request.headers.authorization, origin, subscriber.applicationServerKey);
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
        throw new Refusal(400, "A TTL header (whole seconds) is required.");
      }
      if (request.headers["content-encoding"] !== "aes128gcm") {
        throw new Refusal(415, "Only Content-Encoding: aes128gcm is accepted.");
      }
      const urgency = String(request.headers.urgency ?? "normal");
      if (!["very-low", "low", "normal", "high"].includes(urgency)) throw new Refusal(400, "Unknown Urgency.");
      const payload = decryptAes128gcm(body, subscriber);
      const next = programmed.get(id!)?.shift();
      if (next !== undefined) {
        const { status, retryAfter, body: text } = typeof next === "number" ? { status: next } : next;
        if (status >= 300) {
          answer(
            status,
            text ?? `Programmed answer ${status}`,
            retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) },
          );
          return;
        }
      }
      const topic = request.headers.topic;
      messages.push({ endpoint, payload, ttl, urgency, ...(typeof topic === "string" ? { topic } : {}) });
      answer(201, undefined, { Location: `${origin}/message/${randomBytes(8).toString("hex")}` });
      for (const wake of waiters) wake();
    } catch (error) {
      if (error instanceof Refusal) answer(error.status, error.message);
      else answer(400, `Could not read the message: ${(error as Error).message}`);
    }
  }

  function register(id: string, ecdh: ECDH, auth: Buffer, applicationServerKey?: string): TestSubscriber {
    if (auth.length !== AUTH_SECRET_BYTES) throw new RangeError("The auth secret must be 16 bytes.");
    const subscriber: Subscriber = { ecdh, publicKey: ecdh.getPublicKey(), auth, applicationServerKey };
    subscribers.set(id, subscriber);
    return {
      endpoint: endpointFor(id),
      expirationTime: null,
      keys: { p256dh: subscriber.publicKey.toString("base64url"), auth: auth.toString("base64url") },
      decrypt: (body) => decryptAes128gcm(body, subscriber),
    };
  }

  const matching = <T extends { endpoint: string }>(rows: T[], endpoint?: string) =>
    endpoint === undefined ? [...rows] : rows.filter((row) => row.endpoint === endpoint);

  return {
    url: `${origin}/push/`,
    origin,
    async newSubscriber(options = {}) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return register(
        randomBytes(12).toString("base64url"),
        ecdh,
        randomBytes(AUTH_SECRET_BYTES),
        options.applicationServerKey,
      );
    },
    addSubscriber({ endpoint, privateKey, auth, publicKey, applicationServerKey }) {
      const ecdh = createECDH("prime256v1");
      const d = typeof privateKey === "string" ? privateKey : privateKey.d;
      if (!d) throw new TypeError("The private key has no d.");
      ecdh.setPrivateKey(b64url(d));
      if (publicKey !== undefined && !ecdh.getPublicKey().equals(b64url(publicKey))) {
        throw new RangeError("The public key is not the private key's.");
      }
      const id = endpoint ? idOf(endpoint) : randomBytes(12).toString("base64url");
      return register(id, ecdh, b64url(auth), applicationServerKey);
    },
    respondWith(endpoint, statuses) {
      programmed.set(idOf(endpoint), [...statuses]);
    },
    received: (endpoint) => matching(messages, endpoint),
    answered: (endpoint) => matching(answers, endpoint),
    async waitFor(count, endpoint, timeoutMs = 10_000) {
      const enough = () => matching(messages, endpoint).length >= count;
      if (!enough()) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiters.delete(wake);
            reject(
              new Error(`Only ${matching(messages, endpoint).length} of ${count} pushes arrived in ${timeoutMs} ms.`),
            );
          }, timeoutMs);
          const wake = () => {
            if (!enough()) return;
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
      return matching(messages, endpoint);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`. The JWT is ES256-signed with the key k names, for this
 * service's origin, unexpired and valid for at most a day, with a contact (mailto: or https:).
 */
function verifyVapid(header: string | undefined, origin: string, applicationServerKey?: string): void {
  if (!header) throw new Refusal(401, "No Authorization header.");
  const match = header.match(/^vapid\s+(.+)$/i);
  if (!match) throw new Refusal(401, "The Authorization scheme is not vapid.");
  const params = Object.fromEntries(
    match[1]!.split(",").map((pair) => {
      const at = pair.indexOf("=");
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) throw new Refusal(401, "The vapid credentials need t and k.");
  const publicKey = b64url(key);
  if (publicKey.length !== PUBLIC_KEY_BYTES || publicKey[0] !== 0x04) {
    throw new Refusal(401, "k is not an uncompressed P-256 point.");
  }
  const [encodedHeader, encodedClaims, encodedSignature] = token.split(".");
  if (!encodedHeader || !encodedClaims || !encodedSignature) throw new Refusal(401, "t is not a JWS.");
  const jwtHeader = JSON.parse(b64url(encodedHeader).toString("utf8")) as { alg?: string };
  if (jwtHeader.alg !== "ES256") throw new Refusal(401, "The JWT is not ES256.");
  const verifier = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: publicKey.subarray(1, 33).toString("base64url"),
      y: publicKey.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = Buffer.from(`${encodedHeader}.${encodedClaims}`);
  if (!verify("sha256", signed, { key: verifier, dsaEncoding: "ieee-p1363" }, b64url(encodedSignature))) {
    throw new Refusal(401, "The JWT signature does not verify with k.");
  }
  const claims = JSON.parse(b64url(encodedClaims).toString("utf8")) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (claims.aud !== origin) throw new Refusal(401, `The JWT audience is ${String(claims.aud)}, not ${origin}.`);
  const nowSeconds = Date.now() / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) throw new Refusal(401, "The JWT has expired.");
  if (claims.exp > nowSeconds + MAX_JWT_LIFETIME_S) throw new Refusal(401, "The JWT expires more than 24 h ahead.");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Refusal(401, "The JWT subject is not a mailto: or https: contact.");
  }
  if (applicationServerKey !== undefined && applicationServerKey !== key) {
    throw new Refusal(403, "k is not the key this subscription was created with.");
  }
}

/** RFC 8188 records keyed as RFC 8291 says: the ECDH secret and auth secret, then HKDF to a key and nonce. */
function decryptAes128gcm(body: Buffer, subscriber: Subscriber): string {
  if (body.length < 21) throw new Refusal(400, "The body is shorter than the aes128gcm header.");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  if (keyIdLength !== PUBLIC_KEY_BYTES) throw new Refusal(400, "The key id is not the sender's public key.");
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (recordSize <= TAG_BYTES + 1) throw new Refusal(400, "The record size is too small.");

  const sharedSecret = subscriber.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", sharedSecret, subscriber.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const baseNonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));

  const plaintext: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number, XORed into the nonce's low bytes (four hold any push's count).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let padded: Buffer;
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new Refusal(400, "The body does not decrypt with this subscription's keys.");
    }
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const isLast = offset + recordSize >= records.length;
    if (padded[end] !== (isLast ? 2 : 1)) throw new Refusal(400, "A record's padding delimiter is wrong.");
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext).toString("utf8");
}
