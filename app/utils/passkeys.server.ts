import { createHash } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AuthFlowKind, Database } from "../../database/schema";
import { startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import {
  createPasskey,
  findPasskeyCredential,
  listPasskeyCredentialIds,
  listPasskeys,
  PASSKEY_NAME_MAX_LENGTH,
  PasskeyTakenError,
  recordPasskeyUse,
  type Passkey,
} from "../models/passkey.server";
import { consumeRateLimit, type RateLimitRule } from "../models/rate-limit.server";
import { countSignInMethods, findSignInMethods } from "../models/sign-in-methods.server";
import { userLabel, type User } from "../models/user.server";
import { jsonError } from "./json-request.server";
import { rateLimits } from "./rate-limits.server";
import { AccountDisabledError } from "./sign-in.server";
import { formatDate } from "./format-date";

export const RP_NAME = "Numberlab";

/** How long a passkey prompt may stay open: the challenge and its cookie expire together. */
export const PASSKEY_FLOW_LIFETIME_MS = 5 * 60 * 1000;

/** The site passkeys belong to: its host name (the WebAuthn RP ID) and the origin pages run on. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** `origin` is the site's public origin, publicOrigin(request): APP_URL when set, else the request's. */
export function relyingParty(origin: string): RelyingParty {
  const url = new URL(origin);
  return { id: url.hostname, origin: url.origin, name: RP_NAME };
}

/** A refusal with the words to show and the HTTP status to answer with. */
export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const PASSKEY_MESSAGES = {
  expired: "This passkey request has expired or was already used. Please try again.",
  unknownCredential:
    "This passkey is not registered with Numberlab, or it was removed from its account. Sign in another way, or choose a different passkey.",
  notVerified: "Your passkey's answer could not be verified. Please try again.",
  cloned:
    "This passkey was refused because its use counter went backwards, which happens when a passkey has been copied. Sign in another way and remove it from your profile.",
} as const;

/** The JSON answer for a refusal; anything else is a bug and is thrown on. */
export function passkeyRefusal(error: unknown, headers: Headers = new Headers()): Response {
  if (error instanceof PasskeyError) {
    if (error.retryAfterSeconds !== undefined) headers.set("Retry-After", String(error.retryAfterSeconds));
    return jsonError(error.message, error.status, headers);
  }
  if (error instanceof AccountDisabledError) return jsonError(error.message, 403, headers);
  throw error;
}

// ---- Input from the browser ----------------------------------------------

const base64url = (what: string, max: number) =>
  z
    .string({ error: `The ${what} must be text.` })
    .max(max, `The ${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `The ${what} must be base64url.`);

// Credential ids are at most 1023 bytes; the other fields are bounded generously.
const credentialId = base64url("credential id", 1400).min(1, "The credential id is missing.");
const KNOWN_TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

const credentialBase = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: "The credential must be a public key." }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  // Extension results are not used; they are dropped rather than passed on.
  clientExtensionResults: z
    .record(z.string(), z.unknown(), { error: "The extension results must be an object." })
    .transform(() => ({})),
};

export const registrationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url("client data", 4000),
        attestationObject: base64url("attestation object", 20000),
        // Hints only: unknown future values are dropped, not refused.
        transports: z
          .array(z.string().max(32), { error: "The transports must be a list." })
          .max(16)
          .optional()
          .transform((list) => list?.filter((transport) => KNOWN_TRANSPORTS.has(transport))),
      },
      { error: "The passkey's answer is missing." },
    ),
  },
  { error: "The passkey's answer is missing." },
) satisfies z.ZodType<RegistrationResponseJSON, unknown>;

export const authenticationResponseSchema = z.object(
  {
    ...credentialBase,
    response: z.object(
      {
        clientDataJSON: base64url("client data", 4000),
        authenticatorData: base64url("authenticator data", 4000),
        signature: base64url("signature", 4000),
        userHandle: base64url("user handle", 100).optional(),
      },
      { error: "The passkey's answer is missing." },
    ),
  },
  { error: "The passkey's answer is missing." },
) satisfies z.ZodType<AuthenticationResponseJSON, unknown>;

export const passkeyNameField = z
  .string({ error: "The passkey's name must be a single piece of text." })
  .trim()
  .max(PASSKEY_NAME_MAX_LENGTH, `The passkey's name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters.`);

const flowDataSchema = z.object({ challenge: z.string().min(1) });

// ---- Registration --------------------------------------------------------

/**
 * The WebAuthn user handle: stable per account (so an authenticator replaces,
 * rather than duplicates, the account's passkey) and random-looking, so it
 * tells nothing about the account.
 */
export function passkeyUserHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash("sha256").update(`numberlab passkey user:${userId}`).digest());
}

export async function createRegistrationOptions(
  db: Kysely<Database>,
  { user, rp, clientIp }: { user: User; rp: RelyingParty; clientIp: string },
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; flowToken: string }> {
  await limit(db, rateLimits.passkeyOptionsPerIp, clientIp);
  const existing = await listPasskeyCredentialIds(db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: passkeyUserHandle(user.id),
    userName: user.email,
    userDisplayName: userLabel(user),
    attestationType: "none",
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: PASSKEY_FLOW_LIFETIME_MS,
  });
  const flowToken = await startFlow(db, "passkey-register", user.id, options.challenge);
  return { options, flowToken };
}

export function defaultPasskeyName(now: Date = new Date()): string {
  return `Passkey added on ${formatDate(now)}`;
}

/** Checks the authenticator's answer to the user's registration prompt and stores the new passkey. */
export async function registerPasskey(
  db: Kysely<Database>,
  input: {
    user: User;
    flowToken: string | undefined;
    response: RegistrationResponseJSON;
    name?: string;
    rp: RelyingParty;
  },
): Promise<Passkey> {
  const { user, rp } = input;
  const flow = await takeFlow(db, input.flowToken, "passkey-register");
  // A challenge issued to another account (a shared browser, a switched session) is not this user's.
  if (flow.userId !== user.id) throw new PasskeyError(PASSKEY_MESSAGES.expired, 400);
  await limit(db, rateLimits.passkeyRegisterPerAccount, user.id);

  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: flow.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A passkey signs in on its own, so it must check the person (PIN, biometrics), not only the device.
      requireUserVerification: true,
    });
    info = verification.registrationInfo;
  } catch {
    info = undefined;
  }
  if (!info) throw new PasskeyError(PASSKEY_MESSAGES.notVerified, 400);

  try {
    return await createPasskey(db, {
      id: info.credential.id,
      userId: user.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      counter: info.credential.counter,
      transports: input.response.response.transports ?? [],
      name: input.name || defaultPasskeyName(),
    });
  } catch (error) {
    if (error instanceof PasskeyTakenError) throw new PasskeyError(error.message, 409);
    throw error;
  }
}

// ---- Sign-in -------------------------------------------------------------

/** A usernameless prompt: no allowCredentials, so the browser offers the site's discoverable passkeys. */
export async function createSignInOptions(
  db: Kysely<Database>,
  { rp, clientIp }: { rp: RelyingParty; clientIp: string },
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; flowToken: string }> {
  await limit(db, rateLimits.passkeyOptionsPerIp, clientIp);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "preferred",
    timeout: PASSKEY_FLOW_LIFETIME_MS,
  });
  const flowToken = await startFlow(db, "passkey-sign-in", null, options.challenge);
  return { options, flowToken };
}

/**
 * Checks a sign-in answer: the challenge is taken (so it is used once, even
 * when the answer then fails), the passkey must be registered, its signature
 * valid for this site and its counter moving forward. Returns whose it is.
 */
export async function verifyPasskeySignIn(
  db: Kysely<Database>,
  input: { flowToken: string | undefined; response: AuthenticationResponseJSON; rp: RelyingParty; clientIp: string },
): Promise<{ userId: string }> {
  const { response, rp } = input;
  await limit(db, rateLimits.passkeySignInPerIp, input.clientIp);
  const flow = await takeFlow(db, input.flowToken, "passkey-sign-in");
  const credential = await findPasskeyCredential(db, response.id);
  if (!credential) throw new PasskeyError(PASSKEY_MESSAGES.unknownCredential, 401);
  await limit(db, rateLimits.passkeySignInPerAccount, credential.userId);

  const userHandle = Buffer.from(passkeyUserHandle(credential.userId)).toString("base64url");
  if (response.response.userHandle !== undefined && response.response.userHandle !== userHandle) {
    throw new PasskeyError(PASSKEY_MESSAGES.notVerified, 401);
  }

  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: flow.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The counter is checked by recordPasskeyUse, atomically, so the library is given none to compare.
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, "base64url")),
        counter: 0,
        transports: credential.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    verification = undefined;
  }
  if (!verification?.verified) throw new PasskeyError(PASSKEY_MESSAGES.notVerified, 401);

  if (!(await recordPasskeyUse(db, credential.id, verification.authenticationInfo.newCounter))) {
    throw new PasskeyError(PASSKEY_MESSAGES.cloned, 401);
  }
  return { userId: credential.userId };
}

// ---- The account page ------------------------------------------------------

export interface PasskeysSectionData {
  passkeys: Passkey[];
  /** How many ways the account has to sign in; the last one cannot be removed. */
  signInMethodCount: number;
}

/** What the profile loader returns for <PasskeysSection>. */
export async function loadPasskeysSection(db: Kysely<Database>, userId: string): Promise<PasskeysSectionData> {
  const [passkeys, methods] = await Promise.all([listPasskeys(db, userId), findSignInMethods(db, userId)]);
  return { passkeys, signInMethodCount: countSignInMethods(methods) };
}

// ---- Flow cookies ----------------------------------------------------------

const FLOW_COOKIES: Record<"passkey-register" | "passkey-sign-in", string> = {
  "passkey-register": "passkey_register_flow",
  "passkey-sign-in": "passkey_sign_in_flow",
};

/**
 * The cookie carrying a flow's token: httpOnly, SameSite=Strict, sent only to
 * /auth/passkey and gone when the challenge expires.
 */
export function passkeyFlowCookie(
  kind: "passkey-register" | "passkey-sign-in",
  token: string,
  { secure }: { secure: boolean },
): string {
  const maxAge = token === "" ? 0 : PASSKEY_FLOW_LIFETIME_MS / 1000;
  return `${FLOW_COOKIES[kind]}=${token}; Path=/auth/passkey; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function readPasskeyFlowToken(
  request: Request,
  kind: "passkey-register" | "passkey-sign-in",
): string | undefined {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === FLOW_COOKIES[kind]) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{1,100}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

// ---- Helpers ---------------------------------------------------------------

async function startFlow(db: Kysely<Database>, kind: AuthFlowKind, userId: string | null, challenge: string) {
  return startAuthFlow(db, { kind, userId, data: { challenge }, lifetimeMs: PASSKEY_FLOW_LIFETIME_MS });
}

async function takeFlow(db: Kysely<Database>, token: string | undefined, kind: AuthFlowKind) {
  const flow = token ? await takeAuthFlow(db, token, kind) : undefined;
  const data = flowDataSchema.safeParse(flow?.data);
  if (!flow || !data.success) throw new PasskeyError(PASSKEY_MESSAGES.expired, 400);
  return { userId: flow.userId, challenge: data.data.challenge };
}

async function limit(db: Kysely<Database>, rule: RateLimitRule, subject: string): Promise<void> {
  const result = await consumeRateLimit(db, rule, subject);
  if (result.allowed) return;
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new PasskeyError(
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    429,
    result.retryAfterSeconds,
  );
}
