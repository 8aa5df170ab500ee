import { sql, type Kysely } from "kysely";

/**
 * The admin team's workspace (issue 22): the todo list with its comments, the inbox's kinds,
 * archive and replies, and the content assistant's history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("todo_items")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    // Markdown with formulas, rendered like a lesson.
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("assignee_id", "text", (col) => col.references("users.id").onDelete("set null"))
    // A calendar day, YYYY-MM-DD: overdue once that day is over in UTC.
    .addColumn("due_on", "text")
    .addColumn("priority", "text", (col) => col.notNull().check(sql`priority in ('low', 'normal', 'high', 'urgent')`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('open', 'doing', 'done')`))
    // The list's order, 0 first: a move renumbers the list in one transaction.
    .addColumn("position", "integer", (col) => col.notNull())
    // Raised by every edit: a save made from an older version is refused, as in the content editor.
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    // Who made the last edit: a refused save names them.
    .addColumn("updated_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("done_at", "text")
    .execute();
  await db.schema.createIndex("todo_items_position_idx").on("todo_items").column("position").execute();
  await db.schema.createIndex("todo_items_assignee_id_idx").on("todo_items").column("assignee_id").execute();

  await db.schema
    .createTable("todo_comments")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("todo_id", "text", (col) => col.notNull().references("todo_items.id").onDelete("cascade"))
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("todo_comments_todo_id_idx").on("todo_comments").column("todo_id").execute();

  // The inbox: a message is a contact message or a report about a quiz question, and can be archived.
  await db.schema
    .alterTable("contact_messages")
    .addColumn("kind", "text", (col) =>
      col
        .notNull()
        .defaultTo("contact")
        .check(sql`kind in ('contact', 'question_report')`),
    )
    .execute();
  await db.schema
    .alterTable("contact_messages")
    .addColumn("question_id", "text", (col) => col.references("quiz_questions.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("archived_at", "text").execute();
  await sql`update contact_messages set kind = 'question_report' where subject like 'Question report: %'`.execute(db);

  await db.schema
    .createTable("contact_replies")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("message_id", "text", (col) => col.notNull().references("contact_messages.id").onDelete("cascade"))
    .addColumn("author_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("sent_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("contact_replies_message_id_idx").on("contact_replies").column("message_id").execute();

  await db.schema
    .createTable("assistant_requests")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("admin_id", "text", (col) => col.references("users.id").onDelete("set null"))
    // section, example, exercises or questions: what was asked for.
    .addColumn("task", "text", (col) => col.notNull())
    .addColumn("chapter_id", "text", (col) => col.references("chapters.id").onDelete("set null"))
    .addColumn("skill", "text")
    // What the admin typed, and the messages sent to the model (JSON), as they were.
    .addColumn("instructions", "text", (col) => col.notNull())
    .addColumn("prompt", "text", (col) => col.notNull())
    .addColumn("model", "text", (col) => col.notNull())
    .addColumn("response", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("prompt_tokens", "integer")
    .addColumn("completion_tokens", "integer")
    // streaming, finished or failed (with the reason shown to the admin).
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    // Where a draft from it was saved for review: "section:<section id>" or "questions:<id>,<id>…".
    .addColumn("draft_ref", "text")
    .execute();
  await db.schema
    .createIndex("assistant_requests_created_at_idx")
    .on("assistant_requests")
    .column("created_at")
    .execute();
  // One answer streaming per admin, on every instance: a second start while one streams breaks this index.
  await db.schema
    .createIndex("assistant_requests_one_streaming_idx")
    .on("assistant_requests")
    .column("admin_id")
    .unique()
    .where(sql.ref("status"), "=", sql.lit("streaming"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("assistant_requests").execute();
  await db.schema.dropTable("contact_replies").execute();
  await db.schema.alterTable("contact_messages").dropColumn("archived_at").execute();
  await db.schema.alterTable("contact_messages").dropColumn("question_id").execute();
  await db.schema.alterTable("contact_messages").dropColumn("kind").execute();
  await db.schema.dropTable("todo_comments").execute();
  await db.schema.dropTable("todo_items").execute();
}
