import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readSettings, SETTINGS, writeSetting } from "./app-settings.server";
import { createUser } from "./user.server";

describe.each(testDialects)("application settings on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("are the defaults until an admin changes them", async () => {
    expect(await readSettings(database.db)).toEqual({
      freeQuizAttemptsPerDay: SETTINGS.freeQuizAttemptsPerDay.defaultValue,
      learnerSessionIdleDays: 14,
      adminSessionIdleHours: 12,
      planCurrency: "EUR",
      monthlyPriceMinor: 499,
      yearlyPriceMinor: 3999,
      trialDays: 7,
      analyticsRetentionDays: 90,
      featureFlags: { signUp: true, oidc: true, passkeys: true, assistant: true, push: true, analytics: true },
      maintenanceBanner: null,
    });
  });

  it("keep the newest value written, with who wrote it", async () => {
    const admin = await createUser(database.db, { email: "settings@example.org", passwordHash: null });
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 3, admin.id);
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 8, admin.id);
    expect((await readSettings(database.db)).freeQuizAttemptsPerDay).toBe(8);
    const row = await database.db.selectFrom("app_settings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: "freeQuizAttemptsPerDay", value: "8", updated_by: admin.id });
  });

  it("refuse a value outside the setting's range and change nothing", async () => {
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 4, null);
    await expect(writeSetting(database.db, "freeQuizAttemptsPerDay", -1, null)).rejects.toThrow();
    await expect(writeSetting(database.db, "freeQuizAttemptsPerDay", 2.5, null)).rejects.toThrow();
    expect((await readSettings(database.db)).freeQuizAttemptsPerDay).toBe(4);
  });

  it("keep prices in minor units and the currency as one of the plan currencies", async () => {
    await writeSetting(database.db, "planCurrency", "JPY", null);
    await writeSetting(database.db, "monthlyPriceMinor", 600, null);
    await expect(writeSetting(database.db, "planCurrency", "XXX" as never, null)).rejects.toThrow();
    await expect(writeSetting(database.db, "yearlyPriceMinor", 49, null)).rejects.toThrow();
    await expect(writeSetting(database.db, "yearlyPriceMinor", 39.99, null)).rejects.toThrow();
    expect(await readSettings(database.db)).toMatchObject({
      planCurrency: "JPY",
      monthlyPriceMinor: 600,
      yearlyPriceMinor: 3999,
    });
  });

  it("keep the feature switches, a flag missing from the stored value on and an unknown one dropped", async () => {
    await writeSetting(
      database.db,
      "featureFlags",
      { signUp: false, oidc: true, passkeys: true, assistant: true, push: false, analytics: true },
      null,
    );
    expect((await readSettings(database.db)).featureFlags).toEqual({
      signUp: false,
      oidc: true,
      passkeys: true,
      assistant: true,
      push: false,
      analytics: true,
    });
    // Stored by a version that knew fewer flags, or more: the others are on, the unknown one is ignored.
    await database.db
      .updateTable("app_settings")
      .set({ value: JSON.stringify({ signUp: false, retired: false }) })
      .where("key", "=", "featureFlags")
      .execute();
    expect((await readSettings(database.db)).featureFlags).toEqual({
      signUp: false,
      oidc: true,
      passkeys: true,
      assistant: true,
      push: true,
      analytics: true,
    });
    await expect(writeSetting(database.db, "featureFlags", { signUp: "no" } as never, null)).rejects.toThrow();
  });

  it("keep a maintenance banner only with text, a known level and its end after its start", async () => {
    const banner = {
      text: "Maintenance at 18:00 UTC.",
      level: "warning" as const,
      from: "2030-01-01T17:00:00.000Z",
      until: "2030-01-01T19:00:00.000Z",
    };
    await writeSetting(database.db, "maintenanceBanner", banner, null);
    expect((await readSettings(database.db)).maintenanceBanner).toEqual(banner);
    for (const bad of [
      { ...banner, text: "  " },
      { ...banner, text: "x".repeat(301) },
      { ...banner, text: "two\nlines" },
      { ...banner, level: "loud" },
      { ...banner, from: "yesterday" },
      { ...banner, until: banner.from },
    ]) {
      await expect(
        writeSetting(database.db, "maintenanceBanner", bad as never, null),
        JSON.stringify(bad),
      ).rejects.toThrow();
    }
    expect((await readSettings(database.db)).maintenanceBanner).toEqual(banner);
    await writeSetting(database.db, "maintenanceBanner", null, null);
    expect((await readSettings(database.db)).maintenanceBanner).toBeNull();
  });

  it("fall back to the default when a stored value is unreadable", async () => {
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 9, null);
    await database.db.updateTable("app_settings").set({ value: "{broken" }).execute();
    expect((await readSettings(database.db)).freeQuizAttemptsPerDay).toBe(SETTINGS.freeQuizAttemptsPerDay.defaultValue);
  });
});
