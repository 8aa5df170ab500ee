import { describe, expect, it } from "vitest";
import { toCsv } from "#app/utils/csv";
import type { AnalyticsInDepth } from "./reports";
import {
  csvFileName,
  csvHeader,
  csvValue,
  IN_DEPTH_TABLES,
  inDepthTable,
  isInDepthTable,
  type ReportTable,
} from "./report-tables";

const report: AnalyticsInDepth = {
  range: { from: "2026-11-01", to: "2026-11-14" },
  totals: { visitors: 40, pageViews: 120, events: 200 },
  topPages: [
    { path: "/", views: 80, visitors: 30 },
    { path: "/chapter/periods-and-primes", views: 40, visitors: 12 },
  ],
  referrers: [{ domain: "=evil.example", visits: 3 }],
  devices: [
    { device: "desktop", visitors: 30 },
    { device: "phone", visitors: 10 },
  ],
  funnel: [
    { step: "visit", count: 40, dropOff: null },
    { step: "sign_up", count: 10, dropOff: 0.75 },
    { step: "first_chapter", count: 0, dropOff: 1 },
    { step: "first_quiz", count: 0, dropOff: null },
    { step: "subscription", count: 0, dropOff: null },
  ],
  cohorts: [
    { weekStart: "2026-10-26", size: 4, activeByWeek: [4, 2, null] },
    { weekStart: "2026-11-02", size: 2, activeByWeek: [1] },
  ],
  tools: [{ tool: "factorization", uses: 5, finished: 3, stopped: 1, failed: 1 }],
  quizByDifficulty: [
    { difficulty: 1, answered: 8, right: 6, averageHints: 0.125 },
    { difficulty: 3, answered: 0, right: 0, averageHints: 0 },
  ],
};

/** The table as its CSV file writes it. */
function asCsv(table: ReportTable): string {
  return toCsv(
    table.columns.map(csvHeader),
    table.rows.map((row) => row.map((value, index) => csvValue(value, table.columns[index]!.kind))),
  );
}

describe("the analytics page's tables", () => {
  it("each has a header as long as every one of its rows", () => {
    for (const id of IN_DEPTH_TABLES) {
      const table = inDepthTable(report, id);
      expect(table.id).toBe(id);
      for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    }
  });

  it("names a table only by its known ids", () => {
    expect(isInDepthTable("pages")).toBe(true);
    expect(isInDepthTable("quiz-difficulty")).toBe(true);
    expect(isInDepthTable("users")).toBe(false);
    expect(isInDepthTable("__proto__")).toBe(false);
  });

  it("writes the funnel with each step's share of visits and its drop-off as percentages", () => {
    expect(asCsv(inDepthTable(report, "funnel"))).toBe(
      [
        "Step,Reached,Share of visits (%),Drop-off (%)",
        "Visited,40,100,",
        "Signed up,10,25,75",
        "Read a first chapter,0,0,100",
        "Answered a first quiz question,0,0,",
        "Subscribed,0,0,",
        "",
      ].join("\r\n"),
    );
  });

  it("gives the cohort table a column per week of its longest row, empty where a week is not over", () => {
    expect(asCsv(inDepthTable(report, "cohorts"))).toBe(
      [
        "Week starting,Accounts,Active in week 0,Active in week 1,Active in week 2",
        "2026-10-26,4,4,2,",
        "2026-11-02,2,1,,",
        "",
      ].join("\r\n"),
    );
  });

  it("shares devices out of all visitors, and defuses a referrer that looks like a formula", () => {
    expect(asCsv(inDepthTable(report, "devices"))).toBe(
      "Device,Visitors,Share (%)\r\nDesktop,30,75\r\nPhone,10,25\r\n",
    );
    expect(asCsv(inDepthTable(report, "referrers"))).toBe('Domain,Visits\r\n"\'=evil.example",3\r\n');
  });

  it("has no share right for a difficulty without answers, and hints to two decimals", () => {
    expect(asCsv(inDepthTable(report, "quiz-difficulty"))).toBe(
      "Difficulty,Answers,Right,Share right (%),Hints per answer\r\n1,8,6,75,0.13\r\n3,0,0,,0\r\n",
    );
  });

  it("names the file after the table and the range", () => {
    expect(csvFileName("pages", report.range)).toBe("numberlab-pages-2026-11-01-to-2026-11-14.csv");
  });
});
