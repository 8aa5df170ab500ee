import type { Kysely } from "kysely";
import type { Database, PaymentProviderName } from "#database/schema";
import { isoAfter, isoNow } from "../utils/clock";

/**
 * A claim on a webhook event older than this is taken to belong to a request that died (a crashed
 * instance), so a retry from the provider may claim the event again.
 */
export const EVENT_CLAIM_TIMEOUT_MS = 2 * 60 * 1000;

/** What claiming an event found: ours to apply, already applied, or being applied by another request. */
export type EventClaim = "claimed" | "done" | "busy";

/**
 * Claims one provider event for this request. The primary key (provider, event id) decides, so two
 * deliveries of the same event on two instances cannot both apply it; a failed or abandoned attempt
 * can be claimed again by the provider's retry.
 */
export async function claimPaymentEvent(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  event: { id: string; type: string; customerId: string | null; createdAt: string },
): Promise<EventClaim> {
  const now = isoNow();
  const inserted = await db
    .insertInto("payment_events")
    .values({
      provider,
      event_id: event.id,
      type: event.type,
      customer_id: event.customerId,
      state: "processing",
      provider_created_at: event.createdAt,
      received_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(["provider", "event_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return "claimed";

  const reclaimed = await db
    .updateTable("payment_events")
    .set({ state: "processing", updated_at: now })
    .where("provider", "=", provider)
    .where("event_id", "=", event.id)
    .where((eb) =>
      eb.or([
        eb("state", "=", "failed"),
        eb.and([eb("state", "=", "processing"), eb("updated_at", "<", isoAfter(-EVENT_CLAIM_TIMEOUT_MS))]),
      ]),
    )
    .executeTakeFirst();
  if (Number(reclaimed.numUpdatedRows) > 0) return "claimed";

  const row = await db
    .selectFrom("payment_events")
    .select("state")
    .where("provider", "=", provider)
    .where("event_id", "=", event.id)
    .executeTakeFirst();
  return row?.state === "done" ? "done" : "busy";
}

export async function finishPaymentEvent(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  eventId: string,
  state: "done" | "failed",
): Promise<void> {
  await db
    .updateTable("payment_events")
    .set({ state, updated_at: isoNow() })
    .where("provider", "=", provider)
    .where("event_id", "=", eventId)
    .execute();
}

/**
 * Whether an event of `type` for the customer was received whose provider time lies within `withinMs`
 * of `around`, in either direction (events arrive in any order). Lets one mail stand in for two events
 * of the same action, as a withdrawal's refund and its cancellation.
 */
export async function hasPaymentEventNear(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  input: { customerId: string; type: string; around: string; withinMs: number },
): Promise<boolean> {
  const around = new Date(input.around);
  const row = await db
    .selectFrom("payment_events")
    .select("event_id")
    .where("provider", "=", provider)
    .where("customer_id", "=", input.customerId)
    .where("type", "=", input.type)
    .where("provider_created_at", ">=", isoAfter(-input.withinMs, around))
    .where("provider_created_at", "<=", isoAfter(input.withinMs, around))
    .executeTakeFirst();
  return row !== undefined;
}
