import { describe, expect, it } from "vitest";
import { providerSubscription } from "#tests/setup/subscription-readings";
import { addMonths, describePlanState, planActionProblem, withdrawalDeadline, type PlanView } from "./plan-state";
import { providerMoney, yearlySaving } from "./plans";

const NOW = new Date("2030-01-10T12:00:00.000Z");

function plan(overrides: Partial<PlanView> = {}): PlanView {
  return providerSubscription(overrides);
}

describe("a plan's state in words", () => {
  it.each([
    ["renewing", plan(), "Active", "Renews on 1 February 2030 for €4.99 a month."],
    [
      "in its trial",
      plan({ status: "trialing", trialEnd: "2030-01-15T00:00:00.000Z", firstPaymentAt: null }),
      "Free trial",
      "Your free trial ends on 15 January 2030. Then the plan costs €4.99 a month, first charged on 15 January 2030, unless you cancel before.",
    ],
    [
      "cancelled at period end",
      plan({
        plan: "yearly",
        amountMinor: 3999,
        cancelAtPeriodEnd: true,
        currentPeriodEnd: "2031-01-01T00:00:00.000Z",
      }),
      "Cancels on 1 January 2031",
      "Your plan ends on 1 January 2031. Premium stays open until then, and nothing more is charged.",
    ],
    [
      "cancelled during its trial",
      plan({ status: "trialing", trialEnd: "2030-01-15T00:00:00.000Z", cancelAtPeriodEnd: true }),
      "Cancels on 15 January 2030",
      "Your plan ends on 15 January 2030. Premium stays open until then, and nothing more is charged.",
    ],
    [
      "with a pause ahead",
      plan({ pausedFrom: "2030-02-01T00:00:00.000Z", pausedUntil: "2030-04-01T00:00:00.000Z" }),
      "Pause from 1 February 2030",
      "Premium stays open until 1 February 2030. Then nothing is charged until 1 April 2030, when premium resumes with the next payment of €4.99 a month.",
    ],
    [
      "paused",
      plan({ pausedFrom: "2030-01-01T00:00:00.000Z", pausedUntil: "2030-03-01T00:00:00.000Z" }),
      "Paused until 1 March 2030",
      "Nothing is charged during the pause. Premium resumes with the next payment of €4.99 a month on 1 March 2030.",
    ],
    [
      "after a failed payment",
      plan({ status: "past_due", pastDueSince: "2030-01-09T00:00:00.000Z" }),
      "Payment failed",
      "The last payment did not go through: update your card. Premium stays open until 12 January 2030 while the payment is retried.",
    ],
  ])("says when a plan %s does what next", (_, view, label, sentence) => {
    expect(describePlanState(view, NOW)).toMatchObject({ label, sentence });
  });

  it("asks for the card when payments failed or are unfinished, and only then", () => {
    const needsCard = (status: string) => describePlanState(plan({ status }), NOW).needsCard;
    expect(["past_due", "unpaid", "incomplete", "paused"].map(needsCard)).toEqual([true, true, true, true]);
    expect(["active", "trialing"].map(needsCard)).toEqual([false, false]);
  });
});

describe("what a learner may do with a plan", () => {
  it("pauses only a running monthly plan, and says why for a yearly one", () => {
    expect(planActionProblem("plan-pause", plan(), NOW)).toBeNull();
    expect(planActionProblem("plan-pause", plan({ plan: "yearly" }), NOW)).toBe(
      "Pausing is for the monthly plan: the yearly plan is paid for the whole year.",
    );
    expect(planActionProblem("plan-pause", plan({ cancelAtPeriodEnd: true }), NOW)).toMatch(/resume it before/);
    expect(planActionProblem("plan-pause", plan({ status: "trialing" }), NOW)).toMatch(/active, paid plan/);
    expect(planActionProblem("plan-pause", plan({ pausedFrom: "2030-02-01T00:00:00.000Z" }), NOW)).toMatch(/already/);
  });

  it("cancels and resumes only from the opposite state, and never resumes an ended period", () => {
    expect(planActionProblem("plan-cancel", plan(), NOW)).toBeNull();
    expect(planActionProblem("plan-resume", plan(), NOW)).toBe("Your plan is not cancelled.");
    const cancelled = plan({ cancelAtPeriodEnd: true });
    expect(planActionProblem("plan-cancel", cancelled, NOW)).toMatch(/already cancelled/);
    expect(planActionProblem("plan-resume", cancelled, NOW)).toBeNull();
    expect(
      planActionProblem("plan-resume", { ...cancelled, currentPeriodEnd: "2030-01-10T00:00:00.000Z" }, NOW),
    ).toMatch(/already ended/);
    expect(planActionProblem("plan-cancel", plan({ status: "unpaid" }), NOW)).not.toBeNull();
  });

  it("withdraws with a refund up to 14 days after the first payment, not after nor before any payment", () => {
    const paid = plan({ firstPaymentAt: "2029-12-27T12:00:00.001Z" });
    expect(withdrawalDeadline(paid, NOW)).toBe("2030-01-10T12:00:00.001Z");
    expect(planActionProblem("plan-withdraw", paid, NOW)).toBeNull();
    expect(withdrawalDeadline(plan({ firstPaymentAt: "2029-12-27T12:00:00.000Z" }), NOW)).toBeNull();
    expect(withdrawalDeadline(plan({ firstPaymentAt: null }), NOW)).toBeNull();
    expect(planActionProblem("plan-withdraw", plan({ firstPaymentAt: null }), NOW)).toMatch(/within 14 days/);
  });

  it("switches a running plan, not a paused or unpaid one", () => {
    expect(planActionProblem("plan-switch", plan(), NOW)).toBeNull();
    expect(planActionProblem("plan-switch", plan({ pausedFrom: "2030-02-01T00:00:00.000Z" }), NOW)).toMatch(/pause/);
    expect(planActionProblem("plan-switch", plan({ status: "past_due" }), NOW)).toMatch(/card/);
  });
});

describe("calendar months and money", () => {
  it("adds calendar months, keeping the day or the month's last one", () => {
    expect(addMonths("2030-01-31T08:30:00.000Z", 1)).toBe("2030-02-28T08:30:00.000Z");
    expect(addMonths("2032-01-31T08:30:00.000Z", 1)).toBe("2032-02-29T08:30:00.000Z");
    expect(addMonths("2030-11-15T00:00:00.000Z", 3)).toBe("2031-02-15T00:00:00.000Z");
    expect(addMonths("2030-03-31T00:00:00.000Z", 12)).toBe("2031-03-31T00:00:00.000Z");
  });

  it("words the yearly saving against twelve monthly payments", () => {
    expect(yearlySaving({ currency: "EUR", monthlyPriceMinor: 499, yearlyPriceMinor: 3999 })).toEqual({
      twelveMonthly: "€59.88",
      saved: "€19.89",
      percent: 33,
    });
    expect(yearlySaving({ currency: "JPY", monthlyPriceMinor: 500, yearlyPriceMinor: 5000 }).saved).toBe("¥1,000");
  });

  it("formats a provider's amount whatever the case of its currency code", () => {
    expect(providerMoney(499, "eur")).toBe("€4.99");
    expect(providerMoney(500, "jpy")).toBe("¥500");
    expect(providerMoney(1250, "inr")).toBe("₹12.50");
    expect(providerMoney(100, "not a code")).toBe("100 NOT A CODE (minor units)");
  });
});
