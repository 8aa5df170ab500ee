import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { PUSH_TOPICS, type PushTopic } from "./push-vocabulary";

/** When a learner's notifications may come, in their own time zone (checked at the boundary). */
export interface NotificationSettings {
  /** IANA name, e.g. Europe/Paris. */
  timeZone: string;
  /** The local hour (0–23) review reminders go at. */
  reminderHour: number;
  /** Local hours [quietStart, quietEnd) without notifications, wrapping past midnight; both null for none. */
  quietStart: number | null;
  quietEnd: number | null;
}

export async function readNotificationSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<NotificationSettings | null> {
  const row = await db
    .selectFrom("notification_settings")
    .select(["time_zone", "reminder_hour", "quiet_start", "quiet_end"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row
    ? { timeZone: row.time_zone, reminderHour: row.reminder_hour, quietStart: row.quiet_start, quietEnd: row.quiet_end }
    : null;
}

/** Saves the learner's choices; the day of their last review reminder is kept. */
export async function writeNotificationSettings(
  db: Kysely<Database>,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  const fields = {
    time_zone: settings.timeZone,
    reminder_hour: settings.reminderHour,
    quiet_start: settings.quietStart,
    quiet_end: settings.quietEnd,
    updated_at: isoNow(),
  };
  await db
    .insertInto("notification_settings")
    .values({ user_id: userId, ...fields, last_reminder_on: null })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(fields))
    .execute();
}

/**
 * Settings for a learner who has none yet (their first device): the browser's time zone, the default
 * reminder hour, no quiet hours. Existing settings are left as the learner chose them.
 */
export async function ensureNotificationSettings(
  db: Kysely<Database>,
  userId: string,
  defaults: NotificationSettings,
): Promise<void> {
  await db
    .insertInto("notification_settings")
    .values({
      user_id: userId,
      time_zone: defaults.timeZone,
      reminder_hour: defaults.reminderHour,
      quiet_start: defaults.quietStart,
      quiet_end: defaults.quietEnd,
      last_reminder_on: null,
      updated_at: isoNow(),
    })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
}

/** The topics the learner chose, in the vocabulary's order. */
export async function readTopics(db: Kysely<Database>, userId: string): Promise<PushTopic[]> {
  const rows = await db.selectFrom("push_topics").select("topic").where("user_id", "=", userId).execute();
  const chosen = new Set(rows.map((row) => row.topic));
  return PUSH_TOPICS.filter((topic) => chosen.has(topic));
}

/** Replaces the learner's topics with exactly `topics`. */
export async function setTopics(db: Kysely<Database>, userId: string, topics: readonly PushTopic[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("push_topics").where("user_id", "=", userId).execute();
    if (topics.length > 0) {
      await trx
        .insertInto("push_topics")
        .values([...new Set(topics)].map((topic) => ({ user_id: userId, topic })))
        .execute();
    }
  });
}

/** Adds one topic (a "Tell me about…" button); choosing it twice changes nothing. */
export async function addTopic(db: Kysely<Database>, userId: string, topic: PushTopic): Promise<void> {
  await db
    .insertInto("push_topics")
    .values({ user_id: userId, topic })
    .onConflict((conflict) => conflict.columns(["user_id", "topic"]).doNothing())
    .execute();
}
