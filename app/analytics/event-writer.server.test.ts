import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { testClock } from "#tests/setup/test-clock";
import type { AnalyticsEventRow } from "#app/models/analytics-event.server";
import { EventStoreUnavailableError, EventWriter } from "./event-writer.server";

let made = 0;
function row(day = "2030-01-02", overrides: Partial<AnalyticsEventRow> = {}): AnalyticsEventRow {
  return {
    id: `writer-test-${String(++made).padStart(8, "0")}`,
    name: "page_view",
    occurred_at: `${day}T10:00:00.000Z`,
    day,
    received_at: `${day}T10:00:01.000Z`,
    visitor: "0123456789abcdef",
    user_id: null,
    route: "/",
    path: "/",
    referrer: null,
    device: "desktop",
    subject: null,
    outcome: null,
    props: null,
    ...overrides,
  };
}

describe.each(testDialects)("the event writer on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom("analytics_events")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("commits the rows of many requests together, after the delay or as soon as enough wait", async () => {
    const inserts: number[] = [];
    // Counts the transactions: one per group commit.
    const spy = vi.spyOn(database.db, "transaction");
    const writer = new EventWriter(database.db, { flushDelayMs: 50, maxPendingRows: 100, recompute: async () => {} });
    const requests = Array.from({ length: 30 }, () => writer.write([row(), row()]));
    // Nothing is written before the delay.
    expect(await count()).toBe(0);
    const results = await Promise.all(requests);
    expect(results.every((result) => result.stored === 2)).toBe(true);
    expect(await count()).toBe(60);
    inserts.push(spy.mock.calls.length);
    // 60 rows waited: one transaction for all of them.
    expect(inserts[0]).toBe(1);

    // 100 waiting rows go at once, without the delay: here the delay is long enough to notice.
    const slow = new EventWriter(database.db, { flushDelayMs: 60_000, maxPendingRows: 100, recompute: async () => {} });
    const started = Date.now();
    const full = await Promise.all(
      Array.from({ length: 5 }, () => slow.write(Array.from({ length: 20 }, () => row()))),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(full.map((result) => result.stored)).toEqual([20, 20, 20, 20, 20]);
    expect(spy.mock.calls.length).toBe(2);
    spy.mockRestore();
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("counts an id once, however often and by however many requests it is sent", async () => {
    const writer = new EventWriter(database.db, { flushDelayMs: 10, recompute: async () => {} });
    const shared = row();
    const [first, second] = await Promise.all([writer.write([shared, row()]), writer.write([shared])]);
    expect([first.stored, second.stored]).toEqual([2, 0]);
    expect((await writer.write([shared])).stored).toBe(0);
    expect(await count()).toBe(2);
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("refuses every waiting request when the database fails, and keeps working afterwards", async () => {
    const writer = new EventWriter(database.db, { flushDelayMs: 10, recompute: async () => {} });
    await sql`alter table analytics_events rename to analytics_events_away`.execute(database.db);
    const rows = [row(), row()];
    try {
      const outcomes = await Promise.allSettled([writer.write([rows[0]!]), writer.write([rows[1]!])]);
      for (const outcome of outcomes) {
        expect(outcome.status).toBe("rejected");
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(EventStoreUnavailableError);
      }
    } finally {
      await sql`alter table analytics_events_away rename to analytics_events`.execute(database.db);
    }
    expect(writer.dirtyDays).toEqual([]);
    expect((await writer.write(rows)).stored).toBe(2);
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("writes what waits when it closes, refuses rows afterwards, and recomputes the days it wrote", async () => {
    testClock.set("2030-01-05T12:00:00.000Z");
    const recomputed: string[] = [];
    const writer = new EventWriter(database.db, {
      flushDelayMs: 60_000,
      recompute: async (_db, day) => {
        recomputed.push(day);
      },
    });
    const waiting = writer.write([row("2030-01-04"), row("2030-01-05"), row("2030-01-05")]);
    await writer.close();
    expect(await waiting).toEqual({ stored: 3 });
    expect(await count()).toBe(3);
    expect(recomputed).toEqual(["2030-01-04", "2030-01-05"]);
    await expect(writer.write([row()])).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("recomputes the real rollups of dirty days on settle, and of the last 8 days at start", async () => {
    testClock.set("2030-01-05T12:00:00.000Z");
    const writer = new EventWriter(database.db, { flushDelayMs: 60_000 });
    const rows = [row("2030-01-05"), row("2030-01-05", { visitor: "fedcba9876543210" }), row("2030-01-03")];
    const written = writer.write(rows);
    expect(writer.dirtyDays).toEqual([]);
    await writer.settle();
    await written;
    const daily = await database.db
      .selectFrom("analytics_daily")
      .select(["day", "events", "visitors"])
      .where("metric", "=", "all")
      .orderBy("day")
      .execute();
    expect(daily.map((entry) => [entry.day, Number(entry.events), Number(entry.visitors)])).toEqual([
      ["2030-01-03", 1, 1],
      ["2030-01-05", 2, 2],
    ]);
    expect(writer.dirtyDays).toEqual([]);

    // A failed recompute leaves its day dirty for the next round.
    const flaky = new EventWriter(database.db, {
      recompute: async (_db, day) => {
        if (day === "2030-01-05") throw new Error("deadlock");
      },
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    flaky.start();
    await flaky.settle();
    await flaky.close();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("2030-01-05"), "deadlock");
    warn.mockRestore();
    expect(flaky.dirtyDays).toEqual(["2030-01-05"]);

    const started: string[] = [];
    const fresh = new EventWriter(database.db, { recompute: async (_db, day) => void started.push(day) });
    fresh.start();
    await fresh.close();
    expect(started).toEqual([
      "2029-12-29",
      "2029-12-30",
      "2029-12-31",
      "2030-01-01",
      "2030-01-02",
      "2030-01-03",
      "2030-01-04",
      "2030-01-05",
    ]);
    await database.db.deleteFrom("analytics_events").execute();
    await database.db.deleteFrom("analytics_daily").execute();
  });
});
