import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeStripeApi, type FakeStripeApi } from "#tests/setup/fake-stripe-api";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { saveBillingCustomer } from "#app/models/billing-customer.server";
import { listSubscriptions } from "#app/models/subscription.server";
import { createUser, findUserById } from "#app/models/user.server";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type PlanPrice,
} from "./payment-provider";
import { createStripeClient, priceLookupKey, syncStripeCatalog } from "./stripe-catalog.server";
import { createStripeProvider } from "./stripe-provider.server";
import { receivePaymentWebhook } from "./webhook.server";

// The mails an event calls for are billing-mail.server.test.ts's subject; here, only which were asked for.
const mails = vi.hoisted(() => ({ types: [] as string[] }));
vi.mock("./billing-mail.server", () => ({
  sendBillingMail: async (_db: unknown, _provider: unknown, event: { type: string }) => {
    mails.types.push(event.type);
  },
}));

const START = "2030-01-31T09:00:00.000Z";
const MONTHLY: PlanPrice = { plan: "monthly", amountMinor: 499, currency: "EUR" };
const YEARLY: PlanPrice = { plan: "yearly", amountMinor: 3999, currency: "EUR" };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A fresh fake Stripe for the enclosing describe block, and the provider pointed at it. */
function useFakeStripe() {
  const context = {} as { fake: FakeStripeApi; provider: PaymentProvider };
  beforeAll(async () => {
    context.fake = await startFakeStripeApi();
    context.provider = createStripeProvider({
      secretKey: context.fake.secretKey,
      webhookSecret: context.fake.webhookSecret,
      apiUrl: context.fake.url,
    });
  });
  afterAll(() => context.fake.close());
  return context;
}

/** A customer with a checkout the customer has paid, and its subscription id. */
async function subscribed(
  context: { fake: FakeStripeApi; provider: PaymentProvider },
  input: { price?: PlanPrice; trialDays?: number } = {},
) {
  const userId = crypto.randomUUID();
  const { customerId } = await context.provider.createCustomer({ userId, email: `${userId}@example.org` });
  const { sessionId } = await context.provider.createCheckout(checkoutRequest(userId, customerId, input));
  const subscription = context.fake.completeCheckout(sessionId);
  return { userId, customerId, sessionId, subscriptionId: subscription.id };
}

function checkoutRequest(
  userId: string,
  customerId: string,
  { price = MONTHLY, trialDays = 0 }: { price?: PlanPrice; trialDays?: number } = {},
): CheckoutRequest {
  return {
    userId,
    customerId,
    price,
    trialDays,
    successUrl: "https://numberlab.example/success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://numberlab.example/cancel?plan=monthly",
  };
}

async function reading(provider: PaymentProvider, customerId: string) {
  const [only, ...others] = await provider.listSubscriptions(customerId);
  expect(others).toEqual([]);
  return only!;
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

describe("the Stripe provider's identity", () => {
  it("is in test mode with a test key, and links admins to the matching dashboard", () => {
    const test = createStripeProvider({ secretKey: "sk_test_abc", webhookSecret: "whsec_x" });
    expect([test.name, test.isTestMode]).toEqual(["stripe", true]);
    expect(test.customerDashboardUrl("cus_123")).toBe("https://dashboard.stripe.com/test/customers/cus_123");
    const restricted = createStripeProvider({ secretKey: "rk_test_abc", webhookSecret: "whsec_x" });
    expect(restricted.isTestMode).toBe(true);
    const live = createStripeProvider({ secretKey: "sk_live_abc", webhookSecret: "whsec_x" });
    expect(live.isTestMode).toBe(false);
    expect(live.customerDashboardUrl("cus_123")).toBe("https://dashboard.stripe.com/customers/cus_123");
  });
});

describe("customers and checkouts through the Stripe SDK", () => {
  const context = useFakeStripe();

  it("creates one customer per account, even when asked twice", async () => {
    const input = { userId: "user-1", email: "ada@example.org" };
    const first = await context.provider.createCustomer(input);
    const again = await context.provider.createCustomer(input);
    expect(again.customerId).toBe(first.customerId);
    expect(context.fake.store.customers.get(first.customerId)).toMatchObject({
      email: "ada@example.org",
      metadata: { numberlab_user_id: "user-1" },
    });
    expect(context.fake.store.customers.size).toBe(1);
    expect(context.fake.requests.filter((request) => request.path === "/v1/customers").at(-1)?.replayed).toBe(true);
  });

  it("passes Stripe's message on when the request is about the learner's own data", async () => {
    const refused = context.provider.createCustomer({ userId: "user-2", email: "not an address" });
    await expect(refused).rejects.toThrow(PaymentProviderError);
    await expect(refused).rejects.toThrow("Invalid email address: not an address");
  });

  it("opens a subscription checkout at the price the settings name, creating product and price once", async () => {
    const { customerId } = await context.provider.createCustomer({ userId: "user-3", email: "c@example.org" });
    const { sessionId, url } = await context.provider.createCheckout(
      checkoutRequest("user-3", customerId, { trialDays: 7 }),
    );
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const session = context.fake.store.checkoutSessions.get(sessionId)!;
    expect(session).toMatchObject({
      mode: "subscription",
      customer: customerId,
      client_reference_id: "user-3",
      success_url: "https://numberlab.example/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://numberlab.example/cancel?plan=monthly",
      metadata: { numberlab_plan: "monthly", numberlab_user_id: "user-3" },
    });
    const line = context.fake.store.checkoutLines.get(sessionId)!;
    expect(line.trialDays).toBe(7);
    const price = context.fake.store.prices.get(line.price)!;
    expect(price).toMatchObject({
      lookup_key: "numberlab_premium_monthly_eur_499",
      unit_amount: 499,
      currency: "eur",
      product: "numberlab_premium",
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(context.fake.store.products.get("numberlab_premium")?.active).toBe(true);

    // The same price again: found by its lookup key, nothing new made; no trial when none is due.
    const second = await context.provider.createCheckout(checkoutRequest("user-3", customerId));
    expect(context.fake.store.checkoutLines.get(second.sessionId)).toMatchObject({ price: price.id, trialDays: 0 });
    expect(context.fake.store.prices.size).toBe(1);
  });

  it("sells a price changed in the settings at the very next checkout, keeping the old one", async () => {
    const { customerId } = await context.provider.createCustomer({ userId: "user-4", email: "d@example.org" });
    const raised = { ...MONTHLY, amountMinor: 599 };
    const { sessionId } = await context.provider.createCheckout(
      checkoutRequest("user-4", customerId, { price: raised }),
    );
    const price = context.fake.store.prices.get(context.fake.store.checkoutLines.get(sessionId)!.price)!;
    expect([price.lookup_key, price.unit_amount]).toEqual([priceLookupKey(raised), 599]);
    expect(priceLookupKey(raised)).toBe("numberlab_premium_monthly_eur_599");
    expect([...context.fake.store.prices.values()].map((each) => each.lookup_key).sort()).toEqual([
      "numberlab_premium_monthly_eur_499",
      "numberlab_premium_monthly_eur_599",
    ]);
  });

  it("refuses to sell a price that carries the lookup key but was edited to charge something else", async () => {
    const yen = { plan: "monthly", amountMinor: 500, currency: "JPY" } as const;
    const { customerId } = await context.provider.createCustomer({ userId: "user-5", email: "e@example.org" });
    const { sessionId } = await context.provider.createCheckout(checkoutRequest("user-5", customerId, { price: yen }));
    const price = context.fake.store.prices.get(context.fake.store.checkoutLines.get(sessionId)!.price)!;
    price.unit_amount = 400;
    const refused = context.provider.createCheckout(checkoutRequest("user-5", customerId, { price: yen }));
    await expect(refused).rejects.toThrow(
      `The Stripe price ${price.id} has the lookup key numberlab_premium_monthly_jpy_500 but charges 400 minor units.`,
    );
    await expect(refused).rejects.not.toThrow(PaymentProviderError);
  });

  it("brings back an archived price rather than failing the checkout", async () => {
    const { customerId } = await context.provider.createCustomer({ userId: "user-6", email: "f@example.org" });
    const price = [...context.fake.store.prices.values()].find((each) => each.unit_amount === 499)!;
    price.active = false;
    const { sessionId } = await context.provider.createCheckout(checkoutRequest("user-6", customerId));
    expect(context.fake.store.checkoutLines.get(sessionId)!.price).toBe(price.id);
    expect(price.active).toBe(true);
  });

  it("reads a checkout back: open, then complete with its subscription; null for one it does not know", async () => {
    const { customerId } = await context.provider.createCustomer({ userId: "user-7", email: "g@example.org" });
    const { sessionId } = await context.provider.createCheckout(checkoutRequest("user-7", customerId));
    expect(await context.provider.getCheckout(sessionId)).toEqual({
      sessionId,
      clientReference: "user-7",
      customerId,
      subscriptionId: null,
      status: "open",
    });
    const subscription = context.fake.completeCheckout(sessionId);
    expect(await context.provider.getCheckout(sessionId)).toMatchObject({
      status: "complete",
      subscriptionId: subscription.id,
    });
    expect(await context.provider.getCheckout("cs_test_unknown")).toBeNull();
    // Not a session id at all (it comes from the address bar): no request is made.
    const before = context.fake.requests.length;
    expect(await context.provider.getCheckout("../customers")).toBeNull();
    expect(context.fake.requests.length).toBe(before);
  });

  it("expires an open checkout, and accepts one that can no longer be paid anyway", async () => {
    const { customerId } = await context.provider.createCustomer({ userId: "user-8", email: "h@example.org" });
    const open = await context.provider.createCheckout(checkoutRequest("user-8", customerId));
    await context.provider.expireCheckout(open.sessionId);
    expect(await context.provider.getCheckout(open.sessionId)).toMatchObject({ status: "expired" });
    await context.provider.expireCheckout(open.sessionId);

    const paid = await context.provider.createCheckout(checkoutRequest("user-8", customerId));
    context.fake.completeCheckout(paid.sessionId);
    await context.provider.expireCheckout(paid.sessionId);
    expect(await context.provider.getCheckout(paid.sessionId)).toMatchObject({ status: "complete" });
    await expect(context.provider.expireCheckout("cs_test_unknown")).rejects.toThrow("No such checkout.session");
  });
});

describe("subscriptions read back in the app's terms", () => {
  const context = useFakeStripe();

  it("a trial: trialing until its end, then active with its first payment once the card is charged", async () => {
    const start = testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context, { trialDays: 7 });
    const trialEnd = new Date(start.getTime() + 7 * DAY_MS).toISOString();
    expect(await reading(context.provider, customerId)).toEqual({
      subscriptionId,
      customerId,
      status: "trialing",
      plan: "monthly",
      amountMinor: 499,
      currency: "EUR",
      currentPeriodEnd: trialEnd,
      trialEnd,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      pausedFrom: null,
      pausedUntil: null,
      // The trial's invoice is for nothing: not the first payment.
      firstPaymentAt: null,
      endedAt: null,
    });

    testClock.set(trialEnd);
    context.fake.advancePeriod(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({
      status: "active",
      currentPeriodEnd: "2030-03-07T09:00:00.000Z",
      trialEnd,
      firstPaymentAt: trialEnd,
    });
  });

  it("a yearly plan paid at once, renewed on the calendar (31 January to 28 February for a month)", async () => {
    testClock.set(START);
    const yearly = await subscribed(context, { price: YEARLY });
    expect(await reading(context.provider, yearly.customerId)).toMatchObject({
      status: "active",
      plan: "yearly",
      amountMinor: 3999,
      currentPeriodEnd: "2031-01-31T09:00:00.000Z",
      trialEnd: null,
      firstPaymentAt: START,
    });
    const monthly = await subscribed(context);
    expect(await reading(context.provider, monthly.customerId)).toMatchObject({
      currentPeriodEnd: "2030-02-28T09:00:00.000Z",
    });
  });

  it("a failed renewal: past due since the unpaid invoice was finalized; the first payment stays", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    context.fake.declineCard(customerId);
    const failedAt = testClock.set("2030-02-28T09:00:00.000Z");
    context.fake.advancePeriod(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({
      status: "past_due",
      pastDueSince: failedAt.toISOString(),
      firstPaymentAt: START,
      currentPeriodEnd: "2030-03-28T09:00:00.000Z",
    });
  });

  it("lists every subscription of the customer, ended ones too, each with its own first payment", async () => {
    testClock.set(START);
    const first = await subscribed(context);
    await context.provider.cancelNow(first.subscriptionId);
    testClock.set("2030-03-01T00:00:00.000Z");
    const { sessionId } = await context.provider.createCheckout(
      checkoutRequest(first.userId, first.customerId, { price: YEARLY }),
    );
    const second = context.fake.completeCheckout(sessionId);
    const readings = await context.provider.listSubscriptions(first.customerId);
    expect(readings.map((each) => [each.subscriptionId, each.status, each.firstPaymentAt, each.endedAt])).toEqual([
      [second.id, "active", "2030-03-01T00:00:00.000Z", null],
      [first.subscriptionId, "canceled", START, START],
    ]);
  });
});

describe("managing a Stripe subscription", () => {
  const context = useFakeStripe();

  it("cancels at the period end and resumes; a cancellation date set in the dashboard counts too", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    await context.provider.setCancelAtPeriodEnd(subscriptionId, true);
    expect(await reading(context.provider, customerId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await context.provider.setCancelAtPeriodEnd(subscriptionId, false);
    expect(await reading(context.provider, customerId)).toMatchObject({ cancelAtPeriodEnd: false });

    const stored = context.fake.store.subscriptions.get(subscriptionId)!;
    stored.cancel_at = Date.parse("2030-02-15T00:00:00.000Z") / 1000;
    expect(await reading(context.provider, customerId)).toMatchObject({ cancelAtPeriodEnd: true });
    await context.provider.setCancelAtPeriodEnd(subscriptionId, false);
    expect(stored.cancel_at).toBeNull();
    expect(await reading(context.provider, customerId)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("ends a subscription cancelled at period end when the period ends", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    await context.provider.setCancelAtPeriodEnd(subscriptionId, true);
    testClock.set("2030-02-28T09:00:00.000Z");
    context.fake.advancePeriod(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({
      status: "canceled",
      endedAt: "2030-02-28T09:00:00.000Z",
    });
  });

  it("switches monthly to yearly on the yearly price, and does nothing when the plan is already the one asked", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    testClock.set("2030-02-14T09:00:00.000Z");
    await context.provider.changePlan(subscriptionId, YEARLY);
    expect(await reading(context.provider, customerId)).toMatchObject({
      status: "active",
      plan: "yearly",
      amountMinor: 3999,
      currentPeriodEnd: "2031-02-14T09:00:00.000Z",
    });
    const stored = context.fake.store.subscriptions.get(subscriptionId)!;
    expect(stored.metadata.numberlab_plan).toBe("yearly");

    const updates = () =>
      context.fake.requests.filter((request) => request.path === `/v1/subscriptions/${subscriptionId}`);
    const before = updates().filter((request) => request.method === "POST").length;
    await context.provider.changePlan(subscriptionId, YEARLY);
    expect(updates().filter((request) => request.method === "POST").length).toBe(before);
  });

  it("a switch the card cannot pay is refused with the card's message, and the plan stays", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    context.fake.declineCard(customerId);
    const refused = context.provider.changePlan(subscriptionId, YEARLY);
    await expect(refused).rejects.toThrow(PaymentProviderError);
    await expect(refused).rejects.toThrow("Your card was declined.");
    expect(await reading(context.provider, customerId)).toMatchObject({ status: "active", plan: "monthly" });
  });

  it("pauses from a period end until a date, voids the paused period's invoice, and unpauses", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    const pause = { from: "2030-02-28T09:00:00.000Z", until: "2030-04-28T09:00:00.000Z" };
    await context.provider.pause(subscriptionId, pause);
    expect(await reading(context.provider, customerId)).toMatchObject({
      status: "active",
      pausedFrom: pause.from,
      pausedUntil: pause.until,
    });
    testClock.set(pause.from);
    context.fake.advancePeriod(subscriptionId);
    const voided = context.fake.store.invoices.get(
      context.fake.store.subscriptions.get(subscriptionId)!.latest_invoice!,
    )!;
    expect([voided.status, voided.amount_paid]).toEqual(["void", 0]);
    expect(await reading(context.provider, customerId)).toMatchObject({ pausedFrom: pause.from });

    // Ended during the pause: the voided period restarts now and is paid now, not given back free.
    testClock.set("2030-03-10T09:00:00.000Z");
    await context.provider.unpause(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({
      pausedFrom: null,
      pausedUntil: null,
      currentPeriodEnd: "2030-04-10T09:00:00.000Z",
    });
    const stored = context.fake.store.subscriptions.get(subscriptionId)!;
    expect(stored.metadata).not.toHaveProperty("numberlab_paused_from");
    expect(context.fake.store.invoices.get(stored.latest_invoice!)).toMatchObject({ status: "paid", amount_paid: 499 });
  });

  it("ends a pause that has not begun without charging anything", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    const invoiceBefore = context.fake.store.subscriptions.get(subscriptionId)!.latest_invoice;
    await context.provider.pause(subscriptionId, {
      from: "2030-02-28T09:00:00.000Z",
      until: "2030-04-28T09:00:00.000Z",
    });
    await context.provider.unpause(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({
      pausedFrom: null,
      currentPeriodEnd: "2030-02-28T09:00:00.000Z",
    });
    expect(context.fake.store.subscriptions.get(subscriptionId)!.latest_invoice).toBe(invoiceBefore);
  });

  it("reads a pause made in the dashboard as starting at the end of the last period paid for", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    const stored = context.fake.store.subscriptions.get(subscriptionId)!;
    stored.pause_collection = { behavior: "void", resumes_at: null };
    expect(await reading(context.provider, customerId)).toMatchObject({
      pausedFrom: "2030-02-28T09:00:00.000Z",
      pausedUntil: null,
    });
    testClock.set("2030-02-28T09:00:00.000Z");
    context.fake.advancePeriod(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({ pausedFrom: "2030-02-28T09:00:00.000Z" });
  });

  it("withdraws: refunds every payment since the date in full, once, and ends the subscription at once", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    testClock.set("2030-02-28T09:00:00.000Z");
    context.fake.advancePeriod(subscriptionId);
    testClock.set("2030-03-28T09:00:00.000Z");
    context.fake.advancePeriod(subscriptionId);
    testClock.set("2030-04-01T00:00:00.000Z");

    // Only the two payments made since 28 February.
    expect(await context.provider.withdraw(subscriptionId, "2030-02-28T09:00:00.000Z")).toEqual({
      refundedMinor: 998,
      currency: "EUR",
    });
    const refunds = [...context.fake.store.refunds.values()];
    expect(refunds.map((refund) => [refund.amount, refund.reason])).toEqual([
      [499, "requested_by_customer"],
      [499, "requested_by_customer"],
    ]);
    expect(await reading(context.provider, customerId)).toMatchObject({
      status: "canceled",
      endedAt: "2030-04-01T00:00:00.000Z",
    });

    // A retry (the first answer was lost) refunds nothing twice and cancels nothing twice.
    expect(await context.provider.withdraw(subscriptionId, "2030-02-28T09:00:00.000Z")).toEqual({
      refundedMinor: 998,
      currency: "EUR",
    });
    expect(context.fake.store.refunds.size).toBe(2);
  });

  it("a withdrawal refunds what a partial refund in the dashboard left", async () => {
    testClock.set(START);
    const { subscriptionId } = await subscribed(context, { price: YEARLY });
    const payment = [...context.fake.store.invoicePayments.values()].at(-1)!;
    const dashboard = createStripeClient({ secretKey: context.fake.secretKey, apiUrl: context.fake.url });
    await dashboard.refunds.create({ payment_intent: payment.payment.payment_intent as string, amount: 1000 });
    expect(await context.provider.withdraw(subscriptionId, START)).toEqual({ refundedMinor: 3999, currency: "EUR" });
    const refunded = [...context.fake.store.refunds.values()].filter(
      (refund) => refund.payment_intent === payment.payment.payment_intent,
    );
    expect(refunded.map((refund) => refund.amount)).toEqual([1000, 2999]);
  });

  it("cancels at once without a refund, and a second time changes nothing", async () => {
    testClock.set(START);
    const { customerId, subscriptionId } = await subscribed(context);
    const refundsBefore = context.fake.store.refunds.size;
    await context.provider.cancelNow(subscriptionId);
    await context.provider.cancelNow(subscriptionId);
    expect(await reading(context.provider, customerId)).toMatchObject({ status: "canceled", endedAt: START });
    expect(context.fake.store.refunds.size).toBe(refundsBefore);
  });

  it("lets Stripe's other errors through as they are", async () => {
    const unknown = context.provider.setCancelAtPeriodEnd("sub_unknown", true);
    await expect(unknown).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(unknown).rejects.toThrow("No such subscription: 'sub_unknown'");
    await expect(unknown).rejects.not.toBeInstanceOf(PaymentProviderError);
  });
});

describe("the Stripe customer portal", () => {
  const context = useFakeStripe();

  it("needs a portal configuration: Stripe refuses before billing:sync, then opens it with the synced one", async () => {
    const { customerId } = await context.provider.createCustomer({ userId: "user-p", email: "p@example.org" });
    const returnUrl = "https://numberlab.example/profile#plan";
    await expect(context.provider.createPortalSession({ customerId, returnUrl })).rejects.toThrow(
      "until you save your customer portal settings",
    );

    const stripe = createStripeClient({ secretKey: context.fake.secretKey, apiUrl: context.fake.url });
    await syncStripeCatalog(stripe, { currency: "EUR", monthlyPriceMinor: 499, yearlyPriceMinor: 3999 });
    const { url } = await context.provider.createPortalSession({ customerId, returnUrl });
    const [session] = [...context.fake.store.portalSessions.values()];
    expect(url).toBe(session!.url);
    expect(session).toMatchObject({
      customer: customerId,
      return_url: returnUrl,
      configuration: [...context.fake.store.portalConfigurations.keys()][0],
    });
  });
});

describe("Stripe webhook signatures", () => {
  const secret = "whsec_numberlab_signing";
  const provider = createStripeProvider({ secretKey: "sk_test_abc", webhookSecret: secret });
  const receivedAt = new Date(START);
  const at = Math.floor(receivedAt.getTime() / 1000);
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "customer.subscription.updated",
    created: at,
    data: {
      object: { id: "sub_1", object: "subscription", customer: "cus_1" },
      previous_attributes: { status: "trialing" },
    },
  });
  const header = (options: { secret?: string; timestamp?: number; body?: string } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: options.body ?? payload,
      secret: options.secret ?? secret,
      timestamp: options.timestamp ?? at,
    });

  it("accepts an event signed with the endpoint's secret and reads it", () => {
    expect(provider.verifyWebhook(payload, header(), receivedAt)).toEqual({
      id: "evt_1",
      type: "customer.subscription.updated",
      createdAt: START,
      customerId: "cus_1",
      data: { id: "sub_1", object: "subscription", customer: "cus_1" },
      previous: { status: "trialing" },
    });
    // Within the 5-minute tolerance either way.
    expect(provider.verifyWebhook(payload, header({ timestamp: at - 299 }), receivedAt).id).toBe("evt_1");
    expect(provider.verifyWebhook(payload, header({ timestamp: at + 299 }), receivedAt).id).toBe("evt_1");
  });

  it.each([
    ["a wrong secret", () => header({ secret: "whsec_someone_else" }), payload],
    ["a timestamp over 5 minutes old", () => header({ timestamp: at - 301 }), payload],
    ["a timestamp over 5 minutes ahead", () => header({ timestamp: at + 301 }), payload],
    ["a body changed after signing", () => header(), payload.replace("trialing", "active")],
    ["no signature header", () => null, payload],
  ])("refuses %s", (_case, makeHeader, body) => {
    expect(() => provider.verifyWebhook(body, makeHeader(), receivedAt)).toThrow(WebhookSignatureError);
  });
});

describe.each(testDialects)("Stripe to premium through the webhook on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const context = useFakeStripe();

  async function deliver(type: string, subscriptionId: string) {
    const { payload, header } = context.fake.signedEvent(type, context.fake.subscriptionJson(subscriptionId));
    return receivePaymentWebhook(database.db, context.provider, payload, header);
  }

  it("a paid checkout and its signed event make the account premium; cancelled, it lasts to the period end", async () => {
    testClock.set(START);
    const user = await createUser(database.db, { email: "learner@example.org", passwordHash: null });
    const { customerId } = await context.provider.createCustomer({ userId: user.id, email: user.email });
    await saveBillingCustomer(database.db, { userId: user.id, provider: "stripe", customerId });
    const { sessionId } = await context.provider.createCheckout(checkoutRequest(user.id, customerId));
    const subscription = context.fake.completeCheckout(sessionId);
    const periodEnd = iso(subscription.items.data[0]!.current_period_end);

    expect(await deliver("customer.subscription.created", subscription.id)).toEqual({
      status: 200,
      body: "Processed.",
    });
    const [row] = await listSubscriptions(database.db, user.id);
    expect(row).toMatchObject({
      provider: "stripe",
      customerId,
      subscriptionId: subscription.id,
      status: "active",
      plan: "monthly",
      amountMinor: 499,
      currency: "EUR",
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      firstPaymentAt: START,
    });
    expect((await findUserById(database.db, user.id))?.isPremium).toBe(true);

    testClock.set("2030-02-10T00:00:00.000Z");
    await context.provider.setCancelAtPeriodEnd(subscription.id, true);
    expect(await deliver("customer.subscription.updated", subscription.id)).toMatchObject({ status: 200 });
    expect((await listSubscriptions(database.db, user.id))[0]).toMatchObject({ cancelAtPeriodEnd: true });

    testClock.set(Date.parse(periodEnd) - 1000);
    expect((await findUserById(database.db, user.id))?.isPremium).toBe(true);
    testClock.set(Date.parse(periodEnd) + 1000);
    expect((await findUserById(database.db, user.id))?.isPremium).toBe(false);

    // Stripe ends it and says so; the account stays free.
    context.fake.advancePeriod(subscription.id);
    expect(await deliver("customer.subscription.deleted", subscription.id)).toMatchObject({ status: 200 });
    expect((await listSubscriptions(database.db, user.id))[0]).toMatchObject({
      status: "canceled",
      endedAt: periodEnd,
    });
    expect((await findUserById(database.db, user.id))?.isPremium).toBe(false);
    expect(mails.types.slice(-3)).toEqual([
      "customer.subscription.created",
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
  });

  it("refuses an event signed with another secret and changes nothing", async () => {
    testClock.set(START);
    const user = await createUser(database.db, { email: "forger@example.org", passwordHash: null });
    const { customerId } = await context.provider.createCustomer({ userId: user.id, email: user.email });
    await saveBillingCustomer(database.db, { userId: user.id, provider: "stripe", customerId });
    const { sessionId } = await context.provider.createCheckout(checkoutRequest(user.id, customerId));
    const subscription = context.fake.completeCheckout(sessionId);
    const forged = context.fake.signedEvent(
      "customer.subscription.created",
      context.fake.subscriptionJson(subscription.id),
      {
        secret: "whsec_not_stripe",
      },
    );
    expect(await receivePaymentWebhook(database.db, context.provider, forged.payload, forged.header)).toMatchObject({
      status: 400,
    });
    expect(await listSubscriptions(database.db, user.id)).toEqual([]);
    expect((await findUserById(database.db, user.id))?.isPremium).toBe(false);
  });
});
