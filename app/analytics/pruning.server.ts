import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { analyticsDaysBefore, deleteAnalyticsEventsOfDay, deleteSaltsBefore } from "#app/models/analytics-event.server";
import { recomputeDailyRollups } from "#app/models/analytics-rollup.server";
import { readSettings } from "#app/models/app-settings.server";
import { deleteServerErrorsBefore } from "#app/models/server-error.server";
import { now } from "#app/utils/clock";
import { utcDay } from "./visitor.server";

/** Server errors are kept this long: the dashboard shows a day's worth, the rest helps find a pattern. */
export const SERVER_ERROR_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly analytics clean-up (app/jobs/housekeeping.server.ts): raw events of whole days older than
 * the `analyticsRetentionDays` setting, each day's rollups recomputed from its complete raw events just
 * before they go (the daily counts stay for good); the salts of past days; old server errors.
 *
 * Whole days only: a day cut in half would have its rollups recomputed from half of it. No event can
 * arrive for a pruned day later, since the retention is at least 7 days and older events are refused.
 */
export async function pruneAnalytics(
  db: Kysely<Database>,
  recompute: (db: Kysely<Database>, day: string) => Promise<void> = recomputeDailyRollups,
): Promise<{ days: string[]; events: number; salts: number; serverErrors: number }> {
  const { analyticsRetentionDays } = await readSettings(db);
  const at = now().getTime();
  const keepFrom = utcDay(at - analyticsRetentionDays * DAY_MS);
  const days = await analyticsDaysBefore(db, keepFrom);
  let events = 0;
  for (const day of days) {
    await recompute(db, day);
    events += await deleteAnalyticsEventsOfDay(db, day);
  }
  const salts = await deleteSaltsBefore(db, utcDay(at));
  const serverErrors = await deleteServerErrorsBefore(
    db,
    new Date(at - SERVER_ERROR_RETENTION_DAYS * DAY_MS).toISOString(),
  );
  return { days, events, salts, serverErrors };
}
