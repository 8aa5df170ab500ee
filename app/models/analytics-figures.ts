/**
 * The shapes of the figures the admin dashboard (/admin/admin), the analytics page (/admin/admin2)
 * and the usage charts (/tests/mychart) show, and the date range they take. Computed by
 * app/models/analytics-report.server.ts on SQLite and PostgreSQL; rendered by app/components/analytics/,
 * which import them through app/analytics/reports.ts. They live beside the model because models may not
 * import a domain service (docs/decisions/0013-feature-folders-aliases-and-boundaries.md). Days are UTC,
 * `YYYY-MM-DD`.
 *
 * Visitors: a visitor's hash is salted anew every UTC day, so distinct visitors are exact within a day
 * and a range's visitors are the sum of its days' (visitor-days, as Plausible counts them).
 */
import { z } from "zod";
import type { SubscriptionMetrics } from "./subscription-metrics.server";
import { now } from "../utils/clock";

/**
 * The tools and device classes of app/analytics/events.ts, which reports group by. Repeated here
 * because a model cannot import app/analytics; app/analytics/reports.ts fails to compile if they drift.
 */
export const REPORT_TOOLS = ["factorization", "plot", "primes"] as const;
export type ReportTool = (typeof REPORT_TOOLS)[number];
export const REPORT_DEVICES = ["phone", "tablet", "desktop"] as const;
export type ReportDevice = (typeof REPORT_DEVICES)[number];

/** Inclusive range of UTC days. */
export interface DayRange {
  from: string;
  to: string;
}

/** The longest range the analytics page reads at once (a leap year). */
export const MAX_RANGE_DAYS = 366;
/** The dashboard's window, and the analytics page's range when none is asked for. */
export const DEFAULT_RANGE_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** The UTC day of an instant. */
export function dayOf(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return dayOf(Date.parse(`${day}T00:00:00.000Z`) + count * DAY_MS);
}

/** Days in the inclusive range. */
export function daysInRange(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00.000Z`) - Date.parse(`${range.from}T00:00:00.000Z`)) / DAY_MS) + 1;
}

/** Every day of the inclusive range, in order. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The Monday (UTC) of the week `day` falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The last `days` UTC days, today included: the dashboard's window and the analytics page's default. */
export function defaultDayRange(at: Date = now(), days: number = DEFAULT_RANGE_DAYS): DayRange {
  const to = dayOf(at);
  return { from: addDays(to, -(days - 1)), to };
}

const daySchema = z.string().refine(isDay, { message: "Enter a day as YYYY-MM-DD." });

/** A range as the analytics page's query string gives it; readAnalyticsInDepth checks it the same way. */
export const dayRangeSchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((range) => range.from <= range.to, { message: "The range must not end before it starts.", path: ["to"] })
  .refine((range) => daysInRange(range) <= MAX_RANGE_DAYS, {
    message: `The range may span at most ${MAX_RANGE_DAYS} days.`,
    path: ["to"],
  });

export interface DayPoint {
  day: string;
  value: number;
}

/**
 * "The last 30 days" is the 30 UTC days up to and including today (`defaultDayRange`), so each total
 * is the sum of its by-day series, which always holds all 30 days, oldest first.
 */
export interface DashboardFigures {
  /** When the figures were taken (ISO). */
  at: string;
  users: {
    total: number;
    newIn30Days: number;
    /**
     * Accounts with any activity in the last 24 hours, 7 and 30 days before now (rolling): an event
     * sent while signed in, a section marked read, a quiz answer, or a sign-in (its latest only).
     */
    active: { day1: number; day7: number; day30: number };
    signUpsByDay: DayPoint[];
  };
  /** Over the last 30 days. */
  learning: {
    /** Sections marked read. */
    sectionsRead: number;
    /** Distinct learner and chapter pairs with a section of the chapter marked read. */
    chaptersRead: number;
    quizAnswers: number;
    /** Right answers over answers; null without answers. */
    shareRight: number | null;
    /**
     * Learner and skill pairs at the level "mastered" (core/quiz/mastery.ts), now, from every answer
     * ever given (not only the last 30 days).
     */
    masteryReached: number;
    answersByDay: { day: string; right: number; wrong: number }[];
  };
  /** Over the last 30 days, from tool_use events. */
  tools: {
    factorizations: number;
    plots: number;
    primeTools: number;
    byDay: { day: string; factorization: number; plot: number; primes: number }[];
  };
  /** Over the last 30 days; `total` is visitor-days (see the file's comment). */
  visitors: { byDay: { day: string; visitors: number; pageViews: number }[]; total: number; pageViews: number };
  subscriptions: SubscriptionMetrics & {
    /**
     * Of the subscriptions running 30 days ago (`atStart`: seen by then, neither ended nor never paid
     * by then), those that have ended since (`ended`), and their share; null when none ran.
     */
    churn: { ended: number; atStart: number; rate: number | null };
  };
  system: {
    buildId: string;
    /** Seconds this instance has been running. */
    uptimeSeconds: number;
    dialect: "sqlite" | "postgres";
    /** Bytes the database takes on disk (SQLite: its main file, not the WAL); null when it cannot be read. */
    databaseBytes: number | null;
    serverErrors24h: number;
    /** Raw analytics events stored, and the oldest one's day. */
    storedEvents: number;
    oldestEventDay: string | null;
  };
}

export const FUNNEL_STEPS = ["visit", "sign_up", "first_chapter", "first_quiz", "subscription"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelRow {
  step: FunnelStep;
  count: number;
  /**
   * Share of the previous step's count that did not reach this one; null for the first step or after 0.
   * Never below 0: sign-ups may outnumber counted visits (visitors with Do Not Track are not counted).
   */
  dropOff: number | null;
}

export interface CohortRow {
  /** Monday of the sign-up week. */
  weekStart: string;
  /** Accounts created that week, within the range (the first and last weeks may be partly outside it). */
  size: number;
  /** Accounts of the cohort active in week 0, 1, … 7 after signing up; null for weeks not over yet. */
  activeByWeek: (number | null)[];
}

/** Weeks after sign-up a cohort row follows (week 0 is the sign-up week). */
export const COHORT_WEEKS = 8;
/** Rows of the top pages and referrers tables. */
export const TOP_PAGES_LIMIT = 20;
export const TOP_REFERRERS_LIMIT = 20;

export interface AnalyticsInDepth {
  range: DayRange;
  /** `visitors` is visitor-days; `events` every event of any name. */
  totals: { visitors: number; pageViews: number; events: number };
  /** The most viewed paths, most views first; `visitors` is visitor-days. */
  topPages: { path: string; views: number; visitors: number }[];
  /** Sites page views came from; `visits` is visitor-days from that site. Most visits first. */
  referrers: { domain: string; visits: number }[];
  /** Every device class, in REPORT_DEVICES order; `visitors` is visitor-days. */
  devices: { device: ReportDevice; visitors: number }[];
  /** See readAnalyticsInDepth for each step's definition. */
  funnel: FunnelRow[];
  /** One row per week of the range, oldest first. */
  cohorts: CohortRow[];
  /** Every tool, in REPORT_TOOLS order; outcomes are reported by factorization only. */
  tools: { tool: ReportTool; uses: number; finished: number; stopped: number; failed: number }[];
  /** Questions answered in the range, by difficulty, easiest first. */
  quizByDifficulty: { difficulty: number; answered: number; right: number; averageHints: number }[];
}

export interface UsageCharts {
  /** When the figures were taken (ISO). */
  at: string;
  /**
   * The last 48 hours, the current one included, one point per hour (start of the hour, ISO), oldest
   * first; every point has a count (0 or more) for each event name seen in those hours.
   */
  eventsPerHour: { hour: string; counts: Record<string, number> }[];
  /** The last 30 minutes, the current one included, one point per minute (start of the minute, ISO). */
  live: { minute: string; events: number; visitors: number }[];
  /** Distinct visitors seen in the last 5 minutes. */
  visitorsNow: number;
}
