import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readSettings } from "#app/models/app-settings.server";
import { createChapter, findChapterById, updateChapter } from "#app/models/chapter.server";
import { currentSettings } from "#app/settings/current-settings.server";
import { testClock } from "#tests/setup/test-clock";
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

  /** A form of the page other than the numbers, sent as the admin. */
  async function send(form: Record<string, string | string[]>) {
    current.handle = database;
    admin ??= await createUser(database.db, { email: "settings-admin@example.org", passwordHash: null, role: "admin" });
    const context = requestContext("192.0.2.1");
    context.set(userContext, admin);
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
    }
    const request = new Request("http://localhost:3000/admin/application", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    return actionResult(await action({ request, context, params: {} } as never));
  }

  it("switches one feature at a time, audits each switch, and this instance sees it at once", async () => {
    const audited = await fromDefaults();
    current.handle = database;
    // Read (and cached) before the switch, as any request would have.
    expect((await currentSettings(database.db)).featureFlags.signUp).toBe(true);
    const off = await send({ intent: "feature", feature: "signUp", enabled: "off" });
    expect(off).toMatchObject({ status: 200, data: { form: "features", message: "Sign-up is off." } });
    expect((await readSettings(database.db)).featureFlags).toEqual({
      signUp: false,
      oidc: true,
      passkeys: true,
      assistant: true,
      push: true,
      analytics: true,
    });
    expect((await currentSettings(database.db)).featureFlags.signUp).toBe(false);
    // Pressed again from an older page: already off, nothing written or audited.
    await send({ intent: "feature", feature: "signUp", enabled: "off" });
    await send({ intent: "feature", feature: "push", enabled: "off" });
    await send({ intent: "feature", feature: "signUp", enabled: "on" });
    expect((await readSettings(database.db)).featureFlags).toMatchObject({ signUp: true, push: false });
    expect(await audited()).toEqual([
      { setting: "feature: Sign-up", from: "on", to: "off" },
      { setting: "feature: Notifications (web push)", from: "on", to: "off" },
      { setting: "feature: Sign-up", from: "off", to: "on" },
    ]);
    await send({ intent: "feature", feature: "push", enabled: "on" });
  });

  it("refuses a switch of no known feature, and changes nothing", async () => {
    const audited = await fromDefaults();
    const before = await readSettings(database.db);
    expect(await send({ intent: "feature", feature: "payments", enabled: "off" })).toMatchObject({
      status: 400,
      data: { form: "features", error: "Choose one of the listed features." },
    });
    expect(await send({ intent: "feature", feature: "push", enabled: "maybe" })).toMatchObject({ status: 400 });
    expect(await send({ intent: "launch" })).toMatchObject({ status: 400, data: { form: "unknown" } });
    expect(await readSettings(database.db)).toEqual(before);
    expect(await audited()).toEqual([]);
  });

  it("puts up the banner with its times in UTC, audits it, and removes it", async () => {
    const audited = await fromDefaults();
    testClock.set("2030-04-01T10:00:00Z");
    const form = {
      intent: "banner",
      bannerText: " Maintenance tonight: the site is read-only from 18:00 to 19:00 UTC. ",
      bannerLevel: "warning",
      bannerFrom: "2030-04-01T17:30",
      bannerUntil: "2030-04-01T19:00",
    };
    expect(await send(form)).toMatchObject({ status: 200, data: { form: "banner", message: "Banner saved." } });
    const stored = {
      text: "Maintenance tonight: the site is read-only from 18:00 to 19:00 UTC.",
      level: "warning",
      from: "2030-04-01T17:30:00.000Z",
      until: "2030-04-01T19:00:00.000Z",
    };
    expect((await readSettings(database.db)).maintenanceBanner).toEqual(stored);
    expect((await currentSettings(database.db)).maintenanceBanner).toEqual(stored);
    expect(await send(form)).toMatchObject({ data: { message: "Nothing changed." } });

    const { banner } = await loader();
    expect(banner).toEqual({
      values: {
        bannerText: stored.text,
        bannerLevel: "warning",
        bannerFrom: "2030-04-01T17:30",
        bannerUntil: "2030-04-01T19:00",
      },
      status: {
        state: "later",
        text: "Waiting: shown to every visitor from 2030-04-01 17:30 UTC, until 2030-04-01 19:00 UTC.",
      },
    });

    expect(await send({ intent: "remove-banner" })).toMatchObject({ data: { message: "The banner is removed." } });
    expect((await readSettings(database.db)).maintenanceBanner).toBeNull();
    expect(await audited()).toEqual([
      {
        setting: "maintenance banner",
        from: "none",
        to: `warning “${stored.text}” from 2030-04-01 17:30 UTC until 2030-04-01 19:00 UTC`,
      },
      {
        setting: "maintenance banner",
        from: `warning “${stored.text}” from 2030-04-01 17:30 UTC until 2030-04-01 19:00 UTC`,
        to: "none",
      },
    ]);
  });

  it("refuses a banner without text or ending in the past, keeps what was typed, and changes nothing", async () => {
    const audited = await fromDefaults();
    testClock.set("2030-04-01T10:00:00Z");
    const refused = await send({
      intent: "banner",
      bannerText: "",
      bannerLevel: "info",
      bannerFrom: "2030-04-01T08:00",
      bannerUntil: "2030-04-01T09:00",
    });
    expect(refused).toEqual({
      status: 400,
      headers: expect.any(Headers),
      data: {
        form: "banner",
        errors: {
          bannerText: "Write the banner's text.",
          bannerUntil: "This time has passed (it is 2030-04-01 10:00 UTC now): choose a later end, or leave it empty.",
        },
        values: {
          bannerText: "",
          bannerLevel: "info",
          bannerFrom: "2030-04-01T08:00",
          bannerUntil: "2030-04-01T09:00",
        },
      },
    });
    expect(
      await send({
        intent: "banner",
        bannerText: "Up",
        bannerLevel: "info",
        bannerFrom: "2030-04-02T08:00",
        bannerUntil: "2030-04-02T07:00",
      }),
    ).toMatchObject({ status: 400, data: { errors: { bannerUntil: "The end must come after the start." } } });
    expect((await readSettings(database.db)).maintenanceBanner).toBeNull();
    expect(await audited()).toEqual([]);
  });

  it("makes the ticked chapters free through the content editor's save, audited", async () => {
    // After the earlier tests' times, so the audit log's order is the order of these changes.
    testClock.set("2031-01-01T00:00:00Z");
    const audited = await fromDefaults();
    const made = await Promise.all(
      ["free-a", "premium-b", "premium-c"].map((slug) =>
        createChapter(database.db, {
          slug: `${dialect}-${slug}`,
          title: `Chapter ${slug}`,
          summary: "A chapter.",
          access: slug.startsWith("free") ? "free" : "premium",
        }),
      ),
    );
    const [a, b, c] = made.map((result) => (result as { ok: true; chapter: { id: string; version: number } }).chapter);
    const shown = [a!, b!, c!].map((chapter) => `${chapter.id}:${chapter.version}`);
    // A becomes premium, B free, C stays premium.
    const saved = await send({ intent: "free-chapters", chapter: shown, free: b!.id });
    expect(saved).toMatchObject({ status: 200, data: { form: "chapters", message: "Access changed for 2 chapters." } });
    expect(await findChapterById(database.db, a!.id)).toMatchObject({ access: "premium", editedInApp: true });
    expect(await findChapterById(database.db, b!.id)).toMatchObject({ access: "free", version: b!.version + 1 });
    expect(await findChapterById(database.db, c!.id)).toMatchObject({ access: "premium", version: c!.version });
    expect(await audited()).toEqual([
      { setting: "access to the chapter “Chapter free-a”", from: "free", to: "premium" },
      { setting: "access to the chapter “Chapter premium-b”", from: "premium", to: "free" },
    ]);
    const { chapters } = await loader();
    expect(chapters.find((chapter) => chapter.id === b!.id)).toMatchObject({ access: "free", published: false });
  });

  it("refuses the whole list when a chapter changed since the page was read, and changes nothing", async () => {
    testClock.set("2031-01-02T00:00:00Z");
    const audited = await fromDefaults();
    const [x, y] = await Promise.all(
      ["x", "y"].map(async (slug) => {
        const made = await createChapter(database.db, {
          slug: `${dialect}-stale-${slug}`,
          title: `Stale ${slug}`,
          summary: "A chapter.",
          access: "premium",
        });
        return (made as { ok: true; chapter: { id: string; version: number; title: string; summary: string } }).chapter;
      }),
    );
    const shown = [x!, y!].map((chapter) => `${chapter.id}:${chapter.version}`);
    // Meanwhile, in the content editor, Y is made free.
    await updateChapter(database.db, {
      id: y!.id,
      version: y!.version,
      title: y!.title,
      summary: y!.summary,
      access: "free",
    });
    // This page still shows Y as premium and ticks X.
    const refused = await send({ intent: "free-chapters", chapter: shown, free: x!.id });
    expect(refused).toMatchObject({
      status: 409,
      data: {
        form: "chapters",
        error:
          "“Stale y” was changed after this page was opened (its access is free now), so nothing was changed. The list shows it as it is now: tick again and apply.",
      },
    });
    expect(await findChapterById(database.db, x!.id)).toMatchObject({ access: "premium", version: x!.version });
    expect(await findChapterById(database.db, y!.id)).toMatchObject({ access: "free" });
    expect(await audited()).toEqual([]);
    expect(await send({ intent: "free-chapters", chapter: "nonsense" })).toMatchObject({ status: 400 });
  });
});
