import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { hashToken } from "../utils/secure-token.server";
import { isoNow, now } from "../utils/clock";

export interface RateLimitRule {
  /** Short name of what is limited, e.g. "login:ip". */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt, made `at` the clock's time unless the caller names the
 * instant (as it does to refund it), in a fixed window kept in the database,
 * so every app instance sharing the database shares the limit.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  at: Date = now(),
): Promise<RateLimitResult> {
  const windowIndex = Math.floor(at.getTime() / rule.windowMs);
  const windowEnd = (windowIndex + 1) * rule.windowMs;
  // Subjects are addresses (IP, e-mail): only their hash is stored, so the table holds nothing personal.
  const key = `${rule.name}:${rateLimitSubjectKey(subject)}:${windowIndex}`;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, count: 1, expires_at: new Date(windowEnd).toISOString() })
    .onConflict((conflict) => conflict.column("key").doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })))
    .returning("count")
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= rule.limit,
    retryAfterSeconds: Math.ceil((windowEnd - at.getTime()) / 1000),
  };
}

/**
 * Takes back an attempt counted by consumeRateLimit at the same instant, for
 * limits that count only failures: the attempt is counted first (so parallel
 * requests cannot slip past the limit together) and refunded once it succeeds.
 */
export async function refundRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  at: Date,
): Promise<void> {
  const key = `${rule.name}:${rateLimitSubjectKey(subject)}:${Math.floor(at.getTime() / rule.windowMs)}`;
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("key", "=", key)
    .where("count", ">", 0)
    .execute();
}

/**
 * A limit that slows a subject down instead of shutting it out: after
 * `freeAttempts` failures in a row each further attempt must wait, first
 * `firstDelayMs`, twice as long after each failure, at most `maxDelayMs`.
 * Failures are forgotten `memoryMs` after the last attempt, or at once when
 * one succeeds (clearProgressiveLimit).
 */
export interface ProgressiveRule {
  name: string;
  freeAttempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Longer than maxDelayMs: the last attempt's time is read back from the row's expiry. */
  memoryMs: number;
}

/** How long to wait after the last of `failures` failures in a row. */
export function progressiveDelayMs(rule: ProgressiveRule, failures: number): number {
  if (failures < rule.freeAttempts) return 0;
  return Math.min(rule.firstDelayMs * 2 ** (failures - rule.freeAttempts), rule.maxDelayMs);
}

function progressiveKey(rule: ProgressiveRule, subject: string): string {
  return `${rule.name}:${rateLimitSubjectKey(subject)}:progressive`;
}

/**
 * Claims one attempt under a progressive rule, counting it as a failure until
 * clearProgressiveLimit says it succeeded. The row keeps the failures in
 * `count` and the last attempt's time plus `memoryMs` in `expires_at`; the
 * claim writes only if the row is still as it was read, so of several
 * attempts racing in the same instant exactly one is checked.
 */
export async function claimProgressiveAttempt(
  db: Kysely<Database>,
  rule: ProgressiveRule,
  subject: string,
  at: Date = now(),
): Promise<RateLimitResult> {
  const key = progressiveKey(rule, subject);
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "expires_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  const live = row !== undefined && Date.parse(row.expires_at) > at.getTime();
  const failures = live ? row.count : 0;
  if (live) {
    const lastAttempt = Date.parse(row.expires_at) - rule.memoryMs;
    const waitMs = lastAttempt + progressiveDelayMs(rule, failures) - at.getTime();
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  const next = { count: failures + 1, expires_at: new Date(at.getTime() + rule.memoryMs).toISOString() };
  const claimed =
    row === undefined
      ? await db
          .insertInto("rate_limits")
          .values({ key, ...next })
          .onConflict((conflict) => conflict.column("key").doNothing())
          .returning("key")
          .executeTakeFirst()
      : await db
          .updateTable("rate_limits")
          .set(next)
          .where("key", "=", key)
          .where("count", "=", row.count)
          .where("expires_at", "=", row.expires_at)
          .returning("key")
          .executeTakeFirst();
  // Lost the race to a simultaneous attempt, which is being checked now.
  if (!claimed) return { allowed: false, retryAfterSeconds: 1 };
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Forgets a subject's failures under a progressive rule, after an attempt succeeded. */
export async function clearProgressiveLimit(db: Kysely<Database>, rule: ProgressiveRule, subject: string) {
  await db.deleteFrom("rate_limits").where("key", "=", progressiveKey(rule, subject)).execute();
}

/** How a subject appears in stored keys. */
export function rateLimitSubjectKey(subject: string): string {
  return hashToken(subject).slice(0, 32);
}

export async function deleteExpiredRateLimits(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", isoNow()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
