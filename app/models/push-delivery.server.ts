import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoAfter, isoNow } from "../utils/clock";
import type { PushSendAudience, PushSendKind, PushTopic } from "./push-vocabulary";

/**
 * Who a send reaches and each delivery's way through the push service (docs/push.md): one row per
 * send × subscription, claimed by one worker at a time with conditional UPDATEs, so several app
 * instances on one PostgreSQL never send a message twice.
 */

/** What dispatch needs to know about a send to pick its devices. */
export interface AudienceQuery {
  topic: PushTopic;
  audience: PushSendAudience;
  audienceUserId: string | null;
  createdBy: string | null;
}

/** A device a send goes to, with its owner's quiet hours (null: none, as for a learner without settings). */
export interface AudienceDevice {
  subscriptionId: string;
  userId: string;
  endpoint: string;
  quietHours: { timeZone: string; quietStart: number | null; quietEnd: number | null } | null;
}

export interface PlannedDelivery {
  subscriptionId: string;
  userId: string;
  endpoint: string;
  /** ISO instant: the end of the learner's quiet hours, or the dispatch time. */
  notBefore: string;
  /** This learner's text when it differs from the send's. */
  body?: string | null;
}

export interface WaitingDelivery {
  id: string;
  notBefore: string;
}

/** A delivery this worker has claimed, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  sendId: string;
  kind: PushSendKind;
  title: string;
  /** The delivery's own text, else the send's. */
  body: string;
  url: string;
  attempts: number;
  subscriptionId: string | null;
  /** Null when the device was removed (signed out, replaced) after the delivery was written. */
  target: { endpoint: string; p256dh: string; auth: string } | null;
}

/** A delivery left in `sending` this long belonged to an instance that stopped mid-send. */
export const STUCK_DELIVERY_MS = 10 * 60 * 1000;

/** scheduled → dispatched once its time has come; true only for the one caller that made the change. */
export async function claimSend(db: Kysely<Database>, sendId: string): Promise<boolean> {
  const at = isoNow();
  const result = await db
    .updateTable("push_sends")
    .set({ status: "dispatched", dispatched_at: at })
    .where("id", "=", sendId)
    .where("status", "=", "scheduled")
    .where("scheduled_for", "<=", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The devices a send goes to. Premium is the stored premium_until compared with the clock (as
 * app/utils/entitlements.ts does when reading a user), and admins count as premium since they get
 * everything learners pay for. A test (self) ignores topics; every other audience needs the topic.
 */
export async function findAudienceDevices(db: Kysely<Database>, send: AudienceQuery): Promise<AudienceDevice[]> {
  const at = isoNow();
  const rows = await db
    .selectFrom("push_subscriptions")
    .innerJoin("users", "users.id", "push_subscriptions.user_id")
    .leftJoin("notification_settings", "notification_settings.user_id", "push_subscriptions.user_id")
    .select([
      "push_subscriptions.id",
      "push_subscriptions.user_id",
      "push_subscriptions.endpoint",
      "notification_settings.time_zone",
      "notification_settings.quiet_start",
      "notification_settings.quiet_end",
    ])
    .where("users.disabled_at", "is", null)
    .$call((query) => {
      if (send.audience === "self") return query.where("push_subscriptions.user_id", "=", send.createdBy ?? "");
      const subscribed = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("push_topics")
            .select("push_topics.topic")
            .whereRef("push_topics.user_id", "=", "push_subscriptions.user_id")
            .where("push_topics.topic", "=", send.topic),
        ),
      );
      switch (send.audience) {
        case "subscribers":
          return subscribed;
        case "user":
          return subscribed.where("push_subscriptions.user_id", "=", send.audienceUserId ?? "");
        case "premium":
          return subscribed.where((eb) => eb.or([eb("users.premium_until", ">", at), eb("users.role", "=", "admin")]));
        case "free":
          return subscribed.where((eb) =>
            eb.and([
              eb.or([eb("users.premium_until", "is", null), eb("users.premium_until", "<=", at)]),
              eb("users.role", "!=", "admin"),
            ]),
          );
      }
    })
    .orderBy("push_subscriptions.id")
    .execute();
  return rows.map((row) => ({
    subscriptionId: row.id,
    userId: row.user_id,
    endpoint: row.endpoint,
    // A test ignores quiet hours: the admin is waiting for it.
    quietHours:
      send.audience === "self" || row.time_zone === null
        ? null
        : { timeZone: row.time_zone, quietStart: row.quiet_start, quietEnd: row.quiet_end },
  }));
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const INSERT_BATCH = 500;

/** Writes the deliveries (a device already holding one of this send is skipped); returns those written. */
export async function writeDeliveries(
  db: Kysely<Database>,
  sendId: string,
  planned: readonly PlannedDelivery[],
): Promise<WaitingDelivery[]> {
  const at = isoNow();
  const written: WaitingDelivery[] = [];
  for (let start = 0; start < planned.length; start += INSERT_BATCH) {
    const rows = await db
      .insertInto("push_deliveries")
      .values(
        planned.slice(start, start + INSERT_BATCH).map((delivery) => ({
          id: crypto.randomUUID(),
          send_id: sendId,
          subscription_id: delivery.subscriptionId,
          user_id: delivery.userId,
          push_service: new URL(delivery.endpoint).host,
          body: delivery.body ?? null,
          status: "queued",
          not_before: delivery.notBefore,
          attempts: 0,
          last_error: null,
          updated_at: at,
          sent_at: null,
        })),
      )
      .onConflict((conflict) => conflict.columns(["send_id", "subscription_id"]).doNothing())
      .returning(["id", "not_before"])
      .execute();
    written.push(...rows.map((row) => ({ id: row.id, notBefore: row.not_before })));
  }
  return written;
}

export type DeliveryClaim =
  | { status: "claimed"; delivery: ClaimedDelivery }
  /** Still queued, but not before this instant (quiet hours, a Retry-After). */
  | { status: "waiting"; notBefore: string }
  /** Someone else has it, or it is finished. */
  | { status: "unavailable" };

/** queued → sending when its time has come; only the caller that made the change gets the delivery. */
export async function claimDelivery(db: Kysely<Database>, deliveryId: string): Promise<DeliveryClaim> {
  const at = isoNow();
  const result = await db
    .updateTable("push_deliveries")
    .set({ status: "sending", updated_at: at })
    .where("id", "=", deliveryId)
    .where("status", "=", "queued")
    .where("not_before", "<=", at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const row = await db
      .selectFrom("push_deliveries")
      .select(["status", "not_before"])
      .where("id", "=", deliveryId)
      .executeTakeFirst();
    return row?.status === "queued" ? { status: "waiting", notBefore: row.not_before } : { status: "unavailable" };
  }
  const row = await db
    .selectFrom("push_deliveries")
    .innerJoin("push_sends", "push_sends.id", "push_deliveries.send_id")
    .leftJoin("push_subscriptions", "push_subscriptions.id", "push_deliveries.subscription_id")
    .select([
      "push_deliveries.id",
      "push_deliveries.send_id",
      "push_deliveries.subscription_id",
      "push_deliveries.attempts",
      "push_deliveries.body as delivery_body",
      "push_sends.kind",
      "push_sends.title",
      "push_sends.body as send_body",
      "push_sends.url",
      "push_subscriptions.endpoint",
      "push_subscriptions.p256dh",
      "push_subscriptions.auth",
    ])
    .where("push_deliveries.id", "=", deliveryId)
    .executeTakeFirstOrThrow();
  return {
    status: "claimed",
    delivery: {
      id: row.id,
      sendId: row.send_id,
      kind: row.kind as PushSendKind,
      title: row.title,
      body: row.delivery_body ?? row.send_body,
      url: row.url,
      attempts: row.attempts,
      subscriptionId: row.subscription_id,
      target:
        row.endpoint !== null && row.p256dh !== null && row.auth !== null
          ? { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }
          : null,
    },
  };
}

export type DeliveryResult =
  | { status: "sent" }
  | { status: "expired"; reason: string }
  | { status: "failed"; reason: string }
  /** Back to the queue, not before `notBefore` when the push service asked for a pause. */
  | { status: "queued"; reason: string; notBefore?: string };

/** Records how a claimed delivery went; each outcome counts as one attempt. */
export async function recordDeliveryResult(
  db: Kysely<Database>,
  deliveryId: string,
  result: DeliveryResult,
): Promise<void> {
  const at = isoNow();
  await db
    .updateTable("push_deliveries")
    .set((eb) => ({
      status: result.status,
      attempts: eb("attempts", "+", 1),
      updated_at: at,
      last_error: result.status === "sent" ? null : result.reason,
      ...(result.status === "sent" ? { sent_at: at } : {}),
      ...(result.status === "queued" && result.notBefore ? { not_before: result.notBefore } : {}),
    }))
    .where("id", "=", deliveryId)
    .where("status", "=", "sending")
    .execute();
}

/** A subscription the push service no longer knows (404/410); its deliveries keep their report rows. */
export async function deleteSubscriptionById(db: Kysely<Database>, subscriptionId: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", subscriptionId).execute();
}

/** Deliveries stuck in `sending` (their instance stopped) go back to the queue; returns them to re-queue. */
export async function requeueStuckDeliveries(db: Kysely<Database>): Promise<WaitingDelivery[]> {
  const rows = await db
    .updateTable("push_deliveries")
    .set({ status: "queued", updated_at: isoNow() })
    .where("status", "=", "sending")
    .where("updated_at", "<", isoAfter(-STUCK_DELIVERY_MS))
    .returning(["id", "not_before"])
    .execute();
  return rows.map((row) => ({ id: row.id, notBefore: row.not_before }));
}

/** Every delivery still waiting, so a restarted runner (SQLite's in-process queue) can queue them again. */
export async function listQueuedDeliveries(db: Kysely<Database>): Promise<WaitingDelivery[]> {
  const rows = await db
    .selectFrom("push_deliveries")
    .select(["id", "not_before"])
    .where("status", "=", "queued")
    .orderBy("not_before")
    .execute();
  return rows.map((row) => ({ id: row.id, notBefore: row.not_before }));
}
