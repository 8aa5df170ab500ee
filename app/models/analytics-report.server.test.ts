import { beforeAll, describe, expect, it } from "vitest";
import {
  insertAnswers,
  insertChapter,
  insertEvents,
  insertSectionRead,
  insertServerError,
  insertSubscription,
  insertUser,
  type AnswerRecordInput,
  type EventRecord,
} from "#tests/setup/analytics-records";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { eachDay, TOP_PAGES_LIMIT, type DayRange } from "./analytics-figures";
import { readAnalyticsInDepth, readDashboardFigures, readUsageCharts } from "./analytics-report.server";
import { recomputeDailyRollups } from "./analytics-rollup.server";
import { readSubscriptionMetrics } from "./subscription-metrics.server";

/** The 30 days of a series, zero but for the days given. */
function series<T extends object>(range: DayRange, zero: T, days: Record<string, Partial<T>>): ({ day: string } & T)[] {
  return eachDay(range).map((day) => ({ day, ...zero, ...days[day] }));
}

async function recomputeAll(db: Parameters<typeof recomputeDailyRollups>[0]) {
  const days = await db.selectFrom("analytics_events").select("day").distinct().execute();
  for (const { day } of days) await recomputeDailyRollups(db, day);
}

describe.each(testDialects)("analytics reports on %s", (dialect) => {
  describe("a hand-made month", () => {
    const database = useTestDatabase(dialect);
    // A Wednesday. The dashboard's 30 days are 2030-04-16 to 2030-05-15; 30 days before now is
    // 2030-04-15T12:00, 7 days 2030-05-08T12:00, 24 hours 2030-05-14T12:00.
    const NOW = "2030-05-15T12:00:00.000Z";
    const WINDOW: DayRange = { from: "2030-04-16", to: "2030-05-15" };
    const users = {} as Record<"a" | "b" | "c" | "d" | "e" | "f", string>;

    beforeAll(async () => {
      const db = database.db;
      users.a = await insertUser(db, {
        createdAt: "2030-05-01T09:00:00.000Z",
        lastSignInAt: "2030-05-15T11:00:00.000Z",
      });
      users.b = await insertUser(db, { createdAt: "2030-05-14T10:00:00.000Z" });
      users.c = await insertUser(db, { createdAt: "2030-03-01T00:00:00.000Z" });
      users.d = await insertUser(db, { createdAt: "2030-05-15T08:00:00.000Z" });
      users.e = await insertUser(db, { createdAt: "2030-04-16T00:00:00.000Z" });
      // Signed up a moment before the window, signed in exactly 24 hours before now.
      users.f = await insertUser(db, {
        createdAt: "2030-04-15T23:59:59.999Z",
        lastSignInAt: "2030-05-14T12:00:00.000Z",
      });

      const [s11, s12] = await insertChapter(db, 2);
      const [s21] = await insertChapter(db, 1);
      await insertSectionRead(db, { userId: users.a, sectionId: s11!, at: "2030-05-02T10:00:00.000Z" });
      await insertSectionRead(db, { userId: users.a, sectionId: s12!, at: "2030-05-03T10:00:00.000Z" });
      await insertSectionRead(db, { userId: users.b, sectionId: s11!, at: "2030-05-14T11:00:00.000Z" });
      await insertSectionRead(db, { userId: users.c, sectionId: s21!, at: "2030-04-16T00:00:00.000Z" });
      await insertSectionRead(db, { userId: users.c, sectionId: s11!, at: "2030-04-01T10:00:00.000Z" });

      const march = (day: number, skill: string, answer: Partial<AnswerRecordInput> = {}): AnswerRecordInput => ({
        userId: users.c,
        at: `2030-03-${String(day).padStart(2, "0")}T10:00:00.000Z`,
        skill,
        ...answer,
      });
      await insertAnswers(db, [
        { userId: users.c, at: "2030-04-20T00:00:00.000Z", correct: true, hints: 0, difficulty: 1, skill: "gcd" },
        { userId: users.a, at: "2030-05-02T11:00:00.000Z", correct: true, hints: 0, difficulty: 1, skill: "gcd" },
        { userId: users.a, at: "2030-05-02T11:05:00.000Z", correct: false, hints: 1, difficulty: 2, skill: "gcd" },
        { userId: users.a, at: "2030-05-03T11:00:00.000Z", correct: true, hints: 2, difficulty: 3, skill: "primes" },
        { userId: users.a, at: null, difficulty: 3, skill: "primes" },
        // C in March. Mastered: "order" (5 clean), "period" (a miss, then 5 clean), "gcd" (4 clean, and
        // the clean answer of April 20 above). Not: "sieve" (its latest used a hint), "crt" (4 clean).
        ...[2, 3, 4, 5, 6].map((day) => march(day, "order")),
        march(2, "period", { correct: false }),
        ...[3, 4, 5, 6, 7].map((day) => march(day, "period")),
        ...[2, 3, 4, 5].map((day) => march(day, "gcd")),
        ...[2, 3, 4, 5].map((day) => march(day, "sieve")),
        march(6, "sieve", { hints: 1 }),
        ...[2, 3, 4, 5].map((day) => march(day, "crt")),
      ]);

      const events: EventRecord[] = [
        { at: "2030-05-15T10:00:00.000Z", visitor: "v1", path: "/", device: "desktop", referrer: "news.example" },
        ...[["2030-05-15T10:05:00.000Z", "v1", "desktop", "factorization", "finished"]].map(tool),
        { at: "2030-05-15T09:00:00.000Z", visitor: "v2", path: "/", device: "phone", userId: users.d },
        ...[["2030-05-15T09:10:00.000Z", "v2", "phone", "plot", null]].map(tool),
        { at: "2030-05-14T13:00:00.000Z", visitor: "v3", path: "/x", device: "tablet", referrer: "search.example" },
        ...[["2030-05-14T13:05:00.000Z", "v3", "tablet", "primes", null]].map(tool),
        { at: "2030-05-14T14:00:00.000Z", visitor: "v4", path: "/x", device: "phone" },
        ...[["2030-05-14T14:05:00.000Z", "v4", "phone", "factorization", "stopped"]].map(tool),
        { at: "2030-04-23T10:00:00.000Z", visitor: "v7", path: "/chapters", device: "desktop", userId: users.e },
        { at: "2030-04-16T00:00:00.000Z", visitor: "v5", path: "/", referrer: "news.example" },
        // Before the window.
        { at: "2030-04-15T23:00:00.000Z", visitor: "v6", path: "/", device: "desktop" },
        ...[["2030-04-15T23:05:00.000Z", "v6", "desktop", "factorization", "finished"]].map(tool),
        { at: "2030-04-10T10:00:00.000Z", visitor: "v8", path: "/", userId: users.c },
      ];
      await insertEvents(db, events);
      await recomputeAll(db);

      await insertSubscription(db, { userId: users.c, status: "active", createdAt: "2030-03-01T00:00:00.000Z" });
      await insertSubscription(db, {
        userId: users.c,
        status: "canceled",
        createdAt: "2030-03-01T00:00:00.000Z",
        endedAt: "2030-05-01T00:00:00.000Z",
        updatedAt: "2030-05-01T00:00:00.000Z",
      });
      await insertSubscription(db, {
        userId: users.c,
        status: "canceled",
        createdAt: "2030-03-01T00:00:00.000Z",
        endedAt: "2030-04-01T00:00:00.000Z",
        updatedAt: "2030-04-01T00:00:00.000Z",
      });
      await insertSubscription(db, { userId: users.a, status: "active", createdAt: "2030-05-01T10:00:00.000Z" });
      await insertSubscription(db, {
        userId: users.e,
        status: "incomplete_expired",
        createdAt: "2030-04-20T00:00:00.000Z",
      });
      await insertSubscription(db, { userId: users.b, status: "active", createdAt: "2030-05-14T10:30:00.000Z" });

      await insertServerError(db, "2030-05-15T11:00:00.000Z");
      await insertServerError(db, "2030-05-14T12:00:00.000Z");
      await insertServerError(db, "2030-05-14T11:59:59.999Z");
    });

    function tool([at, visitor, device, subject, outcome]: (string | null)[]): EventRecord {
      return { at: at!, visitor: visitor!, device, name: "tool_use", path: `/tools/${subject}`, subject, outcome };
    }

    it("gives the dashboard's figures", async () => {
      testClock.set(NOW);
      const figures = await readDashboardFigures(database.db, {
        buildId: "build-7",
        startedAt: new Date(Date.parse(NOW) - 3_600_500),
      });

      expect(figures.at).toBe(NOW);
      expect(figures.users).toEqual({
        total: 6,
        newIn30Days: 4,
        active: { day1: 3, day7: 4, day30: 6 },
        signUpsByDay: series(
          WINDOW,
          { value: 0 },
          {
            "2030-04-16": { value: 1 },
            "2030-05-01": { value: 1 },
            "2030-05-14": { value: 1 },
            "2030-05-15": { value: 1 },
          },
        ),
      });
      expect(figures.users.signUpsByDay).toHaveLength(30);
      expect(figures.learning).toEqual({
        sectionsRead: 4,
        chaptersRead: 3,
        quizAnswers: 4,
        shareRight: 0.75,
        masteryReached: 3,
        answersByDay: series(
          WINDOW,
          { right: 0, wrong: 0 },
          {
            "2030-04-20": { right: 1 },
            "2030-05-02": { right: 1, wrong: 1 },
            "2030-05-03": { right: 1 },
          },
        ),
      });
      expect(figures.tools).toEqual({
        factorizations: 2,
        plots: 1,
        primeTools: 1,
        byDay: series(
          WINDOW,
          { factorization: 0, plot: 0, primes: 0 },
          { "2030-05-14": { factorization: 1, primes: 1 }, "2030-05-15": { factorization: 1, plot: 1 } },
        ),
      });
      expect(figures.visitors).toEqual({
        total: 6,
        pageViews: 6,
        byDay: series(
          WINDOW,
          { visitors: 0, pageViews: 0 },
          {
            "2030-04-16": { visitors: 1, pageViews: 1 },
            "2030-04-23": { visitors: 1, pageViews: 1 },
            "2030-05-14": { visitors: 2, pageViews: 2 },
            "2030-05-15": { visitors: 2, pageViews: 2 },
          },
        ),
      });

      // Three monthly plans running at 4.99 EUR; cancelled counts the one ended on May 1 and the
      // incomplete one given up on April 20 (subscription-metrics' own rule).
      expect(figures.subscriptions.counts.active).toBe(3);
      expect(figures.subscriptions.counts.cancelled).toBe(2);
      expect(figures.subscriptions.monthlyRecurringRevenue).toEqual([{ currency: "EUR", minor: 1497 }]);
      expect(figures.subscriptions.churn).toEqual({ ended: 1, atStart: 2, rate: 0.5 });
      expect(figures.subscriptions).toEqual({
        ...(await readSubscriptionMetrics(database.db)),
        churn: { ended: 1, atStart: 2, rate: 0.5 },
      });

      expect(figures.system).toEqual({
        buildId: "build-7",
        uptimeSeconds: 3600,
        dialect,
        databaseBytes: expect.any(Number),
        serverErrors24h: 2,
        storedEvents: 13,
        oldestEventDay: "2030-04-10",
      });
      expect(figures.system.databaseBytes).toBeGreaterThan(0);
    });

    it("gives the analytics in depth of a month", async () => {
      testClock.set(NOW);
      expect(await readAnalyticsInDepth(database.db, WINDOW)).toEqual({
        range: WINDOW,
        totals: { visitors: 6, pageViews: 6, events: 10 },
        topPages: [
          { path: "/", views: 3, visitors: 3 },
          { path: "/x", views: 2, visitors: 2 },
          { path: "/chapters", views: 1, visitors: 1 },
        ],
        referrers: [
          { domain: "news.example", visits: 2 },
          { domain: "search.example", visits: 1 },
        ],
        devices: [
          { device: "phone", visitors: 2 },
          { device: "tablet", visitors: 1 },
          { device: "desktop", visitors: 2 },
        ],
        funnel: [
          { step: "visit", count: 6, dropOff: null },
          { step: "sign_up", count: 4, dropOff: 1 - 4 / 6 },
          { step: "first_chapter", count: 2, dropOff: 0.5 },
          { step: "first_quiz", count: 1, dropOff: 0.5 },
          { step: "subscription", count: 1, dropOff: 0 },
        ],
        cohorts: [
          // E: seen in its second week only.
          { weekStart: "2030-04-15", size: 1, activeByWeek: [0, 1, 0, 0, null, null, null, null] },
          { weekStart: "2030-04-22", size: 0, activeByWeek: [0, 0, 0, null, null, null, null, null] },
          // A: read and answered in its first week, nothing in the second; its sign-in falls in the third.
          { weekStart: "2030-04-29", size: 1, activeByWeek: [1, 0, null, null, null, null, null, null] },
          { weekStart: "2030-05-06", size: 0, activeByWeek: [0, null, null, null, null, null, null, null] },
          { weekStart: "2030-05-13", size: 2, activeByWeek: [null, null, null, null, null, null, null, null] },
        ],
        tools: [
          { tool: "factorization", uses: 2, finished: 1, stopped: 1, failed: 0 },
          { tool: "plot", uses: 1, finished: 0, stopped: 0, failed: 0 },
          { tool: "primes", uses: 1, finished: 0, stopped: 0, failed: 0 },
        ],
        quizByDifficulty: [
          { difficulty: 1, answered: 2, right: 2, averageHints: 0 },
          { difficulty: 2, answered: 1, right: 0, averageHints: 1 },
          { difficulty: 3, answered: 1, right: 1, averageHints: 2 },
        ],
      });
    });

    it("gives the analytics in depth of one day", async () => {
      testClock.set(NOW);
      const day = { from: "2030-05-14", to: "2030-05-14" };
      expect(await readAnalyticsInDepth(database.db, day)).toEqual({
        range: day,
        totals: { visitors: 2, pageViews: 2, events: 4 },
        topPages: [{ path: "/x", views: 2, visitors: 2 }],
        referrers: [{ domain: "search.example", visits: 1 }],
        devices: [
          { device: "phone", visitors: 1 },
          { device: "tablet", visitors: 1 },
          { device: "desktop", visitors: 0 },
        ],
        // B signed up and read a section; its subscription does not count without a quiz answer.
        funnel: [
          { step: "visit", count: 2, dropOff: null },
          { step: "sign_up", count: 1, dropOff: 0.5 },
          { step: "first_chapter", count: 1, dropOff: 0 },
          { step: "first_quiz", count: 0, dropOff: 1 },
          { step: "subscription", count: 0, dropOff: null },
        ],
        cohorts: [{ weekStart: "2030-05-13", size: 1, activeByWeek: Array(8).fill(null) }],
        tools: [
          { tool: "factorization", uses: 1, finished: 0, stopped: 1, failed: 0 },
          { tool: "plot", uses: 0, finished: 0, stopped: 0, failed: 0 },
          { tool: "primes", uses: 1, finished: 0, stopped: 0, failed: 0 },
        ],
        quizByDifficulty: [],
      });
    });

    it("keeps the figures of days whose raw events were pruned", async () => {
      testClock.set(NOW);
      const before = await readAnalyticsInDepth(database.db, WINDOW);
      await database.db.deleteFrom("analytics_events").where("day", "<", "2030-05-01").execute();
      for (const day of ["2030-04-10", "2030-04-15", "2030-04-16", "2030-04-23"]) {
        await recomputeDailyRollups(database.db, day);
      }
      const after = await readAnalyticsInDepth(database.db, WINDOW);
      // Everything but the cohorts reads rollups or accounts; E's week-1 activity was a raw event.
      expect({ ...after, cohorts: null }).toEqual({ ...before, cohorts: null });
      expect(after.cohorts[0]).toEqual({
        weekStart: "2030-04-15",
        size: 1,
        activeByWeek: [0, 0, 0, 0, null, null, null, null],
      });
      const figures = await readDashboardFigures(database.db, { buildId: "b", startedAt: new Date(NOW) });
      expect(figures.visitors.total).toBe(6);
      expect(figures.system.storedEvents).toBe(8);
      expect(figures.system.oldestEventDay).toBe("2030-05-14");
    });

    it("refuses a range that ends before it starts, is longer than 366 days, or has no real day", async () => {
      testClock.set(NOW);
      await expect(readAnalyticsInDepth(database.db, { from: "2030-05-02", to: "2030-05-01" })).rejects.toThrow(
        RangeError,
      );
      await expect(readAnalyticsInDepth(database.db, { from: "2029-05-01", to: "2030-05-02" })).rejects.toThrow(
        /at most 366 days/,
      );
      await expect(readAnalyticsInDepth(database.db, { from: "2030-02-30", to: "2030-03-01" })).rejects.toThrow(
        RangeError,
      );
      const year = await readAnalyticsInDepth(database.db, { from: "2029-05-15", to: "2030-05-15" });
      expect(year.totals.visitors).toBe(8);
    });
  });

  describe("usage charts", () => {
    const database = useTestDatabase(dialect);
    const NOW = "2031-01-10T10:30:30.000Z";

    it("counts the last 48 hours by hour and name, the last 30 minutes by minute, and who is here now", async () => {
      testClock.set(NOW);
      const empty = await readUsageCharts(database.db);
      expect(empty.eventsPerHour).toHaveLength(48);
      expect(empty.eventsPerHour.every((point) => Object.keys(point.counts).length === 0)).toBe(true);
      expect(empty.live.every((point) => point.events === 0 && point.visitors === 0)).toBe(true);
      expect(empty.visitorsNow).toBe(0);

      await insertEvents(database.db, [
        // A moment before the first hour, and its first moment.
        { at: "2031-01-08T10:59:59.999Z", visitor: "v0" },
        { at: "2031-01-08T11:00:00.000Z", visitor: "v1" },
        // The hour before the current one; before the live half hour too.
        { at: "2031-01-10T09:59:00.000Z", visitor: "v4" },
        { at: "2031-01-10T10:00:59.999Z", visitor: "v4" },
        // The live half hour starts at 10:01.
        { at: "2031-01-10T10:01:00.000Z", visitor: "v1", name: "tool_use", subject: "plot" },
        { at: "2031-01-10T10:01:30.000Z", visitor: "v2" },
        { at: "2031-01-10T10:25:29.999Z", visitor: "v5" },
        { at: "2031-01-10T10:29:10.000Z", visitor: "v1" },
        { at: "2031-01-10T10:29:59.000Z", visitor: "v1" },
        { at: "2031-01-10T10:30:10.000Z", visitor: "v3", name: "quiz_answer", subject: "gcd", outcome: "right" },
      ]);
      const charts = await readUsageCharts(database.db);
      expect(charts.at).toBe(NOW);

      const zero = { page_view: 0, quiz_answer: 0, tool_use: 0 };
      const hours = charts.eventsPerHour;
      expect(hours).toHaveLength(48);
      expect(hours[0]).toEqual({ hour: "2031-01-08T11:00:00.000Z", counts: { ...zero, page_view: 1 } });
      expect(hours[46]).toEqual({ hour: "2031-01-10T09:00:00.000Z", counts: { ...zero, page_view: 1 } });
      expect(hours[47]).toEqual({
        hour: "2031-01-10T10:00:00.000Z",
        counts: { page_view: 5, quiz_answer: 1, tool_use: 1 },
      });
      expect(hours.slice(1, 46).every((point) => JSON.stringify(point.counts) === JSON.stringify(zero))).toBe(true);
      expect(hours.map((point) => point.hour)).toEqual(
        Array.from({ length: 48 }, (_, index) =>
          new Date(Date.parse("2031-01-08T11:00:00.000Z") + index * 3_600_000).toISOString(),
        ),
      );

      const live = charts.live;
      expect(live).toHaveLength(30);
      expect(live[0]).toEqual({ minute: "2031-01-10T10:01:00.000Z", events: 2, visitors: 2 });
      expect(live[24]).toEqual({ minute: "2031-01-10T10:25:00.000Z", events: 1, visitors: 1 });
      expect(live[28]).toEqual({ minute: "2031-01-10T10:29:00.000Z", events: 2, visitors: 1 });
      expect(live[29]).toEqual({ minute: "2031-01-10T10:30:00.000Z", events: 1, visitors: 1 });
      expect(live.filter((point) => point.events > 0)).toHaveLength(4);

      // Since 10:25:30: v1 and v3 (v5's event was a moment earlier).
      expect(charts.visitorsNow).toBe(2);
    });
  });

  describe("the top pages of a busy month, narrowed to the addresses containing a text", () => {
    const database = useTestDatabase(dialect);
    const NOW = "2030-06-30T12:00:00.000Z";
    const RANGE: DayRange = { from: "2030-06-01", to: "2030-06-30" };
    // More busy pages than the table holds, each seen by (3 + i) visitors; then pages seen once.
    const busy = Array.from({ length: TOP_PAGES_LIMIT + 5 }, (_, index) => `/busy/${String(index).padStart(2, "0")}`);
    const rare = ["/e2e/Rare-Page", "/odd/100%_done", "/odd/a_b", "/kapitel/ÜBER"];

    beforeAll(async () => {
      const events: EventRecord[] = busy.flatMap((path, index) =>
        Array.from({ length: 3 + index }, (_, visitor) => ({
          at: `2030-06-${String(1 + (visitor % 28)).padStart(2, "0")}T10:00:00.000Z`,
          visitor: `${path}-${visitor}`,
          path,
        })),
      );
      events.push(...rare.map((path) => ({ at: "2030-06-29T10:00:00.000Z", visitor: `seen-${path}`, path })));
      // Outside the range: never counted, filtered or not.
      events.push({ at: "2030-05-31T10:00:00.000Z", visitor: "may", path: "/e2e/rare-page" });
      await insertEvents(database.db, events);
      await recomputeAll(database.db);
    });

    const topPages = async (pagesContaining?: string) =>
      (await readAnalyticsInDepth(database.db, RANGE, { pagesContaining })).topPages;

    it("leaves a page seen once out of the unfiltered table", async () => {
      testClock.set(NOW);
      const pages = await topPages();
      expect(pages).toHaveLength(TOP_PAGES_LIMIT);
      expect(pages[0]).toEqual({ path: busy.at(-1), views: 3 + busy.length - 1, visitors: 3 + busy.length - 1 });
      expect(pages.map((page) => page.path)).not.toContain("/e2e/Rare-Page");
      expect(await topPages("  ")).toEqual(pages);
    });

    it("finds it by a part of its address, in any case", async () => {
      testClock.set(NOW);
      expect(await topPages("rare-PAGE")).toEqual([{ path: "/e2e/Rare-Page", views: 1, visitors: 1 }]);
      expect(await topPages(" /e2e/ ")).toEqual([{ path: "/e2e/Rare-Page", views: 1, visitors: 1 }]);
      // Case folding beyond ASCII, on SQLite too.
      expect(await topPages("über")).toEqual([{ path: "/kapitel/ÜBER", views: 1, visitors: 1 }]);
      expect(await topPages("/busy/0")).toEqual(
        busy
          .slice(0, 10)
          .reverse()
          .map((path, index) => ({ path, views: 12 - index, visitors: 12 - index })),
      );
      expect(await topPages("/nowhere")).toEqual([]);
    });

    it("matches % and _ as the characters they are, not as wildcards", async () => {
      testClock.set(NOW);
      expect((await topPages("%")).map((page) => page.path)).toEqual(["/odd/100%_done"]);
      expect((await topPages("_")).map((page) => page.path)).toEqual(["/odd/100%_done", "/odd/a_b"]);
      expect(await topPages("0%_d")).toHaveLength(1);
      expect(await topPages("a%b")).toEqual([]);
    });
  });

  describe("a generated log against a brute-force count", () => {
    const database = useTestDatabase(dialect);
    const NOW = "2030-03-20T15:00:00.000Z";
    let log: GeneratedLog;

    beforeAll(async () => {
      log = generateLog(20_260_520, NOW);
      const db = database.db;
      const sections = [...(await insertChapter(db, 2)), ...(await insertChapter(db, 2))];
      const userIds: string[] = [];
      for (const user of log.users) {
        userIds.push(await insertUser(db, { createdAt: user.createdAt, lastSignInAt: user.lastSignInAt }));
      }
      for (const read of log.reads) {
        await insertSectionRead(db, { userId: userIds[read.user]!, sectionId: sections[read.section]!, at: read.at });
      }
      await insertAnswers(
        db,
        log.answers.map((answer) => ({ ...answer, userId: userIds[answer.user]! })),
      );
      await insertEvents(
        db,
        log.events.map((event) => ({ ...event, userId: event.user === null ? null : userIds[event.user]! })),
      );
      for (const subscription of log.subscriptions) {
        await insertSubscription(db, { ...subscription, userId: userIds[subscription.user]! });
      }
      await recomputeAll(db);
    });

    it.each([
      { from: "2030-01-08", to: "2030-03-20" },
      { from: "2029-12-23", to: "2030-02-10" },
      { from: "2030-03-02", to: "2030-03-02" },
    ])("gives the funnel, cohorts and tables of $from to $to", async (range) => {
      testClock.set(NOW);
      const report = await readAnalyticsInDepth(database.db, range);
      const expected = inDepthByBruteForce(log, range, NOW);
      // The log must exercise every step, or the comparison proves little.
      if (range.from === "2030-01-08") {
        expect(expected.funnel.map((row) => row.count).every((count) => count > 0)).toBe(true);
        expect(expected.cohorts.some((row) => row.activeByWeek.some((active) => (active ?? 0) > 0))).toBe(true);
      }
      expect(report).toEqual(expected);
    });

    it("gives the dashboard's account figures", async () => {
      testClock.set(NOW);
      const figures = await readDashboardFigures(database.db, { buildId: "b", startedAt: new Date(NOW) });
      const expected = dashboardByBruteForce(log, NOW);
      expect(expected.masteryReached).toBeGreaterThan(0);
      expect({
        total: figures.users.total,
        newIn30Days: figures.users.newIn30Days,
        active: figures.users.active,
        sectionsRead: figures.learning.sectionsRead,
        chaptersRead: figures.learning.chaptersRead,
        quizAnswers: figures.learning.quizAnswers,
        masteryReached: figures.learning.masteryReached,
        visitors: figures.visitors.total,
      }).toEqual(expected);
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// The generated log and its brute-force answers: plain loops over the generated arrays, no SQL.

interface GeneratedLog {
  users: { createdAt: string; lastSignInAt: string | null }[];
  reads: { user: number; section: number; at: string }[];
  answers: (Omit<AnswerRecordInput, "userId"> & { user: number })[];
  events: (EventRecord & { user: number | null })[];
  subscriptions: { user: number; status: string; createdAt: string; endedAt: string | null; updatedAt: string }[];
}

const DAY_MS = 86_400_000;

/** mulberry32: a small seeded generator, so both dialects get the same log. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    time: (from: number, to: number) => new Date(from + Math.floor(next() * (to - from))).toISOString(),
  };
}

function generateLog(seed: number, now: string): GeneratedLog {
  const random = seeded(seed);
  const start = Date.parse("2029-12-20T00:00:00.000Z");
  const end = Date.parse(now);
  const log: GeneratedLog = { users: [], reads: [], answers: [], events: [], subscriptions: [] };
  for (let user = 0; user < 70; user++) {
    const created = Date.parse(random.time(start, end));
    const after = () => random.time(created, end);
    log.users.push({ createdAt: new Date(created).toISOString(), lastSignInAt: random.chance(0.4) ? after() : null });
    if (random.chance(0.6)) {
      const sections = new Set(Array.from({ length: random.integer(1, 4) }, () => random.integer(0, 3)));
      for (const section of sections) log.reads.push({ user, section, at: after() });
    }
    if (random.chance(0.55)) {
      for (let count = random.integer(1, 12); count > 0; count--) {
        const skill = random.pick(["gcd", "order"]);
        log.answers.push({
          user,
          at: random.chance(0.9) ? after() : null,
          // Mostly clean, so that some learners reach mastery.
          correct: random.chance(0.9),
          hints: random.chance(0.9) ? 0 : random.integer(1, 2),
          difficulty: random.integer(1, 3),
          skill,
        });
      }
    }
    if (random.chance(0.5)) {
      for (let count = random.integer(1, 6); count > 0; count--) {
        log.events.push({ at: after(), visitor: `u${user}`, user, path: random.pick(["/a", "/b", "/c"]) });
      }
    }
    if (random.chance(0.5)) {
      const status = random.pick(["active", "trialing", "canceled", "incomplete", "incomplete_expired", "past_due"]);
      const createdAt = after();
      const endedAt = status === "canceled" ? random.time(Date.parse(createdAt), end) : null;
      log.subscriptions.push({ user, status, createdAt, endedAt, updatedAt: endedAt ?? createdAt });
    }
  }
  for (let count = 0; count < 600; count++) {
    const name = random.pick(["page_view", "page_view", "page_view", "tool_use", "quiz_answer"]);
    const subject = name === "tool_use" ? random.pick(["factorization", "plot", "primes"]) : null;
    log.events.push({
      at: random.time(start, end),
      visitor: `a${random.integer(0, 30)}`,
      user: null,
      name,
      path: random.pick(["/a", "/b", "/c", "/d", "/e"]),
      referrer: name === "page_view" ? random.pick([null, null, "a.example", "b.example", "c.example"]) : null,
      device: random.pick(["phone", "tablet", "desktop", null]),
      subject,
      outcome: subject === "factorization" ? random.pick(["finished", "stopped", "failed", null]) : null,
    });
  }
  return log;
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const inDays = (at: string, range: DayRange) => at.slice(0, 10) >= range.from && at.slice(0, 10) <= range.to;

/** Sum over the range's days of the distinct visitors among the events that pass `filter`. */
function visitorDays(log: GeneratedLog, range: DayRange, filter: (event: EventRecord) => boolean): number {
  const seen = new Set<string>();
  for (const event of log.events) {
    if (inDays(event.at, range) && filter(event)) seen.add(`${event.at.slice(0, 10)} ${event.visitor}`);
  }
  return seen.size;
}

/** Every moment each account showed activity: events sent signed in, reads, answers, its sign-in. */
function activityTimes(log: GeneratedLog): number[][] {
  const times = log.users.map((user) => (user.lastSignInAt ? [Date.parse(user.lastSignInAt)] : []));
  for (const event of log.events) if (event.user !== null) times[event.user]!.push(Date.parse(event.at));
  for (const read of log.reads) times[read.user]!.push(Date.parse(read.at));
  for (const answer of log.answers) if (answer.at) times[answer.user]!.push(Date.parse(answer.at));
  return times;
}

function inDepthByBruteForce(log: GeneratedLog, range: DayRange, now: string) {
  const events = log.events.filter((event) => inDays(event.at, range));
  const name = (event: EventRecord) => event.name ?? "page_view";

  const pages = [...new Set(events.filter((event) => name(event) === "page_view").map((event) => event.path!))]
    .map((path) => ({
      path,
      views: events.filter((event) => name(event) === "page_view" && event.path === path).length,
      visitors: visitorDays(log, range, (event) => name(event) === "page_view" && event.path === path),
    }))
    .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1))
    .slice(0, 20);
  const referrers = [...new Set(events.map((event) => event.referrer).filter((host) => host))]
    .map((domain) => ({
      domain: domain!,
      visits: visitorDays(log, range, (event) => name(event) === "page_view" && event.referrer === domain),
    }))
    .sort((a, b) => b.visits - a.visits || (a.domain < b.domain ? -1 : 1));

  const signedUp = log.users.flatMap((user, index) => (inDays(user.createdAt, range) ? [index] : []));
  const read = signedUp.filter((user) => log.reads.some((entry) => entry.user === user));
  const answered = read.filter((user) => log.answers.some((answer) => answer.user === user && answer.at !== null));
  const subscribed = answered.filter((user) =>
    log.subscriptions.some(
      (subscription) =>
        subscription.user === user && !["incomplete", "incomplete_expired"].includes(subscription.status),
    ),
  );
  const visits = visitorDays(log, range, () => true);
  const counts = [visits, signedUp.length, read.length, answered.length, subscribed.length];
  const steps = ["visit", "sign_up", "first_chapter", "first_quiz", "subscription"] as const;

  const times = activityTimes(log);
  const cohorts = [];
  const weekday = (new Date(dayStart(range.from)).getUTCDay() + 6) % 7;
  for (let monday = dayStart(range.from) - weekday * DAY_MS; monday <= dayStart(range.to); monday += 7 * DAY_MS) {
    const members = signedUp.filter((user) => {
      const created = Date.parse(log.users[user]!.createdAt);
      return created >= monday && created < monday + 7 * DAY_MS;
    });
    cohorts.push({
      weekStart: new Date(monday).toISOString().slice(0, 10),
      size: members.length,
      activeByWeek: Array.from({ length: 8 }, (_, week) => {
        const weekStart = monday + week * 7 * DAY_MS;
        if (weekStart + 7 * DAY_MS > Date.parse(now)) return null;
        return members.filter((user) => times[user]!.some((time) => time >= weekStart && time < weekStart + 7 * DAY_MS))
          .length;
      }),
    });
  }

  const answeredInRange = log.answers.filter((answer) => answer.at !== null && inDays(answer.at, range));
  const difficulties = [...new Set(answeredInRange.map((answer) => answer.difficulty!))].sort((a, b) => a - b);
  const toolUses = (tool: string, outcome?: string) =>
    events.filter(
      (event) =>
        name(event) === "tool_use" && event.subject === tool && (outcome === undefined || event.outcome === outcome),
    ).length;

  return {
    range,
    totals: {
      visitors: visits,
      pageViews: events.filter((event) => name(event) === "page_view").length,
      events: events.length,
    },
    topPages: pages,
    referrers,
    devices: (["phone", "tablet", "desktop"] as const).map((device) => ({
      device,
      visitors: visitorDays(log, range, (event) => event.device === device),
    })),
    funnel: steps.map((step, index) => ({
      step,
      count: counts[index]!,
      dropOff: index === 0 || counts[index - 1] === 0 ? null : Math.max(0, 1 - counts[index]! / counts[index - 1]!),
    })),
    cohorts,
    tools: (["factorization", "plot", "primes"] as const).map((tool) => ({
      tool,
      uses: toolUses(tool),
      finished: toolUses(tool, "finished"),
      stopped: toolUses(tool, "stopped"),
      failed: toolUses(tool, "failed"),
    })),
    quizByDifficulty: difficulties.map((difficulty) => {
      const ofDifficulty = answeredInRange.filter((answer) => answer.difficulty === difficulty);
      return {
        difficulty,
        answered: ofDifficulty.length,
        right: ofDifficulty.filter((answer) => answer.correct).length,
        averageHints: ofDifficulty.reduce((sum, answer) => sum + answer.hints!, 0) / ofDifficulty.length,
      };
    }),
  };
}

function dashboardByBruteForce(log: GeneratedLog, now: string) {
  const at = Date.parse(now);
  const window: DayRange = { from: new Date(at - 29 * DAY_MS).toISOString().slice(0, 10), to: now.slice(0, 10) };
  const times = activityTimes(log);
  const activeWithin = (days: number) => times.filter((list) => list.some((time) => time >= at - days * DAY_MS)).length;
  const readsInWindow = log.reads.filter((read) => inDays(read.at, window));
  // Sections 0 and 1 belong to the first chapter, 2 and 3 to the second.
  const chapterPairs = new Set(readsInWindow.map((read) => `${read.user}:${read.section < 2 ? 0 : 1}`));
  // Mastered: at least five answers of the skill, the latest five right without a hint.
  let masteryReached = 0;
  for (let user = 0; user < log.users.length; user++) {
    for (const skill of ["gcd", "order"]) {
      const latest = log.answers
        .filter((answer) => answer.user === user && answer.skill === skill && answer.at !== null)
        .sort((a, b) => (a.at! < b.at! ? -1 : 1))
        .slice(-5);
      if (latest.length === 5 && latest.every((answer) => answer.correct && answer.hints === 0)) masteryReached++;
    }
  }
  return {
    total: log.users.length,
    newIn30Days: log.users.filter((user) => inDays(user.createdAt, window)).length,
    active: { day1: activeWithin(1), day7: activeWithin(7), day30: activeWithin(30) },
    sectionsRead: readsInWindow.length,
    chaptersRead: chapterPairs.size,
    quizAnswers: log.answers.filter((answer) => answer.at !== null && inDays(answer.at, window)).length,
    masteryReached,
    visitors: visitorDays(log, window, () => true),
  };
}
