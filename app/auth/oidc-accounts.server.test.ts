import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcTestProvider, type TestAccount, type TestOidcProvider } from "#tests/setup/oidc-test-provider";
import { switchFeatures } from "#tests/setup/feature-flags";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createIdentity, findIdentity, listUserIdentities } from "../models/identity.server";
import {
  createUser,
  findPasswordHash,
  findPasswordHashById,
  findUserByEmail,
  findUserById,
  setDisabled,
} from "../models/user.server";
import { hashToken } from "../utils/secure-token.server";
import {
  confirmPendingLink,
  peekPendingLink,
  pendingLinkCookie,
  refusalMessage,
  resolveOidcLink,
  resolveOidcSignIn,
  savePendingLink,
  type OidcRefusal,
  type PendingLink,
} from "./oidc-accounts.server";
import type { OidcProviderConfig } from "./oidc-config.server";
import { finishOidcFlow, startOidcFlow, type OidcClaims } from "./oidc.server";
import { hashPassword } from "./password.server";

const REDIRECT_URI = "http://numberlab.test/auth/oidc/local/callback";
const PASSWORD = "the account's own password";

let provider: TestOidcProvider;
let config: OidcProviderConfig;
let passwordHash: string;

beforeAll(async () => {
  provider = await startOidcTestProvider({ redirectUris: [REDIRECT_URI] });
  config = {
    id: "local",
    name: "Local ID",
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  };
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => provider?.close());

describe.each(testDialects)("provider sign-in outcomes on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  /** A person at the provider with a fresh subject and address. */
  function person(overrides: Partial<TestAccount> = {}): TestAccount & { email: string } {
    count += 1;
    const account = {
      sub: `${dialect}-person-${count}`,
      email: `${dialect}-person-${count}@example.org`,
      email_verified: true,
      name: `Person ${count}`,
      ...overrides,
    };
    provider.addAccount(account);
    return account;
  }

  /** The round trip at the provider: start, sign in there, finish; the claims it vouches for. */
  async function claimsOf(account: TestAccount, flow: Parameters<typeof startOidcFlow>[2]["flow"]) {
    const { authorizationUrl, flowToken } = await startOidcFlow(database.db, config, {
      flow,
      redirectUri: REDIRECT_URI,
    });
    const callbackUrl = await provider.authorize(authorizationUrl, { login: account.sub });
    return (await finishOidcFlow(database.db, config, { flowToken, callbackUrl })).claims;
  }

  /** A sign-in with the provider, by someone who may be signed in here already. */
  async function signInWith(account: TestAccount, { currentUserId = null }: { currentUserId?: string | null } = {}) {
    const claims = await claimsOf(account, { intent: "sign-in", redirectTo: "/profile" });
    return { outcome: await resolveOidcSignIn(database.db, { providerId: "local", claims, currentUserId }), claims };
  }

  /** A link started by `userId` and finished by whoever is signed in then. */
  async function linkWith(account: TestAccount, userId: string, currentUserId: string | null = userId) {
    const claims = await claimsOf(account, { intent: "link", userId });
    return resolveOidcLink(database.db, { providerId: "local", claims, userId, currentUserId });
  }

  /** A pending link as the callback saves it, and the owner's credentials as the confirm page reads them. */
  async function pendingFor(owner: { id: string; email: string }, subject: string) {
    const link: PendingLink = {
      userId: owner.id,
      provider: "local",
      subject,
      email: owner.email,
      identityEmail: `${subject}@provider.example`,
      redirectTo: "/chapter/x",
    };
    const token = await savePendingLink(database.db, link);
    const account = (await findPasswordHash(database.db, owner.email))!;
    return { link, token, account };
  }

  it("creates an account for a new address, then signs the same person in to it", async () => {
    const someone = person({ email: "New.Person@Example.org" });
    const { outcome } = await signInWith(someone);
    expect(outcome.kind).toBe("created");
    const userId = (outcome as { userId: string }).userId;
    const user = await findUserById(database.db, userId);
    expect(user).toMatchObject({ email: "new.person@example.org", emailVerified: true, displayName: someone.name });
    expect(await findPasswordHashById(database.db, userId)).toBeNull();
    const [identity] = await listUserIdentities(database.db, userId);
    expect(identity).toMatchObject({ provider: "local", subject: someone.sub, email: "new.person@example.org" });

    const again = await signInWith(someone);
    expect(again.outcome).toEqual({ kind: "signed-in", userId });
    const touched = await findIdentity(database.db, "local", someone.sub);
    expect(touched!.lastUsedAt! >= identity!.lastUsedAt!).toBe(true);
  });

  it("creates no account while sign-up is switched off, yet signs in a linked identity and offers an existing account's link", async () => {
    const linked = person();
    const linkedUser = ((await signInWith(linked)).outcome as { userId: string }).userId;
    const owner = await createUser(database.db, { email: `${dialect}-closed-owner@example.org`, passwordHash });
    const restore = await switchFeatures(database.db, { signUp: false });
    try {
      const newcomer = person();
      expect((await signInWith(newcomer)).outcome).toEqual({ kind: "refused", reason: "sign-up-closed" });
      expect(await findUserByEmail(database.db, newcomer.email)).toBeUndefined();
      expect(await findIdentity(database.db, "local", newcomer.sub)).toBeUndefined();

      expect((await signInWith(linked)).outcome).toEqual({ kind: "signed-in", userId: linkedUser });
      const sameAddress = person({ email: owner.email });
      expect((await signInWith(sameAddress)).outcome).toEqual({
        kind: "confirm-link",
        userId: owner.id,
        email: owner.email,
      });
    } finally {
      await restore();
    }
    const later = person();
    expect((await signInWith(later)).outcome.kind).toBe("created");
  });

  it("creates nothing for an address the provider has not verified, and says the same whether or not it is in use", async () => {
    const userCount = async () => (await database.db.selectFrom("users").select("id").execute()).length;
    const before = await userCount();
    const stranger = person({ email_verified: false, name: undefined });
    expect((await signInWith(stranger)).outcome).toEqual({ kind: "refused", reason: "unverified-email" });
    expect(await findUserByEmail(database.db, stranger.email)).toBeUndefined();
    expect(await findIdentity(database.db, "local", stranger.sub)).toBeUndefined();
    expect(await userCount()).toBe(before);

    // Someone claiming an address that has an account: the very same answer, and nothing is linked.
    const victim = await createUser(database.db, { email: `${dialect}-victim@example.org`, passwordHash });
    const impostor = person({ email: victim.email, email_verified: false });
    expect((await signInWith(impostor)).outcome).toEqual({ kind: "refused", reason: "unverified-email" });
    // Not even for the account's owner, signed in: linking from the profile is the way.
    expect((await signInWith(impostor, { currentUserId: victim.id })).outcome).toEqual({
      kind: "refused",
      reason: "unverified-email",
    });
    expect(await listUserIdentities(database.db, victim.id)).toEqual([]);
    expect(await userCount()).toBe(before + 1);
  });

  it("treats anything but a plain yes as unverified", async () => {
    for (const email_verified of [undefined, false]) {
      const someone = person({ email_verified });
      expect((await signInWith(someone)).outcome).toEqual({ kind: "refused", reason: "unverified-email" });
    }
  });

  it("signs in with an identity linked from the profile even when the provider never verifies addresses", async () => {
    const user = await createUser(database.db, { email: `${dialect}-microsoft-style@example.org`, passwordHash });
    const someone = person({ email_verified: undefined });
    expect(await linkWith(someone, user.id)).toEqual({ kind: "linked", userId: user.id });
    expect((await signInWith(someone)).outcome).toEqual({ kind: "signed-in", userId: user.id });
  });

  it("never links to an existing account silently: its owner must give the password", async () => {
    const someone = person();
    const owner = await createUser(database.db, { email: someone.email, passwordHash });
    const { outcome, claims } = await signInWith(someone);
    expect(outcome).toEqual({ kind: "confirm-link", userId: owner.id, email: someone.email });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();

    const { link, token, account } = await pendingFor(owner, claims.subject);
    expect(await confirmPendingLink(database.db, { token, account, password: "not the password" })).toEqual({
      ok: false,
      reason: "wrong-password",
    });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
    // A wrong password leaves the pending link for another try.
    expect(await peekPendingLink(database.db, token)).toEqual(link);
    expect(await confirmPendingLink(database.db, { token, account, password: PASSWORD })).toEqual({ ok: true, link });
    expect(await findIdentity(database.db, "local", someone.sub)).toMatchObject({
      userId: owner.id,
      email: link.identityEmail,
    });
    // Used up: it cannot link again.
    expect(await peekPendingLink(database.db, token)).toBeUndefined();
    expect(await confirmPendingLink(database.db, { token, account, password: PASSWORD })).toEqual({
      ok: false,
      reason: "gone",
    });

    // Next time the provider signs straight in.
    expect((await signInWith(someone)).outcome).toEqual({ kind: "signed-in", userId: owner.id });
  });

  it("lets only one of two simultaneous confirmations of a pending link through", async () => {
    const owner = await createUser(database.db, { email: `${dialect}-double@example.org`, passwordHash });
    const { token, account } = await pendingFor(owner, `${dialect}-double`);
    const results = await Promise.all(
      [1, 2].map(() => confirmPendingLink(database.db, { token, account, password: PASSWORD })),
    );
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "gone" });
    expect(await listUserIdentities(database.db, owner.id)).toHaveLength(1);
  });

  it("does not link a disabled account, even with the right password, and the pending link ends", async () => {
    const owner = await createUser(database.db, { email: `${dialect}-disabled@example.org`, passwordHash });
    await setDisabled(database.db, owner.id, true);
    const { token, account } = await pendingFor(owner, `${dialect}-disabled`);
    expect(await confirmPendingLink(database.db, { token, account, password: PASSWORD })).toEqual({
      ok: false,
      reason: "disabled",
    });
    expect(await findIdentity(database.db, "local", `${dialect}-disabled`)).toBeUndefined();
    expect(await peekPendingLink(database.db, token)).toBeUndefined();
  });

  it("ends a pending link whose identity was linked elsewhere, or whose account has another at the provider", async () => {
    const [owner, other] = [
      await createUser(database.db, { email: `${dialect}-late-owner@example.org`, passwordHash }),
      await createUser(database.db, { email: `${dialect}-late-other@example.org`, passwordHash }),
    ];
    const taken = await pendingFor(owner, `${dialect}-late-taken`);
    await createIdentity(database.db, {
      userId: other.id,
      provider: "local",
      subject: taken.link.subject,
      email: null,
    });
    expect(await confirmPendingLink(database.db, { ...taken, password: PASSWORD })).toEqual({
      ok: false,
      reason: "linked-to-another-account",
    });
    expect(await peekPendingLink(database.db, taken.token)).toBeUndefined();

    const second = await pendingFor(owner, `${dialect}-late-second`);
    await createIdentity(database.db, {
      userId: owner.id,
      provider: "local",
      subject: `${dialect}-late-first`,
      email: null,
    });
    expect(await confirmPendingLink(database.db, { ...second, password: PASSWORD })).toEqual({
      ok: false,
      reason: "provider-already-linked",
    });
    expect(await peekPendingLink(database.db, second.token)).toBeUndefined();
  });

  it("does not use a pending link with another account's credentials", async () => {
    const [owner, other] = [
      await createUser(database.db, { email: `${dialect}-mixed-owner@example.org`, passwordHash }),
      await createUser(database.db, { email: `${dialect}-mixed-other@example.org`, passwordHash }),
    ];
    const { token } = await pendingFor(owner, `${dialect}-mixed`);
    const account = (await findPasswordHash(database.db, other.email))!;
    expect(await confirmPendingLink(database.db, { token, account, password: PASSWORD })).toEqual({
      ok: false,
      reason: "gone",
    });
    expect(await listUserIdentities(database.db, other.id)).toEqual([]);
  });

  it("refuses to create an account without an address", async () => {
    const someone = person({ email: undefined });
    expect((await signInWith(someone)).outcome).toEqual({ kind: "refused", reason: "no-email" });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
  });

  it("links for the signed-in user who started the link", async () => {
    const user = await createUser(database.db, { email: `${dialect}-linker@example.org`, passwordHash });
    // The provider's address need not be the account's.
    const someone = person();
    expect(await linkWith(someone, user.id)).toEqual({ kind: "linked", userId: user.id });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(user.id);
    // Linking it again is harmless.
    expect(await linkWith(someone, user.id)).toEqual({ kind: "linked", userId: user.id });
  });

  it("refuses a link finished by another session than the one that started it", async () => {
    const user = await createUser(database.db, { email: `${dialect}-switcher@example.org`, passwordHash });
    const other = await createUser(database.db, { email: `${dialect}-other@example.org`, passwordHash });
    const someone = person();
    for (const currentUserId of [other.id, null]) {
      expect(await linkWith(someone, user.id, currentUserId)).toEqual({
        kind: "refused",
        reason: "link-session-changed",
      });
    }
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
  });

  it("refuses to link an identity that belongs to another account", async () => {
    const someone = person();
    const { outcome: created } = await signInWith(someone);
    const other = await createUser(database.db, { email: `${dialect}-thief@example.org`, passwordHash });
    expect(await linkWith(someone, other.id)).toEqual({ kind: "refused", reason: "linked-to-another-account" });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(
      (created as { userId: string }).userId,
    );
  });

  it("keeps one identity per provider on an account", async () => {
    const user = await createUser(database.db, { email: `${dialect}-twice@example.org`, passwordHash });
    await createIdentity(database.db, { userId: user.id, provider: "local", subject: `${dialect}-first`, email: null });
    const someone = person();
    expect(await linkWith(someone, user.id)).toEqual({ kind: "refused", reason: "provider-already-linked" });
  });

  it("links straight away when the matching account is the one signed in", async () => {
    const someone = person();
    const owner = await createUser(database.db, { email: someone.email, passwordHash });
    const { outcome } = await signInWith(someone, { currentUserId: owner.id });
    expect(outcome).toEqual({ kind: "signed-in", userId: owner.id });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(owner.id);
  });

  /** The claims a finished flow gives, for racing the decision itself. */
  function claimsFor(account: TestAccount & { email: string }): OidcClaims {
    return { subject: account.sub, email: account.email, emailVerified: true, name: null };
  }

  it("links the same identity finished twice at once (a double click) once, and says linked to both", async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await createUser(database.db, {
        email: `${dialect}-double-click-${round}@example.org`,
        passwordHash,
      });
      const claims = claimsFor(person());
      const outcomes = await Promise.all(
        [1, 2].map(() =>
          resolveOidcLink(database.db, { providerId: "local", claims, userId: user.id, currentUserId: user.id }),
        ),
      );
      expect(outcomes).toEqual([
        { kind: "linked", userId: user.id },
        { kind: "linked", userId: user.id },
      ]);
      expect(await listUserIdentities(database.db, user.id)).toHaveLength(1);
    }
  });

  it("links one of two provider accounts linked to one account at once, and refuses the other", async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await createUser(database.db, {
        email: `${dialect}-two-at-once-${round}@example.org`,
        passwordHash,
      });
      const outcomes = await Promise.all(
        [person(), person()].map((someone) =>
          resolveOidcLink(database.db, {
            providerId: "local",
            claims: claimsFor(someone),
            userId: user.id,
            currentUserId: user.id,
          }),
        ),
      );
      expect(outcomes).toContainEqual({ kind: "linked", userId: user.id });
      expect(outcomes).toContainEqual({ kind: "refused", reason: "provider-already-linked" });
      expect(await listUserIdentities(database.db, user.id)).toHaveLength(1);
    }
  });

  it("makes one account for the same first sign-in finished twice at once", async () => {
    const claims = claimsFor(person());
    const outcomes = await Promise.all(
      [1, 2].map(() => resolveOidcSignIn(database.db, { providerId: "local", claims, currentUserId: null })),
    );
    const user = await findUserByEmail(database.db, claims.email!);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["created", "signed-in"]);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ userId: user!.id });
  });

  it("keeps a pending link server-side for the life of a flow, readable until it is used", async () => {
    const owner = await createUser(database.db, { email: `${dialect}-pending@example.org`, passwordHash });
    const { link, token } = await pendingFor(owner, "pending-subject");
    expect(await peekPendingLink(database.db, token)).toEqual(link);
    expect(await peekPendingLink(database.db, token)).toEqual(link);
    expect(await peekPendingLink(database.db, undefined)).toBeUndefined();
    expect(await peekPendingLink(database.db, "forged")).toBeUndefined();
    const row = await database.db
      .selectFrom("auth_flows")
      .select(["kind", "user_id", "data", "created_at", "expires_at"])
      .where("id", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "oidc-link", user_id: owner.id });
    expect(JSON.parse(row.data)).toEqual({
      provider: link.provider,
      subject: link.subject,
      email: link.email,
      identityEmail: link.identityEmail,
      redirectTo: link.redirectTo,
    });
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(10 * 60 * 1000);
    // Past its expiry it is gone.
    await database.db
      .updateTable("auth_flows")
      .set({ expires_at: row.created_at })
      .where("id", "=", hashToken(token))
      .execute();
    expect(await peekPendingLink(database.db, token)).toBeUndefined();
  });
});

describe("refusal messages and the pending-link cookie", () => {
  const reasons: OidcRefusal[] = [
    "linked-to-another-account",
    "provider-already-linked",
    "link-session-changed",
    "unverified-email",
    "no-email",
    "sign-up-closed",
  ];

  it("name the provider and differ for every reason", () => {
    const messages = reasons.map((reason) => refusalMessage(reason, "Local ID"));
    for (const message of messages) expect(message).toContain("Local ID");
    expect(new Set(messages).size).toBe(reasons.length);
  });

  it("tell someone whose address the provider did not confirm how to go on, without a word about accounts that exist", () => {
    const message = refusalMessage("unverified-email", "Local ID");
    expect(message).toBe(
      "Local ID has not confirmed that the e-mail address it gave us is yours, so it cannot be used to sign in here. Sign up with your e-mail address and a password (or log in, if you already have an account), then link Local ID from your profile.",
    );
  });

  it("scopes the pending-link cookie to the login pages, Lax so it survives the provider's redirect", () => {
    expect(pendingLinkCookie("tok", true)).toBe(
      "__Secure-__oidc_link=tok; Path=/login; Max-Age=600; HttpOnly; SameSite=Lax; Secure",
    );
    expect(pendingLinkCookie("", false)).toBe("__oidc_link=; Path=/login; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
