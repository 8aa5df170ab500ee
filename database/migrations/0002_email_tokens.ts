import type { Kysely } from "kysely";

/** Single-use links sent by e-mail (sign-up confirmation first; reset and e-mail change later). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("email_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("password_hash", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("email_tokens_expires_at_idx").on("email_tokens").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_tokens").execute();
}
