/**
 * Background jobs behind one interface (docs/decisions/0017-web-push-and-jobs.md): graphile-worker
 * on PostgreSQL, so several app instances share one queue and each job runs once; an in-process
 * runner on the SQLite default, where there is only ever one instance.
 */

/** The jobs the app runs. Payloads are small JSON objects. */
export interface JobPayloads {
  /** Writes a due send's deliveries (once) and queues each. */
  "push.dispatch": { sendId: string };
  /** Sends one delivery; throws on a failure worth retrying (5xx, 429, network), so it runs again later. */
  "push.deliver": { deliveryId: string };
  /** Finds the learners whose reminder hour it is and who have reviews due, and sends to them. */
  "push.reminders": Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface AddJobOptions {
  /** Not before this instant (a scheduled send, a delivery after quiet hours). */
  runAt?: Date;
  /** A job with the same key that is still waiting is not added twice. */
  key?: string;
}

export type JobHandlers = { [Name in JobName]: (payload: JobPayloads[Name]) => Promise<void> };

export interface JobQueue {
  add<Name extends JobName>(name: Name, payload: JobPayloads[Name], options?: AddJobOptions): Promise<void>;
  /** Resolves once nothing is running; no job starts afterwards. */
  stop(): Promise<void>;
}

/** At most this many jobs run at once on an instance (push services are slow, the CPU is not the limit). */
export const JOB_CONCURRENCY = 4;
/** A job that keeps failing is tried this many times in all, with growing pauses between tries. */
export const JOB_MAX_ATTEMPTS = 5;
/** How often the review reminders look for learners whose hour has come. */
export const REMINDER_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
