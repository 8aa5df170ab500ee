import { sql, type Kysely } from "kysely";
import type { DialectName } from "#database/connection";
import { foreignKeys, type ForeignKey } from "./user-references";

/** One row written by insertSchemaRows, and the columns that find it again. */
export interface SchemaRow {
  table: string;
  key: string[];
  values: Record<string, string | number>;
}

/**
 * Values the schema's CHECK constraints allow, by table and column (every other column gets a value made
 * from its name and type). A column missing here fails the insert with the constraint's name.
 */
const CHECKED_VALUES: Record<string, string | number> = {
  "chapters.access": "free",
  "subscriptions.cancel_at_period_end": 1,
  "subscriptions.plan": "monthly",
  "subscriptions.provider": "test",
  "billing_customers.provider": "test",
  "checkouts.provider": "test",
  "checkouts.plan": "monthly",
  "checkouts.state": "open",
  "payment_events.state": "done",
  "quiz_question_revisions.difficulty": 1,
  "quiz_items.difficulty": 2,
  "quiz_sets.kind": "quiz",
  "quiz_attempts.mode": "practice",
  "prime_records.kind": "mersenne",
  "prime_record_revisions.source": "editor",
  "section_revisions.source": "editor",
  "contact_messages.kind": "contact",
  "todo_items.priority": "high",
  "todo_items.status": "doing",
  "exercise_answers.correct": 1,
  "exercise_answers.revealed": 0,
  "daily_goals.kind": "minutes",
  "daily_goals.target": 15,
};

/** The schema's keys, read once: the PostgreSQL catalog takes a good part of a second to ask. */
export interface SchemaKeys {
  foreign: ForeignKey[];
  primary: Map<string, string[]>;
}

/**
 * The keys of the latest schema, for older ones too: a key an older version had and the latest lacks
 * fails that version's insert, loudly.
 */
export async function readSchemaKeys<DB>(db: Kysely<DB>, dialect: DialectName): Promise<SchemaKeys> {
  return { foreign: await foreignKeys(db, dialect), primary: await primaryKeyColumns(db, dialect) };
}

/**
 * Writes one row into every table of the schema as it stands (parents before children), each value made
 * from the table, the column and `tag`, so rows written at different versions never collide; foreign
 * keys point at the rows written with them. `overrides` sets chosen values ("table.column").
 */
export async function insertSchemaRows<DB>(
  db: Kysely<DB>,
  { foreign, primary }: SchemaKeys,
  tag: number,
  overrides: Record<string, string | number> = {},
): Promise<SchemaRow[]> {
  const tables = (await db.introspection.getTables()).filter((table) => !table.name.startsWith("kysely_"));
  const present = (key: ForeignKey) =>
    tables.some((table) => table.name === key.table && table.columns.some((column) => column.name === key.column));
  const keys = foreign.filter(present);
  const written = new Map<string, SchemaRow>();
  const pending = [...tables];
  while (pending.length > 0) {
    const ready = pending.findIndex((table) =>
      keys.every(
        (key) => key.table !== table.name || key.referencedTable === table.name || written.has(key.referencedTable),
      ),
    );
    if (ready === -1)
      throw new Error(`Foreign keys form a cycle among ${pending.map((table) => table.name).join(", ")}`);
    const [table] = pending.splice(ready, 1);
    const values: Record<string, string | number> = {};
    for (const column of table!.columns) {
      const name = `${table!.name}.${column.name}`;
      values[column.name] =
        overrides[name] ?? CHECKED_VALUES[name] ?? (/int/i.test(column.dataType) ? tag : `${tag}:${name}`);
    }
    for (const key of keys.filter((key) => key.table === table!.name)) {
      const parent = key.referencedTable === table!.name ? values : written.get(key.referencedTable)!.values;
      values[key.column] = parent[key.referencedColumn]!;
    }
    const columns = Object.keys(values);
    await sql`insert into ${sql.table(table!.name)} (${sql.join(columns.map((column) => sql.ref(column)))})
              values (${sql.join(columns.map((column) => values[column]))})`.execute(db);
    written.set(table!.name, { table: table!.name, key: primary.get(table!.name) ?? columns, values });
  }
  return [...written.values()];
}

/** Every table's primary-key columns in key order, in one query (user-references.ts asks per table). */
async function primaryKeyColumns<DB>(db: Kysely<DB>, dialect: DialectName): Promise<Map<string, string[]>> {
  const { rows } =
    dialect === "sqlite"
      ? await sql<{ table: string; column: string }>`
          select m.name as "table", p.name as "column" from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and p.pk > 0 order by m.name, p.pk`.execute(db)
      : await sql<{ table: string; column: string }>`
          select kcu.table_name as "table", kcu.column_name as "column"
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
          where tc.constraint_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
          order by kcu.table_name, kcu.ordinal_position`.execute(db);
  const keys = new Map<string, string[]>();
  for (const { table, column } of rows) keys.set(table, [...(keys.get(table) ?? []), column]);
  return keys;
}
