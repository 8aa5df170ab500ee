import type { Kysely } from "kysely";

/**
 * What the server answered to a submission carrying an idempotency key (docs/offline.md): a "mark
 * as read" or a quiz answer made offline is sent again until an answer arrives, and a repeat whose
 * first copy was applied gets the stored answer instead of a second effect. Rows go after 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotent_submissions")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (col) => col.notNull())
    // What the key was used for ("section-progress:<section id>"): a key reused for something else is refused.
    .addColumn("scope", "text", (col) => col.notNull())
    // The answer as JSON, `{ status, body }`; written in the transaction that applied the submission.
    .addColumn("result", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotent_submissions_pkey", ["user_id", "key"])
    .execute();
  await db.schema
    .createIndex("idempotent_submissions_created_at_idx")
    .on("idempotent_submissions")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotent_submissions").execute();
}
