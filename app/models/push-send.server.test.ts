import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { insertAnalyticsEvents } from "./analytics-event.server";
import {
  cancelScheduledSend,
  countSends,
  createSend,
  deleteOldSends,
  findSend,
  listSends,
  PUSH_SEND_RETENTION_MS,
  readSendReport,
  type PushSendInput,
} from "./push-send.server";
import { pushCampaign } from "./push-vocabulary";
import { createUser } from "./user.server";

describe.each(testDialects)("push sends on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const person = (role: "user" | "admin" = "user") =>
    createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null, role });

  const campaign = (overrides: Partial<PushSendInput> = {}): PushSendInput => ({
    kind: "campaign",
    title: "A new chapter",
    body: "Periods and primes is out.",
    url: "/chapter/periods-and-primes",
    topic: "new-content",
    audience: "subscribers",
    audienceUserId: null,
    createdBy: null,
    scheduledFor: "2030-05-01T09:00:00.000Z",
    ...overrides,
  });

  it("stores a send as scheduled, with the e-mail addresses of its author and its one user", async () => {
    const admin = await person("admin");
    const learner = await person();
    const send = await createSend(
      database.db,
      campaign({ audience: "user", audienceUserId: learner.id, createdBy: admin.id }),
    );
    expect(send).toMatchObject({
      kind: "campaign",
      status: "scheduled",
      audience: "user",
      audienceEmail: learner.email,
      createdByEmail: admin.email,
      scheduledFor: "2030-05-01T09:00:00.000Z",
      dispatchedAt: null,
    });
    expect(await findSend(database.db, send.id)).toEqual(send);
    expect(await findSend(database.db, crypto.randomUUID())).toBeUndefined();
  });

  it("lists the history newest first, in pages, and counts it", async () => {
    const before = await countSends(database.db);
    testClock.set("2031-01-01T00:00:00.000Z");
    const first = await createSend(database.db, campaign({ title: "First" }));
    testClock.advance(1000);
    const second = await createSend(database.db, campaign({ title: "Second" }));
    expect(await countSends(database.db)).toBe(before + 2);
    const [newest, next] = await listSends(database.db, { limit: 2 });
    expect([newest?.id, next?.id]).toEqual([second.id, first.id]);
    expect((await listSends(database.db, { limit: 1, offset: 1 }))[0]?.id).toBe(first.id);
  });

  it("cancels only a send that has not gone out", async () => {
    const waiting = await createSend(database.db, campaign());
    expect(await cancelScheduledSend(database.db, waiting.id)).toBe(true);
    expect((await findSend(database.db, waiting.id))?.status).toBe("cancelled");
    expect(await cancelScheduledSend(database.db, waiting.id)).toBe(false);

    const gone = await createSend(database.db, campaign());
    await database.db.updateTable("push_sends").set({ status: "dispatched" }).where("id", "=", gone.id).execute();
    expect(await cancelScheduledSend(database.db, gone.id)).toBe(false);
    expect((await findSend(database.db, gone.id))?.status).toBe("dispatched");
  });

  it("reports deliveries by state, failure reasons by frequency, the next wait and the analytics counts", async () => {
    const { db } = database;
    const send = await createSend(db, campaign());
    const states = [
      ["sent", null, "2030-05-01T09:00:00.000Z"],
      ["sent", null, "2030-05-01T09:00:00.000Z"],
      ["expired", "The push service answered 410", "2030-05-01T09:00:00.000Z"],
      ["failed", "The push service answered 400: bad", "2030-05-01T09:00:00.000Z"],
      ["failed", "No answer within 10 s", "2030-05-01T09:00:00.000Z"],
      ["failed", "No answer within 10 s", "2030-05-01T09:00:00.000Z"],
      ["queued", null, "2030-05-01T06:00:00.000Z"],
      ["queued", null, "2030-05-01T05:00:00.000Z"],
    ] as const;
    for (const [status, error, notBefore] of states) {
      const learner = await person();
      await db
        .insertInto("push_deliveries")
        .values({
          id: crypto.randomUUID(),
          send_id: send.id,
          subscription_id: null,
          user_id: learner.id,
          push_service: "push.example.org",
          body: null,
          status,
          not_before: notBefore,
          attempts: 1,
          last_error: error,
          updated_at: notBefore,
          sent_at: status === "sent" ? notBefore : null,
        })
        .execute();
    }
    const event = (name: "push_received" | "push_click", index: number) => ({
      id: `${name}-${send.id}-${index}`,
      name,
      occurred_at: "2030-05-01T09:01:00.000Z",
      day: "2030-05-01",
      received_at: "2030-05-01T09:01:01.000Z",
      visitor: `visitor${index}`.padEnd(16, "0"),
      user_id: null,
      route: "/chapter/:chapterName",
      path: "/chapter/periods-and-primes",
      referrer: null,
      device: null,
      subject: pushCampaign(send.id),
      outcome: null,
      props: null,
    });
    await insertAnalyticsEvents(db, [event("push_received", 1), event("push_received", 2), event("push_click", 3)]);

    expect(await readSendReport(db, send.id)).toEqual({
      counts: { queued: 2, sending: 0, sent: 2, failed: 3, expired: 1 },
      failures: [
        { reason: "No answer within 10 s", deliveries: 2 },
        { reason: "The push service answered 400: bad", deliveries: 1 },
      ],
      nextDeliveryAt: "2030-05-01T05:00:00.000Z",
      shown: 2,
      clicked: 1,
    });
    const empty = await createSend(db, campaign());
    expect(await readSendReport(db, empty.id)).toEqual({
      counts: { queued: 0, sending: 0, sent: 0, failed: 0, expired: 0 },
      failures: [],
      nextDeliveryAt: null,
      shown: 0,
      clicked: 0,
    });
  });

  it("deletes sends older than a year with their deliveries, but never one still waiting to go", async () => {
    const { db } = database;
    const start = testClock.set("2032-01-01T00:00:00.000Z");
    const old = await createSend(db, campaign());
    await db.updateTable("push_sends").set({ status: "dispatched" }).where("id", "=", old.id).execute();
    const learner = await person();
    await db
      .insertInto("push_deliveries")
      .values({
        id: crypto.randomUUID(),
        send_id: old.id,
        subscription_id: null,
        user_id: learner.id,
        push_service: "push.example.org",
        body: null,
        status: "sent",
        not_before: start.toISOString(),
        updated_at: start.toISOString(),
        last_error: null,
        sent_at: start.toISOString(),
      })
      .execute();
    const farFuture = await createSend(db, campaign({ scheduledFor: "2040-01-01T00:00:00.000Z" }));

    testClock.set(start.getTime() + PUSH_SEND_RETENTION_MS - 1000);
    await deleteOldSends(db);
    expect(await findSend(db, old.id)).toBeDefined();

    testClock.set(start.getTime() + PUSH_SEND_RETENTION_MS + 1000);
    await deleteOldSends(db);
    expect(await findSend(db, old.id)).toBeUndefined();
    expect(await db.selectFrom("push_deliveries").select("id").where("send_id", "=", old.id).execute()).toEqual([]);
    expect(await findSend(db, farFuture.id)).toBeDefined();
  });
});
