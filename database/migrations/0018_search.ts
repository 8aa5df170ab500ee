import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * Full-text search (issue 26): one row per thing a search can find (a section, a definition, a theorem,
 * an exercise, a tool), kept in step with the content by app/models/search.server.ts. The index over it
 * is each dialect's own: a weighted `tsvector` column with a GIN index on PostgreSQL, an FTS5 table kept
 * by triggers on SQLite (Porter stemming on both, so "primes" finds "prime").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("search_documents")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) =>
      col.notNull().check(sql`kind in ('section', 'definition', 'theorem', 'exercise', 'tool')`),
    )
    // Null for tools; a section's documents go with it.
    .addColumn("section_id", "text", (col) => col.references("sections.id").onDelete("cascade"))
    // The section's revision these were made from (for tools: their list's version), to tell stale rows.
    .addColumn("revision", "integer", (col) => col.notNull())
    // The element id the result opens at in its chapter (the section's or a box's), or a tool's path.
    .addColumn("target", "text", (col) => col.notNull())
    // Order within a section, for ties.
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("search_documents_section_id_idx").on("search_documents").column("section_id").execute();

  if (postgres) {
    // Titles weigh more than bodies (A against B in ts_rank).
    await sql`alter table search_documents add column search_vector tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')
    ) stored`.execute(db);
    await sql`create index search_documents_search_vector_idx on search_documents using gin (search_vector)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table search_index using fts5(
    document_id unindexed, title, body, tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger search_documents_after_insert after insert on search_documents begin
    insert into search_index (document_id, title, body) values (new.id, new.title, new.body);
  end`.execute(db);
  await sql`create trigger search_documents_after_update after update on search_documents begin
    delete from search_index where document_id = old.id;
    insert into search_index (document_id, title, body) values (new.id, new.title, new.body);
  end`.execute(db);
  // Also fired by the cascade when a section is deleted.
  await sql`create trigger search_documents_after_delete after delete on search_documents begin
    delete from search_index where document_id = old.id;
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await sql`drop table search_index`.execute(db);
  await db.schema.dropTable("search_documents").execute();
}
