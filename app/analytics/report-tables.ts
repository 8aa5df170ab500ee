/**
 * The tables of the analytics page (/admin/admin2) as columns and rows of plain values: the page
 * formats them for reading, the CSV download writes them raw. One definition for both, so a file
 * always has the page's columns, in the page's order, under the page's names.
 */
import type { CsvValue } from "#app/utils/csv";
import type { Device, Tool } from "./events";
import type { AnalyticsInDepth, DayRange, FunnelStep } from "./reports";

export const IN_DEPTH_TABLES = [
  "pages",
  "referrers",
  "devices",
  "funnel",
  "cohorts",
  "tools",
  "quiz-difficulty",
] as const;
export type InDepthTableId = (typeof IN_DEPTH_TABLES)[number];

export function isInDepthTable(id: string): id is InDepthTableId {
  return (IN_DEPTH_TABLES as readonly string[]).includes(id);
}

/**
 * How a column's values read: `count` a whole number, `share` a fraction of one (shown as a percentage,
 * written to CSV as a percentage with one decimal), `decimal` a number with one decimal.
 */
export type ColumnKind = "text" | "count" | "share" | "decimal";

export interface ReportColumn {
  label: string;
  kind: ColumnKind;
}

export interface ReportTable {
  id: InDepthTableId;
  title: string;
  columns: ReportColumn[];
  /** Raw values: shares as fractions, null where there is nothing to show (a drop-off after zero). */
  rows: CsvValue[][];
}

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visit: "Visited",
  sign_up: "Signed up",
  first_chapter: "Read a first chapter",
  first_quiz: "Answered a first quiz question",
  subscription: "Subscribed",
};

export const TOOL_LABELS: Record<Tool, string> = {
  factorization: "Factorization",
  plot: "Plotting",
  primes: "Prime tools",
};

export const DEVICE_LABELS: Record<Device, string> = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" };

export const IN_DEPTH_TABLE_TITLES: Record<InDepthTableId, string> = {
  pages: "Top pages",
  referrers: "Referrer domains",
  devices: "Devices",
  funnel: "Funnel",
  cohorts: "Weekly retention",
  tools: "Tool usage",
  "quiz-difficulty": "Quiz items by difficulty",
};

const text = (label: string): ReportColumn => ({ label, kind: "text" });
const count = (label: string): ReportColumn => ({ label, kind: "count" });
const share = (label: string): ReportColumn => ({ label, kind: "share" });

/** `part` of `whole`, or null when the whole is zero. */
function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The weeks the cohort table has columns for: as many as its longest row. */
export function cohortWeekCount(report: Pick<AnalyticsInDepth, "cohorts">): number {
  return Math.max(0, ...report.cohorts.map((row) => row.activeByWeek.length));
}

export function inDepthTable(report: AnalyticsInDepth, id: InDepthTableId): ReportTable {
  const title = IN_DEPTH_TABLE_TITLES[id];
  switch (id) {
    case "pages":
      return {
        id,
        title,
        columns: [text("Page"), count("Views"), count("Visitors")],
        rows: report.topPages.map((row) => [row.path, row.views, row.visitors]),
      };
    case "referrers":
      return {
        id,
        title,
        columns: [text("Domain"), count("Visits")],
        rows: report.referrers.map((row) => [row.domain, row.visits]),
      };
    case "devices": {
      const total = report.devices.reduce((sum, row) => sum + row.visitors, 0);
      return {
        id,
        title,
        columns: [text("Device"), count("Visitors"), share("Share")],
        rows: report.devices.map((row) => [DEVICE_LABELS[row.device], row.visitors, shareOf(row.visitors, total)]),
      };
    }
    case "funnel":
      return {
        id,
        title,
        columns: [text("Step"), count("Reached"), share("Share of visits"), share("Drop-off")],
        rows: report.funnel.map((row) => [
          FUNNEL_STEP_LABELS[row.step],
          row.count,
          shareOf(row.count, report.funnel[0]?.count ?? 0),
          row.dropOff,
        ]),
      };
    case "cohorts": {
      const weeks = cohortWeekCount(report);
      return {
        id,
        title,
        columns: [
          text("Week starting"),
          count("Accounts"),
          ...Array.from({ length: weeks }, (_, week) => count(`Active in week ${week}`)),
        ],
        rows: report.cohorts.map((row) => [
          row.weekStart,
          row.size,
          ...Array.from({ length: weeks }, (_, week) => row.activeByWeek[week] ?? null),
        ]),
      };
    }
    case "tools":
      return {
        id,
        title,
        columns: [text("Tool"), count("Uses"), count("Finished"), count("Stopped"), count("Failed")],
        rows: report.tools.map((row) => [TOOL_LABELS[row.tool], row.uses, row.finished, row.stopped, row.failed]),
      };
    case "quiz-difficulty":
      return {
        id,
        title,
        columns: [
          text("Difficulty"),
          count("Answers"),
          count("Right"),
          share("Share right"),
          { label: "Hints per answer", kind: "decimal" },
        ],
        rows: report.quizByDifficulty.map((row) => [
          row.difficulty,
          row.answered,
          row.right,
          shareOf(row.right, row.answered),
          row.averageHints,
        ]),
      };
  }
}

/** A value as the CSV file holds it: shares as percentages with one decimal, decimals to two. */
export function csvValue(value: CsvValue, kind: ColumnKind): CsvValue {
  if (typeof value !== "number") return value;
  if (kind === "share") return Math.round(value * 1000) / 10;
  if (kind === "decimal") return Math.round(value * 100) / 100;
  return value;
}

/** The header of a CSV column: a share says its unit, since the file holds bare numbers. */
export function csvHeader(column: ReportColumn): string {
  return column.kind === "share" ? `${column.label} (%)` : column.label;
}

/** The file's name: what it holds and the range, e.g. numberlab-pages-2026-11-01-to-2026-11-30.csv. */
export function csvFileName(id: InDepthTableId, { from, to }: DayRange): string {
  return `numberlab-${id}-${from}-to-${to}.csv`;
}
