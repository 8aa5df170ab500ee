/**
 * The shapes of the figures the admin dashboard (/admin/admin), the analytics page (/admin/admin2)
 * and the usage charts (/tests/mychart) show. Computed by app/models/analytics-report.server.ts on
 * SQLite and PostgreSQL; rendered by app/components/analytics/. Days are UTC, `YYYY-MM-DD`.
 */
import type { SubscriptionMetrics } from "#app/models/subscription-metrics.server";
import type { Device, Tool } from "./events";

/** Inclusive range of UTC days. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DayPoint {
  day: string;
  value: number;
}

export interface DashboardFigures {
  /** When the figures were taken (ISO). */
  at: string;
  users: {
    total: number;
    newIn30Days: number;
    /** Accounts with any activity (a signed-in page, a section read, a quiz answer, a sign-in) in the last 1, 7, 30 days. */
    active: { day1: number; day7: number; day30: number };
    signUpsByDay: DayPoint[];
  };
  /** Over the last 30 days. */
  learning: {
    sectionsRead: number;
    chaptersRead: number;
    quizAnswers: number;
    /** Right answers over answers; null without answers. */
    shareRight: number | null;
    /** Learner and skill pairs at the level "mastered" (core/quiz/mastery.ts), now. */
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
  /** Over the last 30 days. */
  visitors: { byDay: { day: string; visitors: number; pageViews: number }[]; total: number; pageViews: number };
  subscriptions: SubscriptionMetrics & {
    /** Subscriptions that ended in the last 30 days over those running 30 days ago; null when none ran. */
    churn: { ended: number; atStart: number; rate: number | null };
  };
  system: {
    buildId: string;
    /** Seconds this instance has been running. */
    uptimeSeconds: number;
    dialect: "sqlite" | "postgres";
    /** Bytes the database takes on disk; null when it cannot be read. */
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
  /** Share of the previous step's count that did not reach this one; null for the first step or after 0. */
  dropOff: number | null;
}

export interface CohortRow {
  /** Monday of the sign-up week. */
  weekStart: string;
  size: number;
  /** Accounts of the cohort active in week 0, 1, … after signing up; null for weeks not over yet. */
  activeByWeek: (number | null)[];
}

export interface AnalyticsInDepth {
  range: DayRange;
  totals: { visitors: number; pageViews: number; events: number };
  topPages: { path: string; views: number; visitors: number }[];
  referrers: { domain: string; visits: number }[];
  devices: { device: Device; visitors: number }[];
  funnel: FunnelRow[];
  cohorts: CohortRow[];
  tools: { tool: Tool; uses: number; finished: number; stopped: number; failed: number }[];
  quizByDifficulty: { difficulty: number; answered: number; right: number; averageHints: number }[];
}

export interface UsageCharts {
  /** The last 48 hours, one point per hour (start of the hour, ISO), events by name. */
  eventsPerHour: { hour: string; counts: Record<string, number> }[];
  /** The last 30 minutes, one point per minute (start of the minute, ISO). */
  live: { minute: string; events: number; visitors: number }[];
  /** Distinct visitors seen in the last 5 minutes. */
  visitorsNow: number;
}
