import { sql, type Kysely } from "kysely";
import type { DialectName } from "#database/connection";

/** One column's foreign key, read from the database itself. */
export interface ForeignKey {
  table: string;
  column: string;
  referencedTable: string;
  referencedColumn: string;
  /** Lower case: "cascade", "set null", "no action", … */
  onDelete: string;
}

/** A column that names a user: a foreign key to users, or a column called user_id or *_user_id. */
export interface UserReference {
  table: string;
  column: string;
  /** Null when only the column's name says it refers to a user. */
  onDelete: string | null;
}

/** Every foreign key of the schema: SQLite's pragma foreign_key_list, PostgreSQL's information_schema. */
export async function foreignKeys<DB>(db: Kysely<DB>, dialect: DialectName): Promise<ForeignKey[]> {
  if (dialect === "sqlite") {
    const { rows } = await sql<{ table: string; from: string; to: string; on_delete: string; ref: string }>`
      select m.name as "table", f."from", f."to", f.on_delete, f."table" as ref
      from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table'`.execute(db);
    return rows.map((row) => ({
      table: row.table,
      column: row.from,
      referencedTable: row.ref,
      referencedColumn: row.to,
      onDelete: row.on_delete.toLowerCase(),
    }));
  }
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    referenced_table: string;
    referenced_column: string;
    delete_rule: string;
  }>`
    select kcu.table_name, kcu.column_name, ccu.table_name as referenced_table,
           ccu.column_name as referenced_column, rc.delete_rule
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_schema = rc.constraint_schema and ccu.constraint_name = rc.constraint_name
    where rc.constraint_schema = current_schema()`.execute(db);
  return rows.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    referencedTable: row.referenced_table,
    referencedColumn: row.referenced_column,
    onDelete: row.delete_rule.toLowerCase(),
  }));
}

const USER_COLUMN_NAME = /^(?:.+_)?user_id$/;

/** Every column of the schema that refers to a user, whether or not a foreign key says so. */
export async function userReferences<DB>(db: Kysely<DB>, dialect: DialectName): Promise<UserReference[]> {
  const keys = (await foreignKeys(db, dialect)).filter((key) => key.referencedTable === "users");
  const references: UserReference[] = keys.map(({ table, column, onDelete }) => ({ table, column, onDelete }));
  for (const table of await db.introspection.getTables()) {
    for (const column of table.columns) {
      const named = USER_COLUMN_NAME.test(column.name);
      if (named && !references.some((ref) => ref.table === table.name && ref.column === column.name)) {
        references.push({ table: table.name, column: column.name, onDelete: null });
      }
    }
  }
  return references.sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

/** The primary-key columns of a table, in key order. */
export async function primaryKeys<DB>(db: Kysely<DB>, dialect: DialectName, table: string): Promise<string[]> {
  if (dialect === "sqlite") {
    const { rows } = await sql<{ name: string }>`
      select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ column_name: string }>`
    select kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
    where tc.constraint_schema = current_schema() and tc.table_name = ${table} and tc.constraint_type = 'PRIMARY KEY'
    order by kcu.ordinal_position`.execute(db);
  return rows.map((row) => row.column_name);
}
