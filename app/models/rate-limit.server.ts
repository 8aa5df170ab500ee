import type { Kysely } from "kysely";
import type { Database } from "../../database/schema";
import { hashToken } from "../utils/secure-token.server";
import { isoNow } from "../utils/time";

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
 * Counts one attempt in a fixed window kept in the database, so every app
 * instance sharing the database shares the limit.
 */
export async function consumeRateLimit(
  db: Kysely<Database>,
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowIndex = Math.floor(now.getTime() / rule.windowMs);
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
    retryAfterSeconds: Math.ceil((windowEnd - now.getTime()) / 1000),
  };
}

/** How a subject appears in stored keys. */
export function rateLimitSubjectKey(subject: string): string {
  return hashToken(subject).slice(0, 32);
}

export async function deleteExpiredRateLimits(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("rate_limits").where("expires_at", "<=", isoNow()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
