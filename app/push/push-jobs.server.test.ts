import webPush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mersenneDigits } from "#core/primes/prime-records";
import { openDatabase, type DatabaseHandle } from "#database/connection";
import { startLocalPushService, type LocalPushService, type TestSubscriber } from "#tests/setup/local-push-service";
import { testDialects, useTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { announceRecord } from "../content/record-announcement.server";
import { addTopic } from "../models/notification-settings.server";
import { createPrimeRecord, setPrimeRecordPublished } from "../models/prime-record.server";
import { saveSubscription } from "../models/push-subscription.server";
import { createSend, findSend, readSendReport, type PushSendInput } from "../models/push-send.server";
import type { PushPayload, PushTopic } from "../models/push-vocabulary";
import { createSession } from "../models/session.server";
import { createUser } from "../models/user.server";
import { hashToken } from "../utils/secure-token.server";
import { getPushQueue, queueSend, startPush, startPushJobs, stopPush, type PushJobs } from "./push-jobs.server";

const vapidKeys = { ...webPush.generateVAPIDKeys(), subject: "mailto:push-tests@example.org" };
const POLL_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The push service has the message a moment before the delivery is marked sent. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("Timed out waiting for the deliveries' states.");
    await pause(25);
  }
}
const sentCount = async (db: TestDatabase["db"], sendId: string) => (await readSendReport(db, sendId)).counts.sent;

/** A signed-in learner with `devices` browsers subscribed on the local push service, and these topics. */
async function learnerWithDevices(
  db: TestDatabase["db"],
  service: LocalPushService,
  { devices = 1, topics = [] as PushTopic[] } = {},
): Promise<{ userId: string; subscribers: TestSubscriber[] }> {
  const user = await createUser(db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
  const subscribers: TestSubscriber[] = [];
  for (let index = 0; index < devices; index += 1) {
    const { token } = await createSession(db, user.id, "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0");
    const subscriber = await service.newSubscriber({ applicationServerKey: vapidKeys.publicKey });
    await saveSubscription(db, {
      userId: user.id,
      sessionId: hashToken(token),
      endpoint: subscriber.endpoint,
      p256dh: subscriber.keys.p256dh,
      auth: subscriber.keys.auth,
      userAgent: null,
    });
    subscribers.push(subscriber);
  }
  for (const topic of topics) await addTopic(db, user.id, topic);
  return { userId: user.id, subscribers };
}

const campaign = (scheduledFor: Date, title = "Chapter 9 is out"): PushSendInput => ({
  kind: "campaign",
  title,
  body: "Read about continued fractions.",
  url: "/chapter/continued-fractions",
  topic: "new-content",
  audience: "subscribers",
  audienceUserId: null,
  createdBy: null,
  scheduledFor: scheduledFor.toISOString(),
});

const payloads = (service: LocalPushService, endpoint: string) =>
  service.received(endpoint).map((push) => JSON.parse(push.payload) as PushPayload);

describe.each(testDialects)("push jobs on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let service: LocalPushService;
  let jobs: PushJobs | undefined;
  const start = async () => {
    jobs = await startPushJobs({
      db: database.db,
      databaseUrl: database.location.databaseUrl,
      vapidKeys,
      pollInterval: POLL_MS,
    });
    return jobs;
  };

  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => {
    await service.stop();
  });
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
    await stopPush();
  });

  it("delivers a send scheduled in the past at once, and holds one in the future until its time", async () => {
    const { queue } = await start();
    const reader = await learnerWithDevices(database.db, service, { devices: 2, topics: ["new-content"] });
    const uninterested = await learnerWithDevices(database.db, service, { topics: ["announcements"] });

    const past = await queueSend(database.db, queue, campaign(new Date(Date.now() - 60 * 60 * 1000), "Old news"));
    for (const subscriber of reader.subscribers) await service.waitFor(1, subscriber.endpoint);
    expect(payloads(service, reader.subscribers[0]!.endpoint)).toEqual([
      {
        title: "Old news",
        body: "Read about continued fractions.",
        url: "/chapter/continued-fractions",
        campaign: `push:${past.id}`,
      },
    ]);

    const dueAt = new Date(Date.now() + 2500);
    const future = await queueSend(database.db, queue, campaign(dueAt, "Soon"));
    await pause(1500);
    expect((await findSend(database.db, future.id))?.status).toBe("scheduled");
    expect(service.received(reader.subscribers[1]!.endpoint)).toHaveLength(1);
    await service.waitFor(2, reader.subscribers[1]!.endpoint, 10_000);
    const arrived = service.received(reader.subscribers[1]!.endpoint).at(-1)!;
    expect(JSON.parse(arrived.payload)).toMatchObject({ title: "Soon", campaign: `push:${future.id}` });
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(service.received(uninterested.subscribers[0]!.endpoint)).toEqual([]);
    await eventually(async () => (await sentCount(database.db, future.id)) === 2);
  });

  it("queues at start what a stopped instance left: a send still scheduled and a delivery stuck in sending", async () => {
    const reader = await learnerWithDevices(database.db, service, { topics: ["new-content"] });
    // Written while no queue ran, as if the instance stopped right after the admin pressed Send.
    const orphan = await createSend(database.db, campaign(new Date(Date.now() - 1000), "Left behind"));
    const stuck = await createSend(database.db, campaign(new Date(Date.now() - 60 * 60 * 1000), "Half sent"));
    const longAgo = new Date(Date.now() - 11 * 60 * 1000).toISOString();
    await database.db
      .updateTable("push_sends")
      .set({ status: "dispatched", dispatched_at: longAgo })
      .where("id", "=", stuck.id)
      .execute();
    const subscription = await database.db
      .selectFrom("push_subscriptions")
      .select("id")
      .where("endpoint", "=", reader.subscribers[0]!.endpoint)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("push_deliveries")
      .values({
        id: crypto.randomUUID(),
        send_id: stuck.id,
        subscription_id: subscription.id,
        user_id: reader.userId,
        push_service: "127.0.0.1",
        body: null,
        status: "sending",
        not_before: longAgo,
        last_error: null,
        updated_at: longAgo,
        sent_at: null,
      })
      .execute();

    await start();
    const arrived = await service.waitFor(2, reader.subscribers[0]!.endpoint, 10_000);
    expect(arrived.map((push) => (JSON.parse(push.payload) as PushPayload).title).sort()).toEqual([
      "Half sent",
      "Left behind",
    ]);
    await eventually(async () => (await sentCount(database.db, stuck.id)) === 1);
    expect((await readSendReport(database.db, stuck.id)).counts).toMatchObject({ sent: 1, sending: 0 });
    expect((await findSend(database.db, orphan.id))?.status).toBe("dispatched");
  });

  it("announces a newly published record prime to the learners who chose that topic", async () => {
    await startPush(database.db, { databaseUrl: database.location.databaseUrl, vapidKeys, pollInterval: POLL_MS });
    const fan = await learnerWithDevices(database.db, service, { topics: ["record-primes"] });
    const other = await learnerWithDevices(database.db, service, { topics: ["new-content"] });
    const exponent = 1_000_003 + Math.floor(Math.random() * 1000) * 2;
    const created = await createPrimeRecord(database.db, {
      kind: "mersenne",
      content: {
        exponent,
        digits: mersenneDigits(exponent),
        year: 2031,
        discoverer: "A. Volunteer",
        project: "GIMPS",
        program: null,
        test: "PRP and Lucas–Lehmer",
        source: "https://www.mersenne.org/",
      },
      authorId: null,
    });
    if (!created.ok) throw new Error("The test record's key is taken.");
    const published = await setPrimeRecordPublished(database.db, created.record.id, true);
    expect(published?.firstPublication).toBe(true);
    const announcement = await announceRecord(published!.record);

    const [push] = await service.waitFor(1, fan.subscribers[0]!.endpoint, 10_000);
    expect(JSON.parse(push!.payload)).toMatchObject({
      title: announcement.title,
      body: announcement.body,
      url: "/prime-discoveries",
    });
    await pause(500);
    expect(service.received(other.subscribers[0]!.endpoint)).toEqual([]);
    const sends = await database.db.selectFrom("push_sends").selectAll().where("kind", "=", "record").execute();
    expect(sends.map((send) => [send.topic, send.audience])).toEqual([["record-primes", "subscribers"]]);
    expect(getPushQueue()).toBeDefined();
    await stopPush();
    expect(() => getPushQueue()).toThrow(/not started/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two app instances on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  let service: LocalPushService;
  const instances: { handle: DatabaseHandle; jobs: PushJobs }[] = [];

  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => {
    for (const { handle, jobs } of instances) {
      await jobs.stop();
      await handle.close();
    }
    await service.stop();
  });

  it("deliver each message of one scheduled send exactly once, retries included", async () => {
    const learners = [];
    for (let index = 0; index < 6; index += 1) {
      learners.push(await learnerWithDevices(database.db, service, { devices: 2, topics: ["new-content"] }));
    }
    const endpoints = learners.flatMap((learner) => learner.subscribers.map((subscriber) => subscriber.endpoint));
    // One push service hiccup: that message is retried after a pause, still once in the end.
    service.respondWith(endpoints[3]!, [503]);
    for (let index = 0; index < 2; index += 1) {
      // Each instance has its own connections and its own graphile-worker runner, as separate processes would.
      const handle = openDatabase({ databaseUrl: database.location.databaseUrl, dataDir: database.location.dataDir });
      const jobs = await startPushJobs({
        db: handle.db,
        databaseUrl: database.location.databaseUrl,
        vapidKeys,
        pollInterval: POLL_MS,
      });
      instances.push({ handle, jobs });
    }
    const [first, second] = instances;
    const send = await queueSend(first!.handle.db, first!.jobs.queue, campaign(new Date(Date.now() + 1000)));
    // The second instance queues the same dispatch too (as its start-up recovery would): the key keeps one.
    await second!.jobs.queue.add(
      "push.dispatch",
      { sendId: send.id },
      { runAt: new Date(send.scheduledFor), key: `push.dispatch:${send.id}` },
    );

    for (const endpoint of endpoints) await service.waitFor(1, endpoint, 15_000);
    // Long enough for a second delivery of anything to have arrived.
    await pause(1500);
    for (const endpoint of endpoints) {
      expect(service.received(endpoint), endpoint).toHaveLength(1);
      expect(JSON.parse(service.received(endpoint)[0]!.payload)).toMatchObject({ campaign: `push:${send.id}` });
    }
    expect(service.answered(endpoints[3]).map((answer) => answer.status)).toEqual([503, 201]);
    await eventually(async () => (await sentCount(database.db, send.id)) === endpoints.length);
    const report = await readSendReport(database.db, send.id);
    expect(report.counts).toMatchObject({ sent: endpoints.length, queued: 0, sending: 0, failed: 0 });
  });
});
