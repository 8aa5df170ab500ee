import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { findBillingCustomerById, listBillingCustomerIds, markTrialUsed } from "#app/models/billing-customer.server";
import { completeCheckoutsOf } from "#app/models/checkout.server";
import { applySubscriptionReadings, ENDED_STATUSES } from "#app/models/subscription.server";
import { isoNow } from "#app/utils/clock";
import type { PaymentProvider } from "./payment-provider";

export interface SyncOutcome {
  userId: string;
  premiumUntil: string | null;
}

/**
 * The one way premium follows the provider: reads every subscription of a customer from the provider
 * and writes them and the account's premium. The webhook, /success and the nightly reconciliation all
 * call it; it reads the provider rather than trusting an event's copy, so events that arrive late, twice
 * or out of order all end on the provider's current state. Null for a customer the app did not make.
 */
export async function syncCustomer(
  db: Kysely<Database>,
  provider: PaymentProvider,
  customerId: string,
): Promise<SyncOutcome | null> {
  const customer = await findBillingCustomerById(db, provider.name, customerId);
  if (!customer) return null;
  // Taken before reading, so a reading that started later always wins (see applySubscriptionReadings).
  const observedAt = isoNow();
  const readings = await provider.listSubscriptions(customerId);
  const { premiumUntil } = await applySubscriptionReadings(db, {
    userId: customer.userId,
    provider: provider.name,
    observedAt,
    readings,
  });
  if (readings.some((reading) => reading.trialEnd !== null)) await markTrialUsed(db, customer.userId);
  if (readings.some((reading) => !ENDED_STATUSES.has(reading.status) && reading.status !== "incomplete")) {
    await completeCheckoutsOf(db, customer.userId);
  }
  return { userId: customer.userId, premiumUntil };
}

/** Syncs every customer: catches events the provider never delivered. Returns how many failed. */
export async function reconcileSubscriptions(
  db: Kysely<Database>,
  provider: PaymentProvider,
): Promise<{ synced: number; failed: number }> {
  let synced = 0;
  let failed = 0;
  for (const customerId of await listBillingCustomerIds(db, provider.name)) {
    try {
      await syncCustomer(db, provider, customerId);
      synced += 1;
    } catch (error) {
      failed += 1;
      console.warn(`Reconciling ${customerId} failed:`, error instanceof Error ? error.message : error);
    }
  }
  return { synced, failed };
}
