import { sql, type Kysely } from "kysely";
import type { DialectName } from "#database/connection";

/** Everything a migration could change: the schema as the database describes it, and every row of every table. */
export interface DatabaseSnapshot {
  schema: unknown[];
  rows: Record<string, string[]>;
}

export async function snapshotDatabase<DB>(db: Kysely<DB>, dialect: DialectName): Promise<DatabaseSnapshot> {
  const rows: Record<string, string[]> = {};
  for (const { name } of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    rows[name] = found.map((row) => JSON.stringify(row)).sort();
  }
  return { schema: await describeSchema(db, dialect), rows };
}

/** Tables, columns, constraints and indexes, in a stable order. */
async function describeSchema<DB>(db: Kysely<DB>, dialect: DialectName): Promise<unknown[]> {
  if (dialect === "sqlite") {
    const { rows } = await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
    return rows;
  }
  const columns = await sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = current_schema() order by 1, 2`.execute(db);
  const constraints = await sql`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`.execute(db);
  const indexes = await sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1, 2`.execute(
    db,
  );
  return [...columns.rows, ...constraints.rows, ...indexes.rows];
}
