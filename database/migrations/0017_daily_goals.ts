import { sql, type Kysely } from "kysely";

/** The daily goal a learner chose (issue 26): how much a day, counted in their own time zone. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("daily_goals")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('questions', 'minutes')`))
    .addColumn("target", "integer", (col) => col.notNull().check(sql`target between 1 and 120`))
    // An IANA zone name: the learner's days begin at their midnight.
    .addColumn("time_zone", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("daily_goals").execute();
}
