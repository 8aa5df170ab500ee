import type { Kysely } from "kysely";
import type { CheckoutState, Database, PaymentProviderName, PlanInterval } from "#database/schema";
import { isoNow } from "../utils/clock";
import { isUniqueViolation } from "./database-errors.server";

/** A checkout the app opened at the provider for an account, with the price it was opened at. */
export interface Checkout {
  id: string;
  userId: string;
  provider: PaymentProviderName;
  plan: PlanInterval;
  amountMinor: number;
  currency: string;
  trialDays: number;
  returnTo: string | null;
  sessionId: string | null;
  url: string | null;
  state: CheckoutState;
  createdAt: string;
}

function toCheckout(row: Database["checkouts"]): Checkout {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    plan: row.plan,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    trialDays: Number(row.trial_days),
    returnTo: row.return_to,
    sessionId: row.session_id,
    url: row.url,
    state: row.state,
    createdAt: row.created_at,
  };
}

export type CheckoutClaim = { claimed: true; checkout: Checkout } | { claimed: false; existing: Checkout };

/**
 * Reserves the account's one checkout in progress. A unique index allows one "opening" or "open"
 * checkout per account, so a double click or a second tab finds the first one instead of opening a
 * second checkout (and a second subscription).
 */
export async function claimCheckout(
  db: Kysely<Database>,
  input: Omit<Checkout, "id" | "sessionId" | "url" | "state" | "createdAt">,
): Promise<CheckoutClaim> {
  const now = isoNow();
  const row = {
    id: crypto.randomUUID(),
    user_id: input.userId,
    provider: input.provider,
    plan: input.plan,
    amount_minor: input.amountMinor,
    currency: input.currency,
    trial_days: input.trialDays,
    return_to: input.returnTo,
    session_id: null,
    url: null,
    state: "opening" as const,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.insertInto("checkouts").values(row).execute();
    return { claimed: true, checkout: toCheckout(row) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const existing = await findOpenCheckout(db, input.userId);
  if (!existing) return claimCheckout(db, input);
  return { claimed: false, existing };
}

export async function findOpenCheckout(db: Kysely<Database>, userId: string): Promise<Checkout | null> {
  const row = await db
    .selectFrom("checkouts")
    .selectAll()
    .where("user_id", "=", userId)
    .where("state", "in", ["opening", "open"])
    .executeTakeFirst();
  return row ? toCheckout(row) : null;
}

export async function findCheckoutBySession(
  db: Kysely<Database>,
  provider: PaymentProviderName,
  sessionId: string,
): Promise<Checkout | null> {
  const row = await db
    .selectFrom("checkouts")
    .selectAll()
    .where("provider", "=", provider)
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return row ? toCheckout(row) : null;
}

/** Records the provider's checkout for a reservation; false when the reservation is no longer opening. */
export async function markCheckoutOpen(
  db: Kysely<Database>,
  id: string,
  session: { sessionId: string; url: string },
): Promise<boolean> {
  const result = await db
    .updateTable("checkouts")
    .set({ session_id: session.sessionId, url: session.url, state: "open", updated_at: isoNow() })
    .where("id", "=", id)
    .where("state", "=", "opening")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Where /success sends the learner back to, for a checkout still in progress. */
export async function setCheckoutReturn(db: Kysely<Database>, id: string, returnTo: string | null): Promise<void> {
  await db
    .updateTable("checkouts")
    .set({ return_to: returnTo, updated_at: isoNow() })
    .where("id", "=", id)
    .where("state", "in", ["opening", "open"])
    .execute();
}

/** Ends a checkout in progress (expired at the provider, or opening it failed). */
export async function closeCheckout(db: Kysely<Database>, id: string, state: "expired" | "failed"): Promise<void> {
  await db
    .updateTable("checkouts")
    .set({ state, updated_at: isoNow() })
    .where("id", "=", id)
    .where("state", "in", ["opening", "open"])
    .execute();
}

/** Once the account has a subscription, its checkouts in progress are done. */
export async function completeCheckoutsOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable("checkouts")
    .set({ state: "complete", updated_at: isoNow() })
    .where("user_id", "=", userId)
    .where("state", "in", ["opening", "open"])
    .execute();
}
