import type { Kysely } from "kysely";
import { JOB_MAX_ATTEMPTS, type JobHandlers, type JobQueue } from "#app/jobs/job-queue.server";
import {
  claimDelivery,
  claimSend,
  deleteSubscriptionById,
  findAudienceDevices,
  recordDeliveryResult,
  writeDeliveries,
} from "#app/models/push-delivery.server";
import { findSend } from "#app/models/push-send.server";
import { pushCampaign, type PushSendKind } from "#app/models/push-vocabulary";
import { isoAfter, now } from "#app/utils/clock";
import type { Database } from "#database/schema";
import { deliveryStart, isValidTimeZone } from "./quiet-hours";
import { sendPushMessage, type SendMessageOptions } from "./send-message.server";
import type { VapidKeys } from "./vapid-keys.server";
import { featureEnabled } from "../settings/current-settings.server";

/** The report's reason for a delivery whose time came while an admin had notifications switched off. */
export const SWITCHED_OFF_REASON = "Not sent: notifications were switched off in the settings";

/**
 * The two jobs that turn a send into messages (docs/push.md): push.dispatch writes a due send's
 * deliveries once, push.deliver sends one of them. Both start with a conditional UPDATE, so with
 * several instances on one PostgreSQL only one of them acts on a send or a delivery.
 */

export interface DeliveryDeps {
  db: Kysely<Database>;
  queue: JobQueue;
  fetcher?: typeof fetch;
  /** This server's keys unless a test gives its own. */
  vapidKeys?: VapidKeys;
}

const HOUR_S = 60 * 60;

/**
 * How long a push service keeps each kind for a browser that is offline, and how urgently: a test is
 * wanted now; a reminder is stale by the next day, and a newer one replaces it (its Topic).
 */
const MESSAGE_OPTIONS: Record<PushSendKind, Pick<SendMessageOptions, "ttlSeconds" | "urgency" | "topic">> = {
  campaign: { ttlSeconds: 24 * HOUR_S, urgency: "normal" },
  record: { ttlSeconds: 24 * HOUR_S, urgency: "normal" },
  reminders: { ttlSeconds: 12 * HOUR_S, urgency: "normal", topic: "review-reminder" },
  test: { ttlSeconds: HOUR_S, urgency: "high" },
};

export const dispatchJobKey = (sendId: string) => `push.dispatch:${sendId}`;
export const deliverJobKey = (deliveryId: string) => `push.deliver:${deliveryId}`;

export function createDeliveryHandlers(deps: DeliveryDeps): Pick<JobHandlers, "push.dispatch" | "push.deliver"> {
  const { db, queue, fetcher, vapidKeys } = deps;

  const queueDelivery = (deliveryId: string, notBefore: string) =>
    queue.add("push.deliver", { deliveryId }, { runAt: new Date(notBefore), key: deliverJobKey(deliveryId) });

  return {
    async "push.dispatch"({ sendId }) {
      const send = await findSend(db, sendId);
      if (!send || send.status !== "scheduled") return;
      if (Date.parse(send.scheduledFor) > now().getTime()) {
        // Run early (another instance's clock): come back at its time rather than lose it.
        await queue.add(
          "push.dispatch",
          { sendId },
          { runAt: new Date(send.scheduledFor), key: dispatchJobKey(sendId) },
        );
        return;
      }
      const dispatchedAt = now();
      const deliveries = await db.transaction().execute(async (trx) => {
        if (!(await claimSend(trx, sendId))) return [];
        const devices = await findAudienceDevices(trx, send);
        return writeDeliveries(
          trx,
          sendId,
          devices.map((device) => ({
            ...device,
            // A review reminder goes at the hour the learner chose, even inside their quiet hours; a zone
            // this server's Intl does not know gives no quiet hours rather than no send at all.
            notBefore: deliveryStart(
              dispatchedAt,
              send.kind !== "reminders" && device.quietHours && isValidTimeZone(device.quietHours.timeZone)
                ? device.quietHours
                : null,
            ).toISOString(),
          })),
        );
      });
      for (const delivery of deliveries) await queueDelivery(delivery.id, delivery.notBefore);
    },

    async "push.deliver"({ deliveryId }) {
      const claim = await claimDelivery(db, deliveryId);
      if (claim.status === "waiting") {
        await queueDelivery(deliveryId, claim.notBefore);
        return;
      }
      if (claim.status === "unavailable") return;
      const { delivery } = claim;
      if (!delivery.target) {
        // Signed out, removed, or expired for another send: gone, like a 404, not a failure to look into.
        await recordDeliveryResult(db, deliveryId, {
          status: "expired",
          reason: "The device was signed out or removed before the message went out",
        });
        return;
      }
      // Switched off: dropped, not held back, so switching on again does not send a pile of stale messages.
      if (!(await featureEnabled(db, "push"))) {
        await recordDeliveryResult(db, deliveryId, { status: "failed", reason: SWITCHED_OFF_REASON });
        return;
      }
      const result = await sendPushMessage(
        delivery.target,
        { title: delivery.title, body: delivery.body, url: delivery.url, campaign: pushCampaign(delivery.sendId) },
        { ...MESSAGE_OPTIONS[delivery.kind], fetcher, vapidKeys },
      );
      switch (result.outcome) {
        case "sent":
          await recordDeliveryResult(db, deliveryId, { status: "sent" });
          return;
        case "gone":
          await db.transaction().execute(async (trx) => {
            await recordDeliveryResult(trx, deliveryId, {
              status: "expired",
              reason: `The push service answered ${result.status}: the subscription no longer exists`,
            });
            if (delivery.subscriptionId) await deleteSubscriptionById(trx, delivery.subscriptionId);
          });
          return;
        case "failed":
          await recordDeliveryResult(db, deliveryId, { status: "failed", reason: result.reason });
          return;
        case "retry":
          if (delivery.attempts + 1 >= JOB_MAX_ATTEMPTS) {
            await recordDeliveryResult(db, deliveryId, {
              status: "failed",
              reason: `${result.reason} (gave up after ${JOB_MAX_ATTEMPTS} tries)`,
            });
            return;
          }
          await recordDeliveryResult(db, deliveryId, {
            status: "queued",
            reason: result.reason,
            ...(result.retryAfterMs === undefined ? {} : { notBefore: isoAfter(result.retryAfterMs) }),
          });
          // The queue runs it again after its backoff (or once the Retry-After has passed, see "waiting").
          throw new Error(result.reason);
      }
    },
  };
}
