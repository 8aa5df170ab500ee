import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { hashToken } from "../utils/secure-token.server";
import {
  claimDelivery,
  findAudienceDevices,
  listQueuedDeliveries,
  recordDeliveryResult,
  writeDeliveries,
} from "./push-delivery.server";
import { createSend } from "./push-send.server";
import { saveSubscription } from "./push-subscription.server";
import { createSession } from "./session.server";
import { createUser } from "./user.server";

describe.each(testDialects)("push deliveries on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function device(endpoint: string) {
    const { db } = database;
    const user = await createUser(db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
    const sessionId = hashToken((await createSession(db, user.id, null)).token);
    const saved = await saveSubscription(db, {
      userId: user.id,
      sessionId,
      endpoint,
      p256dh: "BPublicKey",
      auth: "AuthSecret",
      userAgent: null,
    });
    if (saved.status !== "stored") throw new Error("not stored");
    return { userId: user.id, subscriptionId: saved.id, endpoint };
  }

  const sendFor = (userId: string) =>
    createSend(database.db, {
      kind: "campaign",
      title: "Title",
      body: "The send's text",
      url: "/",
      topic: "announcements",
      audience: "self",
      audienceUserId: userId,
      createdBy: userId,
      scheduledFor: "2030-01-01T00:00:00.000Z",
    });

  it("writes a device's delivery once per send, with the push service's host only", async () => {
    testClock.set("2030-01-01T00:00:00.000Z");
    const { db } = database;
    const phone = await device(`https://push.example.org:8443/v2/${crypto.randomUUID()}`);
    const send = await sendFor(phone.userId);
    expect(await findAudienceDevices(db, send)).toEqual([{ ...phone, quietHours: null }]);
    const planned = [{ ...phone, notBefore: "2030-01-01T00:00:00.000Z" }];
    const [written] = await writeDeliveries(db, send.id, planned);
    expect(written).toEqual({ id: expect.any(String), notBefore: "2030-01-01T00:00:00.000Z" });
    expect(await writeDeliveries(db, send.id, planned)).toEqual([]);
    const rows = await db.selectFrom("push_deliveries").selectAll().where("send_id", "=", send.id).execute();
    expect(rows).toEqual([
      expect.objectContaining({ push_service: "push.example.org:8443", status: "queued", attempts: 0, body: null }),
    ]);
    expect(await writeDeliveries(db, send.id, [])).toEqual([]);
  });

  it("claims a delivery once, only when its time has come, with the send's text unless it has its own", async () => {
    testClock.set("2030-01-01T00:00:00.000Z");
    const { db } = database;
    const phone = await device(`https://push.example.org/${crypto.randomUUID()}`);
    const send = await sendFor(phone.userId);
    const [own] = await writeDeliveries(db, send.id, [
      { ...phone, notBefore: "2030-01-01T00:00:00.000Z", body: "Your own text" },
    ]);
    const laterSend = await sendFor(phone.userId);
    const [later] = await writeDeliveries(db, laterSend.id, [{ ...phone, notBefore: "2030-01-01T06:00:00.000Z" }]);

    expect(await claimDelivery(db, later!.id)).toEqual({ status: "waiting", notBefore: "2030-01-01T06:00:00.000Z" });
    const claim = await claimDelivery(db, own!.id);
    expect(claim).toEqual({
      status: "claimed",
      delivery: {
        id: own!.id,
        sendId: send.id,
        kind: "campaign",
        title: "Title",
        body: "Your own text",
        url: "/",
        attempts: 0,
        subscriptionId: phone.subscriptionId,
        target: { endpoint: phone.endpoint, p256dh: "BPublicKey", auth: "AuthSecret" },
      },
    });
    expect(await claimDelivery(db, own!.id)).toEqual({ status: "unavailable" });
    expect(await claimDelivery(db, crypto.randomUUID())).toEqual({ status: "unavailable" });

    // Only a claimed delivery takes a result.
    await recordDeliveryResult(db, later!.id, { status: "sent" });
    await recordDeliveryResult(db, own!.id, { status: "sent" });
    const state = (id: string) =>
      db
        .selectFrom("push_deliveries")
        .select(["status", "attempts", "sent_at"])
        .where("id", "=", id)
        .executeTakeFirst();
    expect(await state(own!.id)).toEqual({ status: "sent", attempts: 1, sent_at: "2030-01-01T00:00:00.000Z" });
    expect(await state(later!.id)).toEqual({ status: "queued", attempts: 0, sent_at: null });
    expect((await listQueuedDeliveries(db)).map((row) => row.id)).toContain(later!.id);
  });
});
