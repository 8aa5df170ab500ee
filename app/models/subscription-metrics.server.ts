import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { now as currentTime } from "../utils/clock";
import {
  CHARGED_PHASES,
  SUBSCRIPTION_PHASES,
  subscriptionPhase,
  type SubscriptionPhase,
} from "../utils/subscription-phase";
import { ENDED_STATUSES } from "./subscription.server";

/** How far back the metrics count subscriptions that ended. */
export const RECENTLY_CANCELLED_MS = 30 * 24 * 60 * 60 * 1000;

export interface SubscriptionMetrics {
  /** When the figures were taken. */
  at: string;
  /** Subscriptions in each phase now; `cancelled` only those that ended in the last 30 days. */
  counts: Record<SubscriptionPhase, number>;
  /** Accounts with a complimentary grant in force (not withdrawn, not yet run out). */
  complimentaryAccounts: number;
  /**
   * Monthly recurring revenue per currency, in minor units: what the subscriptions the provider will
   * charge next (active or past due, neither cancelling nor pausing) bring in a month, a yearly plan as
   * a twelfth of its price. Rounded once per currency, not per subscription. By currency code.
   */
  monthlyRecurringRevenue: { currency: string; minor: number }[];
}

/** The subscription figures for the admin dashboard, from the synced rows (docs/payments.md#metrics). */
export async function readSubscriptionMetrics(db: Kysely<Database>): Promise<SubscriptionMetrics> {
  const now = currentTime();
  const at = now.toISOString();
  const since = new Date(now.getTime() - RECENTLY_CANCELLED_MS).toISOString();
  const rows = await db
    .selectFrom("subscriptions")
    .select(["status", "plan", "amount_minor", "currency", "cancel_at_period_end", "paused_from"])
    .where((eb) =>
      eb.or([
        eb("status", "not in", [...ENDED_STATUSES]),
        // A subscription the provider ended without saying when counts from when the app saw it end.
        eb(eb.fn.coalesce("ended_at", "updated_at"), ">=", since),
      ]),
    )
    .execute();

  const counts = Object.fromEntries(SUBSCRIPTION_PHASES.map((phase) => [phase, 0])) as Record<
    SubscriptionPhase,
    number
  >;
  // Twelfths of a minor unit, so yearly plans add up exactly before the one rounding.
  const twelfths = new Map<string, number>();
  for (const row of rows) {
    const phase = subscriptionPhase(
      {
        status: row.status,
        cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
        pausedFrom: row.paused_from,
      },
      now,
    );
    counts[phase] += 1;
    if (!CHARGED_PHASES.has(phase) || row.amount_minor === null || row.currency === null || row.plan === null) continue;
    const currency = row.currency.toUpperCase();
    const monthly = row.plan === "monthly" ? Number(row.amount_minor) * 12 : Number(row.amount_minor);
    twelfths.set(currency, (twelfths.get(currency) ?? 0) + monthly);
  }

  const grants = await db
    .selectFrom("complimentary_grants")
    .select((eb) => eb.fn.count<number | string>("user_id").distinct().as("accounts"))
    .where("revoked_at", "is", null)
    .where("until", ">", at)
    .executeTakeFirstOrThrow();

  return {
    at,
    counts,
    complimentaryAccounts: Number(grants.accounts),
    monthlyRecurringRevenue: [...twelfths]
      .map(([currency, total]) => ({ currency, minor: Math.round(total / 12) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
