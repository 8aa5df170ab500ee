import { isbot } from "isbot";
import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import type { AnalyticsEventRow } from "#app/models/analytics-event.server";
import type { User } from "#app/models/user.server";
import { isoNow, now } from "#app/utils/clock";
import { deviceOf, MAX_EVENT_AGE_MS, type AnalyticsEvent } from "./events";
import { parseBatch } from "./event-schema.server";
import { EventRateLimit } from "./event-rate-limit.server";
import { EventStoreUnavailableError, EventWriter, type EventWriterOptions } from "./event-writer.server";
import { utcDay, VisitorHasher } from "./visitor.server";

/** An event dated further ahead than this is a wrong clock, not an event: it is dropped. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** How long a client waits before sending again when the database could not take its events. */
const STORE_RETRY_AFTER_SECONDS = 5;

/** Why a request's events are not stored at all. Not errors: there is nothing for the client to retry. */
/** Why a request's events were not stored; "switched-off": an admin turned analytics off (/admin/application). */
export type IgnoredBecause = "bot" | "do-not-track" | "global-privacy-control" | "opted-out" | "switched-off";

export type IngestOutcome =
  | { status: 202; stored: number; duplicates: number; dropped: number }
  | { status: 202; stored: 0; ignored: IgnoredBecause }
  | { status: 400; error: string }
  | { status: 429 | 503; error: string; retryAfterSeconds: number };

export interface IngestRequest {
  headers: Headers;
  /** The address Express resolved (TRUST_PROXY decides whether X-Forwarded-For counts); hashed, never stored. */
  clientIp: string;
  user: Pick<User, "id" | "preferences"> | null;
  /** The parsed JSON body. */
  body: unknown;
}

/** The per-process parts of ingestion: the group-commit writer, today's salt and the rate limit. */
export interface AnalyticsServices {
  writer: EventWriter;
  visitors: VisitorHasher;
  rateLimit: EventRateLimit;
}

export function createAnalyticsServices(db: Kysely<Database>, options: EventWriterOptions = {}): AnalyticsServices {
  return { writer: new EventWriter(db, options), visitors: new VisitorHasher(db), rateLimit: new EventRateLimit() };
}

/**
 * Why this request's events must not be stored, or null: bots (a request without a user agent counts
 * as one), Do Not Track, Global Privacy Control, and accounts that switched analytics off. Checked
 * before the body is read, so nothing of such a request is kept, not even in memory.
 */
export function ignoredBecause(headers: Headers, user: IngestRequest["user"]): IgnoredBecause | null {
  const agent = headers.get("User-Agent");
  if (!agent || isbot(agent)) return "bot";
  if (headers.get("DNT")?.trim() === "1") return "do-not-track";
  if (headers.get("Sec-GPC")?.trim() === "1") return "global-privacy-control";
  // An account that never saved preferences has the default: analytics on.
  if (user?.preferences?.analytics === false) return "opted-out";
  return null;
}

/** Takes a batch from POST /api/events: checks, counts the visitor without keeping the address, stores. */
export async function ingestEvents(services: AnalyticsServices, request: IngestRequest): Promise<IngestOutcome> {
  const ignored = ignoredBecause(request.headers, request.user);
  if (ignored) return { status: 202, stored: 0, ignored };
  const batch = parseBatch(request.body);
  if ("error" in batch) return { status: 400, error: batch.error };

  const userAgent = request.headers.get("User-Agent") ?? "";
  const visitor = await services.visitors.visitorOf(request.clientIp, userAgent);
  const allowed = services.rateLimit.take(visitor, batch.events.length);
  if (!allowed.allowed) {
    return {
      status: 429,
      error: "Too many events from this browser; send them again later.",
      retryAfterSeconds: allowed.retryAfterSeconds,
    };
  }

  const receivedAt = now().getTime();
  const kept = batch.events.filter(
    (event) => event.at >= receivedAt - MAX_EVENT_AGE_MS && event.at <= receivedAt + MAX_CLOCK_SKEW_MS,
  );
  const userId = request.user?.id ?? null;
  const rows = kept.map((event) => eventRow(event, { visitor, userId, receivedAt: isoNow() }));
  try {
    const { stored } = await services.writer.write(rows);
    return { status: 202, stored, duplicates: rows.length - stored, dropped: batch.events.length - kept.length };
  } catch (error) {
    if (!(error instanceof EventStoreUnavailableError)) throw error;
    console.warn(error.message);
    return {
      status: 503,
      error: "The events could not be stored just now; send them again later.",
      retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
    };
  }
}

/**
 * The stored row of a checked event: its main property in `subject` (and `outcome`) so reports group by
 * plain columns on both dialects, the rest in `props` (the mapping is in docs/analytics.md).
 */
export function eventRow(
  event: AnalyticsEvent,
  { visitor, userId, receivedAt }: { visitor: string; userId: string | null; receivedAt: string },
): AnalyticsEventRow {
  const occurred = new Date(event.at);
  const base = {
    id: event.id,
    name: event.name,
    occurred_at: occurred.toISOString(),
    day: utcDay(occurred),
    received_at: receivedAt,
    visitor,
    user_id: userId,
    route: event.route,
    path: event.path,
    device: event.width === undefined ? null : deviceOf(event.width),
    referrer: null as string | null,
  };
  const props = (rest: Record<string, unknown>) => {
    const present = Object.entries(rest).filter(([, value]) => value !== undefined);
    return present.length === 0 ? null : JSON.stringify(Object.fromEntries(present));
  };
  switch (event.name) {
    case "page_view":
      return { ...base, referrer: event.props.referrer ?? null, subject: null, outcome: null, props: null };
    case "tool_use": {
      if (event.props.tool === "factorization") {
        const { tool, outcome, ...rest } = event.props;
        return { ...base, subject: tool, outcome, props: props(rest) };
      }
      const { tool, ...rest } = event.props;
      return { ...base, subject: tool, outcome: null, props: props(rest) };
    }
    case "quiz_answer": {
      const { skill, right, ...rest } = event.props;
      return { ...base, subject: skill, outcome: right ? "right" : "wrong", props: props(rest) };
    }
    case "chapter_read":
      return { ...base, subject: event.props.chapter, outcome: null, props: null };
    case "sign_up":
      return { ...base, subject: event.props.method, outcome: null, props: null };
    case "subscription_step": {
      const { step, ...rest } = event.props;
      return { ...base, subject: step, outcome: null, props: props(rest) };
    }
    case "push_received":
    case "push_click":
      return { ...base, subject: event.props.campaign ?? null, outcome: null, props: null };
  }
}

let services: AnalyticsServices | undefined;

/** This process's ingestion services on `db`, made on first use. */
export function analyticsServices(db: Kysely<Database>): AnalyticsServices {
  if (services?.writer.db !== db) {
    // Only tests switch databases; what the old writer holds still goes to its own database.
    void services?.writer.close();
    services = createAnalyticsServices(db);
  }
  return services;
}

/** At start-up (server/app.ts): the periodic rollups, and the last days recomputed. */
export function startAnalytics(db: Kysely<Database>): void {
  analyticsServices(db).writer.start();
}

/** At shutdown (server/app.ts), before the database closes: waiting events are written, rollups brought up to date. */
export async function stopAnalytics(): Promise<void> {
  const current = services;
  services = undefined;
  await current?.writer.close();
}

/**
 * For pages that show analytics (the dashboards): writes the events this instance holds and recomputes
 * the rollups of the days they fell on, so an event sent a moment ago is counted. Cheap when idle.
 */
export async function settleAnalytics(db: Kysely<Database>): Promise<void> {
  if (services?.writer.db === db) await services.writer.settle();
}
