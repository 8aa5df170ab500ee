import { now } from "#app/utils/clock";

/**
 * A token bucket per visitor hash, in this instance's memory (docs/analytics.md says why memory is
 * enough here): each event costs a token, a bucket holds `capacity` and refills at `capacity` per
 * `windowMs`. 600 events a minute is far more than one person makes, and leaves room for a classroom
 * whose pupils share one address and one browser build (and so, for a day, one visitor hash).
 */
export interface EventRateLimitOptions {
  capacity?: number;
  windowMs?: number;
  /** Buckets kept at most; beyond this the full ones (idle visitors) are forgotten. */
  maxBuckets?: number;
}

export const EVENTS_PER_MINUTE = 600;

export class EventRateLimit {
  readonly capacity: number;
  readonly #refillPerMs: number;
  readonly #maxBuckets: number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor({ capacity = EVENTS_PER_MINUTE, windowMs = 60_000, maxBuckets = 50_000 }: EventRateLimitOptions = {}) {
    this.capacity = capacity;
    this.#refillPerMs = capacity / windowMs;
    this.#maxBuckets = maxBuckets;
  }

  /** Takes `cost` tokens, or says in how many seconds there will be enough. */
  take(key: string, cost: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const at = now().getTime();
    const bucket = this.#buckets.get(key);
    const tokens = bucket
      ? Math.min(this.capacity, bucket.tokens + (at - bucket.at) * this.#refillPerMs)
      : this.capacity;
    if (tokens < cost) {
      if (bucket) Object.assign(bucket, { tokens, at });
      const missing = Math.min(cost, this.capacity) - tokens;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / this.#refillPerMs / 1000)) };
    }
    if (!bucket && this.#buckets.size >= this.#maxBuckets) this.#forgetFull(at);
    // Deleted first so the Map's order stays least recently used first.
    this.#buckets.delete(key);
    this.#buckets.set(key, { tokens: tokens - cost, at });
    return { allowed: true };
  }

  get size(): number {
    return this.#buckets.size;
  }

  /** A bucket that has refilled is the same as no bucket: drop those, then the oldest if still too many. */
  #forgetFull(at: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (at - bucket.at) * this.#refillPerMs >= this.capacity) this.#buckets.delete(key);
    }
    // The first keys are the visitors seen longest ago.
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size < this.#maxBuckets) break;
      this.#buckets.delete(key);
    }
  }
}
