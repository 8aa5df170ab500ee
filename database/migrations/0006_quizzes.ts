import { sql, type Kysely } from "kysely";

/**
 * Quizzes: each attempt a learner starts, its questions (a template, a seed
 * and a difficulty are enough to make the question again, so no answer key is
 * stored or sent), and what was answered, when, with how many hints; the
 * question sets admins generate and publish (a quiz to take, or a problem set
 * to print). Also the application's settings, edited in /admin/application.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("app_settings_updated_by_idx").on("app_settings").column("updated_by").execute();

  await db.schema
    .createTable("quiz_sets")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('quiz', 'problem-set')`))
    // JSON array of questions: template, skill, seed and difficulty each.
    .addColumn("items", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("quiz_sets_created_by_idx").on("quiz_sets").column("created_by").execute();

  await db.schema
    .createTable("quiz_attempts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mode", "text", (col) => col.notNull().check(sql`mode in ('chapter', 'practice', 'set')`))
    .addColumn("chapter_slug", "text")
    .addColumn("set_id", "text", (col) => col.references("quiz_sets.id").onDelete("set null"))
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .execute();
  // Counting today's attempts and listing a learner's history both start from the user.
  await db.schema
    .createIndex("quiz_attempts_user_id_started_at_idx")
    .on("quiz_attempts")
    .columns(["user_id", "started_at"])
    .execute();

  await db.schema
    .createTable("quiz_items")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("attempt_id", "text", (col) => col.notNull().references("quiz_attempts.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("template_id", "text", (col) => col.notNull())
    .addColumn("skill_id", "text", (col) => col.notNull())
    .addColumn("seed", "integer", (col) => col.notNull())
    .addColumn("difficulty", "integer", (col) => col.notNull().check(sql`difficulty in (1, 2, 3)`))
    .addColumn("hints_used", "integer", (col) => col.notNull().defaultTo(0))
    // JSON: the answer given to each part, and each part's verdict.
    .addColumn("answers", "text")
    .addColumn("part_results", "text")
    // 1 when every part was right, 0 otherwise; null until answered.
    .addColumn("correct", "integer")
    .addColumn("time_ms", "integer")
    .addColumn("answered_at", "text")
    .addUniqueConstraint("quiz_items_attempt_id_position_key", ["attempt_id", "position"])
    .execute();
  await db.schema.createIndex("quiz_attempts_set_id_idx").on("quiz_attempts").column("set_id").execute();
  // Item statistics group by template.
  await db.schema.createIndex("quiz_items_template_id_idx").on("quiz_items").column("template_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["quiz_items", "quiz_attempts", "quiz_sets", "app_settings"]) {
    await db.schema.dropTable(table).execute();
  }
}
