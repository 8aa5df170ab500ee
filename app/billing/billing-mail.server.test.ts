import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { publicOrigin } from "#app/http/public-origin.server";
import { saveBillingCustomer } from "#app/models/billing-customer.server";
import { listOutboxMails } from "#app/models/outbox-mail.server";
import { claimPaymentEvent } from "#app/models/payment-event.server";
import { applySubscriptionReadings, type SubscriptionReading } from "#app/models/subscription.server";
import { createUser } from "#app/models/user.server";
import { PLAN_SECTION_PATH, PORTAL_PATH, SUBSCRIBE_PATH } from "./billing-paths";
import type { PaymentEvent, PaymentProvider } from "./payment-provider";

// sendMail keeps mail in the outbox of the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const billingMail = await import("./billing-mail.server");
const { WITHDRAWAL_EVENTS_WINDOW_MS } = billingMail;

/** Sends, then moves the clock on, so the outbox keeps the mails in the order they were sent. */
async function sendBillingMail(...args: Parameters<typeof billingMail.sendBillingMail>) {
  await billingMail.sendBillingMail(...args);
  testClock.advance(1);
}

/** Only the name and the mode are read when mailing; the sync before it is not under test here. */
const stripe = { name: "stripe", isTestMode: false } as PaymentProvider;
const testMode = { name: "test", isTestMode: true } as PaymentProvider;

const NOW = "2030-05-01T10:00:00.000Z";
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe.each(testDialects)("billing mail on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let counter = 0;

  /** A learner who is a customer of `provider`, with the synced subscription `sub_<n>` in the given state. */
  async function customer(reading: Partial<SubscriptionReading> = {}, provider: PaymentProvider = stripe) {
    current.handle = database;
    testClock.set(NOW);
    counter += 1;
    const user = await createUser(database.db, { email: `payer${counter}@example.org`, passwordHash: null });
    const customerId = `cus_${counter}`;
    const subscriptionId = `sub_${counter}`;
    await saveBillingCustomer(database.db, { userId: user.id, provider: provider.name, customerId });
    await applySubscriptionReadings(database.db, {
      userId: user.id,
      provider: provider.name,
      observedAt: NOW,
      readings: [
        {
          customerId,
          subscriptionId,
          plan: "monthly",
          status: "active",
          amountMinor: 499,
          currency: "eur",
          currentPeriodEnd: "2030-06-01T10:00:00.000Z",
          trialEnd: null,
          cancelAtPeriodEnd: false,
          pastDueSince: null,
          pausedFrom: null,
          pausedUntil: null,
          firstPaymentAt: "2030-04-01T10:00:00.000Z",
          endedAt: null,
          ...reading,
        },
      ],
    });
    return { user, customerId, subscriptionId };
  }

  function event(
    type: string,
    data: Record<string, unknown>,
    extra: Partial<Omit<PaymentEvent, "type" | "data">> = {},
  ): PaymentEvent {
    counter += 1;
    return { id: `evt_${counter}`, type, createdAt: NOW, customerId: null, data, previous: null, ...extra };
  }

  /** The mail sent to `email`, oldest first. */
  async function mailTo(email: string) {
    const { mails } = await listOutboxMails(database.db, { page: 1, recipient: email });
    return mails.reverse();
  }

  it("sends a receipt for a paid invoice, with the amount, invoice, plan, period and links", async () => {
    const { user, subscriptionId } = await customer();
    await sendBillingMail(
      database.db,
      stripe,
      event("invoice.paid", {
        object: "invoice",
        amount_paid: 499,
        currency: "eur",
        number: "NL-0042",
        hosted_invoice_url: "https://invoice.stripe.com/i/acct_1/test_abc",
        parent: { subscription_details: { subscription: subscriptionId } },
        lines: { data: [{ period: { start: seconds(NOW), end: seconds("2030-06-01T10:00:00.000Z") } }] },
      }),
      user.id,
    );
    const [mail, ...more] = await mailTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Your Numberlab receipt: €4.99");
    expect(mail!.body).toContain("Amount paid: €4.99\nPaid on: 1 May 2030\nInvoice number: NL-0042");
    expect(mail!.body).toContain("Plan: Premium, monthly (€4.99 a month)");
    expect(mail!.body).toContain("Premium paid for: 1 May 2030 to 1 June 2030");
    expect(mail!.body).toContain("https://invoice.stripe.com/i/acct_1/test_abc");
    expect(mail!.body).toContain(`${publicOrigin()}${PLAN_SECTION_PATH}`);
    expect(mail!.body).not.toContain("Test mode");
  });

  it("sends no receipt for an invoice of nothing, as at the start of a trial", async () => {
    const { user } = await customer({ status: "trialing" });
    await sendBillingMail(database.db, stripe, event("invoice.paid", { amount_paid: 0, currency: "eur" }), user.id);
    expect(await mailTo(user.email)).toEqual([]);
  });

  it("says when the trial ends and what will be charged then, from the subscription's price", async () => {
    const trialEnd = "2030-05-04T10:00:00.000Z";
    const { user, subscriptionId } = await customer({ status: "trialing", trialEnd });
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.trial_will_end", {
        id: subscriptionId,
        trial_end: seconds(trialEnd),
        cancel_at_period_end: false,
        items: { data: [{ price: { unit_amount: 3999, currency: "eur", recurring: { interval: "year" } } }] },
      }),
      user.id,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.subject).toBe("Your Numberlab trial ends on 4 May 2030");
    expect(mail!.body).toContain("ends on 4 May 2030, 10:00 UTC");
    expect(mail!.body).toContain("your card is charged €39.99 for the yearly plan then, and again every year");
    expect(mail!.body).toContain(`${publicOrigin()}${PLAN_SECTION_PATH}`);
  });

  it("takes the price of the trial's end from the synced subscription when the event has none", async () => {
    const trialEnd = "2030-05-04T10:00:00.000Z";
    const { user, subscriptionId } = await customer({ status: "trialing", trialEnd, plan: "monthly" });
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.trial_will_end", { id: subscriptionId, trial_end: seconds(trialEnd) }),
      user.id,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.body).toContain("your card is charged €4.99 for the monthly plan then, and again every month");
  });

  it("tells a learner who cancelled during the trial that nothing will be charged", async () => {
    const trialEnd = "2030-05-04T10:00:00.000Z";
    const { user, subscriptionId } = await customer({ status: "trialing", trialEnd, cancelAtPeriodEnd: true });
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.trial_will_end", {
        id: subscriptionId,
        trial_end: seconds(trialEnd),
        cancel_at_period_end: true,
      }),
      user.id,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.body).toContain("nothing will be charged");
    expect(mail!.body).not.toContain("€");
  });

  it("asks for a new card when a payment fails, with the grace period's end and the portal link", async () => {
    const pastDueSince = "2030-05-01T09:00:00.000Z";
    const { user, subscriptionId } = await customer({ status: "past_due", pastDueSince });
    await sendBillingMail(
      database.db,
      stripe,
      event("invoice.payment_failed", {
        amount_due: 499,
        currency: "eur",
        number: "NL-0043",
        parent: { subscription_details: { subscription: { id: subscriptionId, object: "subscription" } } },
      }),
      user.id,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.subject).toBe("Your Numberlab payment failed: please update your card");
    expect(mail!.body).toContain("We could not take your payment of €4.99 for Numberlab Premium (invoice NL-0043).");
    // The 3-day grace counts from the first failure.
    expect(mail!.body).toContain(
      "Premium stays open for 3 days while the card is tried again, until 4 May 2030, 09:00 UTC.",
    );
    expect(mail!.body).toContain(`update your card here: ${publicOrigin()}${PORTAL_PATH}`);
  });

  it("confirms a cancellation at period end with the date premium ends and how to resume", async () => {
    const periodEnd = "2030-06-01T10:00:00.000Z";
    const { user, subscriptionId } = await customer({ cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd });
    const data = {
      id: subscriptionId,
      status: "active",
      cancel_at_period_end: true,
      items: { data: [{ current_period_end: seconds(periodEnd) }] },
    };
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.updated", data, { previous: { cancel_at_period_end: false } }),
      user.id,
    );
    const [mail, ...more] = await mailTo(user.email);
    expect(mail!.subject).toBe("Your Numberlab subscription is cancelled: premium until 1 June 2030");
    expect(mail!.body).toContain(
      "Premium stays open until 1 June 2030, 10:00 UTC, the end of the time you have paid for.",
    );
    expect(mail!.body).toContain(
      `Resume the subscription before then from Your plan in your profile: ${publicOrigin()}${PLAN_SECTION_PATH}`,
    );
    expect(more).toEqual([]);

    // Other changes of the subscription (a plan switch, a renewal, a resumption) send nothing.
    await sendBillingMail(database.db, stripe, event("customer.subscription.updated", data), user.id);
    await sendBillingMail(
      database.db,
      stripe,
      event(
        "customer.subscription.updated",
        { ...data, cancel_at_period_end: false },
        { previous: { cancel_at_period_end: true } },
      ),
      user.id,
    );
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.updated", data, { previous: { items: {} } }),
      user.id,
    );
    expect(await mailTo(user.email)).toHaveLength(1);
  });

  it("names the trial's end when a trial is cancelled, preferring the provider's cancel_at", async () => {
    const { user, subscriptionId } = await customer({ status: "trialing", cancelAtPeriodEnd: true });
    await sendBillingMail(
      database.db,
      stripe,
      event(
        "customer.subscription.updated",
        {
          id: subscriptionId,
          status: "trialing",
          cancel_at_period_end: true,
          cancel_at: seconds("2030-05-08T10:00:00.000Z"),
          items: { data: [{ current_period_end: seconds("2030-06-01T10:00:00.000Z") }] },
        },
        { previous: { cancel_at_period_end: false } },
      ),
      user.id,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.body).toContain("until 8 May 2030, 10:00 UTC, the end of your free trial");
  });

  it("says when a subscription has ended, unless a withdrawal's refund of the same customer just said so", async () => {
    const ended = await customer({ status: "canceled", endedAt: NOW });
    await sendBillingMail(
      database.db,
      stripe,
      event(
        "customer.subscription.deleted",
        { id: ended.subscriptionId, ended_at: seconds(NOW) },
        { customerId: ended.customerId },
      ),
      ended.user.id,
    );
    const [mail] = await mailTo(ended.user.email);
    expect(mail!.subject).toBe("Your Numberlab subscription has ended");
    expect(mail!.body).toContain("ended on 1 May 2030");
    expect(mail!.body).toContain("Your account is on the free plan now");
    expect(mail!.body).toContain(`${publicOrigin()}${SUBSCRIBE_PATH}`);

    const withdrawn = await customer({ status: "canceled", endedAt: NOW });
    const refund = event("charge.refunded", {}, { customerId: withdrawn.customerId, createdAt: NOW });
    expect(await claimPaymentEvent(database.db, "stripe", refund)).toBe("claimed");
    // The deletion was sent a few seconds after the refund, whichever arrives first.
    await sendBillingMail(
      database.db,
      stripe,
      event(
        "customer.subscription.deleted",
        { id: withdrawn.subscriptionId },
        { customerId: withdrawn.customerId, createdAt: "2030-05-01T10:00:03.000Z" },
      ),
      withdrawn.user.id,
    );
    expect(await mailTo(withdrawn.user.email)).toEqual([]);

    // A refund long before (or of another customer, or under another provider) is not this ending.
    await sendBillingMail(
      database.db,
      stripe,
      event(
        "customer.subscription.deleted",
        { id: withdrawn.subscriptionId },
        {
          customerId: withdrawn.customerId,
          createdAt: new Date(Date.parse(NOW) + WITHDRAWAL_EVENTS_WINDOW_MS + 1000).toISOString(),
        },
      ),
      withdrawn.user.id,
    );
    expect(await mailTo(withdrawn.user.email)).toHaveLength(1);
  });

  it("confirms a refund with the amount and currency, in full or in part", async () => {
    const { user, customerId } = await customer({ status: "canceled", endedAt: NOW });
    await sendBillingMail(
      database.db,
      stripe,
      event("charge.refunded", { amount: 499, amount_refunded: 499, currency: "eur" }, { customerId }),
      user.id,
    );
    await sendBillingMail(
      database.db,
      stripe,
      event("charge.refunded", { amount: 3900, amount_refunded: 1200, currency: "jpy" }, { customerId }),
      user.id,
    );
    const [full, partial] = await mailTo(user.email);
    expect(full!.subject).toBe("Your Numberlab refund: €4.99");
    expect(full!.body).toContain("We have refunded your payment of €4.99 in full");
    expect(full!.body).toContain("Your account is on the free plan now");
    expect(partial!.body).toContain("We have refunded ¥1,200 of your payment of ¥3,900");
  });

  it("says so in test mode", async () => {
    const { user, customerId } = await customer({}, testMode);
    await sendBillingMail(
      database.db,
      testMode,
      event("charge.refunded", { amount: 499, amount_refunded: 499, currency: "eur" }, { customerId }),
      user.id,
    );
    const [mail] = await mailTo(user.email);
    expect(mail!.body).toContain("Test mode: no real money was charged or refunded.");
  });

  it("sends nothing for other events, nor to an account that no longer exists", async () => {
    const { user } = await customer();
    for (const type of [
      "customer.subscription.created",
      "checkout.session.completed",
      "invoice.created",
      "refund.created",
    ]) {
      await sendBillingMail(database.db, stripe, event(type, { amount_paid: 499, currency: "eur" }), user.id);
    }
    await sendBillingMail(
      database.db,
      stripe,
      event("invoice.paid", { amount_paid: 499, currency: "eur" }),
      crypto.randomUUID(),
    );
    expect(await mailTo(user.email)).toEqual([]);
  });

  it("never throws on malformed data: it leaves the detail out, or the mail when the detail is the point, and logs", async () => {
    const { user } = await customer();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    // The amount is what a receipt is about: none without it.
    await sendBillingMail(
      database.db,
      stripe,
      event("invoice.paid", { amount_paid: "4.99", currency: "eur" }),
      user.id,
    );
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("not sent, for lack of amount_paid"));
    await sendBillingMail(database.db, stripe, event("invoice.paid", { amount_paid: 499, currency: "xyz" }), user.id);
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("not sent, for lack of currency"));
    expect(await mailTo(user.email)).toEqual([]);

    // A malformed invoice number, link and period are left out of a receipt that is still sent.
    await sendBillingMail(
      database.db,
      stripe,
      event("invoice.paid", {
        amount_paid: 499,
        currency: "EUR",
        number: 42,
        hosted_invoice_url: "javascript:alert(1)",
        lines: { data: "none" },
        parent: { subscription_details: { subscription: ["sub_x"] } },
      }),
      user.id,
    );
    expect(warn).toHaveBeenLastCalledWith(
      expect.stringMatching(/sent without number, hosted_invoice_url, parent\.subscription_details\.subscription\.$/),
    );
    const [receipt] = await mailTo(user.email);
    expect(receipt!.body).toContain("Amount paid: €4.99");
    expect(receipt!.body).not.toMatch(/Invoice number|javascript|Premium paid for/);

    // A failed payment still asks for a new card without its amount.
    await sendBillingMail(database.db, stripe, event("invoice.payment_failed", { amount_due: -5 }), user.id);
    const failed = (await mailTo(user.email)).at(-1)!;
    expect(failed.body).toContain("We could not take your payment for Numberlab Premium.");
    expect(failed.body).toContain(PORTAL_PATH);

    // A cancellation without a date says "the end of the current period".
    await sendBillingMail(
      database.db,
      stripe,
      event(
        "customer.subscription.updated",
        { cancel_at_period_end: true, items: null },
        { previous: { cancel_at_period_end: false } },
      ),
      user.id,
    );
    expect((await mailTo(user.email)).at(-1)!.body).toContain("until the end of the current period");

    // No trial end: no trial mail. Empty or odd objects of every type: no exception.
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.trial_will_end", { trial_end: -1 }),
      user.id,
    );
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("not sent, for lack of trial_end"));
    const before = (await mailTo(user.email)).length;
    for (const type of ["invoice.paid", "customer.subscription.trial_will_end", "charge.refunded"]) {
      await sendBillingMail(database.db, stripe, event(type, {}), user.id);
      await sendBillingMail(database.db, stripe, event(type, { items: [1, 2], lines: 7, amount_paid: null }), user.id);
    }
    await sendBillingMail(database.db, stripe, event("customer.subscription.updated", {}, { previous: {} }), user.id);
    await sendBillingMail(
      database.db,
      stripe,
      event("customer.subscription.deleted", { ended_at: "yesterday" }),
      user.id,
    );
    expect(warn).toHaveBeenLastCalledWith(expect.stringContaining("sent without ended_at"));
    warn.mockRestore();
    // Only the deletion still has something to say, dated by the event itself.
    const after = (await mailTo(user.email)).slice(before);
    expect(after.map((mail) => mail.subject)).toEqual(["Your Numberlab subscription has ended"]);
    expect(after[0]!.body).toContain("ended on 1 May 2030");
  });
});
