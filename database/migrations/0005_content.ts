import { sql, type Kysely } from "kysely";

/**
 * Lessons move into the database: chapters, their sections, every revision
 * of a section (the admin editor's history), and which sections each reader
 * has marked as read. The unique (section_id, number) index is the lock
 * that lets only one of two saves from the same revision win.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chapters")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("summary", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("access", "text", (col) => col.notNull().check(sql`access in ('free', 'premium')`))
    .addColumn("published_at", "text")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("edited_in_app_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sections")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("chapter_id", "text", (col) => col.notNull().references("chapters.id").onDelete("cascade"))
    .addColumn("slug", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("published_at", "text")
    .addColumn("current_revision", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    // Starts with chapter_id, so it also serves listing a chapter's sections.
    .addUniqueConstraint("sections_chapter_id_slug_key", ["chapter_id", "slug"])
    .execute();

  await db.schema
    .createTable("section_revisions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("section_id", "text", (col) => col.notNull().references("sections.id").onDelete("cascade"))
    .addColumn("number", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('import', 'editor', 'restore')`))
    .addColumn("based_on", "integer")
    .addColumn("restored_from", "integer")
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("section_revisions_section_id_number_key", ["section_id", "number"])
    .execute();
  // Deleting a user sets author_id to null: without this index PostgreSQL would scan every revision.
  await db.schema.createIndex("section_revisions_author_id_idx").on("section_revisions").column("author_id").execute();

  await db.schema
    .createTable("section_progress")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("section_id", "text", (col) => col.notNull().references("sections.id").onDelete("cascade"))
    .addColumn("read_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("section_progress_pkey", ["user_id", "section_id"])
    .execute();
  // The primary key serves lookups by user; this one the cascade when a section is deleted.
  await db.schema.createIndex("section_progress_section_id_idx").on("section_progress").column("section_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["section_progress", "section_revisions", "sections", "chapters"]) {
    await db.schema.dropTable(table).execute();
  }
}
