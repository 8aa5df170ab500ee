import type { Kysely } from "kysely";
import * as client from "openid-client";
import { z } from "zod";
import type { Database } from "../../database/schema";
import { AUTH_FLOW_LIFETIME_MS, startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import { normalizeEmail } from "../models/user.server";
import { EMAIL_MAX_LENGTH } from "./form.server";
import type { OidcProviderConfig } from "./oidc-config.server";

/** What we ask every provider for: who the person is, their address and their name. */
export const OIDC_SCOPE = "openid email profile";

/** A provider that is down must not hold a request for long; the next request tries again. */
export const OIDC_REQUEST_TIMEOUT_SECONDS = 5;

/** The cookie that holds a started flow's token, only sent to the provider's callback. */
export const OIDC_FLOW_COOKIE = "__oidc_flow";

const DISPLAY_NAME_MAX_LENGTH = 100;

export type OidcIntent = "sign-in" | "link";

/** The provider is unreachable or answers nonsense: sign-in with it is unavailable for now. */
export class OidcUnavailableError extends Error {
  constructor(readonly provider: Pick<OidcProviderConfig, "id" | "name">) {
    super(
      `Sign-in with ${provider.name} is not available right now. Please try again later, or log in with your e-mail address and password.`,
    );
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

export class OidcCallbackError extends Error {
  constructor(
    readonly problem: OidcCallbackProblem,
    detail: string,
    /** What the flow was for, once it is known (null before the flow is found). */
    readonly intent: OidcIntent | null,
  ) {
    super(detail);
  }
}

/** Who the provider says signed in; the e-mail only when it is a usable address. */
export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface OidcFlow {
  provider: string;
  intent: OidcIntent;
  /** The signed-in user who started a "link" flow; null for sign-in. */
  userId: string | null;
  redirectTo: string;
}

const flowDataSchema = z.object({
  provider: z.string(),
  intent: z.enum(["sign-in", "link"]),
  redirectTo: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
});

/** Loopback issuers may use plain HTTP (tests, local development); every other issuer needs HTTPS. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const configurations = new WeakMap<OidcProviderConfig, client.Configuration>();
const discoveries = new WeakMap<OidcProviderConfig, Promise<client.Configuration>>();

/**
 * The provider's discovered configuration. A success is kept for the life of
 * the process; a failure is logged and thrown as OidcUnavailableError, and the
 * next request tries again. Concurrent requests share one discovery.
 */
export async function providerConfiguration(
  provider: OidcProviderConfig,
  { timeoutSeconds = OIDC_REQUEST_TIMEOUT_SECONDS }: { timeoutSeconds?: number } = {},
): Promise<client.Configuration> {
  const known = configurations.get(provider);
  if (known) return known;
  let discovery = discoveries.get(provider);
  if (!discovery) {
    const issuer = new URL(provider.issuer);
    discovery = client
      .discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        timeout: timeoutSeconds,
        execute: isLoopbackUrl(issuer) ? [client.allowInsecureRequests] : [],
      })
      .finally(() => discoveries.delete(provider));
    discoveries.set(provider, discovery);
  }
  try {
    const configuration = await discovery;
    configurations.set(provider, configuration);
    return configuration;
  } catch (error) {
    warnUnavailable(provider, "discovery", error);
    throw new OidcUnavailableError(provider);
  }
}

/**
 * Starts a sign-in (or a link) with a provider: random state, nonce and PKCE
 * verifier are kept server-side under a flow token; the browser gets the
 * token in a cookie and is sent to the returned authorization URL.
 */
export async function startOidcFlow(
  db: Kysely<Database>,
  provider: OidcProviderConfig,
  input: { intent: OidcIntent; userId: string | null; redirectTo: string; redirectUri: string },
): Promise<{ authorizationUrl: URL; flowToken: string }> {
  const configuration = await providerConfiguration(provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: OIDC_SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  const flowToken = await startAuthFlow(db, {
    kind: "oidc",
    userId: input.userId,
    data: {
      provider: provider.id,
      intent: input.intent,
      redirectTo: input.redirectTo,
      state,
      nonce,
      codeVerifier,
    } satisfies z.infer<typeof flowDataSchema>,
  });
  return { authorizationUrl, flowToken };
}

/**
 * Finishes a flow at the callback: takes the flow (once), checks it belongs to
 * this provider and that `state` matches, redeems the code with the PKCE
 * verifier, and validates the ID token (signature, issuer, audience, expiry,
 * nonce). Claims missing from the ID token are read from userinfo.
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
  if (!stored || !parsed.success || parsed.data.provider !== provider.id) {
    throw new OidcCallbackError("no-flow", "no started sign-in for this provider in this browser", null);
  }
  const data = parsed.data;
  const flow: OidcFlow = {
    provider: data.provider,
    intent: data.intent,
    userId: stored.userId,
    redirectTo: data.redirectTo,
  };
  try {
    if (callbackUrl.searchParams.get("state") !== data.state) {
      throw new OidcCallbackError("bad-state", "the state parameter does not match the started sign-in", null);
    }
    return { flow, claims: await redeemCode(provider, data, callbackUrl) };
  } catch (error) {
    // From here on the flow is known, so the problem page can lead back to where it started.
    if (error instanceof OidcUnavailableError) throw new OidcCallbackError("unavailable", error.message, flow.intent);
    if (error instanceof OidcCallbackError) throw new OidcCallbackError(error.problem, error.message, flow.intent);
    throw error;
  }
}

async function redeemCode(
  provider: OidcProviderConfig,
  data: z.infer<typeof flowDataSchema>,
  callbackUrl: URL,
): Promise<OidcClaims> {
  const configuration = await providerConfiguration(provider);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: data.state,
      expectedNonce: data.nonce,
      pkceCodeVerifier: data.codeVerifier,
      idTokenExpected: true,
    });
  } catch (error) {
    throw classifyGrantError(provider, error);
  }
  const idToken = tokens.claims();
  if (!idToken) throw new OidcCallbackError("invalid-response", "no ID token", null);

  let claims: Record<string, unknown> = idToken;
  if (typeof idToken.email !== "string" && configuration.serverMetadata().userinfo_endpoint) {
    try {
      claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...idToken };
    } catch (error) {
      throw classifyGrantError(provider, error);
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

/** Turns what openid-client throws at the callback into a problem to show, or OidcUnavailableError. */
function classifyGrantError(provider: OidcProviderConfig, error: unknown): Error {
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcCallbackError("cancelled", `the provider answered ${error.error}`, null);
  }
  if (error instanceof client.ResponseBodyError) {
    if (error.error === "invalid_grant") return new OidcCallbackError("bad-code", "the code was refused", null);
    // invalid_client and the like are our configuration, 5xx the provider's trouble: neither is the person's fault.
    warnUnavailable(provider, "token request", error);
    return new OidcUnavailableError(provider);
  }
  if (error instanceof client.ClientError && isValidationFailure(error.code)) {
    console.warn(`OpenID sign-in with ${provider.id}: the provider's answer failed validation (${error.message})`);
    return new OidcCallbackError("invalid-response", error.message, null);
  }
  // Network failures (fetch's TypeError), timeouts and non-conforming HTTP answers.
  warnUnavailable(provider, "token request", error);
  return new OidcUnavailableError(provider);
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

/** Set-Cookie for a flow token, sent back only to `path`, for as long as the flow lives. */
export function flowCookie(name: string, token: string, { path, secure }: { path: string; secure: boolean }): string {
  return `${name}=${token}; Path=${path}; Max-Age=${AUTH_FLOW_LIFETIME_MS / 1000}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearFlowCookie(name: string, { path, secure }: { path: string; secure: boolean }): string {
  return `${name}=; Path=${path}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A flow token from the request's cookies; tokens are base64url, anything else is ignored. */
export function readFlowCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (/^[A-Za-z0-9_-]{1,100}$/.test(value)) return value;
  }
  return undefined;
}

/** The callback path of a provider: its redirect URI is the app's public origin plus this. */
export function callbackPath(providerId: string): string {
  return `/auth/oidc/${providerId}/callback`;
}
