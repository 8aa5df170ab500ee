import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcTestProvider, type TestAccount, type TestOidcProvider } from "../../tests/setup/oidc-test-provider";
import { testDialects, useTestDatabase } from "../../tests/setup/test-database";
import { createIdentity, findIdentity, listUserIdentities } from "../models/identity.server";
import { createUser, findPasswordHashById, findUserByEmail, findUserById, setDisabled } from "../models/user.server";
import {
  confirmPendingLink,
  resolveOidcSignIn,
  savePendingLink,
  takePendingLink,
  type PendingLink,
} from "./oidc-accounts.server";
import type { OidcProviderConfig } from "./oidc-config.server";
import { finishOidcFlow, startOidcFlow, type OidcIntent } from "./oidc.server";
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

  /** The whole round trip: start, sign in at the provider, finish, decide. */
  async function signInWith(
    account: TestAccount,
    {
      intent = "sign-in",
      flowUserId = null,
      currentUserId = null,
    }: {
      intent?: OidcIntent;
      flowUserId?: string | null;
      currentUserId?: string | null;
    } = {},
  ) {
    const { authorizationUrl, flowToken } = await startOidcFlow(database.db, config, {
      intent,
      userId: flowUserId,
      redirectTo: "/profile",
      redirectUri: REDIRECT_URI,
    });
    const callbackUrl = await provider.authorize(authorizationUrl, { login: account.sub });
    const { flow, claims } = await finishOidcFlow(database.db, config, { flowToken, callbackUrl });
    return { outcome: await resolveOidcSignIn(database.db, { flow, claims, currentUserId }), claims };
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

  it("keeps an address the provider did not verify unverified on a new account", async () => {
    const someone = person({ email_verified: false, name: undefined });
    const { outcome } = await signInWith(someone);
    expect(outcome.kind).toBe("created");
    const user = await findUserByEmail(database.db, someone.email);
    expect(user).toMatchObject({ emailVerified: false, displayName: null });
  });

  it("never links to an existing account silently: its owner must give the password", async () => {
    const someone = person();
    const owner = await createUser(database.db, { email: someone.email, passwordHash });
    const { outcome, claims } = await signInWith(someone);
    expect(outcome).toEqual({ kind: "confirm-link", userId: owner.id, email: someone.email });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();

    const link: PendingLink = {
      userId: owner.id,
      provider: "local",
      subject: claims.subject,
      email: owner.email,
      identityEmail: claims.email,
      redirectTo: "/profile",
      expiresAt: Date.now() + 60_000,
    };
    expect(await confirmPendingLink(database.db, link, "not the password")).toEqual({
      ok: false,
      reason: "wrong-password",
    });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
    expect(await confirmPendingLink(database.db, link, PASSWORD)).toEqual({ ok: true });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(owner.id);

    // Next time the provider signs straight in.
    expect((await signInWith(someone)).outcome).toEqual({ kind: "signed-in", userId: owner.id });
  });

  it("does not link a disabled account, even with the right password", async () => {
    const someone = person();
    const owner = await createUser(database.db, { email: someone.email, passwordHash });
    await setDisabled(database.db, owner.id, true);
    const link: PendingLink = {
      userId: owner.id,
      provider: "local",
      subject: someone.sub,
      email: owner.email,
      identityEmail: someone.email,
      redirectTo: "/profile",
      expiresAt: Date.now() + 60_000,
    };
    expect(await confirmPendingLink(database.db, link, PASSWORD)).toEqual({ ok: false, reason: "disabled" });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
  });

  it("refuses an unverified address that an account uses", async () => {
    const someone = person({ email_verified: false });
    await createUser(database.db, { email: someone.email, passwordHash });
    expect((await signInWith(someone)).outcome).toEqual({ kind: "refused", reason: "unverified-email-in-use" });
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
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
    const { outcome } = await signInWith(someone, { intent: "link", flowUserId: user.id, currentUserId: user.id });
    expect(outcome).toEqual({ kind: "linked", userId: user.id });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(user.id);
    // Linking it again is harmless.
    const again = await signInWith(someone, { intent: "link", flowUserId: user.id, currentUserId: user.id });
    expect(again.outcome).toEqual({ kind: "linked", userId: user.id });
  });

  it("refuses a link finished by another session than the one that started it", async () => {
    const user = await createUser(database.db, { email: `${dialect}-switcher@example.org`, passwordHash });
    const other = await createUser(database.db, { email: `${dialect}-other@example.org`, passwordHash });
    const someone = person();
    for (const currentUserId of [other.id, null]) {
      const { outcome } = await signInWith(someone, { intent: "link", flowUserId: user.id, currentUserId });
      expect(outcome).toEqual({ kind: "refused", reason: "link-session-changed" });
    }
    expect(await findIdentity(database.db, "local", someone.sub)).toBeUndefined();
  });

  it("refuses to link an identity that belongs to another account", async () => {
    const someone = person();
    const { outcome: created } = await signInWith(someone);
    const other = await createUser(database.db, { email: `${dialect}-thief@example.org`, passwordHash });
    const { outcome } = await signInWith(someone, { intent: "link", flowUserId: other.id, currentUserId: other.id });
    expect(outcome).toEqual({ kind: "refused", reason: "linked-to-another-account" });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(
      (created as { userId: string }).userId,
    );
  });

  it("keeps one identity per provider on an account", async () => {
    const user = await createUser(database.db, { email: `${dialect}-twice@example.org`, passwordHash });
    await createIdentity(database.db, { userId: user.id, provider: "local", subject: `${dialect}-first`, email: null });
    const someone = person();
    const { outcome } = await signInWith(someone, { intent: "link", flowUserId: user.id, currentUserId: user.id });
    expect(outcome).toEqual({ kind: "refused", reason: "provider-already-linked" });
  });

  it("links straight away when the matching account is the one signed in", async () => {
    const someone = person();
    const owner = await createUser(database.db, { email: someone.email, passwordHash });
    const { outcome } = await signInWith(someone, { currentUserId: owner.id });
    expect(outcome).toEqual({ kind: "signed-in", userId: owner.id });
    expect((await findIdentity(database.db, "local", someone.sub))?.userId).toBe(owner.id);
  });

  it("keeps a pending link server-side, usable once, with its expiry", async () => {
    const owner = await createUser(database.db, { email: `${dialect}-pending@example.org`, passwordHash });
    const link = {
      userId: owner.id,
      provider: "local",
      subject: "pending-subject",
      email: owner.email,
      identityEmail: "pending@provider.example",
      redirectTo: "/chapter/x",
    };
    const token = await savePendingLink(database.db, link);
    const taken = await takePendingLink(database.db, token);
    expect(taken).toMatchObject(link);
    expect(taken!.expiresAt - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(await takePendingLink(database.db, token)).toBeUndefined();
    expect(await takePendingLink(database.db, undefined)).toBeUndefined();

    // Saved again, it keeps its original expiry; past it, it is gone.
    const again = await savePendingLink(database.db, taken!);
    expect((await takePendingLink(database.db, again))?.expiresAt).toBe(taken!.expiresAt);
    const expired = await savePendingLink(database.db, { ...link, expiresAt: Date.now() - 1000 });
    expect(await takePendingLink(database.db, expired)).toBeUndefined();
  });
});
