import type { Kysely } from "kysely";
import * as client from "openid-client";
import { z } from "zod";
import type { Database } from "#database/schema";
import { AUTH_FLOW_LIFETIME_MS, startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import { normalizeEmail } from "../models/user.server";
import { EMAIL_MAX_LENGTH } from "../utils/email-rules";
import { flowCookie } from "./flow-cookie.server";
import type { OidcProviderConfig } from "./oidc-config.server";

/** What we ask every provider for: who the person is, their address and their name. */
const OIDC_SCOPE = "openid email profile";

/** A provider that is down must not hold a request for long; the next request tries again. */
const OIDC_REQUEST_TIMEOUT_SECONDS = 5;

/** The cookie that holds a started flow's token, only sent to the provider's callback. */
export const OIDC_FLOW_COOKIE = "__oidc_flow";

const DISPLAY_NAME_MAX_LENGTH = 100;

/**
 * What a flow is for: a sign-in lands on `redirectTo`; a link adds the
 * provider to the signed-in user who started it, and always returns to the
 * profile.
 */
export type OidcFlow = { intent: "sign-in"; redirectTo: string } | { intent: "link"; userId: string };

export type OidcIntent = OidcFlow["intent"];

function unavailableMessage(providerName: string): string {
  return `Sign-in with ${providerName} is not available right now. Please try again later, or log in with your e-mail address and password.`;
}

/** The provider is unreachable or answers nonsense: sign-in with it is unavailable for now. */
export class OidcUnavailableError extends Error {
  constructor(provider: Pick<OidcProviderConfig, "name">) {
    super(unavailableMessage(provider.name));
  }
}

export type OidcCallbackProblem =
  /** No flow cookie, an unknown, used or expired flow, or a flow of another provider. */
  | "no-flow"
  /** The `state` the provider sent back is not the one this browser's flow started with. */
  | "bad-state"
  /** The provider reported an error, e.g. the person cancelled (access_denied). */
  | "cancelled"
  /** The code was refused: expired, used already, or not ours (invalid_grant). */
  | "bad-code"
  /** The provider's answer failed validation (ID token signature, nonce, issuer, audience…). */
  | "invalid-response"
  /** The provider could not be reached to redeem the code. */
  | "unavailable";

function callbackMessage(problem: OidcCallbackProblem, providerName: string): string {
  switch (problem) {
    case "no-flow":
      return `This sign-in with ${providerName} was not started in this browser, or it was already finished or took longer than 10 minutes. Please start again.`;
    case "bad-state":
      return `This answer from ${providerName} does not belong to the sign-in you started, so it was not used. Please start again.`;
    case "cancelled":
      return `Sign-in with ${providerName} was cancelled. You can try again, or log in another way.`;
    case "bad-code":
      return `${providerName} did not accept this sign-in: it may have taken too long or been used already. Please try again.`;
    case "invalid-response":
      return `The answer from ${providerName} could not be verified, so you were not signed in. Please try again, or log in another way.`;
    case "unavailable":
      return unavailableMessage(providerName);
  }
}

/** Why a callback could not finish; the message is what the person is shown. */
export class OidcCallbackError extends Error {
  constructor(
    readonly problem: OidcCallbackProblem,
    provider: Pick<OidcProviderConfig, "name">,
    /** What the flow was for, once it is known (null when no flow was found). */
    readonly intent: OidcIntent | null,
  ) {
    super(callbackMessage(problem, provider.name));
  }
}

/** Who the provider says signed in; the e-mail only when it is a usable address. */
export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const flowSecrets = {
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
};

/** The flow's data in auth_flows; a link's user is the row's user_id. */
const flowDataSchema = z.discriminatedUnion("intent", [
  z.object({ ...flowSecrets, intent: z.literal("sign-in"), redirectTo: z.string() }),
  z.object({ ...flowSecrets, intent: z.literal("link") }),
]);

type FlowData = z.infer<typeof flowDataSchema>;

/** Loopback issuers may use plain HTTP (tests, local development); every other issuer needs HTTPS. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Discovered configurations by provider id; a failed discovery is dropped so the next request tries again. */
const configurations = new Map<string, Promise<client.Configuration>>();

/**
 * The provider's discovered configuration. A success is kept for the life of
 * the process; a failure is logged and thrown as OidcUnavailableError, and the
 * next request tries again. Concurrent requests share one discovery.
 */
export function providerConfiguration(
  provider: OidcProviderConfig,
  { timeoutSeconds = OIDC_REQUEST_TIMEOUT_SECONDS }: { timeoutSeconds?: number } = {},
): Promise<client.Configuration> {
  const known = configurations.get(provider.id);
  if (known) return known;
  const issuer = new URL(provider.issuer);
  const discovery = client
    .discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      timeout: timeoutSeconds,
      execute: isLoopbackUrl(issuer) ? [client.allowInsecureRequests] : [],
    })
    .catch((error: unknown) => {
      configurations.delete(provider.id);
      warnUnavailable(provider, "discovery", error);
      throw new OidcUnavailableError(provider);
    });
  configurations.set(provider.id, discovery);
  return discovery;
}

/**
 * Starts a sign-in (or a link) with a provider: random state, nonce and PKCE
 * verifier are kept server-side under a flow token; the browser gets the
 * token in a cookie (oidcFlowCookie) and is sent to the returned authorization URL.
 */
export async function startOidcFlow(
  db: Kysely<Database>,
  provider: OidcProviderConfig,
  { flow, redirectUri }: { flow: OidcFlow; redirectUri: string },
): Promise<{ authorizationUrl: URL; flowToken: string }> {
  const configuration = await providerConfiguration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: OIDC_SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  const secrets = { provider: provider.id, state, nonce, codeVerifier };
  const flowToken = await startAuthFlow(db, {
    kind: "oidc",
    userId: flow.intent === "link" ? flow.userId : null,
    data: (flow.intent === "link"
      ? { ...secrets, intent: "link" }
      : { ...secrets, intent: "sign-in", redirectTo: flow.redirectTo }) satisfies FlowData,
  });
  return { authorizationUrl, flowToken };
}

/**
 * Finishes a flow at the callback: takes the flow (once), checks it belongs to
 * this provider, redeems the code with the PKCE verifier, and lets
 * openid-client check `state` and validate the ID token (signature, issuer,
 * audience, expiry, nonce). Claims missing from the ID token are read from
 * userinfo. Every problem is an OidcCallbackError.
 *
 * `callbackUrl` is the public URL the provider redirected to, query included.
 */
export async function finishOidcFlow(
  db: Kysely<Database>,
  provider: OidcProviderConfig,
  { flowToken, callbackUrl }: { flowToken: string | undefined; callbackUrl: URL },
): Promise<{ flow: OidcFlow; claims: OidcClaims }> {
  const stored = flowToken ? await takeAuthFlow(db, flowToken, "oidc") : undefined;
  const parsed = flowDataSchema.safeParse(stored?.data);
  const data = parsed.success && parsed.data.provider === provider.id ? parsed.data : undefined;
  const flow = data && flowOf(data, stored?.userId ?? null);
  if (!data || !flow) throw new OidcCallbackError("no-flow", provider, null);
  return { flow, claims: await redeemCode(provider, data, callbackUrl) };
}

function flowOf(data: FlowData, userId: string | null): OidcFlow | undefined {
  if (data.intent === "sign-in") return { intent: "sign-in", redirectTo: data.redirectTo };
  return userId === null ? undefined : { intent: "link", userId };
}

async function redeemCode(provider: OidcProviderConfig, data: FlowData, callbackUrl: URL): Promise<OidcClaims> {
  const configuration = await providerConfiguration(provider).catch((error: unknown) => {
    throw error instanceof OidcUnavailableError ? new OidcCallbackError("unavailable", provider, data.intent) : error;
  });
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: data.state,
      expectedNonce: data.nonce,
      pkceCodeVerifier: data.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    throw classifyCallbackError(provider, data.intent, error);
  }
  const idToken = tokens.claims();
  if (!idToken) throw new OidcCallbackError("invalid-response", provider, data.intent);

  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== "string" && configuration.serverMetadata().userinfo_endpoint) {
    try {
      claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
    } catch (error) {
      throw classifyCallbackError(provider, data.intent, error);
    }
  }
  return readClaims(idToken.sub, claims);
}

function readClaims(subject: string, claims: Record<string, unknown>): OidcClaims {
  const email = z.email().max(EMAIL_MAX_LENGTH).safeParse(claims.email);
  const name = typeof claims.name === "string" ? claims.name.trim().slice(0, DISPLAY_NAME_MAX_LENGTH) : "";
  return {
    subject,
    email: email.success ? normalizeEmail(email.data) : null,
    // Some providers send the string "true"; anything else (or nothing, like Microsoft) is unverified.
    emailVerified: email.success && (claims.email_verified === true || claims.email_verified === "true"),
    name: name === "" ? null : name,
  };
}

/** Turns what openid-client throws at the callback into the problem to show. */
function classifyCallbackError(provider: OidcProviderConfig, intent: OidcIntent, error: unknown): OidcCallbackError {
  const problem = (name: OidcCallbackProblem) => new OidcCallbackError(name, provider, intent);
  // Checked first: openid-client compares `state` before it looks at anything else in the answer.
  if (isStateMismatch(error)) return problem("bad-state");
  if (error instanceof client.AuthorizationResponseError) return problem("cancelled");
  if (error instanceof client.ResponseBodyError) {
    if (error.error === "invalid_grant") return problem("bad-code");
    // invalid_client and the like are our configuration, 5xx the provider's trouble: neither is the person's fault.
    warnUnavailable(provider, "token request", error);
    return problem("unavailable");
  }
  if (error instanceof client.ClientError && isValidationFailure(error.code)) {
    console.warn(`OpenID sign-in with ${provider.id}: the provider's answer failed validation (${error.message})`);
    return problem("invalid-response");
  }
  // Network failures (fetch's TypeError), timeouts and non-conforming HTTP answers.
  warnUnavailable(provider, "token request", error);
  return problem("unavailable");
}

/**
 * openid-client reports a missing or different `state` as an invalid
 * response whose cause names the "state" parameter (oauth4webapi's
 * validateAuthResponse); the tests pin this for the installed version.
 */
function isStateMismatch(error: unknown): boolean {
  return (
    error instanceof client.ClientError &&
    error.code === "OAUTH_INVALID_RESPONSE" &&
    error.cause instanceof Error &&
    /response parameter "state"|"state" response parameter/.test(error.cause.message)
  );
}

const VALIDATION_CODES = new Set([
  "OAUTH_INVALID_RESPONSE",
  "OAUTH_JWT_TIMESTAMP_CHECK_FAILED",
  "OAUTH_JWT_CLAIM_COMPARISON_FAILED",
  "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED",
  "OAUTH_KEY_SELECTION_FAILED",
]);

function isValidationFailure(code: string | undefined): boolean {
  return code !== undefined && VALIDATION_CODES.has(code);
}

/** A provider outage is expected now and then: a warning naming the cause, never tokens or secrets. */
function warnUnavailable(provider: OidcProviderConfig, step: string, error: unknown): void {
  console.warn(`OpenID provider ${provider.id} is not available (${step}): ${describeError(error)}`);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${typeof code === "string" ? ` [${code}]` : ""}${cause}`;
}

/**
 * Set-Cookie for a started flow's token (an empty token clears it), sent back
 * only to the provider's callback. Lax: the provider's redirect back to us is
 * a navigation from another site.
 */
export function oidcFlowCookie(providerId: string, token: string, secure: boolean): string {
  return flowCookie(OIDC_FLOW_COOKIE, token, {
    path: callbackPath(providerId),
    maxAgeSeconds: AUTH_FLOW_LIFETIME_MS / 1000,
    sameSite: "Lax",
    secure,
  });
}

/** Where a problem page leads: back to the profile for a link, to the login page otherwise. */
export function backTo(intent: OidcIntent | null): { to: string; label: string } {
  return intent === "link"
    ? { to: "/profile", label: "Back to your profile" }
    : { to: "/login", label: "Back to log in" };
}

/** The callback path of a provider: its redirect URI is the app's public origin plus this. */
export function callbackPath(providerId: string): string {
  return `/auth/oidc/${providerId}/callback`;
}
