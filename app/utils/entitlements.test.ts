import { describe, expect, it } from "vitest";
import {
  entitlementsFor,
  isPremiumAt,
  PAST_DUE_GRACE_MS,
  premiumUntil,
  RENEWAL_LEEWAY_MS,
  subscriptionPremiumUntil,
  type SubscriptionState,
} from "./entitlements";

describe("entitlementsFor", () => {
  it("gives a free learner none of the paid or admin features", () => {
    expect(entitlementsFor({ role: "user", isPremium: false })).toEqual({
      adminArea: false,
      premiumChapters: false,
      unlimitedQuizzes: false,
    });
  });

  it("gives a subscriber the paid features but not the admin area", () => {
    expect(entitlementsFor({ role: "user", isPremium: true })).toEqual({
      adminArea: false,
      premiumChapters: true,
      unlimitedQuizzes: true,
    });
  });

  it("gives an admin everything, with or without a subscription", () => {
    const everything = { adminArea: true, premiumChapters: true, unlimitedQuizzes: true };
    expect(entitlementsFor({ role: "admin", isPremium: false })).toEqual(everything);
    expect(entitlementsFor({ role: "admin", isPremium: true })).toEqual(everything);
  });
});

const PERIOD_END = "2030-02-01T00:00:00.000Z";
const base: SubscriptionState = {
  status: "active",
  currentPeriodEnd: PERIOD_END,
  trialEnd: null,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  pausedFrom: null,
};
const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);
const DAY = 24 * 60 * 60 * 1000;

describe("subscriptionPremiumUntil", () => {
  it("keeps an auto-renewing subscription premium for the renewal leeway past its period end", () => {
    const until = subscriptionPremiumUntil(base);
    expect(until).toBe(at(PERIOD_END, RENEWAL_LEEWAY_MS).toISOString());
    expect(RENEWAL_LEEWAY_MS).toBe(2 * DAY);
  });

  it("ends a subscription cancelled at period end exactly at the period end", () => {
    const until = subscriptionPremiumUntil({ ...base, cancelAtPeriodEnd: true });
    expect(until).toBe(PERIOD_END);
    expect(isPremiumAt(until, at(PERIOD_END, -1))).toBe(true);
    expect(isPremiumAt(until, at(PERIOD_END))).toBe(false);
  });

  it("makes a trial premium until the trial ends (exactly when it will not convert)", () => {
    const trialEnd = "2030-01-08T00:00:00.000Z";
    const trial = { ...base, status: "trialing", currentPeriodEnd: trialEnd, trialEnd };
    expect(subscriptionPremiumUntil(trial)).toBe(at(trialEnd, RENEWAL_LEEWAY_MS).toISOString());
    expect(subscriptionPremiumUntil({ ...trial, cancelAtPeriodEnd: true })).toBe(trialEnd);
  });

  it("gives a past-due subscription three days of grace from the first failed payment, whatever the period", () => {
    const since = "2030-02-01T00:00:00.000Z";
    const until = subscriptionPremiumUntil({ ...base, status: "past_due", pastDueSince: since });
    expect(until).toBe(at(since, 3 * DAY).toISOString());
    expect(PAST_DUE_GRACE_MS).toBe(3 * DAY);
    expect(isPremiumAt(until, at(since, 3 * DAY - 1))).toBe(true);
    expect(isPremiumAt(until, at(since, 3 * DAY))).toBe(false);
    expect(subscriptionPremiumUntil({ ...base, status: "past_due", pastDueSince: null })).toBeNull();
  });

  it("gives nothing for unpaid, cancelled, incomplete or unknown statuses", () => {
    for (const status of ["unpaid", "canceled", "incomplete", "incomplete_expired", "paused", "something_new"]) {
      expect(subscriptionPremiumUntil({ ...base, status }), status).toBeNull();
    }
  });

  it("stops a paused subscription at the start of the pause, even as the provider's period moves on", () => {
    const pausedFrom = "2030-02-01T00:00:00.000Z";
    expect(subscriptionPremiumUntil({ ...base, pausedFrom })).toBe(pausedFrom);
    expect(subscriptionPremiumUntil({ ...base, pausedFrom, currentPeriodEnd: "2030-03-01T00:00:00.000Z" })).toBe(
      pausedFrom,
    );
  });

  it("gives nothing without a period end to measure from", () => {
    expect(subscriptionPremiumUntil({ ...base, currentPeriodEnd: null })).toBeNull();
  });
});

describe("premiumUntil", () => {
  it("takes the latest end of the subscriptions and the grants in force", () => {
    const grant = { until: "2031-01-01T00:00:00.000Z", revokedAt: null };
    expect(premiumUntil([base], [grant])).toBe(grant.until);
    expect(premiumUntil([base], [{ ...grant, revokedAt: "2030-01-01T00:00:00.000Z" }])).toBe(
      at(PERIOD_END, RENEWAL_LEEWAY_MS).toISOString(),
    );
    expect(premiumUntil([{ ...base, status: "canceled" }], [])).toBeNull();
    expect(premiumUntil([], [])).toBeNull();
  });
});

describe("isPremiumAt", () => {
  it("is premium strictly before the instant and never without one", () => {
    expect(isPremiumAt(null, at(PERIOD_END))).toBe(false);
    expect(isPremiumAt(PERIOD_END, at(PERIOD_END, -1))).toBe(true);
    expect(isPremiumAt(PERIOD_END, at(PERIOD_END, 1))).toBe(false);
  });
});
