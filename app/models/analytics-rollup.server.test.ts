import { describe, expect, it } from "vitest";
import { insertEvents, type EventRecord } from "#tests/setup/analytics-records";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { recomputeDailyRollups } from "./analytics-rollup.server";

type Row = [metric: string, dimension: string, events: number, visitors: number];

describe.each(testDialects)("daily analytics rollups on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function rollupsOf(day: string): Promise<Row[]> {
    const rows = await database.db
      .selectFrom("analytics_daily")
      .select(["metric", "dimension", "events", "visitors"])
      .where("day", "=", day)
      .orderBy("metric")
      .orderBy("dimension")
      .execute();
    return rows.map((row) => [row.metric, row.dimension, Number(row.events), Number(row.visitors)]);
  }

  const DAY = "2030-05-10";
  const at = (time: string) => `${DAY}T${time}.000Z`;
  // Three visitors of one day: v1 on a phone (came from news.example), v2 on a desktop, v3 on a tablet
  // whose quiz answer carries no device.
  const dayEvents: EventRecord[] = [
    { at: at("08:00:00"), visitor: "v1", path: "/a", referrer: "news.example", device: "phone" },
    { at: at("08:01:00"), visitor: "v1", path: "/b", device: "phone" },
    {
      at: at("08:02:00"),
      visitor: "v1",
      name: "tool_use",
      path: "/tools/factor",
      subject: "factorization",
      outcome: "finished",
      device: "phone",
    },
    { at: at("12:00:00"), visitor: "v2", path: "/a", device: "desktop" },
    {
      at: at("12:05:00"),
      visitor: "v2",
      name: "tool_use",
      path: "/tools/factor",
      subject: "factorization",
      outcome: "stopped",
      device: "desktop",
    },
    { at: at("12:06:00"), visitor: "v2", name: "tool_use", path: "/tools/plot", subject: "plot", device: "desktop" },
    { at: at("23:59:59"), visitor: "v3", path: "/a", referrer: "news.example", device: "tablet" },
    { at: at("23:59:59"), visitor: "v3", name: "quiz_answer", path: "/quiz/1", subject: "gcd", outcome: "right" },
  ];
  // Counted by hand from the eight events above.
  const expected: Row[] = [
    ["all", "", 8, 3],
    ["device", "desktop", 3, 1],
    ["device", "phone", 3, 1],
    ["device", "tablet", 1, 1],
    ["event", "page_view", 4, 3],
    ["event", "quiz_answer", 1, 1],
    ["event", "tool_use", 3, 2],
    ["page", "/a", 3, 3],
    ["page", "/b", 1, 1],
    ["referrer", "news.example", 2, 2],
    ["tool", "factorization", 2, 2],
    ["tool", "plot", 1, 1],
    ["tool_outcome", "factorization:finished", 1, 1],
    ["tool_outcome", "factorization:stopped", 1, 1],
  ];

  it("counts a day's events and visitors by metric, the same however often it runs, and touches no other day", async () => {
    await insertEvents(database.db, dayEvents);
    // The next day's first event, and the last moment of the day before: neither is the day's.
    await insertEvents(database.db, [
      { at: "2030-05-11T00:00:00.000Z", visitor: "v9" },
      { at: "2030-05-09T23:59:59.999Z", visitor: "v8" },
    ]);

    await recomputeDailyRollups(database.db, DAY);
    expect(await rollupsOf(DAY)).toEqual(expected);
    expect(await rollupsOf("2030-05-11")).toEqual([]);
    expect(await rollupsOf("2030-05-09")).toEqual([]);

    await recomputeDailyRollups(database.db, DAY);
    await recomputeDailyRollups(database.db, DAY);
    expect(await rollupsOf(DAY)).toEqual(expected);
  });

  it("takes in events that arrive later, and drops rows nothing supports any more", async () => {
    // A stale row (as if its events had been removed with an account) disappears on the next run.
    await database.db
      .insertInto("analytics_daily")
      .values({ day: DAY, metric: "page", dimension: "/gone", events: 5, visitors: 5 })
      .execute();
    await insertEvents(database.db, [
      { at: at("18:00:00"), visitor: "v4", path: "/b", device: "desktop" },
      { at: at("18:01:00"), visitor: "v1", path: "/c", referrer: "search.example", device: "phone" },
    ]);
    await recomputeDailyRollups(database.db, DAY);
    expect(await rollupsOf(DAY)).toEqual([
      ["all", "", 10, 4],
      ["device", "desktop", 4, 2],
      ["device", "phone", 4, 1],
      ["device", "tablet", 1, 1],
      ["event", "page_view", 6, 4],
      ["event", "quiz_answer", 1, 1],
      ["event", "tool_use", 3, 2],
      ["page", "/a", 3, 3],
      ["page", "/b", 2, 2],
      ["page", "/c", 1, 1],
      ["referrer", "news.example", 2, 2],
      ["referrer", "search.example", 1, 1],
      ["tool", "factorization", 2, 2],
      ["tool", "plot", 1, 1],
      ["tool_outcome", "factorization:finished", 1, 1],
      ["tool_outcome", "factorization:stopped", 1, 1],
    ]);
  });

  it("gives the same rows when several runs of one day overlap", async () => {
    const before = await rollupsOf(DAY);
    await Promise.all(Array.from({ length: 6 }, () => recomputeDailyRollups(database.db, DAY)));
    expect(await rollupsOf(DAY)).toEqual(before);
    expect(before[0]).toEqual(["all", "", 10, 4]);
  });

  it("keeps the rollups of a day whose raw events were pruned, and writes none for a day without either", async () => {
    const before = await rollupsOf(DAY);
    await database.db.deleteFrom("analytics_events").where("day", "=", DAY).execute();
    await recomputeDailyRollups(database.db, DAY);
    expect(await rollupsOf(DAY)).toEqual(before);
    expect(before).toHaveLength(16);

    await recomputeDailyRollups(database.db, "2030-06-01");
    expect(await rollupsOf("2030-06-01")).toEqual([]);
  });

  it("refuses what is not a day", async () => {
    await expect(recomputeDailyRollups(database.db, "2030-5-1")).rejects.toThrow(RangeError);
    await expect(recomputeDailyRollups(database.db, "2030-05-01' or 1=1")).rejects.toThrow(RangeError);
  });
});
