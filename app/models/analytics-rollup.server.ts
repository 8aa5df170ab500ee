import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#database/schema";

/**
 * The metrics of `analytics_daily` (docs/analytics.md), each row one (day, metric, dimension) with the
 * day's events and distinct visitors. Distinct visitors are exact within a day; a visitor's hash is
 * salted anew every day, so the visitors of a range are the sum of its days' visitors (visitor-days,
 * as Plausible counts them): one person seen on three days counts three times.
 */
export const ROLLUP_METRICS = {
  /** Every event of the day; dimension ''. */
  all: "all",
  /** Events by name. */
  event: "event",
  /** Page views by path. */
  page: "page",
  /** Page views that came from another site, by its host name. */
  referrer: "referrer",
  /** Every event, by device class (events without one are left out). */
  device: "device",
  /** tool_use events, by tool. */
  tool: "tool",
  /** tool_use events that reported an outcome, by `tool:outcome`. */
  toolOutcome: "tool_outcome",
} as const;

export type RollupMetric = (typeof ROLLUP_METRICS)[keyof typeof ROLLUP_METRICS];

/** Two-key PostgreSQL advisory locks: this first key names the rollups, the second is the day's hash. */
const ROLLUP_LOCK_NAMESPACE = 20_012;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Recomputes the `analytics_daily` rows of one UTC day from its raw events, so it can run as often as
 * wanted (the event writer calls it for the days it wrote) and any number of times.
 *
 * A day without raw events is left alone: its events were pruned after the retention period
 * (H2's housekeeping deletes whole days), and its rollups are then all that remains of it. The guard
 * is in the same statement as the delete, so there is no gap between looking and deleting.
 *
 * Two instances may recompute the same day at once: on PostgreSQL a transaction-scoped advisory lock
 * on the day makes the second wait and then count everything the first saw and more; the inserts also
 * update a row that exists, so even without the lock neither would fail on the primary key. On SQLite
 * the delete takes the write lock first, so the transactions run one after the other.
 */
export async function recomputeDailyRollups(db: Kysely<Database>, day: string): Promise<void> {
  if (!DAY_PATTERN.test(day)) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  await db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_NAMESPACE}, hashtext(${day}))`.execute(trx);
    }
    await trx
      .deleteFrom("analytics_daily")
      .where("day", "=", day)
      .where((eb) => eb.exists(eb.selectFrom("analytics_events").select("id").where("day", "=", day)))
      .execute();

    const ofDay = trx.selectFrom("analytics_events").where("day", "=", day);
    // Columns in the insert's order. Each select groups by day at least, so a day without events yields
    // no row rather than a row of zeros.
    const rollups = [
      ofDay
        .select((eb) => ["day", sql.lit(ROLLUP_METRICS.all).as("metric"), sql.lit("").as("dimension"), ...counts(eb)])
        .groupBy("day"),
      ofDay
        .select((eb) => ["day", sql.lit(ROLLUP_METRICS.event).as("metric"), "name as dimension", ...counts(eb)])
        .groupBy(["day", "name"]),
      ofDay
        .select((eb) => ["day", sql.lit(ROLLUP_METRICS.page).as("metric"), "path as dimension", ...counts(eb)])
        .where("name", "=", "page_view")
        .groupBy(["day", "path"]),
      ofDay
        .select((eb) => ["day", sql.lit(ROLLUP_METRICS.referrer).as("metric"), "referrer as dimension", ...counts(eb)])
        .where("name", "=", "page_view")
        .where("referrer", "is not", null)
        .groupBy(["day", "referrer"]),
      ofDay
        .select((eb) => ["day", sql.lit(ROLLUP_METRICS.device).as("metric"), "device as dimension", ...counts(eb)])
        .where("device", "is not", null)
        .groupBy(["day", "device"]),
      ofDay
        .select((eb) => ["day", sql.lit(ROLLUP_METRICS.tool).as("metric"), "subject as dimension", ...counts(eb)])
        .where("name", "=", "tool_use")
        .where("subject", "is not", null)
        .groupBy(["day", "subject"]),
      ofDay
        .select((eb) => [
          "day",
          sql.lit(ROLLUP_METRICS.toolOutcome).as("metric"),
          sql<string>`subject || ':' || outcome`.as("dimension"),
          ...counts(eb),
        ])
        .where("name", "=", "tool_use")
        .where("subject", "is not", null)
        .where("outcome", "is not", null)
        .groupBy(["day", "subject", "outcome"]),
    ];
    for (const rollup of rollups) {
      await trx
        .insertInto("analytics_daily")
        .columns(["day", "metric", "dimension", "events", "visitors"])
        .expression(rollup)
        .onConflict((conflict) =>
          conflict.columns(["day", "metric", "dimension"]).doUpdateSet((eb) => ({
            events: eb.ref("excluded.events"),
            visitors: eb.ref("excluded.visitors"),
          })),
        )
        .execute();
    }
  });
}

function counts(eb: ExpressionBuilder<Database, "analytics_events">) {
  return [eb.fn.countAll<number>().as("events"), eb.fn.count<number>("visitor").distinct().as("visitors")] as const;
}
