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
import type { AuthFlowKind, Database } from "#database/schema";
import { startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import {
  createPasskey,
  findPasskeyCredential,
  listPasskeyCredentialIds,
  listPasskeys,
  PasskeyTakenError,
  recordPasskeyUse,
  type Passkey,
} from "../models/passkey.server";
import { consumeRateLimit, refundRateLimit, type RateLimitRule } from "../models/rate-limit.server";
import { countSignInMethods, type SignInMethods } from "../models/sign-in-methods.server";
import { isDisabled, userLabel, type User } from "../models/user.server";
import { flowCookie, readFlowCookie } from "./flow-cookie.server";
import { jsonError } from "../http/json-request.server";
import { publicOrigin } from "../http/public-origin.server";
import { PASSKEY_NAME_MAX_LENGTH } from "./passkey-rules";
import { rateLimits, tooManyAttemptsMessage } from "../http/rate-limits.server";
import { AccountDisabledError } from "./sign-in.server";
import { now } from "../utils/clock";
import { formatDate } from "../utils/format-date";
import { FEATURE_OFF_MESSAGES } from "../models/settings-vocabulary";
import { featureEnabled } from "../settings/current-settings.server";

const RP_NAME = "Numberlab";

/** How long a passkey prompt may stay open: the challenge and its cookie expire together. */
const PASSKEY_FLOW_LIFETIME_MS = 5 * 60 * 1000;

/** The site passkeys belong to: its host name (the WebAuthn RP ID) and the origin pages run on. */
interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of the site's public origin (APP_URL, or http://localhost:PORT without it). */
export function relyingParty(origin: string = publicOrigin()): RelyingParty {
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

/**
 * The 403 every passkey ceremony answers while an admin has passkeys switched off (/admin/application),
 * or null while they are on. Stored passkeys are kept, and renaming or removing one still works.
 */
export async function passkeysSwitchedOff(db: Kysely<Database>): Promise<Response | null> {
  return (await featureEnabled(db, "passkeys")) ? null : jsonError(FEATURE_OFF_MESSAGES.passkeys, 403);
}

// ---- Input from the browser ----------------------------------------------

const base64url = (what: string, max: number) =>
  z
    .string({ error: `The ${what} must be text.` })
    .max(max, `The ${what} is too long.`)
    .regex(/^[A-Za-z0-9_-]*$/, `The ${what} must be base64url.`);

/** A WebAuthn credential id: at most 1023 bytes, so 1364 base64url characters; other fields are bounded generously. */
export const credentialIdSchema = base64url("credential id", 1400).min(1, "The credential id is missing.");
const KNOWN_TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

const credentialBase = {
  id: credentialIdSchema,
  rawId: credentialIdSchema,
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
    // The server requires user verification, so the prompt asks for it rather than merely preferring it.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: PASSKEY_FLOW_LIFETIME_MS,
  });
  const flowToken = await startFlow(db, "passkey-register", user.id, options.challenge);
  return { options, flowToken };
}

export function defaultPasskeyName(addedAt: Date = now()): string {
  return `Passkey added on ${formatDate(addedAt)}`;
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
    userVerification: "required",
    timeout: PASSKEY_FLOW_LIFETIME_MS,
  });
  const flowToken = await startFlow(db, "passkey-sign-in", null, options.challenge);
  return { options, flowToken };
}

/**
 * Checks a sign-in answer: the challenge is taken (so it is used once, even
 * when the answer then fails), the passkey must be registered, its signature
 * valid for this site, its account enabled and its counter moving forward.
 * Returns whose it is.
 *
 * Every attempt counts against the client's address before anything is
 * checked, and a successful one is taken back, so only failures add up there
 * and a class signing in from one address is not held back (ADR 0012). Only
 * answers that fail verification count against the account: a valid
 * signature is never held back by that limit, so knowing a credential id
 * (which is not secret) is not enough to lock its owner out.
 */
export async function verifyPasskeySignIn(
  db: Kysely<Database>,
  input: { flowToken: string | undefined; response: AuthenticationResponseJSON; rp: RelyingParty; clientIp: string },
): Promise<{ userId: string }> {
  const { response, rp } = input;
  const attemptedAt = now();
  await limit(db, rateLimits.passkeySignInPerIp, input.clientIp, attemptedAt);
  const flow = await takeFlow(db, input.flowToken, "passkey-sign-in");
  const credential = await findPasskeyCredential(db, response.id);
  if (!credential) throw new PasskeyError(PASSKEY_MESSAGES.unknownCredential, 401);

  const newCounter = await verifyAssertion(response, credential, flow.challenge, rp);
  if (newCounter === undefined) {
    await limit(db, rateLimits.passkeySignInPerAccount, credential.userId);
    throw new PasskeyError(PASSKEY_MESSAGES.notVerified, 401);
  }
  // Checked before the use is recorded, so a disabled account's passkey is left as it was.
  if (await isDisabled(db, credential.userId)) throw new AccountDisabledError();
  if (!(await recordPasskeyUse(db, credential.id, newCounter))) {
    throw new PasskeyError(PASSKEY_MESSAGES.cloned, 401);
  }
  await refundRateLimit(db, rateLimits.passkeySignInPerIp, input.clientIp, attemptedAt);
  return { userId: credential.userId };
}

/** The authenticator's new signature counter when the answer is genuine; undefined when it is not. */
async function verifyAssertion(
  response: AuthenticationResponseJSON,
  credential: { id: string; userId: string; publicKey: string; transports: string[] },
  challenge: string,
  rp: RelyingParty,
): Promise<number | undefined> {
  const userHandle = Buffer.from(passkeyUserHandle(credential.userId)).toString("base64url");
  if (response.response.userHandle !== undefined && response.response.userHandle !== userHandle) return undefined;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
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
    return verification.verified ? verification.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

// ---- The account page ------------------------------------------------------

/** What the profile's passkeys section shows. */
export interface PasskeysSectionView {
  passkeys: Passkey[];
  /** How many ways the account has to sign in (password, providers, passkeys). */
  signInMethodCount: number;
  /** False while an admin has passkeys switched off: none can be added or used. */
  available: boolean;
}

/**
 * What the profile loader gives <PasskeysSection>. `methods` is the
 * loader's own findSignInMethods, so the section does not ask again.
 */
export async function loadPasskeysSection(
  db: Kysely<Database>,
  userId: string,
  methods: SignInMethods,
): Promise<PasskeysSectionView> {
  const [passkeys, available] = await Promise.all([listPasskeys(db, userId), featureEnabled(db, "passkeys")]);
  return { passkeys, signInMethodCount: countSignInMethods(methods), available };
}

// ---- Flow cookies and the options answer -------------------------------------

type PasskeyFlowKind = "passkey-register" | "passkey-sign-in";

const FLOW_COOKIES: Record<PasskeyFlowKind, string> = {
  "passkey-register": "passkey_register_flow",
  "passkey-sign-in": "passkey_sign_in_flow",
};

/** The cookie carrying a flow's token: SameSite=Strict, sent only to /auth/passkey, gone with the challenge. */
export function passkeyFlowCookie(kind: PasskeyFlowKind, token: string, { secure }: { secure: boolean }): string {
  return flowCookie(FLOW_COOKIES[kind], token, {
    path: "/auth/passkey",
    maxAgeSeconds: PASSKEY_FLOW_LIFETIME_MS / 1000,
    sameSite: "Strict",
    secure,
  });
}

export function readPasskeyFlowToken(
  request: Request,
  kind: PasskeyFlowKind,
  { secure }: { secure: boolean },
): string | undefined {
  return readFlowCookie(request, FLOW_COOKIES[kind], { secure });
}

/**
 * What both *-options routes answer: `{ options }` for the browser's prompt
 * with the flow's token in its cookie, or the refusal from `start`.
 */
export async function passkeyOptionsResponse(
  kind: PasskeyFlowKind,
  { secure }: { secure: boolean },
  start: () => Promise<{
    options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON;
    flowToken: string;
  }>,
): Promise<Response> {
  try {
    const { options, flowToken } = await start();
    return Response.json(
      { options },
      { headers: { "Set-Cookie": passkeyFlowCookie(kind, flowToken, { secure }), "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return passkeyRefusal(error);
  }
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

async function limit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  attemptedAt: Date = now(),
): Promise<void> {
  const result = await consumeRateLimit(db, rule, subject, attemptedAt);
  if (result.allowed) return;
  throw new PasskeyError(tooManyAttemptsMessage(result.retryAfterSeconds), 429, result.retryAfterSeconds);
}
