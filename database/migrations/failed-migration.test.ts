import { Migrator, sql, type Kysely, type Migration } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "../connection";
import { snapshotDatabase } from "#tests/setup/database-snapshot";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { migrations } from "./index";

const names = Object.keys(migrations);

/** A migration that changes the schema and the data, then fails. */
const failsHalfway: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("half_done")
      .addColumn("id", "text", (col) => col.primaryKey())
      .execute();
    await db.schema.alterTable("users").addColumn("half_done_at", "text").execute();
    await sql`update users set email = 'changed@example.org' where id = 'kept'`.execute(db);
    await sql`delete from contact_messages`.execute(db);
    throw new Error("failed halfway");
  },
};

describe.each(testDialects)("a failed migration on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("leaves the database as it was, even the migrations run before it in the same batch", async () => {
    // A database one release behind, with data.
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(names.at(-2)!)).error).toBeUndefined();
    await sql`insert into users (id, email, password_hash, role, created_at, updated_at)
              values ('kept', 'kept@example.org', null, 'user', 't', 't')`.execute(database.db);
    await sql`insert into contact_messages (id, name, email, subject, message, user_id, created_at)
              values ('m', 'Kept', 'kept@example.org', 'Question report: q', 'text', 'kept', 't')`.execute(database.db);
    const before = await snapshotDatabase(database.db, dialect);

    await expect(migrateToLatest(database.db, { ...migrations, "9999_fails_halfway": failsHalfway })).rejects.toThrow(
      "Database migration failed (9999_fails_halfway): failed halfway",
    );
    expect(await snapshotDatabase(database.db, dialect)).toEqual(before);

    // The app still starts: the real migrations apply as usual.
    expect(await migrateToLatest(database.db)).toEqual([names.at(-1)]);
    const { rows } = await sql<{ email: string }>`select email from users where id = 'kept'`.execute(database.db);
    expect(rows).toEqual([{ email: "kept@example.org" }]);
  });
});
