import { generateKeyPairSync, randomBytes } from "node:crypto";
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, {
  type AdapterFactory,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from "oidc-provider";

/** A person the test provider knows; `sub` is also what they type as their login. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** This person's authorization codes have expired by the time they reach the app (they live 60 s otherwise). */
  codeExpired?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount(account: TestAccount): void;
  /**
   * Plays the person at the provider's sign-in page for an authorization URL
   * the app made (with fetch and a cookie jar), and returns the URL the
   * provider sends the browser back to, with its `code` and `state` (or
   * `error` when `cancel` is set). With `login` or `cancel` it starts
   * without cookies; without either, it reuses the provider session of the
   * previous call.
   */
  authorize(authorizationUrl: string | URL, options?: { login?: string; cancel?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /** Default 0: any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  /**
   * Put e-mail and name claims in the ID token (like Google) instead of only
   * in the userinfo response (the OpenID default for the code flow).
   */
  claimsInIdToken?: boolean;
}

/** The path where other processes (Playwright tests) add accounts with a JSON POST. */
export const TEST_ACCOUNTS_PATH = "/test/accounts";

/**
 * A real OpenID Connect provider (oidc-provider) on loopback, with one
 * confidential client that must use PKCE, an in-memory account table, and
 * consent granted up front so signing in is one form.
 */
export async function startOidcTestProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? "numberlab";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const accounts = new Map<string, TestAccount>();

  // Made once the port (part of the issuer) is known; until then requests get 503.
  const ready: { provider?: Provider } = {};
  const server: Server = http.createServer((req, res) => {
    if (req.url === TEST_ACCOUNTS_PATH && req.method === "POST") {
      void readAccount(req).then(
        (account) => {
          accounts.set(account.sub, account);
          res.statusCode = 204;
          res.end();
        },
        (error: unknown) => {
          res.statusCode = 400;
          res.end(String(error));
        },
      );
      return;
    }
    const { provider } = ready;
    if (!provider) {
      res.statusCode = 503;
      res.end();
    } else if (/^\/interaction\/[\w-]+$/.test(req.url ?? "")) {
      void interaction(provider, accounts, req, res).catch((error: unknown) => {
        res.statusCode = 400;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(`The sign-in could not continue: ${String(error)}`);
      });
    } else {
      provider.callback()(req, res);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", alg: "RS256", use: "sig" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: !options.claimsInIdToken,
    // A client that forgets PKCE must fail here, as it would at a strict provider.
    pkce: { required: () => true },
    // Our own sign-in page (below): the development one loads web fonts from the internet.
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    renderError(ctx, out) {
      ctx.type = "text/plain";
      ctx.body = `The test provider refused the request: ${JSON.stringify(out)}`;
    },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => {
          const { codeExpired: _expired, ...claims } = account;
          return claims;
        },
      };
    },
    // Consent is given up front, as for a first-party client: sign-in is one form.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider } = ctx.oidc;
      if (!client || !session) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    adapter: memoryAdapter(accounts),
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Grant: 3600,
      Interaction: 600,
      Session: 3600,
    },
  };
  ready.provider = new Provider(issuer, configuration);

  const jar = new Map<string, string>();
  async function step(url: URL | string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  function locationOf(response: Response, from: URL | string): URL {
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status > 399 || !location) {
      throw new Error(`The test provider answered ${response.status} instead of a redirect`);
    }
    return new URL(location, from);
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account) {
      accounts.set(account.sub, account);
    },
    async authorize(authorizationUrl, { login, cancel = false } = {}) {
      // A login or a cancel is a fresh browser: it meets the sign-in form, not an earlier session.
      if (login !== undefined || cancel) jar.clear();
      let url = new URL(authorizationUrl);
      // Follow the provider's redirects until it sends the browser away from itself.
      for (let hops = 0; hops < 10 && url.origin === issuer; hops += 1) {
        if (/^\/interaction\//.test(url.pathname)) {
          if (login === undefined && !cancel) throw new Error("The test provider asks for a login");
          const form = new URLSearchParams(cancel ? { cancel: "1" } : { login: login!, password: "any" });
          url = locationOf(await step(url, { method: "POST", body: form }), url);
        } else {
          url = locationOf(await step(url), url);
        }
      }
      if (url.origin === issuer) throw new Error("The test provider kept redirecting to itself");
      return url;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The provider's storage: a Map, as its default in-memory adapter keeps, except that the codes of a
 * person with `codeExpired` are stored expired when they are issued. The provider reads the real time
 * and has no clock to set, and a code lives at least a second: this way no test waits that out.
 */
function memoryAdapter(accounts: Map<string, TestAccount>): AdapterFactory {
  const stored = new Map<string, AdapterPayload>();
  const ofModel = (model: string) =>
    [...stored].filter(([key]) => key.startsWith(`${model}:`)).map(([, payload]) => payload);
  return (model) => ({
    async upsert(id, payload) {
      const expired = model === "AuthorizationCode" && accounts.get(payload.accountId ?? "")?.codeExpired;
      stored.set(`${model}:${id}`, expired ? { ...payload, exp: payload.iat } : payload);
    },
    async find(id) {
      return stored.get(`${model}:${id}`);
    },
    async findByUid(uid) {
      return ofModel(model).find((payload) => payload.uid === uid);
    },
    async findByUserCode(userCode) {
      return ofModel(model).find((payload) => payload.userCode === userCode);
    },
    async consume(id) {
      const payload = stored.get(`${model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      stored.delete(`${model}:${id}`);
    },
    async revokeByGrantId(grantId) {
      for (const [key, payload] of stored) if (payload.grantId === grantId) stored.delete(key);
    },
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body;
}

async function readAccount(req: IncomingMessage): Promise<TestAccount> {
  const account = JSON.parse(await readBody(req)) as Partial<TestAccount>;
  if (typeof account.sub !== "string" || account.sub === "") throw new Error("An account needs a sub");
  return account as TestAccount;
}

/** Adds an account to a test provider running in another process (see TEST_ACCOUNTS_PATH). */
export async function addTestAccount(issuer: string, account: TestAccount): Promise<void> {
  const response = await fetch(new URL(TEST_ACCOUNTS_PATH, issuer), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  if (response.status !== 204) throw new Error(`Adding a test account answered ${response.status}`);
}

/**
 * The provider's sign-in page: GET shows a form (login, any password,
 * Cancel), POST finishes the interaction, which redirects back into the
 * provider and on to the app. Plain HTML with nothing loaded from elsewhere.
 */
async function interaction(
  provider: Provider,
  accounts: Map<string, TestAccount>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name !== "login") throw new Error(`unexpected prompt ${details.prompt.name}`);
  if (req.method === "POST") {
    const form = new URLSearchParams(await readBody(req));
    if (form.has("cancel")) {
      await provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The person cancelled the sign-in" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const login = form.get("login") ?? "";
    if (accounts.has(login)) {
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    return signInPage(res, details.uid, "There is no such account at the test provider.");
  }
  signInPage(res, details.uid);
}

function signInPage(res: ServerResponse, uid: string, error?: string): void {
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test provider sign-in</title><link rel="icon" href="data:,"></head>
<body>
  <main>
    <h1>Sign in to the test provider</h1>
    ${error ? `<p role="alert">${error}</p>` : ""}
    <form method="post" action="/interaction/${uid}">
      <label>Login <input name="login" autocomplete="username" required></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
      <button type="submit">Sign in</button>
    </form>
    <form method="post" action="/interaction/${uid}">
      <button type="submit" name="cancel" value="1">Cancel</button>
    </form>
  </main>
</body>
</html>`);
}
