import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { startGraphileJobQueue } from "../jobs/graphile-job-queue.server";
import { startInProcessJobQueue } from "../jobs/in-process-job-queue.server";
import {
  JOB_CONCURRENCY,
  REMINDER_SWEEP_INTERVAL_MS,
  type AddJobOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from "../jobs/job-queue.server";
import { onRecordAnnouncement, type Announcement } from "../content/record-announcement.server";
import { listQueuedDeliveries, requeueStuckDeliveries } from "../models/push-delivery.server";
import { listWaitingSends } from "../models/push-recovery.server";
import { createSend, type PushSend, type PushSendInput } from "../models/push-send.server";
import { PUSH_BODY_MAX_LENGTH, PUSH_TITLE_MAX_LENGTH } from "../models/push-vocabulary";
import { isoNow } from "../utils/clock";
import { getEnv } from "../utils/env.server";
import { createDeliveryHandlers, deliverJobKey, dispatchJobKey } from "./delivery-jobs.server";
import { sendReviewReminders } from "./review-reminders.server";
import { getVapidKeys, type VapidKeys } from "./vapid-keys.server";

export interface PushJobsOptions {
  db: Kysely<Database>;
  /** A postgres:// URL: graphile-worker on that database, shared by every instance. None: in-process (SQLite). */
  databaseUrl?: string;
  /** The HTTP client deliveries use (tests count what reaches the push service). */
  fetcher?: typeof fetch;
  /** This server's keys (getVapidKeys) unless a test gives its own. */
  vapidKeys?: VapidKeys;
  concurrency?: number;
  /** graphile-worker's poll for jobs whose time has come (new jobs are heard of at once). */
  pollInterval?: number;
}

export interface PushJobs {
  queue: JobQueue;
  stop(): Promise<void>;
}

/** Writes the send, then queues its dispatch for its time; the key keeps it to one job. */
export async function queueSend(db: Kysely<Database>, queue: JobQueue, input: PushSendInput): Promise<PushSend> {
  const send = await createSend(db, input);
  await queue.add(
    "push.dispatch",
    { sendId: send.id },
    { runAt: new Date(send.scheduledFor), key: dispatchJobKey(send.id) },
  );
  return send;
}

/**
 * Queues again what the database says is unfinished: sends still waiting, deliveries left `sending`
 * by a crashed instance, and queued deliveries. Keys make an addition that already exists a no-op,
 * and the handlers' conditional claims make a job for finished work do nothing.
 */
export async function recoverPushWork(db: Kysely<Database>, queue: JobQueue): Promise<void> {
  for (const send of await listWaitingSends(db)) {
    await queue.add(
      "push.dispatch",
      { sendId: send.id },
      { runAt: new Date(send.scheduledFor), key: dispatchJobKey(send.id) },
    );
  }
  // Back to `queued`, so the loop below queues them with the rest.
  await requeueStuckDeliveries(db);
  for (const delivery of await listQueuedDeliveries(db)) {
    await queue.add(
      "push.deliver",
      { deliveryId: delivery.id },
      { runAt: new Date(delivery.notBefore), key: deliverJobKey(delivery.id) },
    );
  }
}

/**
 * One instance's push jobs: the queue for its database (graphile-worker on PostgreSQL, in-process on
 * SQLite), the delivery handlers, the review-reminder sweep every REMINDER_SWEEP_INTERVAL_MS, and the
 * unfinished work of a previous run queued again.
 */
export async function startPushJobs(options: PushJobsOptions): Promise<PushJobs> {
  const { db } = options;
  // The handlers queue jobs (a dispatch its deliveries), and the queue is made from the handlers.
  let resolveQueue: (queue: JobQueue) => void = () => {};
  const queueReady = new Promise<JobQueue>((resolve) => (resolveQueue = resolve));
  const lateQueue: JobQueue = {
    async add<Name extends JobName>(name: Name, payload: JobPayloads[Name], addOptions?: AddJobOptions) {
      await (await queueReady).add(name, payload, addOptions);
    },
    stop: async () => (await queueReady).stop(),
  };
  const handlers: JobHandlers = {
    ...createDeliveryHandlers({ db, queue: lateQueue, fetcher: options.fetcher, vapidKeys: options.vapidKeys }),
    "push.reminders": async () => {
      await sendReviewReminders(db, (input) => queueSend(db, lateQueue, input));
    },
  };
  const concurrency = options.concurrency ?? JOB_CONCURRENCY;
  const every = { "push.reminders": REMINDER_SWEEP_INTERVAL_MS };
  const queue = options.databaseUrl
    ? await startGraphileJobQueue({
        connectionString: options.databaseUrl,
        handlers,
        concurrency,
        pollInterval: options.pollInterval,
        every,
      })
    : startInProcessJobQueue({ handlers, concurrency, every });
  resolveQueue(queue);
  try {
    await recoverPushWork(db, queue);
  } catch (error) {
    await queue.stop();
    throw error;
  }
  return { queue, stop: () => queue.stop() };
}

let running: { jobs: PushJobs; stopAnnouncing: () => void } | undefined;

/** What a new record prime's announcement becomes: a send to the learners who chose that topic. */
export function recordSendInput(announcement: Announcement): PushSendInput {
  return {
    kind: "record",
    title: announcement.title.slice(0, PUSH_TITLE_MAX_LENGTH),
    body:
      announcement.body.length <= PUSH_BODY_MAX_LENGTH
        ? announcement.body
        : `${announcement.body.slice(0, PUSH_BODY_MAX_LENGTH - 1)}…`,
    url: announcement.url,
    topic: "record-primes",
    audience: "subscribers",
    audienceUserId: null,
    createdBy: null,
    scheduledFor: isoNow(),
  };
}

/**
 * Starts this process's push jobs on the app's database (PostgreSQL when DATABASE_URL names one, as
 * database/connection.ts decides) and has new record primes announced by push. Once per process.
 */
export async function startPush(db: Kysely<Database>, options: Omit<PushJobsOptions, "db"> = {}): Promise<void> {
  if (running) return;
  // Read now, so missing or broken keys are reported at start rather than at the first delivery.
  const vapidKeys = options.vapidKeys ?? getVapidKeys();
  const jobs = await startPushJobs({ databaseUrl: getEnv().DATABASE_URL, ...options, vapidKeys, db });
  const stopAnnouncing = onRecordAnnouncement(async (announcement) => {
    await queueSend(db, jobs.queue, recordSendInput(announcement));
  });
  running = { jobs, stopAnnouncing };
}

/** Stops announcing and waits for running jobs; waiting ones stay in the database for the next start. */
export async function stopPush(): Promise<void> {
  const current = running;
  running = undefined;
  if (!current) return;
  current.stopAnnouncing();
  await current.jobs.stop();
}

/** False when push could not start (it logged why) or is stopping: nothing can be sent now. */
export const pushIsRunning = () => running !== undefined;

export function getPushQueue(): JobQueue {
  if (!running) throw new Error("Push jobs are not started (startPush runs in server/app.ts prepare).");
  return running.jobs.queue;
}

/** A send from the admin page, a test, a record prime or a reminder: written, then dispatched at its time. */
export function scheduleSend(db: Kysely<Database>, input: PushSendInput): Promise<PushSend> {
  return queueSend(db, getPushQueue(), input);
}
