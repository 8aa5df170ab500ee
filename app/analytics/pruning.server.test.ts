import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { testClock } from "#tests/setup/test-clock";
import { insertAnalyticsEvents, saltOfDay, type AnalyticsEventRow } from "#app/models/analytics-event.server";
import { recordServerError } from "#app/models/server-error.server";
import { writeSetting } from "#app/models/app-settings.server";
import { pruneAnalytics } from "./pruning.server";

let made = 0;
function row(day: string, visitor: string): AnalyticsEventRow {
  return {
    id: `prune-test-${String(++made).padStart(8, "0")}`,
    name: "page_view",
    occurred_at: `${day}T12:00:00.000Z`,
    day,
    received_at: `${day}T12:00:01.000Z`,
    visitor,
    user_id: null,
    route: "/",
    path: "/",
    referrer: null,
    device: null,
    subject: null,
    outcome: null,
    props: null,
  };
}

describe.each(testDialects)("analytics pruning on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("deletes whole days past the retention setting after making their rollups, old salts and old server errors", async () => {
    const { db } = database;
    await writeSetting(db, "analyticsRetentionDays", 10, null);
    // Days 1 to 12 of January; today is the 20th: the 10 days kept start on the 10th.
    const days = Array.from({ length: 12 }, (_, index) => `2030-01-${String(index + 1).padStart(2, "0")}`);
    await insertAnalyticsEvents(
      db,
      days.flatMap((day) => [row(day, "aaaaaaaaaaaaaaaa"), row(day, "bbbbbbbbbbbbbbbb"), row(day, "aaaaaaaaaaaaaaaa")]),
    );
    for (const day of ["2030-01-18", "2030-01-19", "2030-01-20"]) await saltOfDay(db, day, `salt-of-${day}`);
    testClock.set("2030-01-10T10:00:00.000Z");
    await recordServerError(db, { method: "GET", path: "/old", status: 500 });
    testClock.set("2030-01-19T10:00:00.000Z");
    await recordServerError(db, { method: "POST", path: "/recent", status: 503 });

    testClock.set("2030-01-20T09:00:00.000Z");
    const report = await pruneAnalytics(db);
    expect(report).toEqual({ days: days.slice(0, 9), events: 27, salts: 2, serverErrors: 0 });
    const left = await db.selectFrom("analytics_events").select("day").distinct().orderBy("day").execute();
    expect(left.map((entry) => entry.day)).toEqual(["2030-01-10", "2030-01-11", "2030-01-12"]);
    // The pruned days are still counted: 3 events from 2 visitors each.
    const daily = await db
      .selectFrom("analytics_daily")
      .select(["day", "events", "visitors"])
      .where("metric", "=", "all")
      .orderBy("day")
      .execute();
    expect(daily.map((entry) => [entry.day, Number(entry.events), Number(entry.visitors)])).toEqual(
      days.slice(0, 9).map((day) => [day, 3, 2]),
    );
    expect((await db.selectFrom("analytics_salts").select("day").execute()).map((entry) => entry.day)).toEqual([
      "2030-01-20",
    ]);

    // A month after the first server error, it goes; the recent one stays.
    testClock.set("2030-02-10T09:00:00.000Z");
    expect((await pruneAnalytics(db)).serverErrors).toBe(1);
    expect(await db.selectFrom("server_errors").select(["path", "status"]).execute()).toEqual([
      { path: "/recent", status: 503 },
    ]);
    // Pruning again keeps the rollups of days whose raw events are gone.
    expect(
      Number(
        (
          await db
            .selectFrom("analytics_daily")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("metric", "=", "all")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(12);
  });
});
