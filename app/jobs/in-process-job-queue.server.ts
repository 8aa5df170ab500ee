import { now } from "../utils/clock";
import {
  JOB_MAX_ATTEMPTS,
  type AddJobOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from "./job-queue.server";

/**
 * The pause before a failed job's next try, as graphile-worker waits on PostgreSQL: e^attempts
 * seconds (3 s, 7 s, 20 s, 55 s…), capped at e^10 s (about 6 h).
 */
export function retryDelayMs(attempts: number): number {
  return Math.round(Math.exp(Math.min(attempts, 10)) * 1000);
}

/**
 * Waiting jobs are looked at again at least this often, so a clock that moves on by more than the
 * timer knew (the system clock stepping, a test setting the app's clock) is noticed.
 */
const MAX_TIMER_MS = 1000;

/** Jobs without a payload, which can be added on a schedule. */
export type RecurringJobName = {
  [Name in JobName]: JobPayloads[Name] extends Record<string, never> ? Name : never;
}[JobName];

/** Milliseconds between additions of each recurring job (the reminder sweep). */
export type RecurringJobs = Partial<Record<RecurringJobName, number>>;

export interface InProcessJobQueueOptions {
  handlers: JobHandlers;
  concurrency: number;
  every?: RecurringJobs;
}

interface WaitingJob {
  name: JobName;
  payload: unknown;
  runAt: number;
  key: string | undefined;
  /** Tries so far. */
  attempts: number;
}

/**
 * The SQLite default (docs/decisions/0017-web-push-and-jobs.md): jobs live in this process only, as
 * one instance is all SQLite allows. A job lost to a crash is found again at start from the database
 * (app/push/push-jobs.server.ts), so nothing here needs to be durable.
 */
export function startInProcessJobQueue({ handlers, concurrency, every = {} }: InProcessJobQueueOptions): JobQueue {
  const waiting: WaitingJob[] = [];
  const running = new Set<Promise<void>>();
  /**
   * Keys of waiting jobs: one of each waits at a time. A running job's key is free again, so a job
   * can queue its own follow-up (a delivery waiting for quiet hours to end) under the same key.
   */
  const keys = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const run = (job: WaitingJob) => {
    if (job.key) keys.delete(job.key);
    const handler = handlers[job.name] as (payload: unknown) => Promise<void>;
    const execution = Promise.resolve()
      .then(() => handler(job.payload))
      .catch((error: unknown) => {
        job.attempts += 1;
        const reason = error instanceof Error ? error.message : String(error);
        // A job with this key added while this one ran is waiting already and stands in for the retry.
        if (job.attempts >= JOB_MAX_ATTEMPTS || stopped || (job.key && keys.has(job.key))) {
          console.warn(
            `Job ${job.name} failed (attempt ${job.attempts} of ${JOB_MAX_ATTEMPTS}), not retried: ${reason}`,
          );
          return;
        }
        job.runAt = now().getTime() + retryDelayMs(job.attempts);
        if (job.key) keys.add(job.key);
        waiting.push(job);
        console.warn(
          `Job ${job.name} failed (attempt ${job.attempts} of ${JOB_MAX_ATTEMPTS}), retried later: ${reason}`,
        );
      })
      .finally(() => {
        running.delete(execution);
        pump();
      });
    running.add(execution);
  };

  /** Starts what is due, up to the concurrency, and sets a timer for the next job that is not. */
  const pump = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    waiting.sort((a, b) => a.runAt - b.runAt);
    while (running.size < concurrency && waiting.length > 0 && waiting[0]!.runAt <= now().getTime()) {
      run(waiting.shift()!);
    }
    if (waiting.length > 0 && running.size < concurrency) {
      timer = setTimeout(pump, Math.min(Math.max(waiting[0]!.runAt - now().getTime(), 0), MAX_TIMER_MS));
      timer.unref();
    }
  };

  const add = async <Name extends JobName>(name: Name, payload: JobPayloads[Name], options: AddJobOptions = {}) => {
    // The work is in the database (a send, a queued delivery): the next start queues it again.
    if (stopped) return;
    if (options.key !== undefined) {
      if (keys.has(options.key)) return;
      keys.add(options.key);
    }
    waiting.push({ name, payload, runAt: options.runAt?.getTime() ?? now().getTime(), key: options.key, attempts: 0 });
    pump();
  };

  // Keyed, so sweeps that could not start yet do not pile up.
  const repeaters = (Object.entries(every) as [RecurringJobName, number][]).map(([name, intervalMs]) => {
    const repeater = setInterval(() => void add(name, {}, { key: `${name}:every` }), intervalMs);
    repeater.unref();
    return repeater;
  });

  return {
    add,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const repeater of repeaters) clearInterval(repeater);
      waiting.length = 0;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
