import type { Kysely } from "kysely";

/**
 * Web push (docs/push.md): one subscription per signed-in device, each learner's topics and hours,
 * and the sends with one delivery row per subscription reached, which is the delivery report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // The device's session: signing out of it (or the session ending any other way) removes it.
    .addColumn("session_id", "text", (col) => col.notNull().references("sessions.id").onDelete("cascade"))
    // The push service's address for this browser: one row per browser, whoever is signed in.
    .addColumn("endpoint", "text", (col) => col.notNull().unique())
    .addColumn("p256dh", "text", (col) => col.notNull())
    .addColumn("auth", "text", (col) => col.notNull())
    .addColumn("user_agent", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    // When the browser last handed it over (at most every 7 days, or when it changed).
    .addColumn("refreshed_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user_id_idx").on("push_subscriptions").column("user_id").execute();
  await db.schema
    .createIndex("push_subscriptions_session_id_idx")
    .on("push_subscriptions")
    .column("session_id")
    .execute();

  await db.schema
    .createTable("push_topics")
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("topic", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("push_topics_pkey", ["user_id", "topic"])
    .execute();
  await db.schema.createIndex("push_topics_topic_idx").on("push_topics").column("topic").execute();

  await db.schema
    .createTable("notification_settings")
    .addColumn("user_id", "text", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    // IANA name, e.g. Europe/Paris: reminders and quiet hours are the learner's local hours.
    .addColumn("time_zone", "text", (col) => col.notNull())
    .addColumn("reminder_hour", "integer", (col) => col.notNull())
    // Both null, or the local hours [start, end) in which nothing is delivered (wrapping past midnight).
    .addColumn("quiet_start", "integer")
    .addColumn("quiet_end", "integer")
    // The local day (YYYY-MM-DD) of the last review reminder: at most one a day, claimed by one instance.
    .addColumn("last_reminder_on", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("push_sends")
    .addColumn("id", "text", (col) => col.primaryKey())
    // campaign (composed by an admin), test (to the admin themself), record (a new record prime), reminders.
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    // A path on this site.
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("topic", "text", (col) => col.notNull())
    // subscribers (of the topic), premium, free, user (one, by e-mail) or self (a test).
    .addColumn("audience", "text", (col) => col.notNull())
    .addColumn("audience_user_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_by", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    // When it goes out: now, or the time an admin chose.
    .addColumn("scheduled_for", "text", (col) => col.notNull())
    // scheduled → dispatched (its deliveries written), or cancelled before that.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("dispatched_at", "text")
    .execute();
  await db.schema
    .createIndex("push_sends_status_scheduled_idx")
    .on("push_sends")
    .columns(["status", "scheduled_for"])
    .execute();
  await db.schema.createIndex("push_sends_created_at_idx").on("push_sends").column("created_at").execute();

  await db.schema
    .createTable("push_deliveries")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("send_id", "text", (col) => col.notNull().references("push_sends.id").onDelete("cascade"))
    // Null once the subscription is gone (expired, signed out): the report keeps the row.
    .addColumn("subscription_id", "text", (col) => col.references("push_subscriptions.id").onDelete("set null"))
    // A deleted account's deliveries go with it (their text may be about the learner).
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    // The push service's host, for the report (which services fail), never the full endpoint.
    .addColumn("push_service", "text", (col) => col.notNull())
    // This learner's text when it differs from the send's (a reminder's count of due skills).
    .addColumn("body", "text")
    // queued, sending (claimed by one worker), sent, failed, expired (404/410: subscription removed).
    .addColumn("status", "text", (col) => col.notNull())
    // Not before the end of the learner's quiet hours.
    .addColumn("not_before", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("push_deliveries_send_subscription_key", ["send_id", "subscription_id"])
    .execute();
  await db.schema
    .createIndex("push_deliveries_send_status_idx")
    .on("push_deliveries")
    .columns(["send_id", "status"])
    .execute();
  await db.schema
    .createIndex("push_deliveries_status_not_before_idx")
    .on("push_deliveries")
    .columns(["status", "not_before"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_deliveries").execute();
  await db.schema.dropTable("push_sends").execute();
  await db.schema.dropTable("notification_settings").execute();
  await db.schema.dropTable("push_topics").execute();
  await db.schema.dropTable("push_subscriptions").execute();
}
