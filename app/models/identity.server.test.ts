import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../tests/setup/test-database";
import {
  createIdentity,
  deleteUserIdentity,
  findIdentity,
  IdentityTakenError,
  listUserIdentities,
  ProviderAlreadyLinkedError,
  touchIdentity,
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
    await new Promise((resolve) => setTimeout(resolve, 5));
    await touchIdentity(database.db, identity.id);
    const touched = await findIdentity(database.db, "google", "touch");
    expect(touched!.lastUsedAt! > identity.lastUsedAt!).toBe(true);
    expect(touched!.email).toBe("old@example.org");
    await touchIdentity(database.db, identity.id, "new@example.org");
    expect((await findIdentity(database.db, "google", "touch"))!.email).toBe("new@example.org");
  });

  it("goes with its account", async () => {
    const user = await newUser();
    await createIdentity(database.db, { userId: user.id, provider: "google", subject: "cascade", email: null });
    await database.db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await findIdentity(database.db, "google", "cascade")).toBeUndefined();
  });
});
