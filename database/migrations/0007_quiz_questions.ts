import { sql, type Kysely } from "kysely";

/**
 * Questions admins write in /admin/content, beside the generated ones. Every
 * save is a revision, and a quiz item names the question and the revision it
 * asked (template_id "fixed:<id>", seed = revision number), so an answer is
 * always shown and graded with the text and key the learner saw. Questions
 * are never deleted, only unpublished, for the same reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("quiz_questions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("published_at", "text")
    .addColumn("current_revision", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("quiz_question_revisions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("question_id", "text", (col) => col.notNull().references("quiz_questions.id").onDelete("cascade"))
    .addColumn("number", "integer", (col) => col.notNull())
    .addColumn("skill_id", "text", (col) => col.notNull())
    .addColumn("difficulty", "integer", (col) => col.notNull().check(sql`difficulty in (1, 2, 3)`))
    // JSON: prompt, parts (prompt and answer key each), hints and solution.
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("based_on", "integer")
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    // The lock that lets only one of two saves from the same revision win.
    .addUniqueConstraint("quiz_question_revisions_question_id_number_key", ["question_id", "number"])
    .execute();
  await db.schema
    .createIndex("quiz_question_revisions_author_id_idx")
    .on("quiz_question_revisions")
    .column("author_id")
    .execute();
  // Quizzes look up the published questions of their skills.
  await db.schema
    .createIndex("quiz_question_revisions_skill_id_idx")
    .on("quiz_question_revisions")
    .column("skill_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["quiz_question_revisions", "quiz_questions"]) {
    await db.schema.dropTable(table).execute();
  }
}
