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

describe.each(testDialects)("/admin/application on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let admin: User;

  async function save(form: Record<string, string>) {
    current.handle = database;
    admin ??= await createUser(database.db, { email: "settings-admin@example.org", passwordHash: null, role: "admin" });
    const context = requestContext("192.0.2.1");
    context.set(userContext, admin);
    const request = formPost("http://localhost:3000/admin/application", form);
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
    });
    expect(await audit()).toEqual([
      { setting: "learner session idle days", from: 14, to: 7 },
      { setting: "administrator session idle hours", from: 12, to: 4 },
    ]);
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
      values: { freeQuizAttemptsPerDay: "5", learnerSessionIdleDays: "0", adminSessionIdleHours: "2.5" },
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
});
