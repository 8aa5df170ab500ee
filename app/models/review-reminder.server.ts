import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { DEFAULT_REMINDER_HOUR } from "./push-vocabulary";

/** Where a learner without notification settings stands: UTC, at the default hour. */
export const REMINDER_DEFAULT_TIME_ZONE = "UTC";

export interface ReminderCandidate {
  userId: string;
  timeZone: string;
  reminderHour: number;
  /** The local day (YYYY-MM-DD) of the last reminder, if any. */
  lastReminderOn: string | null;
}

/** Learners who chose review reminders and have a device to receive them on. */
export async function listReminderCandidates(db: Kysely<Database>): Promise<ReminderCandidate[]> {
  const rows = await db
    .selectFrom("push_topics")
    .leftJoin("notification_settings", "notification_settings.user_id", "push_topics.user_id")
    .select([
      "push_topics.user_id",
      "notification_settings.time_zone",
      "notification_settings.reminder_hour",
      "notification_settings.last_reminder_on",
    ])
    .where("push_topics.topic", "=", "review-reminders")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("push_subscriptions")
          .select("push_subscriptions.id")
          .whereRef("push_subscriptions.user_id", "=", "push_topics.user_id"),
      ),
    )
    .orderBy("push_topics.user_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    timeZone: row.time_zone ?? REMINDER_DEFAULT_TIME_ZONE,
    reminderHour: row.reminder_hour ?? DEFAULT_REMINDER_HOUR,
    lastReminderOn: row.last_reminder_on,
  }));
}

/**
 * Takes the learner's reminder of local day `day` for this caller: true for exactly one of several
 * instances sweeping at once (one conditional statement; settings are written with the defaults if
 * the learner has none), false when the day's reminder was taken already.
 */
export async function claimReminderDay(db: Kysely<Database>, userId: string, day: string): Promise<boolean> {
  const result = await db
    .insertInto("notification_settings")
    .values({
      user_id: userId,
      time_zone: REMINDER_DEFAULT_TIME_ZONE,
      reminder_hour: DEFAULT_REMINDER_HOUR,
      quiet_start: null,
      quiet_end: null,
      last_reminder_on: day,
      updated_at: isoNow(),
    })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ last_reminder_on: day })
        .where((eb) =>
          eb.or([
            eb("notification_settings.last_reminder_on", "is", null),
            eb("notification_settings.last_reminder_on", "!=", day),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
