import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  createIdentity,
  deleteUserIdentity,
  findIdentity,
  IdentityTakenError,
  listUserIdentities,
  ProviderAlreadyLinkedError,
  touchIdentity,
  violatedIdentityConstraint,
} from "./identity.server";
import { findSignInMethods } from "./sign-in-methods.server";
import { createUser, type User } from "./user.server";

describe.each(testDialects)("identities on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  let count = 0;
  function newUser(): Promise<User> {
    count += 1;
    return createUser(database.db, { email: `identity-user-${count}@example.org`, passwordHash: null });
  }

  it("links an identity and finds its user by provider and subject", async () => {
    const user = await newUser();
    const before = new Date().toISOString();
    const identity = await createIdentity(database.db, {
      userId: user.id,
      provider: "google",
      subject: "sub-1",
      email: "someone@gmail.example",
    });
    expect(identity).toMatchObject({
      userId: user.id,
      provider: "google",
      subject: "sub-1",
      email: "someone@gmail.example",
    });
    expect(identity.createdAt >= before).toBe(true);
    expect(await findIdentity(database.db, "google", "sub-1")).toEqual(identity);
    // The same subject at another provider is another person.
    expect(await findIdentity(database.db, "microsoft", "sub-1")).toBeUndefined();
    expect(await findIdentity(database.db, "google", "SUB-1")).toBeUndefined();
    expect((await findSignInMethods(database.db, user.id)).identities).toBe(1);
  });

  it("links a provider identity to one account only", async () => {
    const [first, second] = [await newUser(), await newUser()];
    await createIdentity(database.db, { userId: first.id, provider: "google", subject: "shared", email: null });
    await expect(
      createIdentity(database.db, { userId: second.id, provider: "google", subject: "shared", email: null }),
    ).rejects.toBeInstanceOf(IdentityTakenError);
    await expect(
      createIdentity(database.db, { userId: first.id, provider: "google", subject: "shared", email: null }),
    ).rejects.toBeInstanceOf(IdentityTakenError);
    expect(await listUserIdentities(database.db, second.id)).toEqual([]);
  });

  it("keeps one identity per provider per account, and any number of providers", async () => {
    const user = await newUser();
    await createIdentity(database.db, { userId: user.id, provider: "google", subject: "g-a", email: null });
    await expect(
      createIdentity(database.db, { userId: user.id, provider: "google", subject: "g-b", email: null }),
    ).rejects.toBeInstanceOf(ProviderAlreadyLinkedError);
    // Linked a millisecond later: oldest first then has one right answer.
    testClock.advance(1);
    await createIdentity(database.db, { userId: user.id, provider: "microsoft", subject: "m-a", email: null });
    expect((await listUserIdentities(database.db, user.id)).map((identity) => identity.provider)).toEqual([
      "google",
      "microsoft",
    ]);
  });

  it("gives a racing pair of links to one winner", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const results = await Promise.allSettled(
      [first, second].map((user) =>
        createIdentity(database.db, { userId: user.id, provider: "race", subject: "same", email: null }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(IdentityTakenError);
  });

  it("gives one of two racing links at the same provider to an account, never both", async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = await newUser();
      const results = await Promise.allSettled(
        ["a", "b"].map((subject) =>
          createIdentity(database.db, {
            userId: user.id,
            provider: "race",
            subject: `${dialect}-per-provider-${round}-${subject}`,
            email: null,
          }),
        ),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      expect(results.find((result) => result.status === "rejected")?.reason).toBeInstanceOf(ProviderAlreadyLinkedError);
      expect(await listUserIdentities(database.db, user.id)).toHaveLength(1);
    }
  });

  it("answers a racing pair of the same link for the same account with one identity", async () => {
    const user = await newUser();
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        createIdentity(database.db, { userId: user.id, provider: "race", subject: `${dialect}-twice`, email: null }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")?.reason).toBeInstanceOf(IdentityTakenError);
    expect(await listUserIdentities(database.db, user.id)).toHaveLength(1);
  });

  it("tells the database's own violations of the two unique constraints apart", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const existing = await createIdentity(database.db, {
      userId: first.id,
      provider: "google",
      subject: `${dialect}-constraint`,
      email: null,
    });
    // Plain inserts, so the database itself reports each violation.
    const insert = (values: { id?: string; userId: string; subject: string }) =>
      database.db
        .insertInto("identities")
        .values({
          id: values.id ?? crypto.randomUUID(),
          user_id: values.userId,
          provider: "google",
          subject: values.subject,
          email: null,
          created_at: existing.createdAt,
          last_used_at: null,
        })
        .execute()
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    expect(violatedIdentityConstraint(await insert({ userId: second.id, subject: existing.subject }))).toBe(
      "provider-subject",
    );
    expect(violatedIdentityConstraint(await insert({ userId: first.id, subject: `${dialect}-other` }))).toBe(
      "user-provider",
    );
    // Another unique key of the table, and errors that are no unique violation at all.
    const samePrimaryKey = await insert({ id: existing.id, userId: second.id, subject: `${dialect}-third` });
    expect(samePrimaryKey).toBeInstanceOf(Error);
    expect(violatedIdentityConstraint(samePrimaryKey)).toBeUndefined();
    const missingUser = await insert({ userId: "no-such-user", subject: `${dialect}-fourth` });
    expect(missingUser).toBeInstanceOf(Error);
    expect(violatedIdentityConstraint(missingUser)).toBeUndefined();
    expect(violatedIdentityConstraint(new Error("identities_user_id_provider_key"))).toBeUndefined();
    expect(await listUserIdentities(database.db, second.id)).toEqual([]);
  });

  it("deletes only the user's own identity", async () => {
    const [owner, other] = [await newUser(), await newUser()];
    const identity = await createIdentity(database.db, {
      userId: owner.id,
      provider: "google",
      subject: "delete-me",
      email: null,
    });
    expect(await deleteUserIdentity(database.db, other.id, identity.id)).toBeUndefined();
    expect(await deleteUserIdentity(database.db, owner.id, "not-an-id")).toBeUndefined();
    expect(await findIdentity(database.db, "google", "delete-me")).toBeDefined();
    expect(await deleteUserIdentity(database.db, owner.id, identity.id)).toEqual(identity);
    expect(await findIdentity(database.db, "google", "delete-me")).toBeUndefined();
    expect(await deleteUserIdentity(database.db, owner.id, identity.id)).toBeUndefined();
  });

  it("notes the last use and the provider's current address", async () => {
    const user = await newUser();
    const identity = await createIdentity(database.db, {
      userId: user.id,
      provider: "google",
      subject: "touch",
      email: "old@example.org",
    });
    testClock.advance(1);
    await touchIdentity(database.db, identity.id, "new@example.org");
    const touched = await findIdentity(database.db, "google", "touch");
    expect(touched!.lastUsedAt! > identity.lastUsedAt!).toBe(true);
    expect(touched!.email).toBe("new@example.org");
    // A provider that stops sharing the address leaves none on display.
    await touchIdentity(database.db, identity.id, null);
    expect((await findIdentity(database.db, "google", "touch"))!.email).toBeNull();
  });

  it("goes with its account", async () => {
    const user = await newUser();
    await createIdentity(database.db, { userId: user.id, provider: "google", subject: "cascade", email: null });
    await database.db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await findIdentity(database.db, "google", "cascade")).toBeUndefined();
  });
});
