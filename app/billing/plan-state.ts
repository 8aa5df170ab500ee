import type { PlanInterval } from "#database/schema";
import type { Subscription } from "#app/models/subscription.server";
import { PAST_DUE_GRACE_MS } from "#app/utils/entitlements";
import { formatDate } from "#app/utils/format-date";
import { perPeriod, providerMoney } from "./plans";

/**
 * A subscription as the billing pages show it (plain data, sent to the browser), and the words for its
 * state. The service decides what may be done (manage-plan.server.ts); these only say where it stands.
 */
export type PlanView = Pick<Subscription, (typeof PLAN_VIEW_FIELDS)[number]>;

export const PLAN_VIEW_FIELDS = [
  "subscriptionId",
  "plan",
  "status",
  "amountMinor",
  "currency",
  "currentPeriodEnd",
  "trialEnd",
  "cancelAtPeriodEnd",
  "pastDueSince",
  "pausedFrom",
  "pausedUntil",
  "firstPaymentAt",
] as const;

/** Only the fields the pages show, so nothing else of the row reaches the browser. */
export function toPlanView(subscription: Subscription): PlanView {
  return Object.fromEntries(PLAN_VIEW_FIELDS.map((field) => [field, subscription[field]])) as PlanView;
}

/** EU consumer law: a learner may withdraw within 14 days of the first payment, for a full refund. */
export const WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A pause lasts whole months, up to three, and skips the payments of those months. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

export interface PlanStateWords {
  /** A few words for a chip: "Free trial", "Renews", "Payment failed". */
  label: string;
  /** One or two sentences: what happens next and when. */
  sentence: string;
  /** The card needs the learner's attention (a failed or unfinished payment). */
  needsCard: boolean;
}

/** "€4.99 a month", or null when the provider did not report the price. */
export function planPriceText(view: Pick<PlanView, "plan" | "amountMinor" | "currency">): string | null {
  if (view.amountMinor === null || view.currency === null) return null;
  const amount = providerMoney(view.amountMinor, view.currency);
  return view.plan ? `${amount} ${perPeriod(view.plan)}` : amount;
}

/** Where a subscription stands, in words: the next charge, the trial's end, the cancellation or the pause. */
export function describePlanState(view: PlanView, now: Date): PlanStateWords {
  const price = planPriceText(view);
  const date = (iso: string | null) => (iso ? formatDate(iso) : "the end of the period");
  switch (view.status) {
    case "past_due": {
      const grace = view.pastDueSince
        ? ` Premium stays open until ${formatDate(new Date(Date.parse(view.pastDueSince) + PAST_DUE_GRACE_MS))} while the payment is retried.`
        : "";
      return {
        label: "Payment failed",
        sentence: `The last payment did not go through: update your card.${grace}`,
        needsCard: true,
      };
    }
    case "unpaid":
      return {
        label: "Payment failed",
        sentence:
          "Payments did not go through, so premium has stopped. Update your card, and premium resumes with the next payment.",
        needsCard: true,
      };
    case "incomplete":
      return {
        label: "Payment not finished",
        sentence: "The first payment is not complete yet: confirm it or use another card.",
        needsCard: true,
      };
    case "paused":
      // The provider's own pause: a trial ended without a card to charge.
      return {
        label: "Paused",
        sentence: "Premium is paused until a card is added; it resumes with the first payment.",
        needsCard: true,
      };
  }
  if (view.pausedFrom) {
    const until = date(view.pausedUntil);
    if (now.getTime() < Date.parse(view.pausedFrom)) {
      return {
        label: `Pause from ${formatDate(view.pausedFrom)}`,
        sentence: `Premium stays open until ${formatDate(view.pausedFrom)}. Then nothing is charged until ${until}, when premium resumes with the next payment${price ? ` of ${price}` : ""}.`,
        needsCard: false,
      };
    }
    return {
      label: `Paused until ${until}`,
      sentence: `Nothing is charged during the pause. Premium resumes with the next payment${price ? ` of ${price}` : ""} on ${until}.`,
      needsCard: false,
    };
  }
  const trialing = view.status === "trialing";
  if (view.cancelAtPeriodEnd) {
    const end = date(trialing ? (view.trialEnd ?? view.currentPeriodEnd) : view.currentPeriodEnd);
    return {
      label: `Cancels on ${end}`,
      sentence: `Your plan ends on ${end}. Premium stays open until then, and nothing more is charged.`,
      needsCard: false,
    };
  }
  if (trialing) {
    const end = date(view.trialEnd ?? view.currentPeriodEnd);
    return {
      label: "Free trial",
      sentence: `Your free trial ends on ${end}. Then the plan costs ${price ?? "its price"}, first charged on ${end}, unless you cancel before.`,
      needsCard: false,
    };
  }
  if (view.status === "active") {
    return {
      label: "Active",
      sentence: `Renews on ${date(view.currentPeriodEnd)}${price ? ` for ${price}` : ""}.`,
      needsCard: false,
    };
  }
  return {
    label: view.status,
    sentence: `The payment provider reports this plan as "${view.status}".`,
    needsCard: false,
  };
}

/** Until when the learner may still withdraw with a full refund, or null when they no longer may. */
export function withdrawalDeadline(view: Pick<PlanView, "firstPaymentAt">, now: Date): string | null {
  if (!view.firstPaymentAt) return null;
  const deadline = Date.parse(view.firstPaymentAt) + WITHDRAWAL_DAYS * DAY_MS;
  return now.getTime() < deadline ? new Date(deadline).toISOString() : null;
}

/** `months` calendar months after `iso`, on the same day or the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const shifted = new Date(date);
  shifted.setUTCDate(1);
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate();
  shifted.setUTCDate(Math.min(day, lastDay));
  return shifted.toISOString();
}

/** What a learner may do with their plan from the profile; each is checked again on the server. */
export const PLAN_INTENTS = [
  "plan-switch",
  "plan-cancel",
  "plan-resume",
  "plan-pause",
  "plan-unpause",
  "plan-withdraw",
] as const;
export type PlanIntent = (typeof PLAN_INTENTS)[number];

const RUNNING = new Set(["active", "trialing"]);

/** Why `intent` cannot be done to this plan now, or null when it can. */
export function planActionProblem(intent: PlanIntent, view: PlanView, now: Date): string | null {
  switch (intent) {
    case "plan-switch":
      if (!RUNNING.has(view.status)) return "Only a running plan can switch; update your card first.";
      if (view.pausedFrom) return "Cancel the pause before switching plans.";
      return null;
    case "plan-cancel":
      if (view.cancelAtPeriodEnd) return "Your plan is already cancelled at the end of the period.";
      if (!RUNNING.has(view.status) && view.status !== "past_due") return "This plan cannot be cancelled from here.";
      return null;
    case "plan-resume":
      if (!view.cancelAtPeriodEnd) return "Your plan is not cancelled.";
      if (view.currentPeriodEnd && Date.parse(view.currentPeriodEnd) <= now.getTime()) {
        return "This plan has already ended; choose a plan again on the Subscribe page.";
      }
      return null;
    case "plan-pause":
      if (view.plan !== "monthly")
        return "Pausing is for the monthly plan: the yearly plan is paid for the whole year.";
      if (view.pausedFrom) return "Your plan already has a pause.";
      if (view.cancelAtPeriodEnd) return "Your plan is cancelled at the end of the period; resume it before pausing.";
      if (view.status !== "active" || !view.currentPeriodEnd) return "Only an active, paid plan can pause.";
      return null;
    case "plan-unpause":
      return view.pausedFrom ? null : "Your plan has no pause to cancel.";
    case "plan-withdraw":
      return withdrawalDeadline(view, now)
        ? null
        : `Withdrawal with a full refund is possible within ${WITHDRAWAL_DAYS} days of the first payment.`;
  }
}

/** The "Your plan" section of the profile: where the plan stands and what the learner may do with it. */
export interface PlanSection {
  subscription: PlanView | null;
  words: PlanStateWords | null;
  /** The intents the learner may use now (each is checked again when used). */
  allowed: PlanIntent[];
  /** Why pausing is not offered, when the plan is yearly (said, not hidden). */
  pauseNote: string | null;
  /** The other plan, to switch to, at the settings' price. */
  otherPlan: { plan: PlanInterval; name: string; price: string } | null;
  withdrawal: { until: string; amount: string | null } | null;
  /** Complimentary premium from an admin's grant, until when (the latest grant still running). */
  complimentaryUntil: string | null;
  isPremium: boolean;
  /** The account has a customer at the provider, so the portal (card, receipts) has something to show. */
  hasCustomer: boolean;
  /** The trial a first checkout would have, in days. */
  trialDays: number;
  freeQuizzesPerDay: number;
  prices: { monthly: string; yearly: string };
}
