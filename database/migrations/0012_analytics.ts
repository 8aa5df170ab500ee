import type { Kysely } from "kysely";

/**
 * First-party analytics (docs/analytics.md). Raw events are kept for a set number of days
 * (the `analyticsRetentionDays` setting); daily rollups are kept for good, so long-range charts
 * survive pruning. Nothing here holds an IP address: a visitor is a hash salted with a secret of
 * the day, and the salt row is deleted once its day is over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_events")
    // The client's random id: a batch sent twice (a retry, two tabs sharing one queue) is stored once.
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("occurred_at", "text", (col) => col.notNull())
    // UTC day of occurred_at, YYYY-MM-DD: what rollups group by.
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .addColumn("visitor", "text", (col) => col.notNull())
    // Only for a signed-in account with analytics on; removed with the account.
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("route", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("referrer", "text")
    .addColumn("device", "text")
    // The event's main property, as a column so reports group by it on both dialects:
    // the tool, the skill, the chapter, the funnel step, the sign-up method.
    .addColumn("subject", "text")
    // finished/stopped/failed for a tool, right/wrong for an answer.
    .addColumn("outcome", "text")
    // The rest of the event's properties as JSON (see app/analytics/events.ts).
    .addColumn("props", "text")
    .execute();
  await db.schema
    .createIndex("analytics_events_occurred_at_idx")
    .on("analytics_events")
    .column("occurred_at")
    .execute();
  await db.schema
    .createIndex("analytics_events_day_name_idx")
    .on("analytics_events")
    .columns(["day", "name"])
    .execute();
  await db.schema.createIndex("analytics_events_user_id_idx").on("analytics_events").column("user_id").execute();

  await db.schema
    .createTable("analytics_daily")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("metric", "text", (col) => col.notNull())
    .addColumn("dimension", "text", (col) => col.notNull())
    .addColumn("events", "integer", (col) => col.notNull())
    .addColumn("visitors", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_daily_pkey", ["day", "metric", "dimension"])
    .execute();

  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("salt", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  // Answers of 500 and above, from every instance, for the dashboard's "server errors in 24 h".
  await db.schema
    .createTable("server_errors")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("occurred_at", "text", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("status", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("server_errors_occurred_at_idx").on("server_errors").column("occurred_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_errors").execute();
  await db.schema.dropTable("analytics_salts").execute();
  await db.schema.dropTable("analytics_daily").execute();
  await db.schema.dropTable("analytics_events").execute();
}
