import type { Kysely } from "kysely";
import type { Database, PaymentProviderName } from "#database/schema";
import { isoNow } from "../utils/clock";

/** The provider's customer that stands for an account; one per account and provider. */
export interface BillingCustomer {
  userId: string;
  provider: PaymentProviderName;
  customerId: string;
  trialUsedAt: string | null;
}

function toCustomer(row: Database["billing_customers"]): BillingCustomer {
  return { userId: row.user_id, provider: row.provider, customerId: row.customer_id, trialUsedAt: row.trial_used_at };
}

export async function findBillingCustomer(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  userId: string,
): Promise<BillingCustomer | null> {
  const row = await db
    .selectFrom("billing_customers")
    .selectAll()
    .where("user_id", "=", userId)
    .where("provider", "=", provider)
    .executeTakeFirst();
  return row ? toCustomer(row) : null;
}

export async function findBillingCustomerById(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  customerId: string,
): Promise<BillingCustomer | null> {
  const row = await db
    .selectFrom("billing_customers")
    .selectAll()
    .where("provider", "=", provider)
    .where("customer_id", "=", customerId)
    .executeTakeFirst();
  return row ? toCustomer(row) : null;
}

/**
 * Stores the customer made for an account, unless another request stored one first: the first one
 * stays (the unique key decides, not a read before the write) and is returned either way.
 */
export async function saveBillingCustomer(
  db: Kysely<Database>,
  input: { userId: string; provider: PaymentProviderName; customerId: string },
): Promise<BillingCustomer> {
  await db
    .insertInto("billing_customers")
    .values({
      user_id: input.userId,
      provider: input.provider,
      customer_id: input.customerId,
      trial_used_at: null,
      created_at: isoNow(),
    })
    .onConflict((conflict) => conflict.columns(["user_id", "provider"]).doNothing())
    .execute();
  const stored = await db
    .selectFrom("billing_customers")
    .selectAll()
    .where("user_id", "=", input.userId)
    .where("provider", "=", input.provider)
    .executeTakeFirstOrThrow();
  return toCustomer(stored);
}

/** The trial is offered once per account, whichever provider: set when a subscription with a trial is first seen. */
export async function markTrialUsed(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable("billing_customers")
    .set({ trial_used_at: isoNow() })
    .where("user_id", "=", userId)
    .where("trial_used_at", "is", null)
    .execute();
}

/** Every customer of a provider, for the nightly reconciliation. */
export async function listBillingCustomerIds(db: Kysely<Database>, provider: PaymentProviderName): Promise<string[]> {
  const rows = await db
    .selectFrom("billing_customers")
    .select("customer_id")
    .where("provider", "=", provider)
    .orderBy("customer_id")
    .execute();
  return rows.map((row) => row.customer_id);
}
