import { beforeAll, describe, expect, it, vi } from "vitest";
import { switchFeatures } from "#tests/setup/feature-flags";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createIdentity, listUserIdentities } from "../models/identity.server";
import { findSignInMethods, LAST_SIGN_IN_METHOD } from "../models/sign-in-methods.server";
import { createUser } from "../models/user.server";
import { identitiesSection, noticePath, removeIdentity } from "./linked-identities.server";

beforeAll(() => {
  // Read once by getOidcProviders(), before any test asks for it.
  vi.stubEnv("OIDC_PROVIDERS", "google,school");
  vi.stubEnv("OIDC_GOOGLE_ISSUER", "https://accounts.google.com");
  vi.stubEnv("OIDC_GOOGLE_CLIENT_ID", "id");
  vi.stubEnv("OIDC_GOOGLE_CLIENT_SECRET", "secret");
  vi.stubEnv("OIDC_SCHOOL_ISSUER", "https://id.school.example");
  vi.stubEnv("OIDC_SCHOOL_CLIENT_ID", "id");
  vi.stubEnv("OIDC_SCHOOL_CLIENT_SECRET", "secret");
  vi.stubEnv("OIDC_SCHOOL_NAME", "Our school");
});

const profileUrl = (query = "") => new URL(`http://numberlab.test/profile${query}`);

describe.each(testDialects)("linked identities on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;
  async function newUser(withPassword: boolean) {
    count += 1;
    return createUser(database.db, {
      email: `${dialect}-linked-${count}@example.org`,
      passwordHash: withPassword ? "a-stored-hash" : null,
    });
  }

  it("lets only one of two simultaneous removals through when they would leave nothing", async () => {
    for (let round = 0; round < 6; round += 1) {
      const user = await newUser(false);
      const [a, b] = await Promise.all(
        ["google", "school"].map((provider) =>
          createIdentity(database.db, {
            userId: user.id,
            provider,
            subject: `${dialect}-race-${round}-${provider}`,
            email: null,
          }),
        ),
      );
      const results = await Promise.all([a!, b!].map((identity) => removeIdentity(database.db, user.id, identity.id)));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await listUserIdentities(database.db, user.id)).toHaveLength(1);
    }
  });

  it("never removes the last way to sign in", async () => {
    const user = await newUser(false);
    const only = await createIdentity(database.db, {
      userId: user.id,
      provider: "google",
      subject: `${dialect}-only`,
      email: null,
    });
    expect(await removeIdentity(database.db, user.id, only.id)).toEqual({ ok: false, reason: "last-method" });
    expect(await listUserIdentities(database.db, user.id)).toHaveLength(1);

    const second = await createIdentity(database.db, {
      userId: user.id,
      provider: "school",
      subject: `${dialect}-second`,
      email: null,
    });
    expect(await removeIdentity(database.db, user.id, only.id)).toEqual({ ok: true, identity: only });
    expect(await removeIdentity(database.db, user.id, second.id)).toEqual({ ok: false, reason: "last-method" });
    expect(await listUserIdentities(database.db, user.id)).toEqual([second]);
  });

  it("removes an identity when a password remains, and only the user's own", async () => {
    const [user, other] = [await newUser(true), await newUser(true)];
    const identity = await createIdentity(database.db, {
      userId: user.id,
      provider: "google",
      subject: `${dialect}-with-password`,
      email: null,
    });
    expect(await removeIdentity(database.db, other.id, identity.id)).toEqual({ ok: false, reason: "not-found" });
    expect(await removeIdentity(database.db, user.id, identity.id)).toEqual({ ok: true, identity });
    expect(await removeIdentity(database.db, user.id, identity.id)).toEqual({ ok: false, reason: "not-found" });
  });

  it("describes the section: linked providers, the others to link, whether removing is allowed", async () => {
    const user = await newUser(false);
    const identity = await createIdentity(database.db, {
      userId: user.id,
      provider: "school",
      subject: `${dialect}-section`,
      email: "pupil@school.example",
    });
    const section = await identitiesSection(
      database.db,
      user.id,
      await findSignInMethods(database.db, user.id),
      profileUrl(),
    );
    expect(section).toEqual({
      identities: [
        {
          id: identity.id,
          providerName: "Our school",
          email: "pupil@school.example",
          createdAt: identity.createdAt,
          lastUsedAt: identity.lastUsedAt,
        },
      ],
      linkable: [{ id: "google", name: "Google" }],
      available: true,
      canRemove: false,
      removalNote: LAST_SIGN_IN_METHOD,
      notice: null,
    });
    // Providers switched off: the links stay listed, nothing is offered to link.
    const restore = await switchFeatures(database.db, { oidc: false });
    const switchedOff = await identitiesSection(
      database.db,
      user.id,
      await findSignInMethods(database.db, user.id),
      profileUrl(),
    );
    await restore();
    expect(switchedOff).toMatchObject({ linkable: [], available: false });
    expect(switchedOff.identities).toHaveLength(1);
    // After a refused removal the notice says why, and only once.
    const refused = await identitiesSection(
      database.db,
      user.id,
      await findSignInMethods(database.db, user.id),
      profileUrl("?identityError=last-method"),
    );
    expect(refused).toMatchObject({
      canRemove: false,
      removalNote: null,
      notice: { severity: "error", message: LAST_SIGN_IN_METHOD },
    });
    // With a second way in, Remove is on and nothing needs saying.
    await createIdentity(database.db, {
      userId: user.id,
      provider: "google",
      subject: `${dialect}-section-google`,
      email: null,
    });
    const section2 = await identitiesSection(
      database.db,
      user.id,
      await findSignInMethods(database.db, user.id),
      profileUrl(),
    );
    expect(section2).toMatchObject({ canRemove: true, removalNote: null, linkable: [] });
    expect(section2.identities.map((entry) => entry.providerName)).toEqual(["Our school", "Google"]);
  });

  it("names an identity whose provider is no longer configured by its id", async () => {
    const user = await newUser(true);
    await createIdentity(database.db, {
      userId: user.id,
      provider: "retired",
      subject: `${dialect}-retired`,
      email: null,
    });
    const section = await identitiesSection(
      database.db,
      user.id,
      await findSignInMethods(database.db, user.id),
      profileUrl("?linked=retired"),
    );
    expect(section.identities.map((entry) => entry.providerName)).toEqual(["retired"]);
    expect(section.notice).toBeNull();
  });

  it("shows the outcome of a link or a removal, naming only configured providers", async () => {
    const user = await newUser(true);
    const notice = async (path: string) =>
      (
        await identitiesSection(
          database.db,
          user.id,
          await findSignInMethods(database.db, user.id),
          profileUrl(path.slice("/profile".length)),
        )
      ).notice;
    expect(await notice(noticePath("linked", "school"))).toEqual({
      severity: "success",
      message: "Our school is now linked: you can log in with it.",
    });
    expect(await notice(noticePath("unlinked", "google"))).toEqual({
      severity: "success",
      message: "Google was removed from your sign-in methods.",
    });
    expect(await notice(noticePath("last-method"))).toEqual({ severity: "error", message: LAST_SIGN_IN_METHOD });
    expect((await notice(noticePath("not-found")))?.severity).toBe("error");
    expect(await notice("/profile?linked=Your+bank+details+were+stolen")).toBeNull();
  });
});
