import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { migrations } from "./index";

const migration = migrations["0010_subscriptions"]!;

describe.each(testDialects)("migration 0010: subscriptions on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("turns premium set by the old status column into a year of audited-as-such complimentary premium", async () => {
    await migration.down!(database.db);
    const insert = (id: string, status: string | null) =>
      sql`insert into users (id, email, password_hash, role, subscription_status, created_at, updated_at)
          values (${id}, ${`${id}@example.org`}, null, 'user', ${status}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        database.db,
      );
    await insert("was-active", "active");
    await insert("was-trialing", "trialing");
    await insert("was-past-due", "past_due");
    await insert("was-free", null);

    const before = Date.now();
    await migration.up(database.db);
    const users = await sql<{ id: string; premium_until: string | null }>`
      select id, premium_until from users where id like 'was-%' order by id`.execute(database.db);
    const until = new Map(users.rows.map((row) => [row.id, row.premium_until]));
    expect(until.get("was-free")).toBeNull();
    expect(until.get("was-past-due")).toBeNull();
    for (const id of ["was-active", "was-trialing"]) {
      const end = Date.parse(until.get(id) ?? "");
      expect(end - before).toBeGreaterThanOrEqual(364 * 24 * 60 * 60 * 1000);
      expect(end - before).toBeLessThanOrEqual(366 * 24 * 60 * 60 * 1000);
    }
    const grants = await sql<{ user_id: string; until: string; revoked_at: string | null }>`
      select user_id, until, revoked_at from complimentary_grants order by user_id`.execute(database.db);
    expect(grants.rows).toEqual([
      { user_id: "was-active", until: until.get("was-active"), revoked_at: null },
      { user_id: "was-trialing", until: until.get("was-trialing"), revoked_at: null },
    ]);
    const columns = (await database.db.introspection.getTables())
      .find((table) => table.name === "users")
      ?.columns.map((column) => column.name);
    expect(columns).toContain("premium_until");
    expect(columns).not.toContain("subscription_status");
  });

  it("allows one checkout in progress per account, and any number of finished ones", async () => {
    await sql`insert into users (id, email, password_hash, role, created_at, updated_at)
              values ('buyer', 'buyer@example.org', null, 'user', 't', 't')`.execute(database.db);
    const checkout = (id: string, state: string) =>
      sql`insert into checkouts (id, user_id, provider, plan, amount_minor, currency, trial_days, state, created_at, updated_at)
          values (${id}, 'buyer', 'test', 'monthly', 499, 'EUR', 7, ${state}, 't', 't')`.execute(database.db);
    await checkout("a", "complete");
    await checkout("b", "expired");
    await checkout("c", "open");
    await expect(checkout("d", "opening")).rejects.toThrow();
    await expect(checkout("e", "open")).rejects.toThrow();
    await checkout("f", "failed");
  });
});
