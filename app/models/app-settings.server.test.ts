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

  it("fall back to the default when a stored value is unreadable", async () => {
    await writeSetting(database.db, "freeQuizAttemptsPerDay", 9, null);
    await database.db.updateTable("app_settings").set({ value: "{broken" }).execute();
    expect((await readSettings(database.db)).freeQuizAttemptsPerDay).toBe(SETTINGS.freeQuizAttemptsPerDay.defaultValue);
  });
});
