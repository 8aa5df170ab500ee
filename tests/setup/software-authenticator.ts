import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A WebAuthn authenticator in software, written from the spec (not from the
 * verifying library), so tests can produce real answers and forge bad ones:
 * an ES256 key, "none" attestation, assertions signed over
 * authenticatorData ‖ SHA-256(clientDataJSON).
 * https://www.w3.org/TR/webauthn-3/#sctn-attestation and #sctn-op-get-assertion
 */
export interface AssertionTweaks {
  origin?: string;
  rpId?: string;
  type?: string;
  /** The signature counter to report; by default one more than the last. */
  counter?: number;
  userVerified?: boolean;
  /** Sign with another key (a forgery). */
  signWith?: KeyObject;
  userHandle?: string | null;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32).toString("base64url");
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  counter: number;
  userHandle: string | undefined;

  constructor(
    readonly site: { rpId: string; origin: string },
    { counter = 0 }: { counter?: number } = {},
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.counter = counter;
  }

  /** The credential's public key as a COSE_Key (EC2, ES256). */
  cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    return cbor(
      new Map<number, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(String(jwk.x), "base64url")],
        [-3, Buffer.from(String(jwk.y), "base64url")],
      ]),
    );
  }

  /** The private key as Chrome's WebAuthn.addCredential wants it: PKCS#8 DER, base64. */
  privateKeyPkcs8(): string {
    return this.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64");
  }

  /** navigator.credentials.create() for the given options, as JSON. */
  register(
    options: { challenge: string; user: { id: string } },
    tweaks: Pick<AssertionTweaks, "origin" | "rpId" | "userVerified" | "type"> = {},
  ) {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData(tweaks.type ?? "webauthn.create", options.challenge, tweaks.origin);
    const credentialId = Buffer.from(this.credentialId, "base64url");
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authenticatorHeader(
        FLAG_USER_PRESENT | FLAG_ATTESTED_CREDENTIAL | (tweaks.userVerified === false ? 0 : FLAG_USER_VERIFIED),
        this.counter,
        tweaks.rpId,
      ),
      Buffer.alloc(16), // AAGUID: zeros for "none" attestation
      idLength,
      credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = cbor(
      new Map<string, CborValue>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
    };
  }

  /** navigator.credentials.get() for the given options, as JSON. */
  signIn(options: { challenge: string }, tweaks: AssertionTweaks = {}) {
    this.counter = tweaks.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData(tweaks.type ?? "webauthn.get", options.challenge, tweaks.origin);
    const authenticatorData = this.authenticatorHeader(
      FLAG_USER_PRESENT | (tweaks.userVerified === false ? 0 : FLAG_USER_VERIFIED),
      this.counter,
      tweaks.rpId,
    );
    const signed = Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]);
    // Node signs EC keys in DER, the form WebAuthn uses for ES256.
    const signature = sign("sha256", signed, tweaks.signWith ?? this.privateKey);
    const userHandle = tweaks.userHandle === undefined ? this.userHandle : (tweaks.userHandle ?? undefined);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        authenticatorData: authenticatorData.toString("base64url"),
        signature: signature.toString("base64url"),
        ...(userHandle === undefined ? {} : { userHandle }),
      },
    };
  }

  private clientData(type: string, challenge: string, origin = this.site.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorHeader(flags: number, counter: number, rpId = this.site.rpId): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([createHash("sha256").update(rpId).digest(), Buffer.from([flags]), count]);
  }
}

/** A new key pair that no registered passkey has: its signatures are forgeries. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
}

// ---- A minimal CBOR encoder (RFC 8949): what attestation objects and COSE keys use.

type CborValue = number | string | Uint8Array | Map<number | string, CborValue>;

function cbor(value: CborValue): Uint8Array {
  return Buffer.concat(encode(value));
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

function encode(value: CborValue): Buffer[] {
  if (typeof value === "number") return [value >= 0 ? head(0, value) : head(1, -1 - value)];
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return [head(3, text.length), text];
  }
  if (value instanceof Uint8Array) return [head(2, value.length), Buffer.from(value)];
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(...encode(key), ...encode(item));
  return parts;
}
