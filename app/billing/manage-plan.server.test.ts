import { describe, expect, it } from "vitest";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { grantComplimentaryPremium } from "#app/models/complimentary-grant.server";
import { findCurrentSubscription, listSubscriptions } from "#app/models/subscription.server";
import { createUser, findUserById, type User } from "#app/models/user.server";
import { startCheckout } from "./checkout.server";
import { cancelSubscriptionForDeletion, loadPlanSection, managePlan, portalUrl } from "./manage-plan.server";
import { syncCustomer } from "./sync.server";

const START = "2030-01-01T00:00:00.000Z";

describe.each(testDialects)("managing a plan on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const newUser = () => createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });

  /** A learner who paid for `plan` at START (no trial), as the provider and the sync left it. */
  async function subscriber(plan: "monthly" | "yearly" = "monthly", { trial = false } = {}) {
    testClock.set(START);
    const provider = new FakePaymentProvider();
    const user = await newUser();
    if (!trial) {
      await database.db.deleteFrom("app_settings").execute();
      await database.db
        .insertInto("app_settings")
        .values({ key: "trialDays", value: "0", updated_by: null, updated_at: START })
        .execute();
    }
    const opened = await startCheckout(database.db, provider, user, { plan }, "https://numberlab.example");
    if (!opened.ok) throw new Error(opened.error);
    await database.db.deleteFrom("app_settings").execute();
    const paid = provider.completeCheckout(provider.openCheckouts()[0]!.sessionId);
    await syncCustomer(database.db, provider, paid.customerId);
    return { provider, user, subscriptionId: paid.subscriptionId, customerId: paid.customerId };
  }
  const act = (provider: FakePaymentProvider, user: User, values: Record<string, unknown>) =>
    managePlan(database.db, provider, user, values);
  const current = async (userId: string) => (await findCurrentSubscription(database.db, userId))!;
  const premiumUntil = async (userId: string) => (await findUserById(database.db, userId))!.premiumUntil;

  it("shows a free learner the prices, the trial and the quiz limit, and nothing to manage", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const section = await loadPlanSection(database.db, provider, user);
    expect(section).toMatchObject({
      subscription: null,
      words: null,
      allowed: [],
      complimentaryUntil: null,
      hasCustomer: false,
      trialDays: 7,
      freeQuizzesPerDay: 5,
      prices: { monthly: "€4.99 a month", yearly: "€39.99 a year" },
    });
  });

  it("shows complimentary premium with its end date", async () => {
    testClock.set(START);
    const provider = new FakePaymentProvider();
    const user = await newUser();
    await grantComplimentaryPremium(database.db, null, user, { until: "2030-06-01T00:00:00.000Z", reason: "Tutor" });
    await grantComplimentaryPremium(database.db, null, user, { until: "2030-03-01T00:00:00.000Z", reason: "Prize" });
    await grantComplimentaryPremium(database.db, null, user, { until: "2029-12-01T00:00:00.000Z", reason: "Old" });
    const reread = (await findUserById(database.db, user.id))!;
    expect(await loadPlanSection(database.db, provider, reread)).toMatchObject({
      complimentaryUntil: "2030-06-01T00:00:00.000Z",
      isPremium: true,
      subscription: null,
    });
  });

  it("shows a subscriber the state, the next charge and the changes allowed now", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    testClock.set("2030-01-05T00:00:00.000Z");
    const section = await loadPlanSection(database.db, provider, user);
    expect(section.subscription).toMatchObject({ subscriptionId, plan: "monthly", status: "active" });
    expect(section.words).toMatchObject({ label: "Active", sentence: "Renews on 1 February 2030 for €4.99 a month." });
    expect(section.allowed).toEqual(["plan-switch", "plan-cancel", "plan-pause", "plan-withdraw"]);
    expect(section.otherPlan).toEqual({ plan: "yearly", name: "Yearly", price: "€39.99 a year" });
    expect(section.withdrawal).toEqual({ until: "2030-01-15T00:00:00.000Z", amount: "€4.99" });
    expect(section).toMatchObject({ hasCustomer: true, trialDays: 0, pauseNote: null });
  });

  it("switches monthly to yearly at the settings' price, and shows it at once", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    const outcome = await act(provider, user, { intent: "plan-switch", subscriptionId, plan: "yearly" });
    expect(outcome).toEqual({ ok: true, message: "You are now on the yearly plan, at €39.99 a year." });
    expect(await current(user.id)).toMatchObject({ plan: "yearly", amountMinor: 3999 });
    expect(await act(provider, user, { intent: "plan-switch", subscriptionId, plan: "yearly" })).toEqual({
      ok: false,
      error: "You are already on the yearly plan.",
      status: 409,
    });
    expect(provider.count("changePlan")).toBe(1);
  });

  it("cancels at the period end, keeping premium exactly until then, and resumes", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    const cancelled = await act(provider, user, { intent: "plan-cancel", subscriptionId });
    expect(cancelled).toEqual({
      ok: true,
      message: "Your plan is cancelled. Premium stays open until 1 February 2030, and nothing more is charged.",
    });
    expect((await current(user.id)).cancelAtPeriodEnd).toBe(true);
    expect(await premiumUntil(user.id)).toBe("2030-02-01T00:00:00.000Z");
    expect((await act(provider, user, { intent: "plan-cancel", subscriptionId })).ok).toBe(false);

    const resumed = await act(provider, user, { intent: "plan-resume", subscriptionId });
    expect(resumed).toEqual({ ok: true, message: "Your plan continues and renews on 1 February 2030." });
    expect((await current(user.id)).cancelAtPeriodEnd).toBe(false);
    expect(Date.parse((await premiumUntil(user.id))!)).toBeGreaterThan(Date.parse("2030-02-01T00:00:00.000Z"));
  });

  it("pauses a monthly plan from the end of the paid month, for 1 to 3 months, and cancels the pause", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    expect(await act(provider, user, { intent: "plan-pause", subscriptionId, months: "4" })).toEqual({
      ok: false,
      error: "Choose 1, 2 or 3 months.",
      status: 400,
    });
    const paused = await act(provider, user, { intent: "plan-pause", subscriptionId, months: "2" });
    expect(paused).toEqual({
      ok: true,
      message:
        "Your plan pauses from 1 February 2030 until 1 April 2030: nothing is charged in between, and premium resumes with the payment on 1 April 2030.",
    });
    expect(await current(user.id)).toMatchObject({
      pausedFrom: "2030-02-01T00:00:00.000Z",
      pausedUntil: "2030-04-01T00:00:00.000Z",
    });
    // Premium stops when the pause starts.
    expect(await premiumUntil(user.id)).toBe("2030-02-01T00:00:00.000Z");
    expect((await loadPlanSection(database.db, provider, user)).allowed).toContain("plan-unpause");

    const unpaused = await act(provider, user, { intent: "plan-unpause", subscriptionId });
    expect(unpaused).toEqual({ ok: true, message: "The pause is cancelled: your plan renews on 1 February 2030." });
    expect((await current(user.id)).pausedFrom).toBeNull();

    // Ended once it has begun, the pause leaves no old renewal date to promise.
    await act(provider, user, { intent: "plan-pause", subscriptionId, months: "1" });
    testClock.set("2030-02-10T00:00:00.000Z");
    expect(await act(provider, user, { intent: "plan-unpause", subscriptionId })).toEqual({
      ok: true,
      message: "The pause is over: your plan carries on, and its next payment is shown above.",
    });
  });

  it("does not pause a yearly plan, and says why on the page", async () => {
    const { provider, user, subscriptionId } = await subscriber("yearly");
    const refused = await act(provider, user, { intent: "plan-pause", subscriptionId, months: "1" });
    expect(refused).toEqual({
      ok: false,
      error: "Pausing is for the monthly plan: the yearly plan is paid for the whole year.",
      status: 409,
    });
    expect(provider.count("pause")).toBe(0);
    const section = await loadPlanSection(database.db, provider, user);
    expect(section.allowed).not.toContain("plan-pause");
    expect(section.pauseNote).toBe(refused.ok ? null : refused.error);
  });

  it("withdraws within 14 days with a full refund, ending premium at once", async () => {
    const { provider, user, subscriptionId } = await subscriber("yearly");
    testClock.set("2030-01-14T23:00:00.000Z");
    const outcome = await act(provider, user, { intent: "plan-withdraw", subscriptionId });
    expect(outcome).toEqual({
      ok: true,
      message: "You have withdrawn from your plan: €39.99 is refunded to your card, and premium has ended.",
    });
    expect(await findCurrentSubscription(database.db, user.id)).toBeNull();
    expect((await listSubscriptions(database.db, user.id))[0]!.status).toBe("canceled");
    expect((await findUserById(database.db, user.id))!.isPremium).toBe(false);
  });

  it("refuses a withdrawal after 14 days, and asks the provider nothing", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    testClock.set("2030-01-15T00:00:00.001Z");
    const outcome = await act(provider, user, { intent: "plan-withdraw", subscriptionId });
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(provider.count("withdraw")).toBe(0);
    expect((await findUserById(database.db, user.id))!.isPremium).toBe(true);
  });

  it("changes only the account's own current plan", async () => {
    const mine = await subscriber("monthly");
    const theirs = await subscriber("monthly");
    const outcome = await act(mine.provider, mine.user, {
      intent: "plan-cancel",
      subscriptionId: theirs.subscriptionId,
    });
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(mine.provider.count("setCancelAtPeriodEnd")).toBe(0);
    const stranger = await newUser();
    expect(
      await act(mine.provider, stranger, { intent: "plan-cancel", subscriptionId: mine.subscriptionId }),
    ).toMatchObject({ ok: false, status: 409 });
    expect((await current(mine.user.id)).cancelAtPeriodEnd).toBe(false);
  });

  it("refuses unknown or incomplete actions with a clear message", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    expect(await act(provider, user, { intent: "plan-delete", subscriptionId })).toEqual({
      ok: false,
      error: "Unknown plan action.",
      status: 400,
    });
    expect(await act(provider, user, { intent: "plan-cancel" })).toMatchObject({ ok: false, status: 400 });
    expect(await act(provider, user, { intent: "plan-switch", subscriptionId, plan: "weekly" })).toEqual({
      ok: false,
      error: "Choose the monthly or the yearly plan.",
      status: 400,
    });
    expect(provider.calls.filter((call) => call !== "listSubscriptions" && call !== "createCheckout")).toEqual([
      "createCustomer",
    ]);
  });

  it("shows the provider's refusal and changes nothing", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    provider.failNext("setCancelAtPeriodEnd");
    expect(await act(provider, user, { intent: "plan-cancel", subscriptionId })).toEqual({
      ok: false,
      error: "Your card was declined.",
      status: 502,
    });
    expect((await current(user.id)).cancelAtPeriodEnd).toBe(false);
  });

  it("cancels the subscription at the provider before an account is deleted, or says why it cannot", async () => {
    const { provider, user, subscriptionId } = await subscriber("monthly");
    provider.failNext("cancelNow");
    expect(await cancelSubscriptionForDeletion(database.db, provider, user.id)).toEqual({
      ok: false,
      error: "Your subscription could not be cancelled: Your card was declined.",
    });
    expect(provider.subscriptions.get(subscriptionId)!.status).toBe("active");
    expect(await cancelSubscriptionForDeletion(database.db, provider, user.id)).toEqual({ ok: true });
    expect(provider.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect(await findCurrentSubscription(database.db, user.id)).toBeNull();
    expect(await cancelSubscriptionForDeletion(database.db, provider, (await newUser()).id)).toEqual({ ok: true });
  });

  it("opens the portal for the account's own customer only", async () => {
    const { provider, user, customerId } = await subscriber("monthly");
    expect(await portalUrl(database.db, provider, user.id, "https://numberlab.example/profile#plan")).toBe(
      `https://pay.example.test/portal/${customerId}?return=https%3A%2F%2Fnumberlab.example%2Fprofile%23plan`,
    );
    expect(
      await portalUrl(database.db, provider, (await newUser()).id, "https://numberlab.example/profile"),
    ).toBeNull();
  });
});
