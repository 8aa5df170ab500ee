import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { CARD, testCard, useWebhookEndpoint } from "#tests/setup/test-mode-payments";
import { saveBillingCustomer } from "#app/models/billing-customer.server";
import { findTestObject } from "#app/models/test-provider-object.server";
import { createUser, findUserById } from "#app/models/user.server";
import { PaymentProviderError, WebhookSignatureError, type PlanPrice } from "./payment-provider";
import { verifySignedEvent } from "./signed-event.server";
import { CARD_DECLINED_MESSAGE, CONFIRMATION_FAILED_MESSAGE } from "./test-cards";
import { DELIVERY_RETRY_DELAYS_MS } from "./test-provider-ledger.server";
import { createTestProvider, runTestProviderTick, type TestPaymentProvider } from "./test-provider.server";
import { receivePaymentWebhook } from "./webhook.server";

const mails = vi.hoisted(() => ({ sent: [] as { type: string; userId: string }[] }));
vi.mock("./billing-mail.server", () => ({
  sendBillingMail: async (_db: unknown, _provider: unknown, event: { type: string }, userId: string) => {
    mails.sent.push({ type: event.type, userId });
  },
}));

const SECRET = "whsec_test_mode_provider_secret";
const START = "2030-01-15T10:00:00.000Z";
const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHLY: PlanPrice = { plan: "monthly", amountMinor: 499, currency: "EUR" };
const YEARLY: PlanPrice = { plan: "yearly", amountMinor: 3999, currency: "EUR" };
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** A loopback port that nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(testDialects)("the test-mode payment provider on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const endpoint = useWebhookEndpoint(SECRET);
  let current: TestPaymentProvider | undefined;
  const provider = () =>
    (current ??= createTestProvider({ db: database.db, webhookSecret: SECRET, webhookUrl: endpoint.url }));
  const tick = () => runTestProviderTick(database.db, provider());
  const typesOf = (customerId: string) => endpoint.eventsOf(customerId).map((event) => event.type);

  /** A customer who opens a checkout and pays it with `card`; the clock stands at START unless set. */
  async function subscribe({
    card = CARD.succeeds,
    trialDays = 0,
    price = MONTHLY,
  }: { card?: string; trialDays?: number; price?: PlanPrice } = {}) {
    const userId = crypto.randomUUID();
    const { customerId } = await provider().createCustomer({ userId, email: `${userId}@example.org` });
    const { sessionId, url } = await provider().createCheckout({
      userId,
      customerId,
      price,
      trialDays,
      successUrl: "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/cancel",
    });
    const outcome = await provider().payCheckout(sessionId, testCard(card));
    const subscription = async () => (await provider().listSubscriptions(customerId))[0];
    return { userId, customerId, sessionId, url, outcome, subscription };
  }

  describe("checkout", () => {
    it("pays with 4242: an active subscription, a paid invoice and three webhooks signed like Stripe's", async () => {
      testClock.set(START);
      const { userId, customerId, sessionId, url, outcome, subscription } = await subscribe();

      expect(url).toBe(`${endpoint.origin}/test-payments/checkout/${sessionId}`);
      expect(sessionId).toMatch(/^cs_test_[A-Za-z0-9_-]{43}$/);
      expect(outcome).toEqual({ kind: "paid", redirectTo: `http://localhost:3000/success?session_id=${sessionId}` });
      const reading = await subscription();
      expect(reading).toMatchObject({
        customerId,
        status: "active",
        plan: "monthly",
        amountMinor: 499,
        currency: "EUR",
        currentPeriodEnd: "2030-02-15T10:00:00.000Z",
        trialEnd: null,
        cancelAtPeriodEnd: false,
        pastDueSince: null,
        pausedFrom: null,
        firstPaymentAt: START,
        endedAt: null,
      });
      expect(await provider().getCheckout(sessionId)).toEqual({
        sessionId,
        clientReference: userId,
        customerId,
        subscriptionId: reading!.subscriptionId,
        status: "complete",
      });

      const events = endpoint.eventsOf(customerId);
      expect(events.map((event) => event.type)).toEqual([
        "customer.subscription.created",
        "invoice.paid",
        "checkout.session.completed",
      ]);
      const [created, paid, completed] = events;
      expect(created!.data).toMatchObject({
        object: "subscription",
        id: reading!.subscriptionId,
        status: "active",
        items: { data: [{ current_period_end: seconds("2030-02-15T10:00:00.000Z"), price: { unit_amount: 499 } }] },
      });
      expect(paid!.data).toMatchObject({
        object: "invoice",
        amount_due: 499,
        amount_paid: 499,
        currency: "eur",
        status: "paid",
        billing_reason: "subscription_create",
        parent: { subscription_details: { subscription: reading!.subscriptionId } },
        status_transitions: { paid_at: seconds(START) },
      });
      expect(paid!.data.number).toMatch(/^[0-9A-F]{8}-0001$/);
      expect(paid!.data.hosted_invoice_url).toMatch(
        new RegExp(`^${endpoint.origin}/test-payments/invoices/in_test_[A-Za-z0-9_-]{43}$`),
      );
      expect(completed!.data).toMatchObject({
        object: "checkout.session",
        id: sessionId,
        client_reference_id: userId,
        customer: customerId,
        subscription: reading!.subscriptionId,
        status: "complete",
        payment_status: "paid",
      });

      // Each delivery carries a Stripe-Signature the SDK's verifier accepts, and no other secret's.
      const ours = endpoint.deliveries.filter((delivery) => delivery.event?.customerId === customerId);
      expect(ours).toHaveLength(3);
      for (const delivery of ours) {
        expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifySignedEvent(delivery.body, delivery.signature, SECRET, new Date(START)).id).toBe(
          delivery.event!.id,
        );
        expect(() => verifySignedEvent(delivery.body, delivery.signature, "whsec_other", new Date(START))).toThrow(
          WebhookSignatureError,
        );
      }
      expect(provider().verifyWebhook(ours[0]!.body, ours[0]!.signature, new Date(START)).type).toBe(
        "customer.subscription.created",
      );

      expect((await provider().readCheckout(sessionId))!.status).toBe("complete");
      expect(await provider().payCheckout(sessionId, testCard(CARD.succeeds))).toEqual({ kind: "closed" });
      expect(await provider().listSubscriptions(customerId)).toHaveLength(1);
    });

    it("shows what is bought, then declines 0002 with the card's message and changes nothing", async () => {
      testClock.set(START);
      const { customerId, sessionId, outcome } = await subscribe({ card: CARD.declined, trialDays: 7 });
      expect(outcome).toEqual({ kind: "declined", message: CARD_DECLINED_MESSAGE });
      expect(await provider().listSubscriptions(customerId)).toEqual([]);
      expect(typesOf(customerId)).toEqual([]);
      expect(await provider().readCheckout(sessionId)).toMatchObject({
        status: "open",
        plan: "monthly",
        amountMinor: 499,
        currency: "EUR",
        trialDays: 7,
        firstChargeAt: "2030-01-22T10:00:00.000Z",
        awaitingConfirmation: null,
        cancelUrl: "http://localhost:3000/cancel",
      });
      expect((await provider().getCheckout(sessionId))!.status).toBe("open");
    });

    it("asks 3155 for an extra confirmation: a failed one charges nothing, a completed one pays", async () => {
      testClock.set(START);
      const { customerId, sessionId, outcome } = await subscribe({ card: CARD.confirmation });
      expect(outcome).toEqual({ kind: "confirm" });
      expect((await provider().readCheckout(sessionId))!.awaitingConfirmation).toEqual({ last4: "3155" });
      // While it waits, another card cannot jump the queue.
      expect(await provider().payCheckout(sessionId, testCard(CARD.succeeds))).toEqual({ kind: "confirm" });

      expect(await provider().confirmCheckout(sessionId, false)).toEqual({
        kind: "declined",
        message: CONFIRMATION_FAILED_MESSAGE,
      });
      expect((await provider().readCheckout(sessionId))!.awaitingConfirmation).toBeNull();
      expect(await provider().listSubscriptions(customerId)).toEqual([]);
      expect(await provider().confirmCheckout(sessionId, true)).toEqual({ kind: "closed" });

      expect(await provider().payCheckout(sessionId, testCard(CARD.confirmation))).toEqual({ kind: "confirm" });
      expect(await provider().confirmCheckout(sessionId, true)).toMatchObject({ kind: "paid" });
      expect((await provider().listSubscriptions(customerId))[0]).toMatchObject({ status: "active" });
      expect(typesOf(customerId)).toContain("checkout.session.completed");
      // The confirmed card, given before it belonged to anyone, is now the customer's card on file.
      const created = endpoint.eventsOf(customerId).find((event) => event.type === "customer.subscription.created")!;
      const card = await findTestObject(database.db, "payment_method", String(created.data.default_payment_method));
      expect(card).toMatchObject({ customerId, data: { object: { customer: customerId, card: { last4: "3155" } } } });
    });

    it("expires an unpaid checkout after a day, or when the app ends it, and refuses to end a paid one", async () => {
      testClock.set(START);
      expect(await provider().readCheckout("cs_test_unknown")).toBeNull();
      expect(await provider().getCheckout("cs_test_unknown")).toBeNull();
      expect(await provider().readCheckout(`cs_test_${"x".repeat(500)}`)).toBeNull();

      const userId = crypto.randomUUID();
      const { customerId } = await provider().createCustomer({ userId, email: "expiry@example.org" });
      const request = {
        userId,
        customerId,
        price: MONTHLY,
        trialDays: 0,
        successUrl: "http://localhost:3000/success",
        cancelUrl: "http://localhost:3000/cancel",
      };
      const late = await provider().createCheckout(request);
      testClock.advance(DAY_MS + 1000);
      expect((await provider().readCheckout(late.sessionId))!.status).toBe("expired");
      expect(await provider().payCheckout(late.sessionId, testCard(CARD.succeeds))).toEqual({ kind: "closed" });
      // The records are shared by every test of the file: the tick expires this one among others.
      expect((await tick()).expiredCheckouts).toBeGreaterThanOrEqual(1);
      expect((await provider().getCheckout(late.sessionId))!.status).toBe("expired");
      expect(typesOf(customerId)).toEqual(["checkout.session.expired"]);

      const replaced = await provider().createCheckout(request);
      await provider().expireCheckout(replaced.sessionId);
      await provider().expireCheckout(replaced.sessionId);
      expect((await provider().getCheckout(replaced.sessionId))!.status).toBe("expired");
      expect(typesOf(customerId)).toEqual(["checkout.session.expired", "checkout.session.expired"]);

      const paid = await provider().createCheckout(request);
      await provider().payCheckout(paid.sessionId, testCard(CARD.succeeds));
      await expect(provider().expireCheckout(paid.sessionId)).rejects.toThrow(PaymentProviderError);
    });

    it("refuses a checkout with no price, an unknown customer or a relative return address", async () => {
      const userId = crypto.randomUUID();
      const { customerId } = await provider().createCustomer({ userId, email: "bad@example.org" });
      const valid = {
        userId,
        customerId,
        price: MONTHLY,
        trialDays: 0,
        successUrl: "http://localhost:3000/success",
        cancelUrl: "http://localhost:3000/cancel",
      };
      await expect(provider().createCheckout({ ...valid, price: { ...MONTHLY, amountMinor: 0 } })).rejects.toThrow();
      await expect(provider().createCheckout({ ...valid, customerId: "cus_test_nobody" })).rejects.toThrow(
        /Unknown test-mode customer/,
      );
      await expect(provider().createCheckout({ ...valid, successUrl: "/success" })).rejects.toThrow();
      await expect(provider().createCheckout({ ...valid, cancelUrl: "javascript:alert(1)" })).rejects.toThrow();
    });

    it("makes one customer per account, however often it is asked", async () => {
      const userId = crypto.randomUUID();
      const first = await provider().createCustomer({ userId, email: "once@example.org" });
      const again = await provider().createCustomer({ userId, email: "once@example.org" });
      expect(again).toEqual(first);
      expect(first.customerId).toMatch(/^cus_test_[0-9a-f]{24}$/);
    });
  });

  describe("the clock", () => {
    it("runs a trial: a €0 invoice, the notice 3 days before its end, then the first charge", async () => {
      testClock.set(START);
      const { customerId, outcome, subscription } = await subscribe({ trialDays: 7 });
      expect(outcome.kind).toBe("paid");
      expect(await subscription()).toMatchObject({
        status: "trialing",
        trialEnd: "2030-01-22T10:00:00.000Z",
        currentPeriodEnd: "2030-01-22T10:00:00.000Z",
        firstPaymentAt: null,
      });
      const [, trialInvoice] = endpoint.eventsOf(customerId);
      expect(trialInvoice!.data).toMatchObject({ amount_paid: 0, amount_due: 0, status: "paid" });

      testClock.set("2030-01-19T09:59:59.000Z");
      await tick();
      expect(typesOf(customerId)).not.toContain("customer.subscription.trial_will_end");
      testClock.set("2030-01-19T10:00:00.000Z");
      await tick();
      await tick();
      expect(typesOf(customerId).filter((type) => type === "customer.subscription.trial_will_end")).toHaveLength(1);

      testClock.set("2030-01-22T10:00:30.000Z");
      await tick();
      expect(await subscription()).toMatchObject({
        status: "active",
        currentPeriodEnd: "2030-02-22T10:00:00.000Z",
        firstPaymentAt: "2030-01-22T10:00:30.000Z",
      });
      const events = endpoint.eventsOf(customerId);
      expect(events.slice(-2).map((event) => event.type)).toEqual(["invoice.paid", "customer.subscription.updated"]);
      expect(events.at(-2)!.data).toMatchObject({ amount_paid: 499, billing_reason: "subscription_cycle" });
      expect(events.at(-1)!.previous).toMatchObject({ status: "trialing" });
    });

    it("ends a trial cancelled before its end without charging", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe({ trialDays: 7 });
      const { subscriptionId } = (await subscription())!;
      await provider().setCancelAtPeriodEnd(subscriptionId, true);
      expect(await subscription()).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true });
      testClock.set("2030-01-22T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({
        status: "canceled",
        endedAt: "2030-01-22T10:00:00.000Z",
        firstPaymentAt: null,
      });
      expect(typesOf(customerId).at(-1)).toBe("customer.subscription.deleted");
      expect(typesOf(customerId)).not.toContain("invoice.payment_failed");
    });

    it("renews at the period end, and ends at the period end once cancelled; resume undoes a cancellation", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe();
      const { subscriptionId } = (await subscription())!;
      testClock.set("2030-02-15T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({ status: "active", currentPeriodEnd: "2030-03-15T10:00:00.000Z" });
      expect(endpoint.eventsOf(customerId).at(-2)!.data).toMatchObject({
        amount_paid: 499,
        number: expect.stringMatching(/-0002$/),
      });

      await provider().setCancelAtPeriodEnd(subscriptionId, true);
      await provider().setCancelAtPeriodEnd(subscriptionId, true);
      const cancelled = endpoint.eventsOf(customerId).at(-1)!;
      expect(cancelled.type).toBe("customer.subscription.updated");
      expect(cancelled.previous).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
      expect(cancelled.data).toMatchObject({
        cancel_at_period_end: true,
        cancel_at: seconds("2030-03-15T10:00:00.000Z"),
      });
      await provider().setCancelAtPeriodEnd(subscriptionId, false);
      expect(await subscription()).toMatchObject({ cancelAtPeriodEnd: false });
      await provider().setCancelAtPeriodEnd(subscriptionId, true);

      testClock.set("2030-03-15T09:59:00.000Z");
      await tick();
      expect((await subscription())!.status).toBe("active");
      testClock.set("2030-03-15T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({ status: "canceled", endedAt: "2030-03-15T10:00:00.000Z" });
      expect(typesOf(customerId).at(-1)).toBe("customer.subscription.deleted");
      // Two payments in all: nothing was charged at the cancelled period's end.
      expect(typesOf(customerId).filter((type) => type === "invoice.paid")).toHaveLength(2);
      await expect(provider().setCancelAtPeriodEnd(subscriptionId, false)).rejects.toThrow(PaymentProviderError);
    });

    it("retries a failed renewal daily over the grace, then the subscription is unpaid", async () => {
      testClock.set(START);
      const { customerId, outcome, subscription } = await subscribe({ card: CARD.failsLater });
      // 0341 is accepted, and pays, at the checkout.
      expect(outcome.kind).toBe("paid");
      expect((await subscription())!.status).toBe("active");

      testClock.set("2030-02-15T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({
        status: "past_due",
        pastDueSince: "2030-02-15T10:00:00.000Z",
        currentPeriodEnd: "2030-03-15T10:00:00.000Z",
      });
      const failed = endpoint.eventsOf(customerId).filter((event) => event.type === "invoice.payment_failed");
      expect(failed).toHaveLength(1);
      expect(failed[0]!.data).toMatchObject({
        status: "open",
        amount_due: 499,
        attempt_count: 1,
        next_payment_attempt: seconds("2030-02-16T10:00:00.000Z"),
      });

      for (const day of ["2030-02-16", "2030-02-17"]) {
        testClock.set(`${day}T10:00:00.000Z`);
        await tick();
        expect((await subscription())!.status).toBe("past_due");
      }
      testClock.set("2030-02-18T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({ status: "unpaid", pastDueSince: null });
      expect(typesOf(customerId).filter((type) => type === "invoice.payment_failed")).toHaveLength(4);
      expect(endpoint.eventsOf(customerId).at(-1)!.previous).toMatchObject({ status: "past_due" });
      // Unpaid stays unpaid: no more attempts.
      testClock.set("2030-02-25T10:00:00.000Z");
      await tick();
      expect(typesOf(customerId).filter((type) => type === "invoice.payment_failed")).toHaveLength(4);
    });

    it("pauses: premium's period ends at `from`, nothing is charged until `until`, then it renews", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe();
      const { subscriptionId } = (await subscription())!;
      await provider().pause(subscriptionId, { from: "2030-02-15T10:00:00.000Z", until: "2030-04-15T10:00:00.000Z" });
      expect(await subscription()).toMatchObject({
        status: "active",
        pausedFrom: "2030-02-15T10:00:00.000Z",
        pausedUntil: "2030-04-15T10:00:00.000Z",
      });
      expect(endpoint.eventsOf(customerId).at(-1)!.data).toMatchObject({
        pause_collection: { behavior: "void", resumes_at: seconds("2030-04-15T10:00:00.000Z") },
      });
      await expect(
        provider().pause(subscriptionId, { from: "2030-02-15T10:00:00.000Z", until: "2030-03-15T10:00:00.000Z" }),
      ).rejects.toThrow(PaymentProviderError);

      testClock.set("2030-02-15T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({ status: "active", currentPeriodEnd: "2030-04-15T10:00:00.000Z" });
      testClock.set("2030-03-15T10:00:00.000Z");
      await tick();
      expect(typesOf(customerId).filter((type) => type === "invoice.paid")).toHaveLength(1);

      testClock.set("2030-04-15T10:00:00.000Z");
      await tick();
      expect(await subscription()).toMatchObject({
        status: "active",
        pausedFrom: null,
        pausedUntil: null,
        currentPeriodEnd: "2030-05-15T10:00:00.000Z",
      });
      expect(typesOf(customerId).filter((type) => type === "invoice.paid")).toHaveLength(2);
    });

    it("unpauses before the pause begins without a charge, and during it with a new period paid now", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe();
      const { subscriptionId } = (await subscription())!;
      const pause = { from: "2030-02-15T10:00:00.000Z", until: "2030-05-15T10:00:00.000Z" };
      await provider().pause(subscriptionId, pause);
      await provider().unpause(subscriptionId);
      expect(await subscription()).toMatchObject({ pausedFrom: null, currentPeriodEnd: "2030-02-15T10:00:00.000Z" });
      expect(typesOf(customerId).filter((type) => type === "invoice.paid")).toHaveLength(1);

      await provider().pause(subscriptionId, pause);
      testClock.set("2030-02-15T10:00:00.000Z");
      await tick();
      testClock.set("2030-03-01T12:00:00.000Z");
      await provider().unpause(subscriptionId);
      expect(await subscription()).toMatchObject({
        status: "active",
        pausedFrom: null,
        currentPeriodEnd: "2030-04-01T12:00:00.000Z",
      });
      expect(typesOf(customerId).filter((type) => type === "invoice.paid")).toHaveLength(2);
    });

    it("switches plans at once: charges the new price less the unused time, and keeps a larger credit", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe();
      const { subscriptionId } = (await subscription())!;

      // Half of the 31-day period is left: 249.5 cents of it, rounded to 250, are credited.
      testClock.set("2030-01-30T22:00:00.000Z");
      await provider().changePlan(subscriptionId, YEARLY);
      expect(await subscription()).toMatchObject({
        status: "active",
        plan: "yearly",
        amountMinor: 3999,
        currentPeriodEnd: "2031-01-30T22:00:00.000Z",
      });
      const upgrade = endpoint.eventsOf(customerId).at(-2)!;
      expect(upgrade.type).toBe("invoice.paid");
      expect(upgrade.data).toMatchObject({ billing_reason: "subscription_update", total: 3749, amount_paid: 3749 });
      expect(upgrade.data.lines).toMatchObject({ data: [{ amount: 3999 }, { amount: -250 }] });
      expect(endpoint.eventsOf(customerId).at(-1)!.previous).toMatchObject({ items: expect.anything() });

      // An hour later back to monthly: 8759 of the year's 8760 hours are credited (3998.54, so 3999),
      // the month's 499 are taken from it, and 3500 stay on the account.
      testClock.advance(60 * 60 * 1000);
      await provider().changePlan(subscriptionId, MONTHLY);
      expect(await subscription()).toMatchObject({ plan: "monthly", currentPeriodEnd: "2030-02-28T23:00:00.000Z" });
      expect(endpoint.eventsOf(customerId).at(-2)!.data).toMatchObject({
        amount_due: 0,
        amount_paid: 0,
        starting_balance: 0,
        ending_balance: -3500,
      });
      const { url } = await provider().createPortalSession({ customerId, returnUrl: "http://localhost:3000/profile" });
      expect(await provider().readPortal(url.split("/").at(-1)!)).toMatchObject({ status: "open", creditMinor: 3500 });

      // The credit pays the next renewals until it runs out.
      testClock.set("2030-02-28T23:00:00.000Z");
      await tick();
      expect(endpoint.eventsOf(customerId).at(-2)!.data).toMatchObject({
        amount_paid: 0,
        starting_balance: -3500,
        ending_balance: -3001,
      });
      await expect(provider().changePlan(subscriptionId, { ...YEARLY, currency: "USD" })).rejects.toThrow(/USD/);
    });

    it("refuses a plan switch the card cannot pay, and changes nothing", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe({ card: CARD.failsLater });
      const { subscriptionId } = (await subscription())!;
      const before = typesOf(customerId).length;
      await expect(provider().changePlan(subscriptionId, YEARLY)).rejects.toThrow(CARD_DECLINED_MESSAGE);
      expect(await subscription()).toMatchObject({ plan: "monthly", currentPeriodEnd: "2030-02-15T10:00:00.000Z" });
      expect(typesOf(customerId)).toHaveLength(before);
    });

    it("withdraws: refunds every payment since the first in full and ends the subscription at once", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe();
      const { subscriptionId, firstPaymentAt } = (await subscription())!;
      testClock.set("2030-01-20T10:00:00.000Z");
      await provider().changePlan(subscriptionId, YEARLY);
      const paid = endpoint
        .eventsOf(customerId)
        .filter((event) => event.type === "invoice.paid")
        .reduce((sum, event) => sum + (event.data.amount_paid as number), 0);

      testClock.set("2030-01-25T10:00:00.000Z");
      expect(await provider().withdraw(subscriptionId, firstPaymentAt!)).toEqual({
        refundedMinor: paid,
        currency: "EUR",
      });
      expect(await subscription()).toMatchObject({ status: "canceled", endedAt: "2030-01-25T10:00:00.000Z" });
      const tail = endpoint.eventsOf(customerId).slice(-3);
      expect(tail.map((event) => event.type)).toEqual([
        "charge.refunded",
        "charge.refunded",
        "customer.subscription.deleted",
      ]);
      for (const refund of tail.slice(0, 2)) {
        expect(refund.data.amount_refunded).toBe(refund.data.amount);
        expect(refund.previous).toMatchObject({ amount_refunded: 0, refunded: false });
      }
      // A second withdrawal finds nothing left to refund.
      expect(await provider().withdraw(subscriptionId, firstPaymentAt!)).toEqual({ refundedMinor: 0, currency: "EUR" });
    });

    it("cancels at once without a refund", async () => {
      testClock.set(START);
      const { customerId, subscription } = await subscribe();
      const { subscriptionId } = (await subscription())!;
      await provider().cancelNow(subscriptionId);
      await provider().cancelNow(subscriptionId);
      expect(await subscription()).toMatchObject({ status: "canceled", endedAt: START });
      expect(typesOf(customerId).filter((type) => type === "customer.subscription.deleted")).toHaveLength(1);
      expect(typesOf(customerId)).not.toContain("charge.refunded");
    });
  });

  describe("delivery", () => {
    it("retries an event the endpoint refused with a 500, with a growing wait, until it is taken", async () => {
      testClock.set(START);
      endpoint.answer = "fail";
      try {
        const { customerId, sessionId } = await subscribe();
        const refused = endpoint.deliveries.filter((delivery) => delivery.event?.customerId === customerId).length;
        expect(refused).toBe(3);
        const completed = endpoint.eventsOf(customerId).at(-1)!;
        const stored = await findTestObject(database.db, "event", completed.id);
        expect(stored).toMatchObject({
          attempts: 1,
          dueAt: new Date(Date.parse(START) + DELIVERY_RETRY_DELAYS_MS[0]!).toISOString(),
        });
        expect(stored!.data).toMatchObject({
          internal: { deliveredAt: null, lastError: "HTTP 500 failing on purpose" },
        });

        // Not before its wait is over.
        testClock.advance(DELIVERY_RETRY_DELAYS_MS[0]! - 1000);
        expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
        testClock.advance(1000);
        expect(await tick()).toMatchObject({ delivered: 0, failed: 3 });
        expect(await findTestObject(database.db, "event", completed.id)).toMatchObject({
          attempts: 2,
          dueAt: new Date(
            Date.parse(START) + DELIVERY_RETRY_DELAYS_MS[0]! + DELIVERY_RETRY_DELAYS_MS[1]!,
          ).toISOString(),
        });

        endpoint.answer = "ok";
        testClock.advance(DELIVERY_RETRY_DELAYS_MS[1]!);
        expect(await tick()).toMatchObject({ delivered: 3, failed: 0 });
        expect(await findTestObject(database.db, "event", completed.id)).toMatchObject({ attempts: 3, dueAt: null });
        expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
        // The same event, delivered again: the same id, so the app applies it once.
        const ids = endpoint.eventsOf(customerId).map((event) => event.id);
        expect(new Set(ids).size).toBe(3);
        expect(ids).toHaveLength(9);
        expect((await provider().getCheckout(sessionId))!.status).toBe("complete");
      } finally {
        endpoint.answer = "ok";
      }
    });

    it("keeps an event for the tick when the endpoint cannot be reached, and gives it up after three days", async () => {
      testClock.set(START);
      // Another instance of the provider, on the same records, whose webhook URL nothing listens on.
      const unreachable = createTestProvider({
        db: database.db,
        webhookSecret: SECRET,
        webhookUrl: `http://127.0.0.1:${await closedPort()}/api/webhooks/payments`,
      });
      const userId = crypto.randomUUID();
      const { customerId } = await unreachable.createCustomer({ userId, email: "unreachable@example.org" });
      const { sessionId } = await unreachable.createCheckout({
        userId,
        customerId,
        price: MONTHLY,
        trialDays: 0,
        successUrl: "http://localhost:3000/success",
        cancelUrl: "http://localhost:3000/cancel",
      });
      expect((await unreachable.payCheckout(sessionId, testCard(CARD.succeeds))).kind).toBe("paid");
      expect(typesOf(customerId)).toEqual([]);

      // Every retry fails too, and after the last wait (about three days) the events are given up.
      for (const wait of DELIVERY_RETRY_DELAYS_MS) {
        testClock.advance(wait);
        expect(await runTestProviderTick(database.db, unreachable)).toMatchObject({ failed: 3 });
      }
      const given = await database.db
        .selectFrom("test_provider_objects")
        .select(["deliver_after", "attempts"])
        .where("kind", "=", "event")
        .where("customer_id", "=", customerId)
        .execute();
      expect(given).toHaveLength(3);
      expect(given.every((row) => row.deliver_after === null && Number(row.attempts) === 9)).toBe(true);

      // The subscription's own clock goes on: the renewal's events wait for a tick that can send them.
      testClock.set("2030-02-15T10:00:00.000Z");
      expect((await runTestProviderTick(database.db, unreachable)).subscriptionSteps).toBeGreaterThanOrEqual(1);
      expect(typesOf(customerId)).toEqual([]);
      testClock.advance(DELIVERY_RETRY_DELAYS_MS[0]!);
      expect((await tick()).delivered).toBeGreaterThanOrEqual(2);
      // Retried events come in no guaranteed order, as Stripe's do not.
      expect(typesOf(customerId).toSorted()).toEqual(["customer.subscription.updated", "invoice.paid"]);
    });
  });

  it("takes a learner from a test-mode checkout to premium through the app's own webhook handling", async () => {
    testClock.set(START);
    mails.sent = [];
    endpoint.answer = (body, signature) => receivePaymentWebhook(database.db, provider(), body, signature);
    try {
      const user = await createUser(database.db, { email: "learner-premium@example.org", passwordHash: null });
      const { customerId } = await provider().createCustomer({ userId: user.id, email: user.email });
      await saveBillingCustomer(database.db, { userId: user.id, provider: "test", customerId });
      expect((await findUserById(database.db, user.id))!.isPremium).toBe(false);

      const { sessionId } = await provider().createCheckout({
        userId: user.id,
        customerId,
        price: MONTHLY,
        trialDays: 7,
        successUrl: "http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}",
        cancelUrl: "http://localhost:3000/cancel",
      });
      expect((await provider().payCheckout(sessionId, testCard(CARD.succeeds))).kind).toBe("paid");

      const premium = await findUserById(database.db, user.id);
      expect(premium!.isPremium).toBe(true);
      // Trialing: premium until the trial's end and the renewal leeway (entitlements.ts).
      expect(premium!.premiumUntil).toBe("2030-01-24T10:00:00.000Z");
      const events = await database.db
        .selectFrom("payment_events")
        .select(["type", "state"])
        .where("customer_id", "=", customerId)
        .execute();
      expect(events).toHaveLength(3);
      expect(events.every((event) => event.state === "done")).toBe(true);
      expect(mails.sent.map((mail) => mail.type)).toEqual([
        "customer.subscription.created",
        "invoice.paid",
        "checkout.session.completed",
      ]);

      // The trial's end converts it through the same path: the app's premium moves with the period.
      testClock.set("2030-01-22T10:00:00.000Z");
      await tick();
      expect((await findUserById(database.db, user.id))!.premiumUntil).toBe("2030-02-24T10:00:00.000Z");
      // A withdrawal ends premium at once.
      const [reading] = await provider().listSubscriptions(customerId);
      await provider().withdraw(reading!.subscriptionId, reading!.firstPaymentAt!);
      expect((await findUserById(database.db, user.id))!.isPremium).toBe(false);
      expect(mails.sent.map((mail) => mail.type)).toContain("charge.refunded");
    } finally {
      endpoint.answer = "ok";
    }
  });
});
