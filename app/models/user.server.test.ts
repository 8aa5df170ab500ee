import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  countActiveAdmins,
  createUser,
  EmailTakenError,
  findPasswordHash,
  findUserByEmail,
  setDisabled,
  setRole,
  setSubscriptionStatus,
} from "./user.server";

describe.each(testDialects)("users on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("creates a user with a normalized e-mail and finds it by any casing", async () => {
    const created = await createUser(database.db, { email: "  Ada@Example.ORG ", passwordHash: "h1" });
    expect(created).toMatchObject({ email: "ada@example.org", role: "user", isPremium: false });
    expect(await findUserByEmail(database.db, "ADA@example.org")).toEqual(created);
    expect((await findPasswordHash(database.db, "ada@example.org"))?.passwordHash).toBe("h1");
  });

  it("refuses a second account with the same address in another casing", async () => {
    await createUser(database.db, { email: "grace@example.org", passwordHash: null });
    await expect(createUser(database.db, { email: "GRACE@example.org", passwordHash: null })).rejects.toBeInstanceOf(
      EmailTakenError,
    );
  });

  it("grants and revokes the admin role and counts active admins", async () => {
    const emmy = await createUser(database.db, { email: "emmy@example.org", passwordHash: null });
    const before = await countActiveAdmins(database.db);
    expect(await setRole(database.db, emmy.id, "admin")).toBe(true);
    expect((await findUserByEmail(database.db, "emmy@example.org"))?.role).toBe("admin");
    expect(await countActiveAdmins(database.db)).toBe(before + 1);
    expect(await setDisabled(database.db, emmy.id, true)).toBe(true);
    expect(await countActiveAdmins(database.db)).toBe(before);
    expect(await setDisabled(database.db, emmy.id, false)).toBe(true);
    expect(await setRole(database.db, emmy.id, "user")).toBe(true);
    expect(await countActiveAdmins(database.db)).toBe(before);
    expect(await setRole(database.db, crypto.randomUUID(), "admin")).toBe(false);
  });

  it("treats active and trialing subscriptions as premium, and nothing else", async () => {
    const user = await createUser(database.db, { email: "sophie@example.org", passwordHash: null });
    for (const [status, premium] of [
      ["active", true],
      ["trialing", true],
      ["past_due", false],
      ["canceled", false],
      [null, false],
    ] as const) {
      await setSubscriptionStatus(database.db, user.id, status);
      expect((await findUserByEmail(database.db, user.email))?.isPremium, String(status)).toBe(premium);
    }
  });
});
