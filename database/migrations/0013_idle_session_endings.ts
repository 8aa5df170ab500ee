import type { Kysely } from "kysely";

/**
 * Sessions ended by the idle timeout, kept until the lifetime their cookie still claims: the login
 * page can then say why the learner was signed out however the session was ended (the hourly sweep,
 * or the first of several requests in flight at once — an analytics beacon racing a navigation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idle_session_endings")
    // The ended session's id (the hash of its token); no user: the row only answers "why".
    .addColumn("session_id", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("idle_session_endings_expires_at_idx")
    .on("idle_session_endings")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idle_session_endings").execute();
}
