import { sql, type Kysely } from "kysely";

/**
 * Answers to the exercises inside lessons (issue 26): graded on the server against the key in the
 * revision the reader saw, and counted with quiz answers towards mastery and review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("exercise_answers")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("section_id", "text", (col) => col.notNull().references("sections.id").onDelete("cascade"))
    .addColumn("revision_id", "text", (col) => col.notNull().references("section_revisions.id").onDelete("cascade"))
    // 1, 2, 3… within the section, as the page numbers them.
    .addColumn("exercise_number", "integer", (col) => col.notNull())
    .addColumn("skill_id", "text", (col) => col.notNull())
    // JSON: the answer given to each part, and each part's verdict.
    .addColumn("answers", "text", (col) => col.notNull())
    .addColumn("part_results", "text", (col) => col.notNull())
    .addColumn("correct", "integer", (col) => col.notNull().check(sql`correct in (0, 1)`))
    // Hints opened before this answer, and whether the worked answer had been shown.
    .addColumn("hints_used", "integer", (col) => col.notNull())
    .addColumn("revealed", "integer", (col) => col.notNull().check(sql`revealed in (0, 1)`))
    // 1 for the first answer since the exercise was last solved: only that one counts towards mastery.
    .addColumn("try_number", "integer", (col) => col.notNull())
    .addColumn("answered_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("exercise_answers_user_exercise_idx")
    .on("exercise_answers")
    .columns(["user_id", "section_id", "exercise_number", "answered_at"])
    .execute();
  await db.schema
    .createIndex("exercise_answers_user_answered_at_idx")
    .on("exercise_answers")
    .columns(["user_id", "answered_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("exercise_answers").execute();
}
