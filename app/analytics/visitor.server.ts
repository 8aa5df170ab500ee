import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { deleteSaltsBefore, saltOfDay } from "#app/models/analytics-event.server";
import { now } from "#app/utils/clock";

/** Hex characters of the hash kept: 64 bits, plenty to tell a day's visitors apart, useless for anything else. */
export const VISITOR_HASH_LENGTH = 16;

/** The UTC day of an instant, YYYY-MM-DD: what events, salts and rollups are grouped by. */
export function utcDay(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Counts visitors without storing who they are (docs/analytics.md): a visitor is
 * sha256(salt of the day, address, user agent) cut to 16 hex characters. The salt is a random secret
 * shared by every instance through `analytics_salts`; when the day changes the earlier salts are
 * deleted, after which nobody, not even the operator, can tell which address a stored hash came from.
 */
export class VisitorHasher {
  #cached: { day: string; salt: string } | undefined;
  #pending: Promise<{ day: string; salt: string }> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** The visitor of this request today (the day of receipt, not of the event: an old day's salt is gone). */
  async visitorOf(ip: string, userAgent: string): Promise<string> {
    const { salt } = await this.#saltOfToday();
    return visitorHash(salt, ip, userAgent);
  }

  async #saltOfToday(): Promise<{ day: string; salt: string }> {
    const day = utcDay(now());
    if (this.#cached?.day === day) return this.#cached;
    // One lookup per day and instance, however many requests arrive while it runs.
    if (!this.#pending) {
      this.#pending = (async () => {
        const salt = await saltOfDay(this.db, day, randomBytes(32).toString("hex"));
        // A new day: the earlier salts go now (housekeeping deletes them too, in case no event arrives).
        await deleteSaltsBefore(this.db, day);
        return { day, salt };
      })().finally(() => {
        this.#pending = undefined;
      });
    }
    const fresh = await this.#pending;
    this.#cached = fresh;
    return fresh;
  }
}

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash("sha256").update(`${salt}\n${ip}\n${userAgent}`).digest("hex").slice(0, VISITOR_HASH_LENGTH);
}
