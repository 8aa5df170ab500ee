import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readSettings } from "#app/models/app-settings.server";
import { createUser, type User } from "#app/models/user.server";
import { userContext } from "#app/http/request-context";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./application");

/** Every field as the page shows it with the defaults; a test overrides the ones it changes. */
const UNCHANGED = {
  planCurrency: "EUR",
  monthlyPrice: "4.99",
  yearlyPrice: "39.99",
  trialDays: "7",
  freeQuizAttemptsPerDay: "5",
  learnerSessionIdleDays: "14",
  adminSessionIdleHours: "12",
  analyticsRetentionDays: "90",
};

describe.each(testDialects)("/admin/application on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let admin: User;

  async function save(form: Record<string, string>) {
    current.handle = database;
    admin ??= await createUser(database.db, { email: "settings-admin@example.org", passwordHash: null, role: "admin" });
    const context = requestContext("192.0.2.1");
    context.set(userContext, admin);
    const request = formPost("http://localhost:3000/admin/application", { ...UNCHANGED, ...form });
    return actionResult(await action({ request, context, params: {} } as never));
  }
  const audit = () =>
    database.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "settings.update")
      .orderBy("created_at")
      .execute()
      .then((rows) => rows.map((row) => JSON.parse(row.details!) as unknown));

  /** Back to the default settings; returns the audit entries written from here on. */
  async function fromDefaults() {
    await database.db.deleteFrom("app_settings").execute();
    const since = (await audit()).length;
    return async () => (await audit()).slice(since);
  }

  it("shows the idle timeouts beside the quiz limit, with their bounds and defaults", async () => {
    current.handle = database;
    const { settings, bounds } = await loader();
    expect(settings).toMatchObject({ learnerSessionIdleDays: 14, adminSessionIdleHours: 12 });
    expect(bounds).toMatchObject({
      learnerSessionIdleDays: { min: 1, max: 30, defaultValue: 14 },
      adminSessionIdleHours: { min: 1, max: 168, defaultValue: 12 },
    });
  });

  it("saves changed settings and audits each change, and only the changes", async () => {
    const saved = await save({ freeQuizAttemptsPerDay: "5", learnerSessionIdleDays: "7", adminSessionIdleHours: "4" });
    expect(saved.status).toBe(200);
    expect(await readSettings(database.db)).toEqual({
      freeQuizAttemptsPerDay: 5,
      learnerSessionIdleDays: 7,
      adminSessionIdleHours: 4,
      planCurrency: "EUR",
      monthlyPriceMinor: 499,
      yearlyPriceMinor: 3999,
      trialDays: 7,
      analyticsRetentionDays: 90,
      featureFlags: { signUp: true, oidc: true, passkeys: true, assistant: true, push: true, analytics: true },
      maintenanceBanner: null,
    });
    expect(await audit()).toEqual([
      { setting: "learner session idle days", from: 14, to: 7 },
      { setting: "administrator session idle hours", from: 12, to: 4 },
    ]);
  });

  it("keeps raw analytics events between 7 and 730 days, 90 unless changed", async () => {
    const audited = await fromDefaults();
    expect((await save({ analyticsRetentionDays: "6" })).data).toMatchObject({
      errors: { analyticsRetentionDays: "At least 7." },
    });
    expect((await save({ analyticsRetentionDays: "731" })).data).toMatchObject({
      errors: { analyticsRetentionDays: "At most 730." },
    });
    expect(await readSettings(database.db)).toMatchObject({ analyticsRetentionDays: 90 });
    expect((await save({ analyticsRetentionDays: "30" })).status).toBe(200);
    expect(await readSettings(database.db)).toMatchObject({ analyticsRetentionDays: 30 });
    expect(await audited()).toEqual([{ setting: "analytics retention days", from: 90, to: 30 }]);
  });

  it("refuses values out of range, naming each field, and changes nothing", async () => {
    const before = await readSettings(database.db);
    const refused = await save({
      freeQuizAttemptsPerDay: "5",
      learnerSessionIdleDays: "0",
      adminSessionIdleHours: "2.5",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      errors: { learnerSessionIdleDays: "At least 1.", adminSessionIdleHours: "Enter a whole number of hours." },
      values: {
        ...UNCHANGED,
        freeQuizAttemptsPerDay: "5",
        learnerSessionIdleDays: "0",
        adminSessionIdleHours: "2.5",
      },
    });
    const tooLong = await save({
      freeQuizAttemptsPerDay: "5",
      learnerSessionIdleDays: "31",
      adminSessionIdleHours: "",
    });
    expect(tooLong.data).toMatchObject({ errors: { learnerSessionIdleDays: "At most 30." } });
    expect((tooLong.data as { errors: Record<string, string> }).errors.adminSessionIdleHours).toBeDefined();
    expect(await readSettings(database.db)).toEqual(before);
  });

  it("shows the plans' prices as typed, with what the yearly plan saves", async () => {
    current.handle = database;
    await fromDefaults();
    const { prices, priceSummary } = await loader();
    expect(prices).toEqual({ planCurrency: "EUR", monthlyPrice: "4.99", yearlyPrice: "39.99" });
    // 12 × 4.99 = 59.88, and 1 − 39.99 / 59.88 ≈ 0.332.
    expect(priceSummary).toBe("At the saved prices, 12 monthly payments come to €59.88: the yearly plan saves 33 %.");
  });

  it("stores prices in minor units, read exactly from what was typed, and audits them as money", async () => {
    const audited = await fromDefaults();
    const saved = await save({ monthlyPrice: "5,49", yearlyPrice: "49", trialDays: "14" });
    expect(saved.status).toBe(200);
    expect(await readSettings(database.db)).toMatchObject({
      planCurrency: "EUR",
      monthlyPriceMinor: 549,
      yearlyPriceMinor: 4900,
      trialDays: 14,
    });
    expect(await audited()).toEqual([
      { setting: "monthly price", from: "€4.99", to: "€5.49" },
      { setting: "yearly price", from: "€39.99", to: "€49.00" },
      { setting: "trial days", from: 7, to: 14 },
    ]);
  });

  it("takes prices in the currency chosen with them", async () => {
    const audited = await fromDefaults();
    await save({ planCurrency: "JPY", monthlyPrice: "600", yearlyPrice: "6000" });
    expect(await readSettings(database.db)).toMatchObject({
      planCurrency: "JPY",
      monthlyPriceMinor: 600,
      yearlyPriceMinor: 6000,
    });
    expect(await audited()).toEqual([
      { setting: "plan currency", from: "EUR", to: "JPY" },
      { setting: "monthly price", from: "€4.99", to: "¥600" },
      { setting: "yearly price", from: "€39.99", to: "¥6,000" },
    ]);
  });

  it("refuses prices it cannot charge, naming each field, and changes nothing", async () => {
    const audited = await fromDefaults();
    const before = await readSettings(database.db);
    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{ planCurrency: "JPY" }, { monthlyPrice: "JPY has no smaller unit: enter a whole amount." }],
      [{ monthlyPrice: "0.20" }, { monthlyPrice: "At least €0.50." }],
      [{ monthlyPrice: "4.999", yearlyPrice: "" }, { monthlyPrice: "At most 2 decimals." }],
      [
        { yearlyPrice: "59.88" },
        { yearlyPrice: "Less than 12 monthly payments (€59.88), or the yearly plan saves nothing." },
      ],
      [{ planCurrency: "XXX" }, { planCurrency: "Choose one of the listed currencies." }],
      [{ trialDays: "31" }, { trialDays: "At most 30." }],
    ];
    for (const [form, errors] of refusals) {
      const refused = await save(form);
      expect(refused.status).toBe(400);
      expect((refused.data as { errors: Record<string, string> }).errors).toMatchObject(errors);
    }
    expect(await readSettings(database.db)).toEqual(before);
    expect(await audited()).toEqual([]);
  });
});
