import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { SUBSCRIPTION_PHASES } from "../utils/subscription-phase";
import { grantComplimentaryPremium, revokeComplimentaryPremium } from "./complimentary-grant.server";
import { applySubscriptionReadings, type SubscriptionReading } from "./subscription.server";
import { readSubscriptionMetrics, RECENTLY_CANCELLED_MS } from "./subscription-metrics.server";
import { createUser } from "./user.server";

const NOW = "2030-05-01T10:00:00.000Z";
const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.parse(NOW) + days * DAY).toISOString();

describe.each(testDialects)("subscription metrics on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let counter = 0;

  /** One account with one subscription as the provider reported it. */
  async function subscriber(reading: Partial<SubscriptionReading>) {
    counter += 1;
    const user = await createUser(database.db, { email: `metric${counter}@example.org`, passwordHash: null });
    await applySubscriptionReadings(database.db, {
      userId: user.id,
      provider: "stripe",
      observedAt: NOW,
      readings: [
        {
          customerId: `cus_m${counter}`,
          subscriptionId: `sub_m${counter}`,
          plan: "monthly",
          status: "active",
          amountMinor: 499,
          currency: "eur",
          currentPeriodEnd: daysFromNow(20),
          trialEnd: null,
          cancelAtPeriodEnd: false,
          pastDueSince: null,
          pausedFrom: null,
          pausedUntil: null,
          firstPaymentAt: daysFromNow(-10),
          endedAt: null,
          ...reading,
        },
      ],
    });
    return user;
  }

  it("counts subscriptions by phase, grants in force, and the monthly recurring revenue of what will be charged", async () => {
    testClock.set(NOW);
    const empty = await readSubscriptionMetrics(database.db);
    expect(empty).toEqual({
      at: NOW,
      counts: Object.fromEntries(SUBSCRIPTION_PHASES.map((phase) => [phase, 0])),
      complimentaryAccounts: 0,
      monthlyRecurringRevenue: [],
    });

    // Charged: two monthly and three yearly in EUR (one of them past due), one monthly in GBP.
    await subscriber({});
    await subscriber({ currency: "EUR" });
    await subscriber({ plan: "yearly", amountMinor: 3999 });
    await subscriber({ plan: "yearly", amountMinor: 3999 });
    await subscriber({ plan: "yearly", amountMinor: 3999, status: "past_due", pastDueSince: daysFromNow(-1) });
    await subscriber({ currency: "gbp", amountMinor: 450 });
    // Not charged next: a trial, one cancelling, a pause ahead and one under way, an unpaid one.
    await subscriber({ status: "trialing", trialEnd: daysFromNow(3) });
    await subscriber({ cancelAtPeriodEnd: true });
    await subscriber({ plan: "yearly", amountMinor: 3999, pausedFrom: daysFromNow(20), pausedUntil: daysFromNow(50) });
    await subscriber({ pausedFrom: daysFromNow(-5), pausedUntil: daysFromNow(25) });
    await subscriber({ status: "unpaid" });
    // Ended: within the last 30 days counts, before that does not.
    await subscriber({ status: "canceled", endedAt: daysFromNow(-29) });
    await subscriber({
      status: "canceled",
      endedAt: new Date(Date.parse(NOW) - RECENTLY_CANCELLED_MS - 1).toISOString(),
    });
    await subscriber({ status: "incomplete_expired", endedAt: daysFromNow(-2) });

    // Complimentary: two grants of one account count once; a withdrawn and an expired one not at all.
    const admin = {
      id: (await createUser(database.db, { email: "granter@example.org", passwordHash: null })).id,
      email: "granter@example.org",
    };
    const twice = await createUser(database.db, { email: "twice@example.org", passwordHash: null });
    const target = { id: twice.id, email: twice.email };
    await grantComplimentaryPremium(database.db, admin, target, { until: daysFromNow(30), reason: "Teacher" });
    await grantComplimentaryPremium(database.db, admin, target, { until: daysFromNow(60), reason: "Longer" });
    const withdrawn = await createUser(database.db, { email: "withdrawn@example.org", passwordHash: null });
    const grant = await grantComplimentaryPremium(
      database.db,
      admin,
      { id: withdrawn.id, email: withdrawn.email },
      {
        until: daysFromNow(30),
        reason: "Mistake",
      },
    );
    await revokeComplimentaryPremium(database.db, admin, { id: withdrawn.id, email: withdrawn.email }, grant.id);
    const lapsed = await createUser(database.db, { email: "lapsed@example.org", passwordHash: null });
    await grantComplimentaryPremium(
      database.db,
      null,
      { id: lapsed.id, email: lapsed.email },
      {
        until: daysFromNow(-1),
        reason: "Old",
      },
    );

    const metrics = await readSubscriptionMetrics(database.db);
    expect(metrics.counts).toEqual({
      trialing: 1,
      active: 5,
      cancelling: 1,
      pausing: 1,
      paused: 1,
      past_due: 1,
      unpaid: 1,
      incomplete: 0,
      cancelled: 2,
      other: 0,
    });
    expect(metrics.complimentaryAccounts).toBe(1);
    // EUR: 2 × 499 + 3 × 3999 / 12 = 998 + 999.75, rounded once: 1998 (rounding each would give 1997).
    expect(metrics.monthlyRecurringRevenue).toEqual([
      { currency: "EUR", minor: 1998 },
      { currency: "GBP", minor: 450 },
    ]);

    // The same rows three weeks later: the pause that was ahead has begun.
    testClock.set(daysFromNow(21));
    const later = await readSubscriptionMetrics(database.db);
    expect(later.counts).toMatchObject({ pausing: 0, paused: 2 });
  });
});
