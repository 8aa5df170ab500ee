/**
 * The analytics vocabulary (docs/analytics.md), shared by the browser module, the service worker and
 * the server: plain types and constants only, so the client stays a few kilobytes. The server checks
 * every field again with zod (app/analytics/event-schema.server.ts); nothing here is trusted.
 */

export const ANALYTICS_ENDPOINT = "/api/events";

/** At most this many events in one request; the client sends sooner, the server refuses more. */
export const MAX_EVENTS_PER_BATCH = 20;
/** A batch leaves after this long even when it is not full. */
export const BATCH_DELAY_MS = 10_000;
/** A request that has not answered after this long is abandoned and retried (SPEC.md §3). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Unsent events kept in local storage; beyond this the oldest are dropped first. */
export const MAX_STORED_EVENTS = 500;
/** Answers that mean "try again later" (SPEC.md §3); any other failure drops the batch. */
export const RETRY_STATUSES: readonly number[] = [429, 500, 503, 504];
/** Events older than this when they reach the server (kept offline too long) are not stored. */
export const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const TOOLS = ["factorization", "plot", "primes"] as const;
export type Tool = (typeof TOOLS)[number];

export const TOOL_OUTCOMES = ["finished", "stopped", "failed"] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

/** The steps of the subscription funnel, in order. */
export const SUBSCRIPTION_STEPS = [
  "plans_viewed",
  "checkout_started",
  "checkout_completed",
  "checkout_cancelled",
] as const;
export type SubscriptionStep = (typeof SUBSCRIPTION_STEPS)[number];

export const SIGN_UP_METHODS = ["password", "email-link", "oidc", "passkey"] as const;
export type SignUpMethod = (typeof SIGN_UP_METHODS)[number];

/** What each event carries besides the common fields. */
export interface EventProperties {
  /** `referrer`: the referring site's host name, only when it is another site. */
  page_view: { referrer?: string };
  /**
   * factorization: `digits`, `method` (the engine's method name), `seconds`, `outcome`;
   * plot: `curves`; primes: `action` (what was asked of the prime tool).
   */
  tool_use:
    | { tool: "factorization"; digits: number; method: string; seconds: number; outcome: ToolOutcome }
    | { tool: "plot"; curves: number }
    | { tool: "primes"; action: string };
  quiz_answer: { skill: string; right: boolean; hints: number };
  chapter_read: { chapter: string };
  sign_up: { method: SignUpMethod };
  subscription_step: { step: SubscriptionStep; plan?: "monthly" | "yearly" };
  push_received: { campaign?: string };
  push_click: { campaign?: string };
}

export type AnalyticsEventName = keyof EventProperties;

export const ANALYTICS_EVENT_NAMES = [
  "page_view",
  "tool_use",
  "quiz_answer",
  "chapter_read",
  "sign_up",
  "subscription_step",
  "push_received",
  "push_click",
] as const satisfies readonly AnalyticsEventName[];

/** One event as the client sends it. */
export type AnalyticsEvent = {
  [K in AnalyticsEventName]: {
    /** Random, made by the client: the server stores each id once. */
    id: string;
    name: K;
    /** Milliseconds since the epoch, when it happened (it may be sent much later). */
    at: number;
    /** The route pattern, `/quiz/:attemptId`. */
    route: string;
    /** The path without its query string, which may carry secrets (tokens, checkout ids). */
    path: string;
    /** The viewport's width in CSS pixels: the server turns it into a device class. */
    width?: number;
    props: EventProperties[K];
  };
}[AnalyticsEventName];

export interface AnalyticsBatch {
  events: AnalyticsEvent[];
}

/** Device classes from the viewport width, at the theme's breakpoints (SPEC.md §4: mobile is below lg). */
export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

export function deviceOf(width: number): Device {
  if (width < 600) return "phone";
  if (width < 1280) return "tablet";
  return "desktop";
}
