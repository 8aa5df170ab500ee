import type { Insertable, Kysely } from "kysely";
import type { AnalyticsEventsTable, Database } from "#database/schema";
import { isoNow } from "../utils/clock";

/** One raw event as it is stored (app/analytics/ingest.server.ts builds it from what a client sent). */
export type AnalyticsEventRow = Insertable<AnalyticsEventsTable>;

/**
 * Rows per INSERT statement. Each row binds 14 values, so 500 rows bind 7,000: well under SQLite's
 * 32,766 variables per statement and PostgreSQL's 65,535 parameters, and large enough that a busy
 * second costs a handful of statements.
 */
export const EVENT_ROWS_PER_STATEMENT = 500;

/**
 * Stores the rows in one transaction, each client id at most once (a retried batch, two tabs sending
 * the same queue), and returns the ids this call inserted; ids already there are left alone.
 */
export async function insertAnalyticsEvents(db: Kysely<Database>, rows: AnalyticsEventRow[]): Promise<Set<string>> {
  const inserted = new Set<string>();
  if (rows.length === 0) return inserted;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += EVENT_ROWS_PER_STATEMENT) {
      const result = await trx
        .insertInto("analytics_events")
        .values(rows.slice(start, start + EVENT_ROWS_PER_STATEMENT))
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .execute();
      for (const row of result) inserted.add(row.id);
    }
  });
  return inserted;
}

/**
 * The salt of a UTC day, made on first use. Several instances may ask at once: the first insert wins and
 * every instance reads the same row back, so they all count a visitor the same way.
 */
export async function saltOfDay(db: Kysely<Database>, day: string, fresh: string): Promise<string> {
  await db
    .insertInto("analytics_salts")
    .values({ day, salt: fresh, created_at: isoNow() })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Deletes the salts of the days before `day`: once gone, nobody can link a hash back to an address. */
export async function deleteSaltsBefore(db: Kysely<Database>, day: string): Promise<number> {
  const result = await db.deleteFrom("analytics_salts").where("day", "<", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The days before `day` that still have raw events, oldest first. */
export async function analyticsDaysBefore(db: Kysely<Database>, day: string): Promise<string[]> {
  const rows = await db
    .selectFrom("analytics_events")
    .select("day")
    .distinct()
    .where("day", "<", day)
    .orderBy("day")
    .execute();
  return rows.map((row) => row.day);
}

export async function deleteAnalyticsEventsOfDay(db: Kysely<Database>, day: string): Promise<number> {
  const result = await db.deleteFrom("analytics_events").where("day", "=", day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
