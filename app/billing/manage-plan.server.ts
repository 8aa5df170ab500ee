import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { readSettings } from "#app/models/app-settings.server";
import { findBillingCustomer } from "#app/models/billing-customer.server";
import { listComplimentaryGrants } from "#app/models/complimentary-grant.server";
import { findCurrentSubscription, type Subscription } from "#app/models/subscription.server";
import { now } from "#app/utils/clock";
import { formatDate } from "#app/utils/format-date";
import { formatMoney } from "#app/utils/money";
import { providerMessage, trialDaysFor } from "./checkout.server";
import type { PaymentProvider } from "./payment-provider";
import {
  addMonths,
  describePlanState,
  PAUSE_MONTHS,
  PLAN_INTENTS,
  planActionProblem,
  planPriceText,
  withdrawalDeadline,
  type PlanIntent,
  toPlanView,
  type PlanSection,
} from "./plan-state";
import { perPeriod, planAmountMinor, planName, planPrices, planSchema, providerMoney } from "./plans";
import { syncCustomer } from "./sync.server";

export async function loadPlanSection(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: { id: string; isPremium: boolean },
): Promise<PlanSection> {
  const at = now();
  const [current, grants, customer, settings] = await Promise.all([
    findCurrentSubscription(db, user.id),
    listComplimentaryGrants(db, user.id),
    findBillingCustomer(db, provider.name, user.id),
    readSettings(db),
  ]);
  const prices = planPrices(settings);
  const priceOf = (plan: "monthly" | "yearly") =>
    `${formatMoney({ minor: planAmountMinor(prices, plan), currency: prices.currency })} ${perPeriod(plan)}`;
  const running = grants
    .filter((grant) => grant.revokedAt === null && Date.parse(grant.until) > at.getTime())
    .map((grant) => grant.until)
    .sort();
  const view = current ? toPlanView(current) : null;
  const other = view?.plan === "monthly" ? "yearly" : view?.plan === "yearly" ? "monthly" : null;
  const deadline = view ? withdrawalDeadline(view, at) : null;
  return {
    subscription: view,
    words: view ? describePlanState(view, at) : null,
    allowed: view ? PLAN_INTENTS.filter((intent) => planActionProblem(intent, view, at) === null) : [],
    pauseNote: view?.plan === "yearly" ? planActionProblem("plan-pause", view, at) : null,
    otherPlan: other ? { plan: other, name: planName(other), price: priceOf(other) } : null,
    withdrawal: view && deadline ? { until: deadline, amount: planPriceText({ ...view, plan: null }) } : null,
    complimentaryUntil: running.at(-1) ?? null,
    isPremium: user.isPremium,
    hasCustomer: customer !== null,
    trialDays: view ? 0 : await trialDaysFor(db, provider, user.id, settings),
    freeQuizzesPerDay: settings.freeQuizAttemptsPerDay,
    prices: { monthly: priceOf("monthly"), yearly: priceOf("yearly") },
  };
}

const subscriptionId = z
  .string({ error: "Reload the page: it does not say which plan to change." })
  .min(1, "Reload the page: it does not say which plan to change.")
  .max(255, "Unknown plan.");

const planActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("plan-switch"), subscriptionId, plan: planSchema }),
    z.object({ intent: z.literal("plan-cancel"), subscriptionId }),
    z.object({ intent: z.literal("plan-resume"), subscriptionId }),
    z.object({
      intent: z.literal("plan-pause"),
      subscriptionId,
      months: z.coerce
        .number({ error: "Choose 1, 2 or 3 months." })
        .refine((months) => (PAUSE_MONTHS as readonly number[]).includes(months), "Choose 1, 2 or 3 months."),
    }),
    z.object({ intent: z.literal("plan-unpause"), subscriptionId }),
    z.object({ intent: z.literal("plan-withdraw"), subscriptionId }),
  ],
  { error: "Unknown plan action." },
);

export function isPlanIntent(intent: unknown): intent is PlanIntent {
  return typeof intent === "string" && (PLAN_INTENTS as readonly string[]).includes(intent);
}

export type PlanActionOutcome = { ok: true; message: string } | { ok: false; error: string; status: number };

/**
 * One change a learner makes to their plan from the profile. The form names the subscription it was
 * shown; the server checks that it is still the account's current one and that the change fits its
 * state, asks the provider, then syncs, so the page shows the provider's new state at once.
 */
export async function managePlan(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: { id: string },
  values: Record<string, unknown>,
): Promise<PlanActionOutcome> {
  const parsed = planActionSchema.safeParse(values);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, status: 400 };
  const action = parsed.data;
  const current = await findCurrentSubscription(db, user.id);
  if (!current || current.provider !== provider.name || current.subscriptionId !== action.subscriptionId) {
    return {
      ok: false,
      error: "Your plan changed since this page was shown; it now shows your plan as it is.",
      status: 409,
    };
  }
  const at = now();
  const view = toPlanView(current);
  const problem = planActionProblem(action.intent, view, at);
  if (problem) return { ok: false, error: problem, status: 409 };
  if (action.intent === "plan-switch" && action.plan === current.plan) {
    return { ok: false, error: `You are already on the ${action.plan} plan.`, status: 409 };
  }

  let message: string;
  try {
    message = await applyAtProvider(db, provider, current, action);
  } catch (error) {
    return { ok: false, error: providerMessage(error), status: 502 };
  }
  try {
    await syncCustomer(db, provider, current.customerId);
  } catch (error) {
    // The provider has made the change; its webhook or the nightly reconciliation brings it here.
    console.warn("Syncing after a plan change failed:", error instanceof Error ? error.message : error);
    message += " It may take a minute to show here.";
  }
  return { ok: true, message };
}

async function applyAtProvider(
  db: Kysely<Database>,
  provider: PaymentProvider,
  current: Subscription,
  action: z.infer<typeof planActionSchema>,
): Promise<string> {
  const id = current.subscriptionId;
  const periodEnd =
    current.status === "trialing" ? (current.trialEnd ?? current.currentPeriodEnd) : current.currentPeriodEnd;
  const endText = periodEnd ? formatDate(periodEnd) : "the end of the period";
  switch (action.intent) {
    case "plan-switch": {
      const settings = await readSettings(db);
      const amountMinor = planAmountMinor(planPrices(settings), action.plan);
      await provider.changePlan(id, { plan: action.plan, amountMinor, currency: settings.planCurrency });
      const price = formatMoney({ minor: amountMinor, currency: settings.planCurrency });
      return `You are now on the ${action.plan} plan, at ${price} ${perPeriod(action.plan)}.`;
    }
    case "plan-cancel":
      await provider.setCancelAtPeriodEnd(id, true);
      return `Your plan is cancelled. Premium stays open until ${endText}, and nothing more is charged.`;
    case "plan-resume":
      await provider.setCancelAtPeriodEnd(id, false);
      return `Your plan continues and renews on ${endText}.`;
    case "plan-pause": {
      // The paid period runs to its end; the pause skips the payments of the following months.
      const from = current.currentPeriodEnd!;
      const until = addMonths(from, action.months);
      await provider.pause(id, { from, until });
      return `Your plan pauses from ${formatDate(from)} until ${formatDate(until)}: nothing is charged in between, and premium resumes with the payment on ${formatDate(until)}.`;
    }
    case "plan-unpause": {
      const begun = current.pausedFrom !== null && Date.parse(current.pausedFrom) <= now().getTime();
      await provider.unpause(id);
      // Once the pause has begun the provider starts a new period, so the old period end says nothing.
      return begun
        ? "The pause is over: your plan carries on, and its next payment is shown above."
        : `The pause is cancelled: your plan renews on ${endText}.`;
    }
    case "plan-withdraw": {
      const refund = await provider.withdraw(id, current.firstPaymentAt!);
      return `You have withdrawn from your plan: ${providerMoney(refund.refundedMinor, refund.currency)} is refunded to your card, and premium has ended.`;
    }
  }
}

/**
 * Before an account is deleted: its running subscription is cancelled at the provider, so nobody is
 * charged for an account that no longer exists. An error says why the account must stay for now.
 */
export async function cancelSubscriptionForDeletion(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const current = await findCurrentSubscription(db, userId);
  if (!current) return { ok: true };
  if (current.provider !== provider.name) {
    return {
      ok: false,
      error: `Your subscription is held by another payment provider (${current.provider}) than this site now uses, so it cannot be cancelled from here. Please write to us through the contact page.`,
    };
  }
  try {
    await provider.cancelNow(current.subscriptionId);
  } catch (error) {
    return { ok: false, error: `Your subscription could not be cancelled: ${providerMessage(error)}` };
  }
  try {
    await syncCustomer(db, provider, current.customerId);
  } catch (error) {
    // Cancelled at the provider is what matters; the account's rows go with it.
    console.warn("Syncing before an account deletion failed:", error instanceof Error ? error.message : error);
  }
  return { ok: true };
}

/** Where the portal route sends the learner when the provider could not open its page; the profile says so. */
export const PORTAL_UNAVAILABLE_PARAM = "portal";
export const PORTAL_UNAVAILABLE_PATH = `/profile?${PORTAL_UNAVAILABLE_PARAM}=unavailable#plan`;

/** The provider's self-service page for the account's customer, or null when the account has none. */
export async function portalUrl(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  returnUrl: string,
): Promise<string | null> {
  const customer = await findBillingCustomer(db, provider.name, userId);
  if (!customer) return null;
  const { url } = await provider.createPortalSession({ customerId: customer.customerId, returnUrl });
  return url;
}
