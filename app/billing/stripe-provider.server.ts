import Stripe from "stripe";
import type { PlanInterval } from "#database/schema";
import { now } from "#app/utils/clock";
import {
  PaymentProviderError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderSubscription,
} from "./payment-provider";
import { verifySignedEvent } from "./signed-event.server";
import { createStripeClient, ensurePlanPrice, findPortalConfiguration, isMissing } from "./stripe-catalog.server";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Only to reach a local stand-in of Stripe's API (tests); api.stripe.com otherwise. */
  apiUrl?: string;
}

/** Set by `pause`: the period end from which premium stops (Stripe only knows when collection resumes). */
const PAUSED_FROM_KEY = "numberlab_paused_from";

/** Subscriptions Stripe does not bring back; changing one is refused. */
const ENDED = new Set<string>(["canceled", "incomplete_expired"]);

/**
 * Invalid requests whose message is about the learner's own situation, worth showing them as it is.
 * Every other invalid request is a fault of ours or of the configuration, and stays an error.
 */
const LEARNER_FACING_CODES = new Set([
  "email_invalid",
  "charge_disputed",
  "refund_disputed_payment",
  "charge_not_refundable",
  "customer_max_subscriptions",
]);

/** Checkout session ids come back in the /success address; anything else is not one of Stripe's. */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

const PLAN_OF_INTERVAL: Partial<Record<string, PlanInterval>> = { month: "monthly", year: "yearly" };

/**
 * Stripe behind the PaymentProvider interface (docs/payments.md): Checkout Sessions in subscription
 * mode, the Billing customer portal, and subscriptions read back in the app's terms. Prices are found
 * by lookup key (stripe-catalog.server.ts), never by ids copied by hand.
 */
export function createStripeProvider({ secretKey, webhookSecret, apiUrl }: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient({ secretKey, apiUrl });
  const isTestMode = /^(sk|rk)_test_/.test(secretKey);

  async function retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    return stripe.subscriptions.retrieve(subscriptionId);
  }

  /** Every paid invoice of a customer, by subscription, for the first-payment dates. */
  async function firstPaymentsOf(customerId: string): Promise<Map<string, number>> {
    const first = new Map<string, number>();
    for await (const invoice of stripe.invoices.list({ customer: customerId, status: "paid", limit: 100 })) {
      const subscriptionId = subscriptionOfInvoice(invoice);
      const paidAt = invoice.status_transitions.paid_at;
      if (!subscriptionId || paidAt === null || invoice.amount_paid <= 0) continue;
      const known = first.get(subscriptionId);
      if (known === undefined || paidAt < known) first.set(subscriptionId, paidAt);
    }
    return first;
  }

  return {
    name: "stripe",
    isTestMode,

    createCustomer: learnerFacingErrors(async ({ userId, email }) => {
      const customer = await stripe.customers.create(
        { email, metadata: { numberlab_user_id: userId } },
        // A retry after a lost answer finds the customer the first attempt made.
        { idempotencyKey: `numberlab-customer-${userId}` },
      );
      return { customerId: customer.id };
    }),

    createCheckout: learnerFacingErrors(async (input) => {
      const { price } = await ensurePlanPrice(stripe, input.price);
      const metadata = { numberlab_user_id: input.userId, numberlab_plan: input.price.plan };
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: {
          metadata,
          ...(input.trialDays > 0 && { trial_period_days: input.trialDays }),
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
      });
      if (!session.url) {
        throw new Error(`Stripe opened the checkout ${session.id} without an address to send the learner to.`);
      }
      return { sessionId: session.id, url: session.url };
    }),

    getCheckout: learnerFacingErrors(async (sessionId) => {
      if (!CHECKOUT_SESSION_ID.test(sessionId)) return null;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        sessionId: session.id,
        clientReference: session.client_reference_id,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        status: checkoutStatus(session.status),
      };
    }),

    expireCheckout: learnerFacingErrors(async (sessionId) => {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Paid or expired in the meantime: it can no longer be paid either way, which is what was asked.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || isMissing(error)) throw error;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === "open") throw error;
      }
    }),

    listSubscriptions: learnerFacingErrors(async (customerId) => {
      const [subscriptions, firstPayments] = await Promise.all([
        stripe.subscriptions
          .list({ customer: customerId, status: "all", limit: 100, expand: ["data.latest_invoice"] })
          .autoPagingToArray({ limit: 10_000 }),
        firstPaymentsOf(customerId),
      ]);
      return subscriptions.map((subscription) => toReading(subscription, firstPayments.get(subscription.id) ?? null));
    }),

    createPortalSession: learnerFacingErrors(async ({ customerId, returnUrl }) => {
      const configuration = await findPortalConfiguration(stripe);
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        // Without billing:sync, the portal as saved in the dashboard (Stripe refuses if there is none).
        ...(configuration && { configuration: configuration.id }),
      });
      return { url: session.url };
    }),

    setCancelAtPeriodEnd: learnerFacingErrors(async (subscriptionId, cancel) => {
      if (cancel) {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
        return;
      }
      // A cancellation date set in the dashboard (cancel_at) ends the subscription too; resuming clears either.
      const subscription = await retrieveSubscription(subscriptionId);
      if (subscription.cancel_at_period_end) {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
      } else if (subscription.cancel_at !== null) {
        await stripe.subscriptions.update(subscriptionId, { cancel_at: "" });
      }
    }),

    changePlan: learnerFacingErrors(async (subscriptionId, price) => {
      const [subscription, { price: stripePrice }] = await Promise.all([
        retrieveSubscription(subscriptionId),
        ensurePlanPrice(stripe, price),
      ]);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`The Stripe subscription ${subscriptionId} has no item to change.`);
      if (item.price.id === stripePrice.id) return;
      await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: stripePrice.id }],
        proration_behavior: "create_prorations",
        // A switch that charges now (monthly to yearly) happens only if the card pays; else the learner is told why.
        payment_behavior: "error_if_incomplete",
        metadata: { numberlab_plan: price.plan },
      });
    }),

    pause: learnerFacingErrors(async (subscriptionId, { from, until }) => {
      await stripe.subscriptions.update(subscriptionId, {
        // Invoices of the paused periods are voided: nothing is charged, nothing is owed afterwards.
        pause_collection: { behavior: "void", resumes_at: unixSeconds(until) },
        metadata: { [PAUSED_FROM_KEY]: from },
      });
    }),

    unpause: learnerFacingErrors(async (subscriptionId) => {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ["latest_invoice"] });
      const latestInvoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
      const from = pausedFrom(subscription, subscription.items.data[0], latestInvoice);
      const begun = from !== null && Date.parse(from) <= now().getTime();
      const update: Stripe.SubscriptionUpdateParams = { pause_collection: "", metadata: { [PAUSED_FROM_KEY]: "" } };
      if (begun) {
        // The period running now was voided by the pause: it restarts today and is paid now, as test
        // mode does, rather than giving premium back free until the next period.
        update.billing_cycle_anchor = { type: "now" };
        update.proration_behavior = "none";
        update.payment_behavior = "error_if_incomplete";
      }
      await stripe.subscriptions.update(subscriptionId, update);
    }),

    withdraw: learnerFacingErrors(async (subscriptionId, since) => {
      const subscription = await retrieveSubscription(subscriptionId);
      const sinceSeconds = unixSeconds(since);
      let refundedMinor = 0;
      for await (const invoice of stripe.invoices.list({
        subscription: subscriptionId,
        status: "paid",
        limit: 100,
        expand: ["data.payments"],
      })) {
        for (const payment of invoice.payments?.data ?? []) {
          const paidAt = payment.status_transitions.paid_at;
          const amount = payment.amount_paid ?? 0;
          if (payment.status !== "paid" || paidAt === null || paidAt < sinceSeconds || amount <= 0) continue;
          await refundInFull(stripe, payment, amount);
          refundedMinor += amount;
        }
      }
      // After the refunds, so a failure part-way leaves the learner subscribed rather than unpaid and locked out.
      if (!ENDED.has(subscription.status)) {
        await stripe.subscriptions.cancel(subscriptionId, {
          cancellation_details: { comment: "Withdrawal within 14 days of the first payment, refunded in full." },
        });
      }
      return { refundedMinor, currency: subscription.currency.toUpperCase() };
    }),

    cancelNow: learnerFacingErrors(async (subscriptionId) => {
      const subscription = await retrieveSubscription(subscriptionId);
      if (ENDED.has(subscription.status)) return;
      await stripe.subscriptions.cancel(subscriptionId);
    }),

    verifyWebhook(rawBody, signatureHeader, receivedAt) {
      return verifySignedEvent(rawBody, signatureHeader, webhookSecret, receivedAt);
    },

    customerDashboardUrl(customerId) {
      return `https://dashboard.stripe.com/${isTestMode ? "test/" : ""}customers/${encodeURIComponent(customerId)}`;
    },
  };
}

/**
 * Refunds what is left of one payment of an invoice. Refunds already made (a retry of a withdrawal
 * that failed part-way, or one made in the dashboard) are counted, so nothing is refunded twice.
 */
async function refundInFull(stripe: Stripe, payment: Stripe.InvoicePayment, amount: number): Promise<void> {
  const paymentIntent = idOf(payment.payment.payment_intent ?? null);
  if (!paymentIntent) {
    throw new Error(
      `The invoice payment ${payment.id} was not made through a payment intent; refund it in the Stripe dashboard.`,
    );
  }
  let refunded = 0;
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    if (refund.status !== "failed" && refund.status !== "canceled") refunded += refund.amount;
  }
  const remaining = amount - refunded;
  if (remaining <= 0) return;
  await stripe.refunds.create(
    {
      payment_intent: paymentIntent,
      amount: remaining,
      reason: "requested_by_customer",
      metadata: { numberlab: "withdrawal" },
    },
    { idempotencyKey: `numberlab-withdrawal-${paymentIntent}-${remaining}` },
  );
}

/** One Stripe subscription in the app's terms; `firstPaidAt` comes from its invoices. */
function toReading(subscription: Stripe.Subscription, firstPaidAt: number | null): ProviderSubscription {
  // One item per subscription: the app sells one plan at a time. Period ends live on items (API 2025+).
  const item = subscription.items.data[0];
  const price = item?.price;
  const latestInvoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  const failing = subscription.status === "past_due" || subscription.status === "unpaid";
  const pause = subscription.pause_collection;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    plan: PLAN_OF_INTERVAL[price?.recurring?.interval ?? ""] ?? null,
    amountMinor: price?.unit_amount ?? null,
    currency: price ? price.currency.toUpperCase() : null,
    currentPeriodEnd: isoFromUnix(item?.current_period_end ?? null),
    trialEnd: isoFromUnix(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    pastDueSince:
      failing && latestInvoice
        ? isoFromUnix(latestInvoice.status_transitions.finalized_at ?? latestInvoice.created)
        : null,
    pausedFrom: pause ? pausedFrom(subscription, item, latestInvoice) : null,
    pausedUntil: isoFromUnix(pause?.resumes_at ?? null),
    firstPaymentAt: isoFromUnix(firstPaidAt),
    endedAt: isoFromUnix(subscription.ended_at),
  };
}

/**
 * Where a pause began: what `pause` recorded, or for a pause made in the dashboard, the end of the
 * last period that was paid for (the current one, unless its invoice was already voided by the pause).
 */
function pausedFrom(
  subscription: Stripe.Subscription,
  item: Stripe.SubscriptionItem | undefined,
  latestInvoice: Stripe.Invoice | null,
): string | null {
  const recorded = subscription.metadata[PAUSED_FROM_KEY];
  if (recorded && !Number.isNaN(Date.parse(recorded))) return new Date(recorded).toISOString();
  if (!item) return null;
  return isoFromUnix(latestInvoice?.status === "void" ? item.current_period_start : item.current_period_end);
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

function checkoutStatus(status: Stripe.Checkout.Session.Status | null): ProviderCheckout["status"] {
  if (status === "complete") return "complete";
  return status === "expired" ? "expired" : "open";
}

function idOf(value: string | { id: string } | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value : value.id;
}

function isoFromUnix(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}

function unixSeconds(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Not an instant: ${iso}`);
  return Math.floor(ms / 1000);
}

/**
 * Turns Stripe's answers meant for the learner (a declined card, a disputed payment) into
 * PaymentProviderError with Stripe's own message; anything else propagates as it is.
 */
function learnerFacingErrors<Args extends unknown[], Result>(
  method: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await method(...args);
    } catch (error) {
      throw learnerFacing(error) ?? error;
    }
  };
}

function learnerFacing(error: unknown): PaymentProviderError | null {
  const meantForLearner =
    error instanceof Stripe.errors.StripeCardError ||
    (error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code !== undefined &&
      LEARNER_FACING_CODES.has(error.code));
  return meantForLearner ? new PaymentProviderError(error.message, { cause: error }) : null;
}
