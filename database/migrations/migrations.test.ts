import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { migrations } from "./index";

describe.each(testDialects)("migrations on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("are applied once: a second run applies nothing", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it("create every table the schema names", async () => {
    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["users", "sessions", "contact_messages", "rate_limits"]));
  });

  it("enforce foreign keys: a session needs an existing user", async () => {
    await expect(
      database.db
        .insertInto("sessions")
        .values({ id: "x", user_id: "missing", created_at: "t", expires_at: "t", user_agent: null })
        .execute(),
    ).rejects.toThrow();
  });

  it("can be rolled back to nothing and applied again", async () => {
    const names = Object.keys(migrations).reverse();
    for (const name of names) await migrations[name]!.down!(database.db);
    const left = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(left.filter((name) => !name.startsWith("kysely_"))).toEqual([]);
    await sql`delete from kysely_migration`.execute(database.db);
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
  });
});
