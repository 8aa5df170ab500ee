import type { Role } from "#database/schema";

/**
 * What an account may use. One place decides it: premium is a pure function of the account's
 * subscription rows and complimentary grants (the instant it lasts until), compared with the clock
 * when read, so premium ends on time even when no event arrives. docs/payments.md has the rules.
 */
export interface Entitlements {
  /** The /admin pages and the admin-only labs. */
  adminArea: boolean;
  /** Chapters beyond the free ones. */
  premiumChapters: boolean;
  /** Quizzes without the free plan's daily limit. */
  unlimitedQuizzes: boolean;
}

export function entitlementsFor(account: { role: Role; isPremium: boolean }): Entitlements {
  const admin = account.role === "admin";
  // Admins see everything learners pay for, so they can check and support it.
  const paid = account.isPremium || admin;
  return { adminArea: admin, premiumChapters: paid, unlimitedQuizzes: paid };
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A failed renewal keeps premium this long while the provider retries the card. */
export const PAST_DUE_GRACE_MS = 3 * DAY_MS;
/**
 * An auto-renewing subscription stays premium this long past its period end, so a renewal event that
 * arrives late never locks a paying learner out; the nightly reconciliation catches a missed one.
 */
export const RENEWAL_LEEWAY_MS = 2 * DAY_MS;

export interface SubscriptionState {
  status: string;
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pastDueSince: string | null;
  /** A pause starts at the end of a paid period; nothing is charged and premium stops until it ends. */
  pausedFrom: string | null;
}

export interface GrantState {
  until: string;
  revokedAt: string | null;
}

/** Until when one subscription gives premium, or null when it gives none. */
export function subscriptionPremiumUntil(subscription: SubscriptionState): string | null {
  const { status, currentPeriodEnd, trialEnd, cancelAtPeriodEnd, pausedFrom, pastDueSince } = subscription;
  if (status === "past_due") {
    return pastDueSince ? shift(pastDueSince, PAST_DUE_GRACE_MS) : null;
  }
  if (status !== "active" && status !== "trialing") return null;
  const end = status === "trialing" ? (trialEnd ?? currentPeriodEnd) : currentPeriodEnd;
  if (pausedFrom) return end && Date.parse(end) < Date.parse(pausedFrom) ? end : pausedFrom;
  if (!end) return null;
  // Ending at period end: the paid time runs out exactly, with nothing to renew.
  if (cancelAtPeriodEnd) return end;
  return shift(end, RENEWAL_LEEWAY_MS);
}

/** Until when the account is premium: the latest of its subscriptions and grants, or null. */
export function premiumUntil(
  subscriptions: readonly SubscriptionState[],
  grants: readonly GrantState[],
): string | null {
  const ends = [
    ...subscriptions.map(subscriptionPremiumUntil),
    ...grants.filter((grant) => grant.revokedAt === null).map((grant) => grant.until),
  ].filter((end): end is string => end !== null);
  if (ends.length === 0) return null;
  return new Date(Math.max(...ends.map((end) => Date.parse(end)))).toISOString();
}

export function isPremiumAt(until: string | null, now: Date): boolean {
  return until !== null && Date.parse(until) > now.getTime();
}

function shift(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}
