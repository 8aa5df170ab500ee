import type { ProviderSubscription } from "#app/billing/payment-provider";

/**
 * A subscription as a provider reports it, for tests: the monthly plan at €4.99, paid on
 * 1 January 2030 and renewing on 1 February 2030. A test overrides what it is about.
 */
export function providerSubscription(overrides: Partial<ProviderSubscription> = {}): ProviderSubscription {
  return {
    subscriptionId: "sub_1",
    customerId: "cus_1",
    status: "active",
    plan: "monthly",
    amountMinor: 499,
    currency: "eur",
    currentPeriodEnd: "2030-02-01T00:00:00.000Z",
    trialEnd: null,
    cancelAtPeriodEnd: false,
    pastDueSince: null,
    pausedFrom: null,
    pausedUntil: null,
    firstPaymentAt: "2030-01-01T00:00:00.000Z",
    endedAt: null,
    ...overrides,
  };
}
