import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { testClock } from "#tests/setup/test-clock";
import {
  countActiveAdmins,
  createUser,
  EmailTakenError,
  findPasswordHash,
  findUserByEmail,
  setDisabled,
  setRole,
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

  it("is premium while premium_until is ahead of the clock, and not from that instant on", async () => {
    const user = await createUser(database.db, { email: "sophie@example.org", passwordHash: null });
    expect(user).toMatchObject({ isPremium: false, premiumUntil: null });
    testClock.set("2030-01-01T00:00:00.000Z");
    const until = "2030-01-02T00:00:00.000Z";
    await database.db.updateTable("users").set({ premium_until: until }).where("id", "=", user.id).execute();
    expect(await findUserByEmail(database.db, user.email)).toMatchObject({ isPremium: true, premiumUntil: until });
    testClock.set("2030-01-01T23:59:59.999Z");
    expect((await findUserByEmail(database.db, user.email))?.isPremium).toBe(true);
    testClock.set(until);
    expect((await findUserByEmail(database.db, user.email))?.isPremium).toBe(false);
  });
});
