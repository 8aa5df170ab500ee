import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { switchFeatures } from "#tests/setup/feature-flags";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createEmailToken } from "#app/models/email-token.server";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import { createUser, findUserByEmail } from "#app/models/user.server";
import { userContext } from "#app/http/request-context";
import { hashPassword } from "#app/auth/password.server";

/**
 * What the sign-in routes refuse while an admin has sign-up, the providers or passkeys switched off
 * (/admin/application): each refusal on the server, whatever the page showed.
 */

vi.stubEnv("SESSION_SECRET", "a session secret for the switched-off tests, long enough");
vi.stubEnv("OIDC_PROVIDERS", "local");
vi.stubEnv("OIDC_LOCAL_ISSUER", "http://127.0.0.1:9/");
vi.stubEnv("OIDC_LOCAL_CLIENT_ID", "numberlab");
vi.stubEnv("OIDC_LOCAL_CLIENT_SECRET", "secret");
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const login = await import("./login");
const signupConfirm = await import("./signup-confirm");
const oidcStart = await import("./oidc-start");
const oidcCallback = await import("./oidc-callback");
const linkAccount = await import("./link-account");
const passkeySignInOptions = await import("./passkey-sign-in-options");
const passkeySignIn = await import("./passkey-sign-in");
const passkeyRegisterOptions = await import("./passkey-register-options");
const passkeyRegister = await import("./passkey-register");
const alternativeSignIn = await import("../labs/alternative-sign-in");

const PASSWORD = "a long enough new passphrase 2718";

describe.each(testDialects)("sign-in routes with features switched off, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip += 1) % 250}`;
  const pointAtDatabase = () => (current.handle = database);

  /** Runs `work` with `flags` switched, and switches them back whatever happens. */
  async function switched<T>(flags: Parameters<typeof switchFeatures>[1], work: () => Promise<T>): Promise<T> {
    pointAtDatabase();
    const restore = await switchFeatures(database.db, flags);
    try {
      return await work();
    } finally {
      await restore();
    }
  }

  const jsonPost = (path: string, body: unknown) =>
    new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  /** A thrown `data(...)` (a route's refusal shown on its error boundary) as status and data. */
  async function thrown(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      return actionResult(error);
    }
    throw new Error("expected a refusal to be thrown");
  }

  it("closes sign-up: the form is refused with 403 and no link is mailed, and the page says so", async () => {
    const email = `${dialect}-closed-${(count += 1)}@example.org`;
    const signUp = () =>
      login.action({
        request: formPost("http://localhost:3000/login", { intent: "signup", email, password: PASSWORD }),
        context: requestContext(nextIp()),
        params: {},
      } as never);
    await switched({ signUp: false }, async () => {
      const refused = await actionResult(await signUp());
      expect(refused).toMatchObject({ status: 403, data: { errors: { form: FEATURE_OFF_MESSAGES.signUp } } });
      const tokens = await database.db.selectFrom("email_tokens").select("id").where("email", "=", email).execute();
      expect(tokens).toEqual([]);
      const page = await login.loader({ request: new Request("http://localhost:3000/login?mode=signup") } as never);
      expect(page).toMatchObject({ mode: "signup", signUpOpen: false });
    });
    // Open again: the same form is taken.
    expect(await actionResult(await signUp())).toMatchObject({ status: 200, data: { signupRequested: email } });
  });

  it("creates no account from a link mailed before sign-up closed, and the link works once it opens", async () => {
    pointAtDatabase();
    const email = `${dialect}-early-${(count += 1)}@example.org`;
    const token = await createEmailToken(database.db, {
      purpose: "signup",
      email,
      passwordHash: await hashPassword(PASSWORD),
    });
    const confirm = () =>
      signupConfirm.action({
        request: formPost("http://localhost:3000/signup/confirm", { token }),
        context: requestContext(nextIp()),
        params: {},
      } as never);
    await switched({ signUp: false }, async () => {
      expect(await actionResult(await confirm())).toMatchObject({ status: 403, data: { reason: "closed" } });
      expect(await findUserByEmail(database.db, email)).toBeUndefined();
      const page = await signupConfirm.loader({
        request: new Request(`http://localhost:3000/signup/confirm?token=${token}`),
      } as never);
      expect(page).toMatchObject({ valid: true, signUpOpen: false });
    });
    expect((await actionResult(await confirm())).status).toBe(302);
    expect(await findUserByEmail(database.db, email)).toBeDefined();
  });

  it("refuses to start or finish a provider sign-in while providers are off, and the pages offer none", async () => {
    await switched({ oidc: false }, async () => {
      const started = await thrown(() =>
        oidcStart.action({
          request: formPost("http://localhost:3000/auth/oidc/local", { intent: "sign-in" }),
          context: requestContext(nextIp()),
          params: { provider: "local" },
        } as never),
      );
      expect(started).toMatchObject({
        status: 403,
        data: { message: FEATURE_OFF_MESSAGES.oidc, back: { to: "/login" } },
      });
      const linking = await thrown(() =>
        oidcStart.action({
          request: formPost("http://localhost:3000/auth/oidc/local", { intent: "link" }),
          context: requestContext(nextIp()),
          params: { provider: "local" },
        } as never),
      );
      expect(linking).toMatchObject({ status: 403, data: { back: { to: "/profile" } } });

      const callback = await actionResult(
        await oidcCallback.loader({
          request: new Request("http://localhost:3000/auth/oidc/local/callback?code=c&state=s"),
          context: requestContext(nextIp()),
          params: { provider: "local" },
        } as never),
      );
      expect(callback).toMatchObject({ status: 403, data: { message: FEATURE_OFF_MESSAGES.oidc } });
      // The flow's cookie is cleared with the refusal.
      expect(callback.headers.getSetCookie().join()).toMatch(/Max-Age=0/);

      const link = await actionResult(
        await linkAccount.action({
          request: formPost("http://localhost:3000/login/link-account", { password: PASSWORD }),
          context: requestContext(nextIp()),
          params: {},
        } as never),
      );
      expect(link).toMatchObject({ status: 403, data: { refusal: FEATURE_OFF_MESSAGES.oidc } });
      expect(
        await linkAccount.loader({
          request: new Request("http://localhost:3000/login/link-account"),
          context: requestContext(nextIp()),
        } as never),
      ).toEqual({
        pending: null,
        switchedOff: true,
      });

      expect(await login.loader({ request: new Request("http://localhost:3000/login") } as never)).toMatchObject({
        providers: [],
      });
    });
    expect(await login.loader({ request: new Request("http://localhost:3000/login") } as never)).toMatchObject({
      providers: [{ id: "local" }],
      passkeys: true,
      signUpOpen: true,
    });
  });

  it("refuses every passkey ceremony while passkeys are off, before reading the request", async () => {
    pointAtDatabase();
    const user = await createUser(database.db, {
      email: `${dialect}-passkey-${(count += 1)}@example.org`,
      passwordHash: null,
    });
    const signedIn = () => {
      const context = requestContext(nextIp());
      context.set(userContext, user);
      return context;
    };
    await switched({ passkeys: false }, async () => {
      const answers = [
        await passkeySignInOptions.action({ context: requestContext(nextIp()) } as never),
        await passkeySignIn.action({
          request: jsonPost("/auth/passkey/sign-in", { response: {} }),
          context: requestContext(nextIp()),
        } as never),
        await passkeyRegisterOptions.action({ context: signedIn() } as never),
        await passkeyRegister.action({
          request: jsonPost("/auth/passkey/register", { response: {} }),
          context: signedIn(),
        } as never),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(await answer.json()).toEqual({ error: FEATURE_OFF_MESSAGES.passkeys });
        expect(answer.headers.get("Set-Cookie")).toBeNull();
      }
      expect(await login.loader({ request: new Request("http://localhost:3000/login") } as never)).toMatchObject({
        passkeys: false,
      });
      expect(
        await alternativeSignIn.loader({
          request: new Request("http://localhost:3000/tests/newlogin"),
          context: requestContext(nextIp()),
        } as never),
      ).toMatchObject({ passkeys: false, providers: [{ id: "local" }], signUpOpen: true });
    });
    // On again: a sign-in can start.
    const options = await passkeySignInOptions.action({ context: requestContext(nextIp()) } as never);
    expect(options.status).toBe(200);
  });
});
