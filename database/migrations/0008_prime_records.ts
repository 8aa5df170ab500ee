import { sql, type Kysely } from "kysely";

/**
 * The records of /prime-discoveries (known Mersenne primes, the history of
 * the largest known prime, record holders by form), seeded from
 * content/prime-records.json and edited in /admin/content with a revision per
 * save, like sections. `natural_key` names a record within its kind (an
 * exponent, a number written out) so a newer data file adds only what is new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("prime_records")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('mersenne', 'largest', 'form')`))
    .addColumn("natural_key", "text", (col) => col.notNull())
    .addColumn("published_at", "text")
    // Set once, when the record is first published: only then is it announced.
    .addColumn("first_published_at", "text")
    .addColumn("current_revision", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("prime_records_kind_natural_key_key", ["kind", "natural_key"])
    .execute();

  await db.schema
    .createTable("prime_record_revisions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("record_id", "text", (col) => col.notNull().references("prime_records.id").onDelete("cascade"))
    .addColumn("number", "integer", (col) => col.notNull())
    // JSON of the record, as core/primes/prime-records.ts describes its kind.
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('import', 'editor')`))
    .addColumn("based_on", "integer")
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("prime_record_revisions_record_id_number_key", ["record_id", "number"])
    .execute();
  await db.schema
    .createIndex("prime_record_revisions_author_id_idx")
    .on("prime_record_revisions")
    .column("author_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["prime_record_revisions", "prime_records"]) {
    await db.schema.dropTable(table).execute();
  }
}
