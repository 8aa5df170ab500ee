import { Logger, parseCronItems, run, type LogFunctionFactory, type Task, type TaskList } from "graphile-worker";
import type pg from "pg";
import { z } from "zod";
import type { RecurringJobName, RecurringJobs } from "./in-process-job-queue.server";
import {
  JOB_MAX_ATTEMPTS,
  type AddJobOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from "./job-queue.server";

/** A job's payload comes back from the database as JSON: each is checked before its handler sees it. */
const payloadSchemas: { [Name in JobName]: z.ZodType<JobPayloads[Name]> } = {
  "push.dispatch": z.object({ sendId: z.string().min(1) }),
  "push.deliver": z.object({ deliveryId: z.string().min(1) }),
  // A cron job's payload carries graphile's own `_cron` field, which the sweep does not need.
  "push.reminders": z.object({}).transform(() => ({})),
};

export interface GraphileJobQueueOptions {
  /** Either a URL (the queue opens and closes its own pool) or a pool the caller keeps. */
  connectionString?: string;
  pgPool?: pg.Pool;
  handlers: JobHandlers;
  concurrency: number;
  /** How often to look for jobs whose time has come; new jobs are heard of at once (LISTEN/NOTIFY). */
  pollInterval?: number;
  /** Recurring jobs, in whole minutes that divide an hour: graphile's cron adds each once per slot. */
  every?: RecurringJobs;
}

/** Graphile's info and debug lines are left out; a failing job is a warning, as it is tried again. */
const quietLogFactory: LogFunctionFactory = () => (level, message, meta) => {
  if (level === "error" && !meta?.failure) console.error(`graphile-worker: ${message}`);
  // A failure's first line says which job and why; its stack is the handler's, which logs its own.
  else if (meta?.failure) console.warn(`graphile-worker: ${message.split("\n")[0]}`);
  else if (level === "warning") console.warn(`graphile-worker: ${message}`);
};

function cronPattern(name: RecurringJobName, intervalMs: number): string {
  const minutes = intervalMs / 60_000;
  if (!Number.isInteger(minutes) || minutes < 1 || 60 % minutes !== 0) {
    throw new RangeError(`${name} every ${intervalMs} ms: a recurring job runs every whole minute dividing an hour.`);
  }
  return `*/${minutes} * * * *`;
}

/**
 * The PostgreSQL queue (docs/decisions/0017-web-push-and-jobs.md): graphile-worker in its own schema
 * of the app's database (it migrates itself at start), shared by every app instance, so each job runs
 * on one instance only, and a job added with a key while one with that key waits is not added again.
 */
export async function startGraphileJobQueue(options: GraphileJobQueueOptions): Promise<JobQueue> {
  const taskList: TaskList = {};
  for (const name of Object.keys(payloadSchemas) as JobName[]) {
    const handler = options.handlers[name] as (payload: unknown) => Promise<void>;
    const task: Task = (payload) => handler(payloadSchemas[name].parse(payload));
    taskList[name] = task;
  }
  const cronItems = (Object.entries(options.every ?? {}) as [RecurringJobName, number][]).map(([name, intervalMs]) => ({
    task: name,
    identifier: name,
    match: cronPattern(name, intervalMs),
    // A slot missed while every instance was down is not made up: the next sweep looks at the present.
    options: { backfillPeriod: 0, maxAttempts: 1 },
  }));
  const runner = await run({
    ...(options.pgPool ? { pgPool: options.pgPool } : { connectionString: options.connectionString }),
    // A connection per running job, one listening for new jobs, one for cron and additions.
    maxPoolSize: options.concurrency + 2,
    concurrency: options.concurrency,
    pollInterval: options.pollInterval,
    // server/index.ts owns SIGTERM and SIGINT and stops the queue in its shutdown.
    noHandleSignals: true,
    taskList,
    parsedCronItems: parseCronItems(cronItems),
    logger: new Logger(quietLogFactory),
  });
  // A fatal error stops the runner; graphile has logged it as an error already.
  runner.promise.catch(() => {});
  let stopped: Promise<void> | undefined;
  return {
    async add<Name extends JobName>(name: Name, payload: JobPayloads[Name], { runAt, key }: AddJobOptions = {}) {
      const identifier: string = name;
      await runner.addJob(identifier, payloadSchemas[name].parse(payload), {
        runAt,
        maxAttempts: JOB_MAX_ATTEMPTS,
        // preserve_run_at: a waiting job with this key stays as it is (its time too), and a running one
        // is left alone while the new one is added after it, so a job can queue its own follow-up.
        // unsafe_dedupe would drop that follow-up (and any addition while a given-up job keeps its key).
        ...(key === undefined ? {} : { jobKey: key, jobKeyMode: "preserve_run_at" as const }),
      });
    },
    stop() {
      // Waits for running jobs, then releases the listening client and (if it made one) the pool.
      stopped ??= runner.stop();
      return stopped;
    },
  };
}
