import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, type ActionResult } from "#tests/setup/action-result";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { CARD, useWebhookEndpoint } from "#tests/setup/test-mode-payments";
import type { PaymentProvider } from "#app/billing/payment-provider";
import { setPaymentProvider } from "#app/billing/provider.server";
import { createTestProvider, type TestPaymentProvider } from "#app/billing/test-provider.server";
import { writeSetting } from "#app/models/app-settings.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const checkoutRoute = await import("./test-checkout");
const portalRoute = await import("./test-portal");
const invoiceRoute = await import("./test-invoice");

const SECRET = "whsec_hosted_pages_secret";
const APP = "http://localhost:3000";
const START = "2030-03-10T12:00:00.000Z";
const VALID_CARD = { cardName: "Ada Lovelace", cardExpiry: "12/34", cardCvc: "123" };

/** What a loader or action answered, a thrown Response or data() included. */
async function answer(run: () => unknown): Promise<ActionResult> {
  try {
    return await actionResult(await run());
  } catch (thrown) {
    return actionResult(thrown);
  }
}

describe.each(testDialects)("the hosted test-mode pages on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const endpoint = useWebhookEndpoint(SECRET);
  let provider: TestPaymentProvider;

  function activate(): TestPaymentProvider {
    current.handle = database;
    provider ??= createTestProvider({
      db: database.db,
      webhookSecret: SECRET,
      webhookUrl: endpoint.url,
      pagesOrigin: APP,
    });
    setPaymentProvider(provider);
    return provider;
  }

  async function openCheckout({ trialDays = 0 } = {}) {
    const userId = crypto.randomUUID();
    const { customerId } = await activate().createCustomer({ userId, email: `${userId}@example.org` });
    const { sessionId, url } = await provider.createCheckout({
      userId,
      customerId,
      price: { plan: "monthly", amountMinor: 499, currency: "EUR" },
      trialDays,
      successUrl: `${APP}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${APP}/cancel?plan=monthly`,
    });
    return { userId, customerId, sessionId, url };
  }

  const checkout = {
    load: (sessionId: string) =>
      answer(() =>
        checkoutRoute.loader({
          request: new Request(`${APP}/test-payments/checkout/${sessionId}`),
          params: { sessionId },
        } as never),
      ),
    post: (sessionId: string, form: Record<string, string>) =>
      answer(() =>
        checkoutRoute.action({
          request: formPost(`${APP}/test-payments/checkout/${sessionId}`, form),
          params: { sessionId },
        } as never),
      ),
  };

  describe("checkout", () => {
    it("shows the session's plan and price, and pays with the posted card at the stored price", async () => {
      testClock.set(START);
      const { customerId, sessionId, url } = await openCheckout();
      expect(url).toBe(`${APP}/test-payments/checkout/${sessionId}`);
      const shown = await checkout.load(sessionId);
      expect(shown.status).toBe(200);
      expect(shown.data).toMatchObject({
        page: { status: "open", plan: "monthly", amountMinor: 499, currency: "EUR", trialDays: 0 },
      });

      // A price in the form is not read: the session's price is charged.
      const paid = await checkout.post(sessionId, {
        intent: "pay",
        cardNumber: CARD.succeeds,
        ...VALID_CARD,
        amountMinor: "1",
        plan: "yearly",
      });
      expect(paid.status).toBe(302);
      expect(paid.headers.get("Location")).toBe(`${APP}/success?session_id=${sessionId}`);
      expect((await provider.listSubscriptions(customerId))[0]).toMatchObject({ plan: "monthly", amountMinor: 499 });
      expect(endpoint.eventsOf(customerId).find((event) => event.type === "invoice.paid")!.data.amount_paid).toBe(499);
      expect((await checkout.load(sessionId)).data).toMatchObject({
        page: { status: "complete", successUrl: `${APP}/success?session_id=${sessionId}` },
      });
    });

    it("says what is wrong with each card field, and keeps what was typed but the CVC", async () => {
      testClock.set(START);
      const { sessionId } = await openCheckout();
      const cases: [Record<string, string>, string, RegExp][] = [
        [{ cardNumber: "" }, "cardNumber", /Enter a card number/],
        [{ cardNumber: "4242 4242 4242 4241" }, "cardNumber", /invalid/],
        [{ cardNumber: "4242 4242" }, "cardNumber", /incomplete/],
        [{ cardNumber: "5555 5555 5555 4444" }, "cardNumber", /not a test card/],
        [{ cardExpiry: "02/30" }, "cardExpiry", /in the past/],
        [{ cardExpiry: "13/34" }, "cardExpiry", /between 01 and 12/],
        [{ cardExpiry: "1234" }, "cardExpiry", /MM\/YY/],
        [{ cardCvc: "12" }, "cardCvc", /3 digits/],
        [{ cardName: "  " }, "cardName", /name on the card/],
      ];
      for (const [change, field, message] of cases) {
        const refused = await checkout.post(sessionId, {
          intent: "pay",
          cardNumber: CARD.succeeds,
          ...VALID_CARD,
          ...change,
        });
        expect(refused.status, field).toBe(400);
        const { errors, values } = refused.data as { errors: Record<string, string>; values: Record<string, string> };
        expect(errors[field], JSON.stringify(change)).toMatch(message);
        expect(values).not.toHaveProperty("cardCvc");
      }
      // This month's expiry is still good.
      const thisMonth = await checkout.post(sessionId, {
        intent: "pay",
        cardNumber: CARD.declined,
        ...VALID_CARD,
        cardExpiry: "03/30",
      });
      expect(thisMonth.status).toBe(402);
      expect(await checkout.post(sessionId, { intent: "refund-me" })).toMatchObject({ status: 400 });
    });

    it("declines 0002 with the card's message; 3155 asks for a confirmation that can fail or complete", async () => {
      testClock.set(START);
      const { customerId, sessionId } = await openCheckout({ trialDays: 7 });
      const declined = await checkout.post(sessionId, { intent: "pay", cardNumber: CARD.declined, ...VALID_CARD });
      expect(declined).toMatchObject({ status: 402, data: { errors: { form: "Your card was declined." } } });
      expect(await provider.listSubscriptions(customerId)).toEqual([]);

      expect(
        await checkout.post(sessionId, { intent: "pay", cardNumber: CARD.confirmation, ...VALID_CARD }),
      ).toMatchObject({
        status: 200,
        data: null,
      });
      expect((await checkout.load(sessionId)).data).toMatchObject({
        page: { awaitingConfirmation: { last4: "3155" } },
      });
      const failed = await checkout.post(sessionId, { intent: "confirm-fail" });
      expect(failed.status).toBe(402);
      expect((failed.data as { errors: { form: string } }).errors.form).toMatch(/could not confirm/);

      await checkout.post(sessionId, { intent: "pay", cardNumber: CARD.confirmation, ...VALID_CARD });
      const completed = await checkout.post(sessionId, { intent: "confirm-complete" });
      expect(completed.status).toBe(302);
      expect((await provider.listSubscriptions(customerId))[0]).toMatchObject({ status: "trialing" });
    });

    it("answers 404 for an unknown session, and does not exist at all with Stripe", async () => {
      activate();
      expect(await checkout.load("cs_test_nothing")).toMatchObject({ status: 404, data: { page: null } });
      setPaymentProvider({ name: "stripe", isTestMode: false } as PaymentProvider);
      try {
        expect((await checkout.load("cs_test_nothing")).status).toBe(404);
        expect((await checkout.post("cs_test_nothing", { intent: "confirm-complete" })).status).toBe(404);
      } finally {
        setPaymentProvider(provider);
      }
    });
  });

  describe("portal", () => {
    async function subscribedPortal({
      trialDays = 0,
      card = CARD.succeeds,
    }: { trialDays?: number; card?: string } = {}) {
      const opened = await openCheckout({ trialDays });
      await checkout.post(opened.sessionId, { intent: "pay", cardNumber: card, ...VALID_CARD });
      const { url } = await provider.createPortalSession({
        customerId: opened.customerId,
        returnUrl: `${APP}/profile`,
      });
      const portalId = url.split("/").at(-1)!;
      const subscriptionId = (await provider.listSubscriptions(opened.customerId))[0]!.subscriptionId;
      return { ...opened, url, portalId, subscriptionId };
    }
    const portal = {
      load: (portalId: string) =>
        answer(() =>
          portalRoute.loader({
            request: new Request(`${APP}/test-payments/portal/${portalId}`),
            params: { portalId },
          } as never),
        ),
      post: (portalId: string, form: Record<string, string>) =>
        answer(() =>
          portalRoute.action({
            request: formPost(`${APP}/test-payments/portal/${portalId}`, form),
            params: { portalId },
          } as never),
        ),
    };

    it("shows the plan, card and invoices; switches to the settings' yearly price; cancels and resumes", async () => {
      testClock.set(START);
      const { customerId, url, portalId, subscriptionId } = await subscribedPortal();
      expect(url).toMatch(new RegExp(`^${APP}/test-payments/portal/bps_test_[A-Za-z0-9_-]{43}$`));
      await writeSetting(database.db, "yearlyPriceMinor", 4200, null);
      try {
        const shown = await portal.load(portalId);
        expect(shown.data).toMatchObject({
          page: {
            status: "open",
            card: { last4: "4242", expMonth: 12, expYear: 2034, name: "Ada Lovelace" },
            subscription: {
              subscriptionId,
              status: "active",
              plan: "monthly",
              nextCharge: { at: "2030-04-10T12:00:00.000Z", amountMinor: 499 },
              clockTargets: [{ target: "period_end", at: "2030-04-10T12:00:00.000Z" }],
            },
            invoices: [{ status: "paid", amountPaidMinor: 499, currency: "EUR" }],
          },
          state: { label: "Active" },
          otherPlan: { plan: "yearly", price: "€42.00 a year" },
        });

        const switched = await portal.post(portalId, { intent: "switch-plan", subscriptionId, plan: "yearly" });
        expect(switched.data).toMatchObject({ message: "You are now on the yearly plan." });
        expect((await provider.listSubscriptions(customerId))[0]).toMatchObject({ plan: "yearly", amountMinor: 4200 });

        expect((await portal.post(portalId, { intent: "cancel", subscriptionId })).data).toMatchObject({
          message: expect.stringMatching(/cancelled/),
        });
        expect((await portal.load(portalId)).data).toMatchObject({
          page: { subscription: { cancelAtPeriodEnd: true, nextCharge: null } },
        });
        await portal.post(portalId, { intent: "resume", subscriptionId });
        expect((await provider.listSubscriptions(customerId))[0]!.cancelAtPeriodEnd).toBe(false);
      } finally {
        await writeSetting(database.db, "yearlyPriceMinor", 3999, null);
      }
    });

    it("moves the test clock: the trial's notice, its end with the first charge, then a renewal", async () => {
      testClock.set(START);
      const { customerId, portalId, subscriptionId } = await subscribedPortal({ trialDays: 7 });
      const targets = async () =>
        (
          (await portal.load(portalId)).data as { page: { subscription: { clockTargets: { target: string }[] } } }
        ).page.subscription.clockTargets.map((moment) => moment.target);
      expect(await targets()).toEqual(["trial_will_end", "trial_end"]);

      const moved = await portal.post(portalId, { intent: "advance-clock", subscriptionId, target: "trial_will_end" });
      expect((moved.data as { message: string }).message).toMatch(/4 days ahead/);
      expect(endpoint.eventsOf(customerId).at(-1)!.type).toBe("customer.subscription.trial_will_end");
      expect(await targets()).toEqual(["trial_end"]);

      await portal.post(portalId, { intent: "advance-clock", subscriptionId, target: "trial_end" });
      const afterTrial = (await provider.listSubscriptions(customerId))[0]!;
      expect(afterTrial).toMatchObject({ status: "active", firstPaymentAt: START });
      // The customer's time moved 7 days: the month now runs from the trial's end, shifted to now.
      expect(afterTrial.currentPeriodEnd).toBe("2030-04-10T12:00:00.000Z");

      await portal.post(portalId, { intent: "advance-clock", subscriptionId, target: "period_end" });
      expect(endpoint.eventsOf(customerId).filter((event) => event.type === "invoice.paid")).toHaveLength(3);
      const refused = await portal.post(portalId, { intent: "advance-clock", subscriptionId, target: "next_retry" });
      expect(refused).toMatchObject({ status: 409, data: { error: expect.stringMatching(/cannot move/) } });
      expect(
        (await portal.post(portalId, { intent: "advance-clock", subscriptionId, target: "tomorrow" })).status,
      ).toBe(400);
    });

    it("takes a failed payment with a new card: 0341 is refused, 3155 after its confirmation, 4242 at once", async () => {
      testClock.set(START);
      const { customerId, portalId, subscriptionId } = await subscribedPortal({ card: CARD.failsLater });
      await portal.post(portalId, { intent: "advance-clock", subscriptionId, target: "period_end" });
      expect((await provider.listSubscriptions(customerId))[0]).toMatchObject({ status: "past_due" });
      expect((await portal.load(portalId)).data).toMatchObject({
        page: { subscription: { clockTargets: [{ target: "next_retry" }] } },
        state: { label: "Payment failed" },
      });

      const again = await portal.post(portalId, { intent: "update-card", cardNumber: CARD.failsLater, ...VALID_CARD });
      expect(again).toMatchObject({ status: 402, data: { errors: { form: "Your card was declined." } } });

      await portal.post(portalId, { intent: "update-card", cardNumber: CARD.confirmation, ...VALID_CARD });
      expect((await portal.load(portalId)).data).toMatchObject({ page: { awaitingConfirmation: { last4: "3155" } } });
      expect((await portal.post(portalId, { intent: "confirm-fail" })).status).toBe(409);
      expect((await portal.load(portalId)).data).toMatchObject({ page: { card: { last4: "0341" } } });

      await portal.post(portalId, { intent: "update-card", cardNumber: CARD.confirmation, ...VALID_CARD });
      const confirmed = await portal.post(portalId, { intent: "confirm-complete" });
      expect((confirmed.data as { message: string }).message).toMatch(/failed payment went through/);
      expect((await provider.listSubscriptions(customerId))[0]).toMatchObject({ status: "active" });
      expect((await portal.load(portalId)).data).toMatchObject({ page: { card: { last4: "3155" } } });
    });

    it("refuses a change to a plan the page no longer shows, and expires after an hour", async () => {
      testClock.set(START);
      const { portalId } = await subscribedPortal();
      const stale = await portal.post(portalId, { intent: "cancel", subscriptionId: "sub_test_other" });
      expect(stale).toMatchObject({ status: 409, data: { error: expect.stringMatching(/out of date/) } });

      testClock.advance(60 * 60 * 1000);
      expect((await portal.load(portalId)).data).toMatchObject({
        page: { status: "expired", returnUrl: `${APP}/profile` },
      });
      expect(
        await portal.post(portalId, { intent: "update-card", cardNumber: CARD.succeeds, ...VALID_CARD }),
      ).toMatchObject({
        status: 200,
        data: null,
      });
      expect(await portal.load("bps_test_unknown")).toMatchObject({ status: 404, data: { page: null } });
    });
  });

  it("shows an invoice at its hosted address, with what was paid and refunded", async () => {
    testClock.set(START);
    const { customerId, sessionId } = await openCheckout();
    await checkout.post(sessionId, { intent: "pay", cardNumber: CARD.succeeds, ...VALID_CARD });
    const paid = endpoint.eventsOf(customerId).find((event) => event.type === "invoice.paid")!.data;
    const invoiceId = String(paid.id);
    expect(paid.hosted_invoice_url).toBe(`${APP}/test-payments/invoices/${invoiceId}`);
    const load = (id: string) =>
      answer(() =>
        invoiceRoute.loader({
          request: new Request(`${APP}/test-payments/invoices/${id}`),
          params: { invoiceId: id },
        } as never),
      );
    expect((await load(invoiceId)).data).toMatchObject({
      invoice: {
        number: paid.number,
        status: "paid",
        amountPaidMinor: 499,
        amountRefundedMinor: 0,
        card: { last4: "4242" },
      },
    });
    const [reading] = await provider.listSubscriptions(customerId);
    await provider.withdraw(reading!.subscriptionId, reading!.firstPaymentAt!);
    expect((await load(invoiceId)).data).toMatchObject({ invoice: { amountRefundedMinor: 499 } });
    expect(await load("in_test_unknown")).toMatchObject({ status: 404, data: { invoice: null } });
  });
});

describe("the hosted pages after a form post", () => {
  const reading = (formMethod: "POST" | undefined, actionStatus: number | undefined) =>
    ({
      currentUrl: new URL(`${APP}/test-payments/checkout/cs_test_1`),
      nextUrl: new URL(`${APP}/test-payments/checkout/cs_test_1`),
      currentParams: {},
      nextParams: {},
      formMethod,
      actionStatus,
      defaultShouldRevalidate: false,
    }) as never;

  it("read the page again after an error status too: a failed confirmation has dropped the card it asked about", () => {
    for (const route of [checkoutRoute, portalRoute]) {
      expect(route.shouldRevalidate(reading("POST", 402))).toBe(true);
      expect(route.shouldRevalidate(reading("POST", 409))).toBe(true);
      expect(route.shouldRevalidate(reading(undefined, undefined))).toBe(false);
    }
  });
});
