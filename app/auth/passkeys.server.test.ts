import { beforeEach, describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { SoftwareAuthenticator, strangerKey } from "#tests/setup/software-authenticator";
import { createPasskey, findPasskeyCredential, listPasskeys } from "../models/passkey.server";
import { findSignInMethods } from "../models/sign-in-methods.server";
import { createUser, setDisabled, type User } from "../models/user.server";
import {
  authenticationResponseSchema,
  createRegistrationOptions,
  createSignInOptions,
  credentialIdSchema,
  defaultPasskeyName,
  loadPasskeysSection,
  PASSKEY_MESSAGES,
  passkeyFlowCookie,
  PasskeyError,
  passkeyOptionsResponse,
  passkeyRefusal,
  passkeyUserHandle,
  readPasskeyFlowToken,
  registerPasskey,
  registrationResponseSchema,
  relyingParty,
  verifyPasskeySignIn,
} from "./passkeys.server";
import { rateLimits, tooManyAttemptsMessage } from "../http/rate-limits.server";
import { AccountDisabledError } from "./sign-in.server";

const rp = relyingParty("https://numberlab.test");
const site = { rpId: rp.id, origin: rp.origin };

let ipCounter = 0;
function newIp(): string {
  ipCounter += 1;
  return `192.0.2.${ipCounter}`;
}

async function refusal(
  promise: Promise<unknown>,
): Promise<{ message: string; status: number; retryAfterSeconds?: number }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof PasskeyError)) throw error;
    const { message, status, retryAfterSeconds } = error;
    return retryAfterSeconds === undefined ? { message, status } : { message, status, retryAfterSeconds };
  }
  throw new Error("expected a PasskeyError");
}

/** The refusal of a rate limit: the shared message, with the wait it names. */
function tooMany(answer: { message: string; status: number; retryAfterSeconds?: number }) {
  expect(answer.status).toBe(429);
  expect(answer.retryAfterSeconds).toBeGreaterThan(0);
  expect(answer.message).toBe(tooManyAttemptsMessage(answer.retryAfterSeconds!));
}

describe("the relying party", () => {
  it("is the host name and origin of the public origin", () => {
    expect(relyingParty("http://localhost:3410")).toEqual({
      id: "localhost",
      origin: "http://localhost:3410",
      name: "Numberlab",
    });
    expect(relyingParty("https://numberlab.example/some/path?x=1")).toMatchObject({
      id: "numberlab.example",
      origin: "https://numberlab.example",
    });
  });

  it("names a new passkey after the day it was added", () => {
    expect(defaultPasskeyName(new Date("2026-03-04T23:30:00Z"))).toBe("Passkey added on 4 March 2026");
  });
});

describe("the flow cookie", () => {
  it("is httpOnly, SameSite=Strict, scoped to /auth/passkey, 5 minutes, Secure over HTTPS", () => {
    expect(passkeyFlowCookie("passkey-sign-in", "abc", { secure: false })).toBe(
      "passkey_sign_in_flow=abc; Path=/auth/passkey; Max-Age=300; HttpOnly; SameSite=Strict",
    );
    expect(passkeyFlowCookie("passkey-register", "abc", { secure: true })).toMatch(
      /^__Secure-passkey_register_flow=abc; .*; Secure$/,
    );
    expect(passkeyFlowCookie("passkey-register", "", { secure: false })).toContain("Max-Age=0");
  });

  it("is read back by kind, and a malformed value is ignored", () => {
    const request = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });
    const both = request("a=1; passkey_sign_in_flow=token-1; passkey_register_flow=token-2");
    const plain = { secure: false };
    expect(readPasskeyFlowToken(both, "passkey-sign-in", plain)).toBe("token-1");
    expect(readPasskeyFlowToken(both, "passkey-register", plain)).toBe("token-2");
    expect(readPasskeyFlowToken(request("passkey_sign_in_flow=a%20b"), "passkey-sign-in", plain)).toBeUndefined();
    expect(readPasskeyFlowToken(request(""), "passkey-sign-in", plain)).toBeUndefined();
    expect(readPasskeyFlowToken(both, "passkey-sign-in", { secure: true })).toBeUndefined();
  });
});

describe("the options answer", () => {
  it("sends the options as uncached JSON, with the flow's token in its cookie", async () => {
    const options = { challenge: "c", rpId: "numberlab.test" };
    const response = await passkeyOptionsResponse("passkey-sign-in", { secure: true }, () =>
      Promise.resolve({ options, flowToken: "token-1" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Set-Cookie")).toBe(
      "__Secure-passkey_sign_in_flow=token-1; Path=/auth/passkey; Max-Age=300; HttpOnly; SameSite=Strict; Secure",
    );
    expect(await response.json()).toEqual({ options });
  });

  it("answers a refusal as JSON with its status, and throws anything else on", async () => {
    const limited = await passkeyOptionsResponse("passkey-register", { secure: false }, () =>
      Promise.reject(new PasskeyError(tooManyAttemptsMessage(90), 429, 90)),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("90");
    expect(limited.headers.get("Set-Cookie")).toBeNull();
    expect(await limited.json()).toEqual({ error: "Too many attempts. Please wait 2 minutes and try again." });

    const disabled = passkeyRefusal(new AccountDisabledError());
    expect(disabled.status).toBe(403);
    expect(await disabled.json()).toEqual({ error: new AccountDisabledError().message });

    const bug = new TypeError("a bug");
    await expect(passkeyOptionsResponse("passkey-register", { secure: false }, () => Promise.reject(bug))).rejects.toBe(
      bug,
    );
  });
});

describe("the answer schemas", () => {
  const authenticator = new SoftwareAuthenticator(site);

  it("accept a real answer and drop unknown transports and extension results", () => {
    const answer = authenticator.register({ challenge: "c", user: { id: "u" } });
    const parsed = registrationResponseSchema.parse({
      ...answer,
      clientExtensionResults: { credProps: { rk: true } },
      response: { ...answer.response, transports: ["internal", "teleport"] },
    });
    expect(parsed.response.transports).toEqual(["internal"]);
    expect(parsed.clientExtensionResults).toEqual({});
    expect(authenticationResponseSchema.safeParse(authenticator.signIn({ challenge: "c" })).success).toBe(true);
  });

  it("refuse missing, mistyped, oversized and non-base64url fields with a message", () => {
    const answer = authenticator.signIn({ challenge: "c" });
    const message = (value: unknown) => authenticationResponseSchema.safeParse(value).error?.issues[0]?.message;
    expect(message(undefined)).toBe("The passkey's answer is missing.");
    expect(message({ ...answer, type: "password" })).toBe("The credential must be a public key.");
    expect(message({ ...answer, id: "" })).toBe("The credential id is missing.");
    expect(message({ ...answer, id: "a".repeat(2000) })).toBe("The credential id is too long.");
    expect(message({ ...answer, response: { ...answer.response, signature: "not base64url!" } })).toBe(
      "The signature must be base64url.",
    );
    expect(message({ ...answer, response: { ...answer.response, signature: 42 } })).toBe("The signature must be text.");
    expect(message({ ...answer, clientExtensionResults: "x" })).toBe("The extension results must be an object.");
  });

  it("share one credential id rule with the account page's form", () => {
    const message = (value: unknown) => credentialIdSchema.safeParse(value).error?.issues[0]?.message;
    expect(credentialIdSchema.parse(authenticator.credentialId)).toBe(authenticator.credentialId);
    expect(credentialIdSchema.parse("a".repeat(1400))).toHaveLength(1400);
    expect(message("a".repeat(1401))).toBe("The credential id is too long.");
    expect(message("")).toBe("The credential id is missing.");
    expect(message("not/base64url")).toBe("The credential id must be base64url.");
    expect(message(["a", "b"])).toBe("The credential id must be text.");
  });
});

describe.each(testDialects)("passkeys on %s", (dialect) => {
  // Rate limits count in fixed windows (15 and 60 minutes). A test that crossed a window's end saw its
  // counts start again, so each test runs with the clock standing in the middle of the current hour.
  beforeEach(() => {
    const hour = 60 * 60 * 1000;
    testClock.set(Math.floor(Date.now() / hour) * hour + hour / 2);
  });

  const database = useTestDatabase(dialect);
  const newUser = (displayName: string | null = null) =>
    createUser(database.db, { email: `user-${crypto.randomUUID()}@example.org`, passwordHash: "hash", displayName });

  /** Registers a software authenticator's passkey for the user through the real flow. */
  async function registered(user: User, authenticator = new SoftwareAuthenticator(site)) {
    const { options, flowToken } = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
    await registerPasskey(database.db, { user, flowToken, rp, response: authenticator.register(options) });
    return authenticator;
  }

  async function signInOptions() {
    return createSignInOptions(database.db, { rp, clientIp: newIp() });
  }

  describe("registration", () => {
    it("asks for a discoverable credential, excludes the user's passkeys and names the user", async () => {
      const user = await newUser("Ada");
      const existing = await registered(user);
      const { options, flowToken } = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
      expect(options.rp).toEqual({ id: "numberlab.test", name: "Numberlab" });
      expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
      expect(options.attestation).toBe("none");
      expect(options.timeout).toBe(300_000);
      expect(options.user).toEqual({
        id: Buffer.from(passkeyUserHandle(user.id)).toString("base64url"),
        name: user.email,
        displayName: "Ada",
      });
      expect(options.user.id).not.toContain(user.id);
      expect(options.excludeCredentials).toEqual([
        { id: existing.credentialId, type: "public-key", transports: ["internal"] },
      ]);
      const flow = await database.db
        .selectFrom("auth_flows")
        .selectAll()
        .where("kind", "=", "passkey-register")
        .execute();
      expect(flow.map((row) => row.user_id)).toContain(user.id);
      expect(flowToken).toMatch(/^[\w-]{43}$/);

      const anonymous = await newUser();
      const plain = await createRegistrationOptions(database.db, { user: anonymous, rp, clientIp: newIp() });
      expect(plain.options.user.displayName).toBe(anonymous.email);
    });

    it("stores the verified passkey with the given name, or a dated one", async () => {
      const user = await newUser();
      const authenticator = new SoftwareAuthenticator(site);
      const first = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
      const passkey = await registerPasskey(database.db, {
        user,
        rp,
        flowToken: first.flowToken,
        response: authenticator.register(first.options),
        name: "Phone",
      });
      expect(passkey).toMatchObject({ id: authenticator.credentialId, name: "Phone", lastUsedAt: null });
      const stored = await findPasskeyCredential(database.db, authenticator.credentialId);
      expect(stored).toMatchObject({ userId: user.id, counter: 0, transports: ["internal"] });
      expect(Buffer.from(stored!.publicKey, "base64url")).toEqual(Buffer.from(authenticator.cosePublicKey()));

      // Passkeys are listed by creation time (to the millisecond): the second is made a second later,
      // or both share a millisecond and their order is the ids'.
      testClock.advance(1000);
      const other = await registered(user);
      const names = (await listPasskeys(database.db, user.id)).map((item) => item.name);
      expect(names).toEqual(["Phone", defaultPasskeyName()]);
      expect(other.credentialId).not.toBe(authenticator.credentialId);
    });

    it("refuses a wrong origin, RP ID or type, an unverified user, and a reused or foreign challenge", async () => {
      const user = await newUser();
      const stranger = await newUser();
      const cases = [
        { origin: "https://evil.test" },
        { rpId: "evil.test" },
        { type: "webauthn.get" },
        { userVerified: false },
      ];
      for (const tweaks of cases) {
        const { options, flowToken } = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
        const response = new SoftwareAuthenticator(site).register(options, tweaks);
        expect(
          await refusal(registerPasskey(database.db, { user, rp, flowToken, response })),
          JSON.stringify(tweaks),
        ).toEqual({ message: PASSKEY_MESSAGES.notVerified, status: 400 });
      }
      expect(await listPasskeys(database.db, user.id)).toEqual([]);

      const { options, flowToken } = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
      const authenticator = new SoftwareAuthenticator(site);
      const response = authenticator.register(options);
      // Someone else's session cannot finish this user's prompt.
      expect(await refusal(registerPasskey(database.db, { user: stranger, rp, flowToken, response }))).toEqual({
        message: PASSKEY_MESSAGES.expired,
        status: 400,
      });
      // …and the prompt is used up by that attempt.
      expect(await refusal(registerPasskey(database.db, { user, rp, flowToken, response }))).toEqual({
        message: PASSKEY_MESSAGES.expired,
        status: 400,
      });
      expect(await refusal(registerPasskey(database.db, { user, rp, flowToken: undefined, response }))).toMatchObject({
        status: 400,
      });
    });

    it("refuses a challenge other than the one issued, and a passkey registered already", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      const first = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
      const second = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
      const answerToFirst = new SoftwareAuthenticator(site).register(first.options);
      expect(
        await refusal(registerPasskey(database.db, { user, rp, flowToken: second.flowToken, response: answerToFirst })),
      ).toEqual({ message: PASSKEY_MESSAGES.notVerified, status: 400 });

      const again = await createRegistrationOptions(database.db, { user, rp, clientIp: newIp() });
      const response = authenticator.register(again.options);
      expect(await refusal(registerPasskey(database.db, { user, rp, flowToken: again.flowToken, response }))).toEqual({
        message: "This passkey is already registered.",
        status: 409,
      });
    });
  });

  describe("sign-in", () => {
    it("offers every discoverable passkey, then signs in and records the use", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      const { options, flowToken } = await signInOptions();
      expect(options.rpId).toBe("numberlab.test");
      expect(options.allowCredentials).toBeUndefined();
      expect(options.userVerification).toBe("required");

      const result = await verifyPasskeySignIn(database.db, {
        flowToken,
        rp,
        clientIp: newIp(),
        response: authenticator.signIn(options),
      });
      expect(result).toEqual({ userId: user.id });
      expect((await findPasskeyCredential(database.db, authenticator.credentialId))?.counter).toBe(1);
      expect((await listPasskeys(database.db, user.id))[0]?.lastUsedAt).not.toBeNull();

      // An authenticator that keeps no counter (always zero) signs in again and again.
      const uncounted = await registered(user);
      for (let round = 0; round < 2; round += 1) {
        const next = await signInOptions();
        const response = uncounted.signIn(next.options, { counter: 0 });
        await expect(
          verifyPasskeySignIn(database.db, { flowToken: next.flowToken, rp, clientIp: newIp(), response }),
        ).resolves.toEqual({ userId: user.id });
      }
    });

    it("refuses a forged signature, a wrong origin, RP ID or type, and an unverified user", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      const cases = [
        { signWith: strangerKey() },
        { origin: "https://evil.test" },
        { origin: "http://numberlab.test" },
        { rpId: "evil.test" },
        { type: "webauthn.create" },
        { userVerified: false },
        { userHandle: Buffer.from(passkeyUserHandle("someone-else")).toString("base64url") },
      ];
      for (const tweaks of cases) {
        const { options, flowToken } = await signInOptions();
        const response = authenticator.signIn(options, tweaks);
        expect(
          await refusal(verifyPasskeySignIn(database.db, { flowToken, rp, clientIp: newIp(), response })),
          JSON.stringify(tweaks),
        ).toEqual({ message: PASSKEY_MESSAGES.notVerified, status: 401 });
      }
      expect((await listPasskeys(database.db, user.id))[0]?.lastUsedAt).toBeNull();

      // Without a user handle (as some authenticators answer), the signature alone decides.
      const { options, flowToken } = await signInOptions();
      const response = authenticator.signIn(options, { userHandle: null });
      await expect(verifyPasskeySignIn(database.db, { flowToken, rp, clientIp: newIp(), response })).resolves.toEqual({
        userId: user.id,
      });
    });

    it("uses a challenge once: a replayed answer or token is refused", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      const { options, flowToken } = await signInOptions();
      const response = authenticator.signIn(options);
      await verifyPasskeySignIn(database.db, { flowToken, rp, clientIp: newIp(), response });
      expect(await refusal(verifyPasskeySignIn(database.db, { flowToken, rp, clientIp: newIp(), response }))).toEqual({
        message: PASSKEY_MESSAGES.expired,
        status: 400,
      });
      // The same answer against a fresh challenge does not match it.
      const fresh = await signInOptions();
      expect(
        await refusal(
          verifyPasskeySignIn(database.db, { flowToken: fresh.flowToken, rp, clientIp: newIp(), response }),
        ),
      ).toEqual({ message: PASSKEY_MESSAGES.notVerified, status: 401 });
      // A failed attempt used up its challenge too.
      const retried = authenticator.signIn(fresh.options);
      expect(
        await refusal(
          verifyPasskeySignIn(database.db, { flowToken: fresh.flowToken, rp, clientIp: newIp(), response: retried }),
        ),
      ).toEqual({ message: PASSKEY_MESSAGES.expired, status: 400 });
      expect(
        await refusal(verifyPasskeySignIn(database.db, { flowToken: "forged", rp, clientIp: newIp(), response })),
      ).toEqual({ message: PASSKEY_MESSAGES.expired, status: 400 });
      const expired = await createSignInOptions(database.db, { rp, clientIp: newIp() });
      await database.db.updateTable("auth_flows").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
      expect(
        await refusal(
          verifyPasskeySignIn(database.db, {
            flowToken: expired.flowToken,
            rp,
            clientIp: newIp(),
            response: authenticator.signIn(expired.options),
          }),
        ),
      ).toEqual({ message: PASSKEY_MESSAGES.expired, status: 400 });
    });

    it("refuses a counter that stands still or goes back: a copied passkey", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      const first = await signInOptions();
      await verifyPasskeySignIn(database.db, {
        flowToken: first.flowToken,
        rp,
        clientIp: newIp(),
        response: authenticator.signIn(first.options, { counter: 10 }),
      });
      for (const counter of [9, 10, 0]) {
        const { options, flowToken } = await signInOptions();
        const response = authenticator.signIn(options, { counter });
        expect(
          await refusal(verifyPasskeySignIn(database.db, { flowToken, rp, clientIp: newIp(), response })),
          String(counter),
        ).toEqual({ message: PASSKEY_MESSAGES.cloned, status: 401 });
      }
      expect((await findPasskeyCredential(database.db, authenticator.credentialId))?.counter).toBe(10);
    });

    it("refuses an unknown or removed passkey", async () => {
      const user = await newUser();
      const authenticator = new SoftwareAuthenticator(site);
      const { options, flowToken } = await signInOptions();
      authenticator.userHandle = Buffer.from(passkeyUserHandle(user.id)).toString("base64url");
      const response = authenticator.signIn(options);
      expect(await refusal(verifyPasskeySignIn(database.db, { flowToken, rp, clientIp: newIp(), response }))).toEqual({
        message: PASSKEY_MESSAGES.unknownCredential,
        status: 401,
      });
    });

    /** One sign-in attempt from `clientIp` (a fresh address by default) with a fresh challenge. */
    async function attempt(
      authenticator: SoftwareAuthenticator,
      { forged = false, clientIp = newIp() }: { forged?: boolean; clientIp?: string } = {},
    ) {
      const { options, flowToken } = await signInOptions();
      const response = authenticator.signIn(options, forged ? { signWith: strangerKey() } : {});
      return verifyPasskeySignIn(database.db, { flowToken, rp, clientIp, response });
    }

    it("counts failed answers against the account: they lock out failures, never the passkey itself", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      for (let failure = 0; failure < rateLimits.passkeySignInPerAccount.limit; failure += 1) {
        expect(await refusal(attempt(authenticator, { forged: true })), String(failure)).toEqual({
          message: PASSKEY_MESSAGES.notVerified,
          status: 401,
        });
      }
      tooMany(await refusal(attempt(authenticator, { forged: true })));
      tooMany(await refusal(attempt(authenticator, { forged: true })));
      // Anyone can send failures for a known credential id: its owner still signs in, and is not counted.
      await expect(attempt(authenticator)).resolves.toEqual({ userId: user.id });
      await expect(attempt(authenticator)).resolves.toEqual({ userId: user.id });
      expect((await findPasskeyCredential(database.db, authenticator.credentialId))?.counter).toBe(
        authenticator.counter,
      );
      tooMany(await refusal(attempt(authenticator, { forged: true })));
    });

    it("does not count successful sign-ins against the account", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      for (let success = 0; success <= rateLimits.passkeySignInPerAccount.limit; success += 1) {
        await expect(attempt(authenticator), String(success)).resolves.toEqual({ userId: user.id });
      }
      // Every failure the limit allows is still there.
      for (let failure = 0; failure < rateLimits.passkeySignInPerAccount.limit; failure += 1) {
        expect((await refusal(attempt(authenticator, { forged: true }))).status, String(failure)).toBe(401);
      }
      tooMany(await refusal(attempt(authenticator, { forged: true })));
    });

    it("lets a class behind one address sign in more often than that address may fail", async () => {
      const classroom = newIp();
      for (let learner = 0; learner <= rateLimits.passkeySignInPerIp.limit + 5; learner += 1) {
        const user = await newUser();
        const authenticator = await registered(user);
        await expect(attempt(authenticator, { clientIp: classroom }), String(learner)).resolves.toEqual({
          userId: user.id,
        });
      }
    });

    it("limits every attempt per address before checking it, so junk from one address stops there", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      const attacker = newIp();
      const statuses: number[] = [];
      for (let junk = 0; junk < rateLimits.passkeySignInPerIp.limit; junk += 1) {
        statuses.push((await refusal(attempt(authenticator, { forged: true, clientIp: attacker }))).status);
      }
      // The first failures are refused as such; the rest hit the account's limit on failures.
      const perAccount = rateLimits.passkeySignInPerAccount.limit;
      expect(statuses.slice(0, perAccount)).toEqual(Array<number>(perAccount).fill(401));
      expect(statuses.slice(perAccount).every((status) => status === 429)).toBe(true);
      // That address is now refused before anything is checked: even a genuine answer waits…
      const fromAttacker = await refusal(attempt(authenticator, { clientIp: attacker }));
      tooMany(fromAttacker);
      const { options } = await signInOptions();
      tooMany(
        await refusal(
          verifyPasskeySignIn(database.db, {
            flowToken: undefined,
            rp,
            clientIp: attacker,
            response: authenticator.signIn(options),
          }),
        ),
      );
      // …while the owner, elsewhere, signs in as usual.
      await expect(attempt(authenticator)).resolves.toEqual({ userId: user.id });

      // Requests without a challenge count too.
      const ip = newIp();
      const answers: number[] = [];
      for (let request = 0; request <= rateLimits.passkeySignInPerIp.limit; request += 1) {
        answers.push(
          (
            await refusal(
              verifyPasskeySignIn(database.db, {
                flowToken: undefined,
                rp,
                clientIp: ip,
                response: authenticator.signIn(options),
              }),
            )
          ).status,
        );
      }
      expect(answers.at(-2)).toBe(400);
      expect(answers.at(-1)).toBe(429);
    });

    it("refuses a disabled account's passkey without recording the use", async () => {
      const user = await newUser();
      const authenticator = await registered(user);
      await setDisabled(database.db, user.id, true);
      await expect(attempt(authenticator)).rejects.toBeInstanceOf(AccountDisabledError);
      expect(await findPasskeyCredential(database.db, authenticator.credentialId)).toMatchObject({ counter: 0 });
      expect((await listPasskeys(database.db, user.id))[0]?.lastUsedAt).toBeNull();
      // Only the passkey's holder learns that the account is disabled.
      expect(await refusal(attempt(authenticator, { forged: true }))).toEqual({
        message: PASSKEY_MESSAGES.notVerified,
        status: 401,
      });

      await setDisabled(database.db, user.id, false);
      await expect(attempt(authenticator)).resolves.toEqual({ userId: user.id });
      expect((await listPasskeys(database.db, user.id))[0]?.lastUsedAt).not.toBeNull();
    });
  });

  it("gives the profile the passkeys, and counts the sign-in methods it is given", async () => {
    const user = await newUser();
    const section = (methods: Awaited<ReturnType<typeof findSignInMethods>>) =>
      loadPasskeysSection(database.db, user.id, methods);
    expect(await section(await findSignInMethods(database.db, user.id))).toEqual({
      passkeys: [],
      signInMethodCount: 1,
      available: true,
    });
    // The loader's count is used as given, not read again.
    expect(await section({ password: true, identities: 2, passkeys: 0 })).toEqual({
      passkeys: [],
      signInMethodCount: 3,
      available: true,
    });
    await createPasskey(database.db, {
      id: `id-${crypto.randomUUID()}`,
      userId: user.id,
      publicKey: "k",
      counter: 0,
      transports: [],
      name: "Laptop",
    });
    const withPasskey = await section(await findSignInMethods(database.db, user.id));
    expect(withPasskey.signInMethodCount).toBe(2);
    expect(withPasskey.passkeys.map((passkey) => passkey.name)).toEqual(["Laptop"]);
  });
});
