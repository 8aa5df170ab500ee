import { Migrator, NO_MIGRATIONS, sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { DialectName } from "../connection";
import { insertSchemaRows, readSchemaKeys, type SchemaRow } from "#tests/setup/schema-rows";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { migrations } from "./index";

const names = Object.keys(migrations);

/** Values that make a migration transform a row, by the migration they are written before. */
const TRANSFORMED_INPUT: Record<string, Record<string, string>> = {
  "0010_subscriptions": { "users.subscription_status": "active" },
  "0015_admin_workspace": { "contact_messages.subject": "Question report: a wrong answer key" },
};

/** What each of those migrations does to the row written with its input (`tag` is the version it was written at). */
const TRANSFORMATIONS: Record<string, (db: Kysely<unknown>, tag: number) => Promise<void>> = {
  // Accounts made before e-mail confirmation counted as confirmed.
  "0003_accounts": async (db, tag) => {
    const { rows } = await sql<{ verified: string | null }>`
      select email_verified_at as verified from users where id = ${`${tag}:users.id`}`.execute(db);
    expect(rows).toEqual([{ verified: `${tag}:users.created_at` }]);
  },
  "0010_subscriptions": async (db, tag) => {
    const { rows } = await sql<{ until: string | null; grants: number | string }>`
      select premium_until as until, (select count(*) from complimentary_grants g where g.user_id = u.id) as grants
      from users u where id = ${`${tag}:users.id`}`.execute(db);
    expect(rows[0]?.until).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Number(rows[0]?.grants)).toBe(1);
  },
  "0015_admin_workspace": async (db, tag) => {
    const { rows } = await sql<{ kind: string }>`
      select kind from contact_messages where id = ${`${tag}:contact_messages.id`}`.execute(db);
    expect(rows).toEqual([{ kind: "question_report" }]);
  },
};

/**
 * Each row written so far as it is now and as it was written, in the columns both it and its table still
 * have (none when the table is gone); `now` is undefined when the row is gone.
 */
async function readBack(db: Kysely<unknown>, rows: SchemaRow[]) {
  const tables = new Map((await db.introspection.getTables()).map((table) => [table.name, table]));
  const contents = new Map<string, Record<string, unknown>[]>();
  for (const name of new Set(rows.map((row) => row.table))) {
    if (!tables.has(name)) continue;
    contents.set(name, (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows);
  }
  return rows.map((row) => {
    const columns = (tables.get(row.table)?.columns ?? [])
      .map((column) => column.name)
      .filter((name) => name in row.values);
    const pick = (values: Record<string, unknown>) =>
      Object.fromEntries(columns.map((column) => [column, String(values[column])]));
    const found = contents
      .get(row.table)
      ?.find((stored) => row.key.every((column) => String(stored[column]) === String(row.values[column])));
    return { row, now: tables.has(row.table) ? found && pick(found) : {}, written: pick(row.values) };
  });
}

async function upgradeWithData(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const keys = await readSchemaKeys(db, dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
  const written: SchemaRow[] = [];
  for (const [index, name] of names.entries()) {
    // The previous release's schema, with rows in every table: those written now and at each release before.
    const rows = await db.transaction().execute((trx) => insertSchemaRows(trx, keys, index, TRANSFORMED_INPUT[name]));
    written.push(...rows);
    const { error } = await migrator.migrateTo(name);
    expect(error, name).toBeUndefined();
    for (const { row, now, written: then } of await readBack(db, written)) {
      expect(now, `${name}: the row of ${row.table} with ${JSON.stringify(row.values[row.key[0]!])}`).toEqual(then);
    }
    await TRANSFORMATIONS[name]?.(db, index);
  }
}

describe.each(testDialects)("each migration on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("upgrades the previous release's schema with a row in every table, keeping every row", async () => {
    await upgradeWithData(database.db as Kysely<unknown>, dialect);
  });
});
