import { createHash } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startOidcTestProvider, type TestOidcProvider } from "#tests/setup/oidc-test-provider";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { startAuthFlow, takeAuthFlow } from "../models/auth-flow.server";
import { createUser } from "../models/user.server";
import { hashToken } from "../utils/secure-token.server";
import type { OidcProviderConfig } from "./oidc-config.server";
import {
  backTo,
  finishOidcFlow,
  isLoopbackUrl,
  OidcCallbackError,
  oidcFlowCookie,
  OidcUnavailableError,
  providerConfiguration,
  startOidcFlow,
  type OidcFlow,
} from "./oidc.server";

const APP_ORIGIN = "http://numberlab.test";
const REDIRECT_URI = `${APP_ORIGIN}/auth/oidc/local/callback`;

function configFor(provider: TestOidcProvider, overrides: Partial<OidcProviderConfig> = {}): OidcProviderConfig {
  return {
    id: "local",
    name: "Local ID",
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    ...overrides,
  };
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function problemOf(error: unknown) {
  expect(error).toBeInstanceOf(OidcCallbackError);
  const { problem, intent } = error as OidcCallbackError;
  return { problem, intent };
}

const signInFlow: OidcFlow = { intent: "sign-in", redirectTo: "/chapter/x" };

describe("OpenID Connect against a real provider", () => {
  let provider: TestOidcProvider;
  let database: TestDatabase;
  let config: OidcProviderConfig;
  /** A link flow, for the account that started it. */
  let linkFlow: OidcFlow;

  beforeAll(async () => {
    provider = await startOidcTestProvider({ redirectUris: [REDIRECT_URI] });
    provider.addAccount({ sub: "ada", email: "Ada@Example.org", email_verified: true, name: " Ada Lovelace " });
    provider.addAccount({ sub: "late", email: "late@example.org", email_verified: true, codeExpired: true });
    database = await createTestDatabase("sqlite");
    config = configFor(provider);
    const linker = await createUser(database.db, { email: "linker@example.org", passwordHash: null });
    linkFlow = { intent: "link", userId: linker.id };
  });
  afterAll(async () => {
    await provider?.close();
    await database?.destroy();
  });

  async function start(flow: OidcFlow = signInFlow) {
    return startOidcFlow(database.db, config, { flow, redirectUri: REDIRECT_URI });
  }

  it("accepts plain HTTP only on loopback hosts", () => {
    for (const url of ["http://127.0.0.1:4000", "http://127.8.9.10", "http://localhost:3000", "http://[::1]:80"]) {
      expect(isLoopbackUrl(new URL(url)), url).toBe(true);
    }
    for (const url of ["http://example.org", "http://127.0.0.1.example.org", "http://10.0.0.1", "http://[::2]"]) {
      expect(isLoopbackUrl(new URL(url)), url).toBe(false);
    }
  });

  it("discovers a provider once and keeps the configuration", async () => {
    const first = await providerConfiguration(config);
    expect(first.serverMetadata().issuer).toBe(provider.issuer);
    expect(await providerConfiguration(config)).toBe(first);
  });

  it("starts a flow: state, nonce and an S256 PKCE challenge, secrets kept on the server", async () => {
    const { authorizationUrl, flowToken } = await start();
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe(provider.clientId);
    expect(params.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toMatch(/^[\w-]{40,}$/);
    expect(params.get("nonce")).toMatch(/^[\w-]{40,}$/);
    expect(params.get("nonce")).not.toBe(params.get("state"));
    // Nothing secret travels in the URL.
    expect(authorizationUrl.href).not.toContain(provider.clientSecret);

    const row = await database.db
      .selectFrom("auth_flows")
      .selectAll()
      .where("id", "=", hashToken(flowToken))
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe("oidc");
    const data = JSON.parse(row.data) as { state: string; nonce: string; codeVerifier: string };
    expect(data.state).toBe(params.get("state"));
    expect(data.nonce).toBe(params.get("nonce"));
    const challenge = createHash("sha256").update(data.codeVerifier).digest("base64url");
    expect(params.get("code_challenge")).toBe(challenge);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(10 * 60 * 1000);
  });

  it("finishes a flow with the person's verified claims, read from userinfo", async () => {
    const { authorizationUrl, flowToken } = await start(linkFlow);
    const callbackUrl = await provider.authorize(authorizationUrl, { login: "ada" });
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(REDIRECT_URI);
    const { flow, claims } = await finishOidcFlow(database.db, config, { flowToken, callbackUrl });
    expect(flow).toEqual(linkFlow);
    expect(claims).toEqual({ subject: "ada", email: "ada@example.org", emailVerified: true, name: "Ada Lovelace" });
  });

  it("keeps where a sign-in goes, and for a link only whose it is", async () => {
    const signIn = await start();
    const link = await start(linkFlow);
    const stored = async (token: string) =>
      database.db
        .selectFrom("auth_flows")
        .select(["user_id", "data"])
        .where("id", "=", hashToken(token))
        .executeTakeFirstOrThrow();
    const signInRow = await stored(signIn.flowToken);
    expect(signInRow.user_id).toBeNull();
    expect(JSON.parse(signInRow.data)).toMatchObject({ intent: "sign-in", redirectTo: "/chapter/x" });
    const linkRow = await stored(link.flowToken);
    expect(linkRow.user_id).toBe((linkFlow as { userId: string }).userId);
    expect(JSON.parse(linkRow.data)).toMatchObject({ intent: "link" });
    expect(JSON.parse(linkRow.data)).not.toHaveProperty("redirectTo");
    const callbackUrl = await provider.authorize(signIn.authorizationUrl, { login: "ada" });
    const { flow } = await finishOidcFlow(database.db, config, { flowToken: signIn.flowToken, callbackUrl });
    expect(flow).toEqual(signInFlow);
  });

  it("refuses a stored link flow whose user is unknown", async () => {
    const { authorizationUrl, flowToken } = await start();
    const stored = await takeAuthFlow(database.db, flowToken, "oidc");
    // A link flow stored without its user (as a sign-in's data would be): nothing to link to.
    const orphan = await startAuthFlow(database.db, {
      kind: "oidc",
      userId: null,
      data: { ...(stored!.data as object), intent: "link" },
    });
    const callbackUrl = await provider.authorize(authorizationUrl, { login: "ada" });
    const error = await finishOidcFlow(database.db, config, { flowToken: orphan, callbackUrl }).catch(
      (e: unknown) => e,
    );
    expect(problemOf(error)).toEqual({ problem: "no-flow", intent: null });
  });

  it("uses a flow once", async () => {
    const { authorizationUrl, flowToken } = await start();
    const callbackUrl = await provider.authorize(authorizationUrl, { login: "ada" });
    await finishOidcFlow(database.db, config, { flowToken, callbackUrl });
    const again = await finishOidcFlow(database.db, config, { flowToken, callbackUrl }).catch(
      (error: unknown) => error,
    );
    expect(problemOf(again)).toEqual({ problem: "no-flow", intent: null });
    expect((again as Error).message).toBe(
      "This sign-in with Local ID was not started in this browser, or it was already finished or took longer than 10 minutes. Please start again.",
    );
  });

  it("refuses a callback without the flow cookie, or with another provider's flow", async () => {
    const { authorizationUrl, flowToken } = await start();
    const callbackUrl = await provider.authorize(authorizationUrl, { login: "ada" });
    const missing = await finishOidcFlow(database.db, config, { flowToken: undefined, callbackUrl }).catch(
      (error: unknown) => error,
    );
    expect(problemOf(missing).problem).toBe("no-flow");
    const other = { ...config, id: "other" };
    const mismatch = await finishOidcFlow(database.db, other, { flowToken, callbackUrl }).catch(
      (error: unknown) => error,
    );
    expect(problemOf(mismatch).problem).toBe("no-flow");
  });

  it("refuses a tampered or missing state, and the flow is spent", async () => {
    for (const tamper of [
      (url: URL) => url.searchParams.set("state", "forged"),
      (url: URL) => url.searchParams.delete("state"),
    ]) {
      const { authorizationUrl, flowToken } = await start();
      const callbackUrl = await provider.authorize(authorizationUrl, { login: "ada" });
      tamper(callbackUrl);
      const error = await finishOidcFlow(database.db, config, { flowToken, callbackUrl }).catch((e: unknown) => e);
      expect(problemOf(error)).toEqual({ problem: "bad-state", intent: "sign-in" });
      expect((error as Error).message).toBe(
        "This answer from Local ID does not belong to the sign-in you started, so it was not used. Please start again.",
      );
      expect(await takeAuthFlow(database.db, flowToken, "oidc")).toBeUndefined();
    }
  });

  it("checks the state before anything else the provider sent, a cancellation included", async () => {
    const { authorizationUrl, flowToken } = await start(linkFlow);
    const callbackUrl = await provider.authorize(authorizationUrl, { cancel: true });
    callbackUrl.searchParams.set("state", "forged");
    const error = await finishOidcFlow(database.db, config, { flowToken, callbackUrl }).catch((e: unknown) => e);
    expect(problemOf(error)).toEqual({ problem: "bad-state", intent: "link" });
  });

  it("reports a cancelled sign-in", async () => {
    const { authorizationUrl, flowToken } = await start(linkFlow);
    const callbackUrl = await provider.authorize(authorizationUrl, { cancel: true });
    expect(callbackUrl.searchParams.get("error")).toBe("access_denied");
    const error = await finishOidcFlow(database.db, config, { flowToken, callbackUrl }).catch((e: unknown) => e);
    expect(problemOf(error)).toEqual({ problem: "cancelled", intent: "link" });
    expect((error as Error).message).toBe(
      "Sign-in with Local ID was cancelled. You can try again, or log in another way.",
    );
  });

  it("reports an expired code", async () => {
    const { authorizationUrl, flowToken } = await start();
    // The way back took longer than the code lives.
    const callbackUrl = await provider.authorize(authorizationUrl, { login: "late" });
    const error = await finishOidcFlow(database.db, config, { flowToken, callbackUrl }).catch((e: unknown) => e);
    expect(problemOf(error).problem).toBe("bad-code");
  });

  it("rejects an ID token whose nonce is not the flow's", async () => {
    const { authorizationUrl, flowToken } = await start();
    const stored = await takeAuthFlow(database.db, flowToken, "oidc");
    const forged = await startAuthFlow(database.db, {
      kind: "oidc",
      userId: null,
      data: { ...(stored!.data as object), nonce: "another-nonce" },
    });
    const callbackUrl = await provider.authorize(authorizationUrl, { login: "ada" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const error = await finishOidcFlow(database.db, config, { flowToken: forged, callbackUrl }).catch(
        (e: unknown) => e,
      );
      expect(problemOf(error).problem).toBe("invalid-response");
      expect(String(warn.mock.calls[0]?.[0])).toContain("failed validation");
    } finally {
      warn.mockRestore();
    }
  });

  it("reads claims from the ID token when the provider puts them there", async () => {
    const redirectUri = `${APP_ORIGIN}/auth/oidc/idtoken/callback`;
    const idTokenProvider = await startOidcTestProvider({ redirectUris: [redirectUri], claimsInIdToken: true });
    try {
      idTokenProvider.addAccount({ sub: "grace", email: "grace@example.org", email_verified: false });
      const idTokenConfig = configFor(idTokenProvider, { id: "idtoken" });
      const { authorizationUrl, flowToken } = await startOidcFlow(database.db, idTokenConfig, {
        flow: signInFlow,
        redirectUri,
      });
      const callbackUrl = await idTokenProvider.authorize(authorizationUrl, { login: "grace" });
      const { claims } = await finishOidcFlow(database.db, idTokenConfig, { flowToken, callbackUrl });
      expect(claims).toEqual({ subject: "grace", email: "grace@example.org", emailVerified: false, name: null });
    } finally {
      await idTokenProvider.close();
    }
  });

  it("reports a provider that went down before the code was redeemed, with a warning", async () => {
    const redirectUri = `${APP_ORIGIN}/auth/oidc/fragile/callback`;
    const fragile = await startOidcTestProvider({ redirectUris: [redirectUri] });
    fragile.addAccount({ sub: "ada", email: "ada@example.org", email_verified: true });
    const fragileConfig = configFor(fragile, { id: "fragile" });
    const { authorizationUrl, flowToken } = await startOidcFlow(database.db, fragileConfig, {
      flow: linkFlow,
      redirectUri,
    });
    const callbackUrl = await fragile.authorize(authorizationUrl, { login: "ada" });
    await fragile.close();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const error = await finishOidcFlow(database.db, fragileConfig, { flowToken, callbackUrl }).catch(
        (e: unknown) => e,
      );
      expect(problemOf(error)).toEqual({ problem: "unavailable", intent: "link" });
      expect((error as Error).message).toBe(new OidcUnavailableError(fragileConfig).message);
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = String(warn.mock.calls[0]?.[0]);
      expect(logged).toContain("OpenID provider fragile is not available (token request)");
      expect(logged).not.toContain(fragile.clientSecret);
      expect(logged).not.toContain(callbackUrl.searchParams.get("code"));
    } finally {
      warn.mockRestore();
    }
  });
});

describe("a provider that is down", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(() => database?.destroy());

  it("fails fast with a warning, and is tried again on the next request", async () => {
    const port = await closedPort();
    const redirectUri = `${APP_ORIGIN}/auth/oidc/later/callback`;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let provider: TestOidcProvider | undefined;
    try {
      const config: OidcProviderConfig = {
        id: "later",
        name: "Later ID",
        issuer: `http://127.0.0.1:${port}`,
        clientId: "numberlab",
        clientSecret: "a-secret-that-must-not-be-logged",
      };
      const started = Date.now();
      // Two requests at once share one discovery, and so one warning.
      const [down, alsoDown] = await Promise.all([
        startOidcFlow(database.db, config, { flow: signInFlow, redirectUri }).catch((error: unknown) => error),
        providerConfiguration(config).catch((error: unknown) => error),
      ]);
      expect(down).toBeInstanceOf(OidcUnavailableError);
      expect(alsoDown).toBe(down);
      expect(warn).toHaveBeenCalledTimes(1);
      expect((down as Error).message).toBe(
        "Sign-in with Later ID is not available right now. Please try again later, or log in with your e-mail address and password.",
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(String(warn.mock.calls[0]?.[0])).toContain("OpenID provider later is not available (discovery)");
      expect(String(warn.mock.calls[0]?.[0])).not.toContain(config.clientSecret);
      // No flow was stored for a sign-in that could not start.
      expect(await database.db.selectFrom("auth_flows").selectAll().execute()).toEqual([]);

      provider = await startOidcTestProvider({
        port,
        redirectUris: [redirectUri],
        clientId: config.clientId,
        clientSecret: config.clientSecret,
      });
      const up = await startOidcFlow(database.db, config, {
        flow: signInFlow,
        redirectUri,
      });
      expect(up.authorizationUrl.origin).toBe(provider.issuer);
    } finally {
      warn.mockRestore();
      await provider?.close();
    }
  });

  it("gives up after the timeout when the provider accepts connections but never answers", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { port } = silent.address() as AddressInfo;
      const config: OidcProviderConfig = {
        id: "silent",
        name: "Silent ID",
        issuer: `http://127.0.0.1:${port}`,
        clientId: "numberlab",
        clientSecret: "secret",
      };
      const started = Date.now();
      await expect(providerConfiguration(config, { timeoutSeconds: 0.5 })).rejects.toBeInstanceOf(OidcUnavailableError);
      expect(Date.now() - started).toBeLessThan(2500);
      expect(String(warn.mock.calls[0]?.[0])).toContain("timed out");
    } finally {
      warn.mockRestore();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("refuses a plain-HTTP issuer that is not on loopback, without contacting it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const config: OidcProviderConfig = {
        id: "insecure",
        name: "Insecure ID",
        issuer: "http://id.numberlab.invalid",
        clientId: "numberlab",
        clientSecret: "secret",
      };
      await expect(providerConfiguration(config)).rejects.toBeInstanceOf(OidcUnavailableError);
      expect(String(warn.mock.calls[0]?.[0])).toContain("only requests to HTTPS are allowed");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("flow cookies and ways back", () => {
  it("scopes the flow cookie to the provider's callback, for as long as a flow lives", () => {
    expect(oidcFlowCookie("local", "tok", true)).toBe(
      "__Secure-__oidc_flow=tok; Path=/auth/oidc/local/callback; Max-Age=600; HttpOnly; SameSite=Lax; Secure",
    );
    expect(oidcFlowCookie("local", "", false)).toBe(
      "__oidc_flow=; Path=/auth/oidc/local/callback; Max-Age=0; HttpOnly; SameSite=Lax",
    );
  });

  it("leads a link back to the profile and anything else to the login page", () => {
    expect(backTo("link")).toEqual({ to: "/profile", label: "Back to your profile" });
    expect(backTo("sign-in")).toEqual({ to: "/login", label: "Back to log in" });
    expect(backTo(null)).toEqual({ to: "/login", label: "Back to log in" });
  });
});
