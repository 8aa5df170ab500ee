import type { Kysely, Transaction } from "kysely";
import type { Database, PaymentProviderName, PlanInterval, SubscriptionsTable } from "#database/schema";
import { premiumUntil } from "../utils/entitlements";
import { isoNow } from "../utils/clock";
import { isPostgres } from "./chapter.server";

/** A subscription row in the app's terms. */
export interface Subscription {
  id: string;
  userId: string;
  provider: PaymentProviderName;
  customerId: string;
  subscriptionId: string;
  plan: PlanInterval | null;
  status: string;
  amountMinor: number | null;
  currency: string | null;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When the current run of failed payments began; null unless past due. */
  pastDueSince: string | null;
  /** A pause skips the payments from `pausedFrom` (a period end) to `pausedUntil`; premium stops at the first. */
  pausedFrom: string | null;
  pausedUntil: string | null;
  /** The first payment of more than nothing, for the 14-day withdrawal. */
  firstPaymentAt: string | null;
  endedAt: string | null;
  /** When this state was read from the provider. */
  observedAt: string;
  createdAt: string;
}

/** The provider's reading of one subscription, as the sync writes it. */
export type SubscriptionReading = Omit<Subscription, "id" | "userId" | "provider" | "observedAt" | "createdAt">;

/** Statuses a subscription does not come back from: a new checkout makes a new subscription. */
export const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

export function toSubscription(row: SubscriptionsTable): Subscription {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    customerId: row.customer_id,
    subscriptionId: row.subscription_id,
    plan: row.plan,
    status: row.status,
    amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
    currency: row.currency,
    currentPeriodEnd: row.current_period_end,
    trialEnd: row.trial_end,
    cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
    pastDueSince: row.past_due_since,
    pausedFrom: row.paused_from,
    pausedUntil: row.paused_until,
    firstPaymentAt: row.first_payment_at,
    endedAt: row.ended_at,
    observedAt: row.observed_at,
    createdAt: row.created_at,
  };
}

/** The account's subscriptions, newest first. */
export async function listSubscriptions(db: Kysely<Database>, userId: string): Promise<Subscription[]> {
  const rows = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toSubscription);
}

/** The subscription the account manages now: the newest one that has not ended, if any. */
export async function findCurrentSubscription(db: Kysely<Database>, userId: string): Promise<Subscription | null> {
  const all = await listSubscriptions(db, userId);
  return all.find((subscription) => !ENDED_STATUSES.has(subscription.status)) ?? null;
}

export async function findSubscriptionByProviderId(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  subscriptionId: string,
): Promise<Subscription | null> {
  const row = await db
    .selectFrom("subscriptions")
    .selectAll()
    .where("provider", "=", provider)
    .where("subscription_id", "=", subscriptionId)
    .executeTakeFirst();
  return row ? toSubscription(row) : null;
}

/**
 * Writes the provider's readings of a customer's subscriptions and the account's premium, in one
 * transaction. A reading observed before the stored one is older news and is skipped, so syncs that
 * race each other (a webhook and /success, two webhooks on two instances) end on the newest state.
 */
export async function applySubscriptionReadings(
  db: Kysely<Database>,
  input: {
    userId: string;
    provider: PaymentProviderName;
    observedAt: string;
    readings: readonly SubscriptionReading[];
  },
): Promise<{ premiumUntil: string | null; applied: number }> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, input.userId);
    const now = isoNow();
    let applied = 0;
    for (const reading of input.readings) {
      const values = {
        customer_id: reading.customerId,
        plan: reading.plan,
        status: reading.status,
        amount_minor: reading.amountMinor,
        currency: reading.currency,
        current_period_end: reading.currentPeriodEnd,
        trial_end: reading.trialEnd,
        cancel_at_period_end: reading.cancelAtPeriodEnd ? 1 : 0,
        past_due_since: reading.pastDueSince,
        paused_from: reading.pausedFrom,
        paused_until: reading.pausedUntil,
        first_payment_at: reading.firstPaymentAt,
        ended_at: reading.endedAt,
        observed_at: input.observedAt,
        updated_at: now,
      };
      const result = await trx
        .insertInto("subscriptions")
        .values({
          id: crypto.randomUUID(),
          user_id: input.userId,
          provider: input.provider,
          subscription_id: reading.subscriptionId,
          created_at: now,
          ...values,
        })
        .onConflict((conflict) =>
          conflict
            .columns(["provider", "subscription_id"])
            .doUpdateSet(values)
            .where("subscriptions.observed_at", "<=", input.observedAt)
            // A subscription belongs to the account it was first seen for, whatever a later reading says.
            .where("subscriptions.user_id", "=", input.userId),
        )
        .executeTakeFirst();
      applied += Number(result.numInsertedOrUpdatedRows ?? 0n);
    }
    const until = await refreshPremiumIn(trx, input.userId);
    return { premiumUntil: until, applied };
  });
}

/** Recomputes `users.premium_until` from the account's rows; call inside the transaction that changed them. */
export async function refreshPremiumIn(trx: Transaction<Database>, userId: string): Promise<string | null> {
  const subscriptions = await trx.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).execute();
  const grants = await trx
    .selectFrom("complimentary_grants")
    .select(["until", "revoked_at"])
    .where("user_id", "=", userId)
    .execute();
  const until = premiumUntil(
    subscriptions.map(toSubscription),
    grants.map((grant) => ({ until: grant.until, revokedAt: grant.revoked_at })),
  );
  await trx.updateTable("users").set({ premium_until: until }).where("id", "=", userId).execute();
  return until;
}

/** Serialises the writers of one account's premium (SQLite runs one write transaction at a time anyway). */
export async function lockUser(trx: Transaction<Database>, userId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
