import webPush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { JOB_MAX_ATTEMPTS, type JobName, type JobPayloads, type JobQueue } from "#app/jobs/job-queue.server";
import { grantComplimentaryPremium } from "#app/models/complimentary-grant.server";
import { writeNotificationSettings, setTopics } from "#app/models/notification-settings.server";
import {
  claimDelivery,
  claimSend,
  listQueuedDeliveries,
  requeueStuckDeliveries,
  STUCK_DELIVERY_MS,
  writeDeliveries,
} from "#app/models/push-delivery.server";
import {
  createSend,
  findSend,
  readSendReport,
  cancelScheduledSend,
  type PushSendInput,
} from "#app/models/push-send.server";
import { saveSubscription } from "#app/models/push-subscription.server";
import { pushCampaign, type PushTopic } from "#app/models/push-vocabulary";
import { createSession } from "#app/models/session.server";
import { createUser } from "#app/models/user.server";
import { isoNow } from "#app/utils/clock";
import { hashToken } from "#app/utils/secure-token.server";
import { startLocalPushService, type LocalPushService, type TestSubscriber } from "#tests/setup/local-push-service";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { switchFeatures } from "#tests/setup/feature-flags";
import { createDeliveryHandlers, SWITCHED_OFF_REASON } from "./delivery-jobs.server";

const vapidKeys = { ...webPush.generateVAPIDKeys(), subject: "mailto:push@numberlab.example" };

interface AddedJob<Name extends JobName = JobName> {
  name: Name;
  payload: JobPayloads[Name];
  runAt?: string;
  key?: string;
}

/** A queue that only records what was added; the test runs the jobs itself. */
function recordingQueue(): JobQueue & { added: AddedJob[]; deliveries(): string[] } {
  const added: AddedJob[] = [];
  return {
    added,
    async add(name, payload, options = {}) {
      added.push({ name, payload, runAt: options.runAt?.toISOString(), key: options.key });
    },
    async stop() {},
    deliveries: () =>
      added
        .filter((job) => job.name === "push.deliver")
        .map((job) => (job.payload as { deliveryId: string }).deliveryId),
  };
}

describe.each(testDialects)("push delivery jobs on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let service: LocalPushService;
  let queue: ReturnType<typeof recordingQueue>;
  let handlers: ReturnType<typeof createDeliveryHandlers>;

  beforeAll(async () => {
    service = await startLocalPushService();
  });
  afterAll(async () => {
    await service.stop();
  });
  beforeEach(async () => {
    // Each test's audience is its own learners.
    await database.db.deleteFrom("push_subscriptions").execute();
    queue = recordingQueue();
    handlers = createDeliveryHandlers({ db: database.db, queue, vapidKeys });
  });

  async function learner(options: { topics?: PushTopic[]; devices?: number; role?: "user" | "admin" } = {}) {
    const { db } = database;
    const user = await createUser(db, {
      email: `${crypto.randomUUID()}@example.org`,
      passwordHash: null,
      role: options.role ?? "user",
    });
    await setTopics(db, user.id, options.topics ?? ["record-primes"]);
    const devices: (TestSubscriber & { id: string; sessionId: string })[] = [];
    for (let index = 0; index < (options.devices ?? 1); index += 1) {
      const subscriber = await service.newSubscriber({ applicationServerKey: vapidKeys.publicKey });
      const sessionId = hashToken((await createSession(db, user.id, "Test browser")).token);
      const saved = await saveSubscription(db, {
        userId: user.id,
        sessionId,
        endpoint: subscriber.endpoint,
        ...subscriber.keys,
        userAgent: "Test browser",
      });
      if (saved.status !== "stored") throw new Error("The device was not stored.");
      devices.push({ ...subscriber, id: saved.id, sessionId });
    }
    return { ...user, devices };
  }

  const sendInput = (overrides: Partial<PushSendInput> = {}): PushSendInput => ({
    kind: "record",
    title: "A new record prime",
    body: "2^136279841 − 1 has 41,024,320 digits.",
    url: "/primes/records",
    topic: "record-primes",
    audience: "subscribers",
    audienceUserId: null,
    createdBy: null,
    scheduledFor: isoNow(),
    ...overrides,
  });

  async function deliveriesOf(sendId: string) {
    return database.db
      .selectFrom("push_deliveries")
      .selectAll()
      .where("send_id", "=", sendId)
      .orderBy("subscription_id")
      .execute();
  }

  /** Runs every push.deliver job added so far, as a queue would once each is due. */
  async function deliverAll() {
    for (const deliveryId of queue.deliveries()) await handlers["push.deliver"]({ deliveryId });
  }

  const endpointsOf = (...people: { devices: { endpoint: string }[] }[]) =>
    people.flatMap((person) => person.devices.map((device) => device.endpoint)).sort();

  async function dispatchedEndpoints(input: Partial<PushSendInput>) {
    const send = await createSend(database.db, sendInput(input));
    await handlers["push.dispatch"]({ sendId: send.id });
    const rows = await database.db
      .selectFrom("push_deliveries")
      .innerJoin("push_subscriptions", "push_subscriptions.id", "push_deliveries.subscription_id")
      .select("push_subscriptions.endpoint")
      .where("push_deliveries.send_id", "=", send.id)
      .execute();
    return rows.map((row) => row.endpoint).sort();
  }

  it("delivers exactly the payload to every subscribed device, decrypted by the push service", async () => {
    testClock.set("2030-06-01T12:00:00.000Z");
    const two = await learner({ devices: 2 });
    const one = await learner();
    await learner({ topics: ["announcements"] });
    const send = await createSend(database.db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });

    expect((await findSend(database.db, send.id))?.status).toBe("dispatched");
    const rows = await deliveriesOf(send.id);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === "queued" && row.not_before === "2030-06-01T12:00:00.000Z")).toBe(true);
    expect(rows.every((row) => row.push_service === new URL(service.origin).host)).toBe(true);
    expect(queue.added).toEqual(
      rows.map((row) => ({
        name: "push.deliver",
        payload: { deliveryId: row.id },
        runAt: "2030-06-01T12:00:00.000Z",
        key: `push.deliver:${row.id}`,
      })),
    );

    await deliverAll();
    const expected = JSON.stringify({
      title: "A new record prime",
      body: "2^136279841 − 1 has 41,024,320 digits.",
      url: "/primes/records",
      campaign: pushCampaign(send.id),
    });
    for (const endpoint of endpointsOf(two, one)) {
      expect(service.received(endpoint)).toEqual([{ endpoint, payload: expected, ttl: 24 * 3600, urgency: "normal" }]);
    }
    const report = await readSendReport(database.db, send.id);
    expect(report.counts).toEqual({ queued: 0, sending: 0, sent: 3, failed: 0, expired: 0 });
    expect((await deliveriesOf(send.id)).map((row) => [row.status, row.attempts, row.sent_at])).toEqual(
      rows.map(() => ["sent", 1, "2030-06-01T12:00:00.000Z"]),
    );

    // Running a delivery job again sends nothing more.
    await deliverAll();
    expect(service.received().filter((push) => endpointsOf(two, one).includes(push.endpoint))).toHaveLength(3);
  });

  it("sends nothing while notifications are switched off: the deliveries due then fail, saying why", async () => {
    const someone = await learner({ devices: 2 });
    const send = await createSend(database.db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });
    const restore = await switchFeatures(database.db, { push: false });
    try {
      await deliverAll();
    } finally {
      await restore();
    }
    expect(service.received().filter((push) => endpointsOf(someone).includes(push.endpoint))).toEqual([]);
    expect((await deliveriesOf(send.id)).map((row) => [row.status, row.last_error])).toEqual([
      ["failed", SWITCHED_OFF_REASON],
      ["failed", SWITCHED_OFF_REASON],
    ]);
    // Switched on again, they are not sent late: their time has passed.
    await deliverAll();
    expect(service.received().filter((push) => endpointsOf(someone).includes(push.endpoint))).toEqual([]);
    expect((await readSendReport(database.db, send.id)).counts).toMatchObject({ failed: 2, sent: 0 });
    // The devices are kept for the next send.
    const next = await createSend(database.db, sendInput());
    await handlers["push.dispatch"]({ sendId: next.id });
    await deliverAll();
    expect((await readSendReport(database.db, next.id)).counts).toMatchObject({ sent: 2 });
  });

  it("marks 404 and 410 expired and removes those devices, keeping the report rows", async () => {
    const gone = await learner({ devices: 2 });
    const kept = await learner();
    service.respondWith(gone.devices[0]!.endpoint, [410]);
    service.respondWith(gone.devices[1]!.endpoint, [404]);
    const send = await createSend(database.db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });
    await deliverAll();

    const rows = await deliveriesOf(send.id);
    expect(rows.map((row) => [row.status, row.subscription_id === null, row.last_error]).sort()).toEqual([
      ["expired", true, "The push service answered 404: the subscription no longer exists"],
      ["expired", true, "The push service answered 410: the subscription no longer exists"],
      ["sent", false, null],
    ]);
    const remaining = await database.db.selectFrom("push_subscriptions").select("id").execute();
    expect(remaining.map((row) => row.id)).toEqual([kept.devices[0]!.id]);
    expect((await readSendReport(database.db, send.id)).counts.expired).toBe(2);
  });

  it("retries 500s (the job throws, the queue runs it again) and sends on the third try", async () => {
    const person = await learner();
    const [device] = person.devices;
    service.respondWith(device!.endpoint, [500, 500]);
    const send = await createSend(database.db, sendInput({ kind: "campaign", topic: "record-primes" }));
    await handlers["push.dispatch"]({ sendId: send.id });
    const [deliveryId] = queue.deliveries();

    for (const attempt of [1, 2]) {
      await expect(handlers["push.deliver"]({ deliveryId: deliveryId! })).rejects.toThrow(
        "The push service answered 500: Programmed answer 500",
      );
      const [row] = await deliveriesOf(send.id);
      expect([row?.status, row?.attempts, row?.last_error]).toEqual([
        "queued",
        attempt,
        "The push service answered 500: Programmed answer 500",
      ]);
    }
    await handlers["push.deliver"]({ deliveryId: deliveryId! });
    const [row] = await deliveriesOf(send.id);
    expect([row?.status, row?.attempts, row?.last_error]).toEqual(["sent", 3, null]);
    expect(service.answered(device!.endpoint).map((answer) => answer.status)).toEqual([500, 500, 201]);
    expect(service.received(device!.endpoint)).toHaveLength(1);
  });

  it(`gives up after ${JOB_MAX_ATTEMPTS} tries, and fails a 400 at once, each with the reason`, async () => {
    const retried = await learner();
    const refused = await learner();
    service.respondWith(retried.devices[0]!.endpoint, Array<number>(JOB_MAX_ATTEMPTS).fill(503));
    service.respondWith(refused.devices[0]!.endpoint, [{ status: 400, body: "Payload malformed" }]);
    const send = await createSend(database.db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });
    const byId = async (id: string) =>
      database.db.selectFrom("push_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const rows = await deliveriesOf(send.id);
    const retriedRow = rows.find((row) => row.subscription_id === retried.devices[0]!.id)!;
    const refusedRow = rows.find((row) => row.subscription_id === refused.devices[0]!.id)!;
    expect(queue.deliveries().sort()).toEqual([retriedRow.id, refusedRow.id].sort());

    await handlers["push.deliver"]({ deliveryId: refusedRow.id });
    expect(await byId(refusedRow.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "The push service answered 400: Payload malformed",
    });

    for (let attempt = 1; attempt < JOB_MAX_ATTEMPTS; attempt += 1) {
      await expect(handlers["push.deliver"]({ deliveryId: retriedRow.id })).rejects.toThrow(/503/);
    }
    await handlers["push.deliver"]({ deliveryId: retriedRow.id });
    expect(await byId(retriedRow.id)).toMatchObject({
      status: "failed",
      attempts: JOB_MAX_ATTEMPTS,
      last_error: `The push service answered 503: Programmed answer 503 (gave up after ${JOB_MAX_ATTEMPTS} tries)`,
    });
    expect((await readSendReport(database.db, send.id)).failures).toEqual([
      { reason: "The push service answered 400: Payload malformed", deliveries: 1 },
      {
        reason: `The push service answered 503: Programmed answer 503 (gave up after ${JOB_MAX_ATTEMPTS} tries)`,
        deliveries: 1,
      },
    ]);
  });

  it("waits out a Retry-After: an early run re-queues the job for then", async () => {
    testClock.set("2030-06-01T12:00:00.000Z");
    const person = await learner();
    service.respondWith(person.devices[0]!.endpoint, [{ status: 429, retryAfter: 90 }]);
    const send = await createSend(database.db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });
    const [deliveryId] = queue.deliveries();
    await expect(handlers["push.deliver"]({ deliveryId: deliveryId! })).rejects.toThrow(/429/);
    const [row] = await deliveriesOf(send.id);
    expect([row?.status, row?.not_before]).toEqual(["queued", "2030-06-01T12:01:30.000Z"]);

    testClock.advance(30_000);
    await handlers["push.deliver"]({ deliveryId: deliveryId! });
    expect(queue.added.at(-1)).toEqual({
      name: "push.deliver",
      payload: { deliveryId },
      runAt: "2030-06-01T12:01:30.000Z",
      key: `push.deliver:${deliveryId}`,
    });
    expect(service.received(person.devices[0]!.endpoint)).toEqual([]);
    testClock.advance(60_000);
    await handlers["push.deliver"]({ deliveryId: deliveryId! });
    expect(service.received(person.devices[0]!.endpoint)).toHaveLength(1);
  });

  it("does not dispatch a send before its time, nor a cancelled one; one in the past goes at once", async () => {
    testClock.set("2030-06-01T12:00:00.000Z");
    const person = await learner();
    const later = await createSend(database.db, sendInput({ scheduledFor: "2030-06-01T13:00:00.000Z" }));
    await handlers["push.dispatch"]({ sendId: later.id });
    expect((await findSend(database.db, later.id))?.status).toBe("scheduled");
    expect(await deliveriesOf(later.id)).toEqual([]);
    expect(queue.added).toEqual([
      {
        name: "push.dispatch",
        payload: { sendId: later.id },
        runAt: "2030-06-01T13:00:00.000Z",
        key: `push.dispatch:${later.id}`,
      },
    ]);

    const cancelled = await createSend(database.db, sendInput({ scheduledFor: "2030-06-01T11:00:00.000Z" }));
    expect(await cancelScheduledSend(database.db, cancelled.id)).toBe(true);
    await handlers["push.dispatch"]({ sendId: cancelled.id });
    expect(await deliveriesOf(cancelled.id)).toEqual([]);

    const past = await createSend(database.db, sendInput({ scheduledFor: "2030-06-01T09:00:00.000Z" }));
    await handlers["push.dispatch"]({ sendId: past.id });
    expect(await deliveriesOf(past.id)).toHaveLength(1);

    testClock.set("2030-06-01T13:00:00.000Z");
    await handlers["push.dispatch"]({ sendId: later.id });
    expect(await deliveriesOf(later.id)).toHaveLength(1);
    await deliverAll();
    expect(service.received(person.devices[0]!.endpoint)).toHaveLength(2);
  });

  it("lets only one caller claim a due send, and none a future or cancelled one", async () => {
    testClock.set("2030-06-01T12:00:00.000Z");
    const { db } = database;
    const due = await createSend(db, sendInput());
    const claims = await Promise.all([claimSend(db, due.id), claimSend(db, due.id)]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await findSend(db, due.id)).toMatchObject({
      status: "dispatched",
      dispatchedAt: "2030-06-01T12:00:00.000Z",
    });
    const future = await createSend(db, sendInput({ scheduledFor: "2030-06-01T12:00:00.001Z" }));
    expect(await claimSend(db, future.id)).toBe(false);
    const cancelled = await createSend(db, sendInput());
    await cancelScheduledSend(db, cancelled.id);
    expect(await claimSend(db, cancelled.id)).toBe(false);
    expect((await findSend(db, cancelled.id))?.status).toBe("cancelled");
  });

  it("writes each delivery once when two instances dispatch the same send at the same moment", async () => {
    await learner({ devices: 3 });
    await learner({ devices: 2 });
    const send = await createSend(database.db, sendInput());
    const other = createDeliveryHandlers({ db: database.db, queue, vapidKeys });
    await Promise.all([handlers["push.dispatch"]({ sendId: send.id }), other["push.dispatch"]({ sendId: send.id })]);
    const rows = await deliveriesOf(send.id);
    expect(rows).toHaveLength(5);
    expect(queue.deliveries().sort()).toEqual(rows.map((row) => row.id).sort());
    await handlers["push.dispatch"]({ sendId: send.id });
    expect(await deliveriesOf(send.id)).toHaveLength(5);

    // Two instances running one delivery job: one claims it, the other does nothing.
    const [deliveryId] = queue.deliveries();
    await Promise.all([
      handlers["push.deliver"]({ deliveryId: deliveryId! }),
      other["push.deliver"]({ deliveryId: deliveryId! }),
    ]);
    const row = (await deliveriesOf(send.id)).find((delivery) => delivery.id === deliveryId);
    expect([row?.status, row?.attempts]).toEqual(["sent", 1]);
    expect(service.received().filter((push) => push.payload.includes(pushCampaign(send.id)))).toHaveLength(1);
  });

  it("reaches a topic's premium or free learners, one user, or the tester's own devices", async () => {
    testClock.set("2030-06-01T12:00:00.000Z");
    const { db } = database;
    const admin = await learner({ role: "admin", topics: [] });
    const paying = await learner({ topics: ["announcements"] });
    await grantComplimentaryPremium(db, null, paying, { until: "2030-07-01T00:00:00.000Z", reason: "Test" });
    const lapsed = await learner({ topics: ["announcements"] });
    await grantComplimentaryPremium(db, null, lapsed, { until: "2030-05-01T00:00:00.000Z", reason: "Test" });
    const free = await learner({ topics: ["announcements"], devices: 2 });
    const adminSubscribed = await learner({ role: "admin", topics: ["announcements"] });
    const otherTopic = await learner({ topics: ["new-content"] });

    const announcement = { topic: "announcements" as const, kind: "campaign" as const };
    expect(await dispatchedEndpoints({ ...announcement, audience: "subscribers" })).toEqual(
      endpointsOf(paying, lapsed, free, adminSubscribed),
    );
    expect(await dispatchedEndpoints({ ...announcement, audience: "premium" })).toEqual(
      endpointsOf(paying, adminSubscribed),
    );
    expect(await dispatchedEndpoints({ ...announcement, audience: "free" })).toEqual(endpointsOf(lapsed, free));
    expect(await dispatchedEndpoints({ ...announcement, audience: "user", audienceUserId: free.id })).toEqual(
      endpointsOf(free),
    );
    // One user who did not choose the topic gets nothing.
    expect(await dispatchedEndpoints({ ...announcement, audience: "user", audienceUserId: otherTopic.id })).toEqual([]);
    // A test reaches the admin's devices although they chose no topic.
    expect(
      await dispatchedEndpoints({
        ...announcement,
        kind: "test",
        audience: "self",
        audienceUserId: admin.id,
        createdBy: admin.id,
      }),
    ).toEqual(endpointsOf(admin));
  });

  it("defers deliveries to the end of each learner's quiet hours; a test is not deferred", async () => {
    // 00:30 in Paris, 18:30 in New York.
    testClock.set("2030-01-15T23:30:00.000Z");
    const { db } = database;
    const sleeping = await learner({ role: "admin" });
    await writeNotificationSettings(db, sleeping.id, {
      timeZone: "Europe/Paris",
      reminderHour: 18,
      quietStart: 22,
      quietEnd: 7,
    });
    const awake = await learner();
    await writeNotificationSettings(db, awake.id, {
      timeZone: "America/New_York",
      reminderHour: 18,
      quietStart: 22,
      quietEnd: 7,
    });
    const unset = await learner();

    const send = await createSend(db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });
    const notBefore = Object.fromEntries(
      (await deliveriesOf(send.id)).map((row) => [row.user_id, row.not_before] as const),
    );
    expect(notBefore).toEqual({
      [sleeping.id]: "2030-01-16T06:00:00.000Z",
      [awake.id]: "2030-01-15T23:30:00.000Z",
      [unset.id]: "2030-01-15T23:30:00.000Z",
    });
    const sleepingDelivery = (await deliveriesOf(send.id)).find((row) => row.user_id === sleeping.id)!;
    expect(queue.added.find((job) => job.key === `push.deliver:${sleepingDelivery.id}`)?.runAt).toBe(
      "2030-01-16T06:00:00.000Z",
    );
    expect((await readSendReport(db, send.id)).nextDeliveryAt).toBe("2030-01-15T23:30:00.000Z");

    await deliverAll();
    expect(service.received(sleeping.devices[0]!.endpoint)).toEqual([]);
    expect(service.received(awake.devices[0]!.endpoint)).toHaveLength(1);
    expect((await readSendReport(db, send.id)).nextDeliveryAt).toBe("2030-01-16T06:00:00.000Z");

    testClock.set("2030-01-16T06:00:00.000Z");
    await handlers["push.deliver"]({ deliveryId: sleepingDelivery.id });
    expect(service.received(sleeping.devices[0]!.endpoint)).toHaveLength(1);

    testClock.set("2030-01-16T23:30:00.000Z");
    const test = await createSend(
      db,
      sendInput({ kind: "test", audience: "self", audienceUserId: sleeping.id, createdBy: sleeping.id }),
    );
    await handlers["push.dispatch"]({ sendId: test.id });
    expect((await deliveriesOf(test.id)).map((row) => row.not_before)).toEqual(["2030-01-16T23:30:00.000Z"]);
    await deliverAll();
    expect(service.received(sleeping.devices[0]!.endpoint).at(-1)).toMatchObject({ ttl: 3600, urgency: "high" });

    // A review reminder goes at the hour the learner chose, even one inside their quiet hours.
    await db.insertInto("push_topics").values({ user_id: sleeping.id, topic: "review-reminders" }).execute();
    const reminder = await createSend(
      db,
      sendInput({ kind: "reminders", topic: "review-reminders", audience: "user", audienceUserId: sleeping.id }),
    );
    await handlers["push.dispatch"]({ sendId: reminder.id });
    expect((await deliveriesOf(reminder.id)).map((row) => row.not_before)).toEqual(["2030-01-16T23:30:00.000Z"]);
  });

  it("sends a learner's own text with a reminder's lifetime and topic", async () => {
    const person = await learner({ topics: ["review-reminders"] });
    const send = await createSend(
      database.db,
      sendInput({ kind: "reminders", topic: "review-reminders", audience: "user", audienceUserId: person.id }),
    );
    const written = await writeDeliveries(database.db, send.id, [
      {
        subscriptionId: person.devices[0]!.id,
        userId: person.id,
        endpoint: person.devices[0]!.endpoint,
        notBefore: isoNow(),
        body: "3 skills are due for review.",
      },
    ]);
    await handlers["push.deliver"]({ deliveryId: written[0]!.id });
    const [received] = service.received(person.devices[0]!.endpoint);
    expect(received).toMatchObject({ ttl: 12 * 3600, urgency: "normal", topic: "review-reminder" });
    expect(JSON.parse(received!.payload)).toMatchObject({ body: "3 skills are due for review." });
  });

  it("expires a delivery whose device was signed out meanwhile, and re-queues one stuck in sending", async () => {
    testClock.set("2030-06-01T12:00:00.000Z");
    const { db } = database;
    const leaving = await learner();
    const stuck = await learner();
    const send = await createSend(db, sendInput());
    await handlers["push.dispatch"]({ sendId: send.id });
    await db.deleteFrom("sessions").where("id", "=", leaving.devices[0]!.sessionId).execute();

    const rows = await deliveriesOf(send.id);
    const leavingRow = rows.find((row) => row.user_id === leaving.id)!;
    const stuckRow = rows.find((row) => row.user_id === stuck.id)!;
    await handlers["push.deliver"]({ deliveryId: leavingRow.id });
    expect((await deliveriesOf(send.id)).find((row) => row.id === leavingRow.id)).toMatchObject({
      status: "expired",
      last_error: "The device was signed out or removed before the message went out",
    });

    // An instance claims the delivery and stops before recording anything.
    expect((await claimDelivery(db, stuckRow.id)).status).toBe("claimed");
    testClock.advance(STUCK_DELIVERY_MS - 1000);
    expect(await requeueStuckDeliveries(db)).toEqual([]);
    testClock.advance(2000);
    expect(await requeueStuckDeliveries(db)).toEqual([{ id: stuckRow.id, notBefore: "2030-06-01T12:00:00.000Z" }]);
    expect((await listQueuedDeliveries(db)).map((row) => row.id)).toContain(stuckRow.id);
    await handlers["push.deliver"]({ deliveryId: stuckRow.id });
    expect(service.received(stuck.devices[0]!.endpoint)).toHaveLength(1);
  });
});
