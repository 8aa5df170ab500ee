/**
 * Where a subscription stands, in the terms admins and the dashboard use: the provider's status refined
 * by what the app also stores (cancelling at the period end, a pause). One function decides it, so the
 * admin table and the metrics never disagree. docs/payments.md describes each phase.
 */
export type SubscriptionPhase =
  | "trialing"
  | "active"
  /** Active or trialing, and ends at its period end. */
  | "cancelling"
  /** Active, with a pause that starts at the end of the paid period. */
  | "pausing"
  /** In a pause: nothing is charged, premium has stopped until the pause ends. */
  | "paused"
  | "past_due"
  | "unpaid"
  /** The first payment was never made. */
  | "incomplete"
  | "cancelled"
  /** A status this app does not know (the provider added one). */
  | "other";

/** Every phase, in the order admins read them. */
export const SUBSCRIPTION_PHASES = [
  "trialing",
  "active",
  "cancelling",
  "pausing",
  "paused",
  "past_due",
  "unpaid",
  "incomplete",
  "cancelled",
  "other",
] as const satisfies readonly SubscriptionPhase[];

export interface PhaseInput {
  status: string;
  cancelAtPeriodEnd: boolean;
  pausedFrom: string | null;
}

export function subscriptionPhase(subscription: PhaseInput, now: Date): SubscriptionPhase {
  const { status, cancelAtPeriodEnd, pausedFrom } = subscription;
  switch (status) {
    case "canceled":
    case "incomplete_expired":
      return "cancelled";
    case "past_due":
    case "unpaid":
    case "incomplete":
    case "paused":
      return status;
    case "active":
    case "trialing":
      // Ending wins over a pause: the pause would fall after the subscription is gone.
      if (cancelAtPeriodEnd) return "cancelling";
      if (pausedFrom) return Date.parse(pausedFrom) <= now.getTime() ? "paused" : "pausing";
      return status;
    default:
      return "other";
  }
}

/** The phases in which the provider will charge the next payment, the ones counted in recurring revenue. */
export const CHARGED_PHASES: ReadonlySet<SubscriptionPhase> = new Set(["active", "past_due"]);
