import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#app/models/analytics-event.server";
import { recomputeDailyRollups } from "#app/models/analytics-rollup.server";
import { now } from "#app/utils/clock";
import { MAX_EVENT_AGE_MS } from "./events";
import { utcDay } from "./visitor.server";

/** The database could not take the events: the client keeps them and sends them again later. */
export class EventStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The events could not be stored: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "EventStoreUnavailableError";
  }
}

export interface EventWriterOptions {
  /** How long the first waiting row waits for others before they are written together. */
  flushDelayMs?: number;
  /** This many waiting rows are written at once, without waiting for the delay. */
  maxPendingRows?: number;
  /** How often the days that received events have their daily rollups recomputed. */
  recomputeEveryMs?: number;
  /** Days before today recomputed when the writer starts (what the last run may have left dirty). */
  daysRecomputedAtStart?: number;
  recompute?: (db: Kysely<Database>, day: string) => Promise<void>;
}

interface Waiting {
  rows: AnalyticsEventRow[];
  resolve(result: { stored: number }): void;
  reject(error: EventStoreUnavailableError): void;
}

/**
 * Group commit for POST /api/events (docs/analytics.md): a request hands its rows over and waits; every
 * ~100 ms, or as soon as 500 rows wait, all waiting rows go in one transaction of multi-row inserts.
 * A thousand requests a second thus cost ten transactions (one fsync each on SQLite) instead of a
 * thousand, and the database stays free for the pages. If the transaction fails, every waiting request
 * learns it (503 and Retry-After); the clients send the same ids again, which are stored once.
 *
 * Rollups are not updated per event: the writer notes the days it wrote and recomputes them with
 * H3's recomputeDailyRollups at most every 30 s, or at once through `settle()`.
 */
export class EventWriter {
  readonly #db: Kysely<Database>;
  readonly #flushDelayMs: number;
  readonly #maxPendingRows: number;
  readonly #recomputeEveryMs: number;
  readonly #daysRecomputedAtStart: number;
  readonly #recompute: (db: Kysely<Database>, day: string) => Promise<void>;
  #waiting: Waiting[] = [];
  #waitingRows = 0;
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #flushing: Promise<void> | undefined;
  #recomputing: Promise<void> | undefined;
  #recomputeTimer: ReturnType<typeof setInterval> | undefined;
  readonly #dirtyDays = new Set<string>();
  #closed = false;

  constructor(db: Kysely<Database>, options: EventWriterOptions = {}) {
    this.#db = db;
    this.#flushDelayMs = options.flushDelayMs ?? 100;
    this.#maxPendingRows = options.maxPendingRows ?? 500;
    this.#recomputeEveryMs = options.recomputeEveryMs ?? 30_000;
    this.#daysRecomputedAtStart = options.daysRecomputedAtStart ?? 8;
    this.#recompute = options.recompute ?? recomputeDailyRollups;
  }

  get db(): Kysely<Database> {
    return this.#db;
  }

  /** Starts the periodic rollups, and recomputes the last days in the background. */
  start(): void {
    if (this.#recomputeTimer || this.#closed) return;
    const today = now().getTime();
    for (let back = 0; back < this.#daysRecomputedAtStart; back += 1) {
      this.#dirtyDays.add(utcDay(today - back * 86_400_000));
    }
    void this.recomputeDirtyDays();
    this.#recomputeTimer = setInterval(() => void this.recomputeDirtyDays(), this.#recomputeEveryMs);
    this.#recomputeTimer.unref();
  }

  /** Resolves once the rows are committed, with how many of them were new (the rest were stored before). */
  write(rows: AnalyticsEventRow[]): Promise<{ stored: number }> {
    if (rows.length === 0) return Promise.resolve({ stored: 0 });
    if (this.#closed) return Promise.reject(new EventStoreUnavailableError("the server is shutting down"));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ rows, resolve, reject });
      this.#waitingRows += rows.length;
      if (this.#waitingRows >= this.#maxPendingRows) void this.flush();
      else this.#flushTimer ??= setTimeout(() => void this.flush(), this.#flushDelayMs);
    });
  }

  /** Writes everything waiting now; resolves after every earlier write has been committed or refused. */
  async flush(): Promise<void> {
    // One transaction at a time: rows that arrive meanwhile form the next one.
    while (this.#flushing) await this.#flushing;
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    if (this.#waiting.length === 0) return;
    const batch = this.#waiting;
    this.#waiting = [];
    this.#waitingRows = 0;
    this.#flushing = this.#commit(batch).finally(() => {
      this.#flushing = undefined;
    });
    await this.#flushing;
  }

  async #commit(batch: Waiting[]): Promise<void> {
    let inserted: Set<string>;
    try {
      inserted = await insertAnalyticsEvents(
        this.#db,
        batch.flatMap((waiting) => waiting.rows),
      );
    } catch (error) {
      const refusal = new EventStoreUnavailableError(error);
      for (const waiting of batch) waiting.reject(refusal);
      return;
    }
    for (const waiting of batch) {
      let stored = 0;
      for (const row of waiting.rows) {
        // An id sent twice in the same round (two tabs) counts as stored for the first request only.
        if (inserted.delete(row.id)) {
          stored += 1;
          this.#dirtyDays.add(row.day);
        }
      }
      waiting.resolve({ stored });
    }
  }

  /**
   * Recomputes the rollups of the days written since the last time. Days older than the longest an
   * event may wait are skipped: no event can still arrive for them, and housekeeping recomputes a day
   * once more right before it prunes its raw events.
   */
  async recomputeDirtyDays(): Promise<void> {
    while (this.#recomputing) await this.#recomputing;
    if (this.#dirtyDays.size === 0) return;
    const oldest = utcDay(now().getTime() - MAX_EVENT_AGE_MS);
    const days = [...this.#dirtyDays].filter((day) => day >= oldest).sort();
    this.#dirtyDays.clear();
    this.#recomputing = (async () => {
      for (const day of days) {
        try {
          await this.#recompute(this.#db, day);
        } catch (error) {
          // Tried again on the next round; the raw events are safe meanwhile.
          this.#dirtyDays.add(day);
          console.warn(`Analytics rollups of ${day} failed:`, error instanceof Error ? error.message : error);
        }
      }
    })().finally(() => {
      this.#recomputing = undefined;
    });
    await this.#recomputing;
  }

  /** Writes what waits and brings the rollups up to date, for a page that must show the latest events. */
  async settle(): Promise<void> {
    await this.flush();
    await this.recomputeDirtyDays();
  }

  /** On shutdown: no new rows; the waiting ones are written and their days recomputed. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#recomputeTimer) clearInterval(this.#recomputeTimer);
    this.#recomputeTimer = undefined;
    await this.settle();
  }

  get dirtyDays(): string[] {
    return [...this.#dirtyDays].sort();
  }
}
