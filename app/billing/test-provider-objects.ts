import type Stripe from "stripe";
import type { PlanInterval } from "#database/schema";
import { addMonths } from "./plan-state";

/**
 * The built-in test mode's records, shaped like Stripe's objects of API version 2026-10-28 (the same
 * field names and meanings, only the fields the app and its mails read), so its webhooks carry what
 * Stripe's carry and one verification and one reading serve both. Times are Unix seconds, amounts
 * minor units, currencies lower case, as Stripe writes them.
 */

/** Compiles only when every field of T is a field of Stripe's S: the names cannot drift from Stripe's. */
type StripeShaped<S, T extends { [K in keyof T]: K extends keyof S ? unknown : never }> = T;

type Seconds = number;
type List<T> = { object: "list"; data: T[]; has_more: false; url: string };

export type TestCustomer = StripeShaped<
  Stripe.Customer,
  {
    id: string;
    object: "customer";
    created: Seconds;
    email: string;
    /** Negative is a credit (from a plan switch), taken off the next invoices. */
    balance: number;
    invoice_prefix: string;
    next_invoice_sequence: number;
    invoice_settings: { default_payment_method: string | null };
    metadata: { user_id: string };
    livemode: false;
  }
>;

export type TestPaymentMethod = StripeShaped<
  Stripe.PaymentMethod,
  {
    id: string;
    object: "payment_method";
    type: "card";
    created: Seconds;
    customer: string | null;
    billing_details: { name: string };
    card: { brand: "visa"; last4: string; exp_month: number; exp_year: number; funding: "credit"; country: "US" };
    livemode: false;
    metadata: Record<string, never>;
  }
>;

export type TestPrice = StripeShaped<
  Stripe.Price,
  {
    id: string;
    object: "price";
    active: true;
    currency: string;
    unit_amount: number;
    recurring: { interval: "month" | "year"; interval_count: 1 };
    type: "recurring";
    product: string;
    livemode: false;
    metadata: Record<string, never>;
  }
>;

export type TestCheckoutSession = StripeShaped<
  Stripe.Checkout.Session,
  {
    id: string;
    object: "checkout.session";
    mode: "subscription";
    status: "open" | "complete" | "expired";
    payment_status: "unpaid" | "paid" | "no_payment_required";
    client_reference_id: string;
    customer: string;
    customer_email: string | null;
    subscription: string | null;
    invoice: string | null;
    url: string | null;
    success_url: string;
    cancel_url: string;
    amount_subtotal: number;
    amount_total: number;
    currency: string;
    created: Seconds;
    expires_at: Seconds;
    line_items: List<{
      id: string;
      object: "item";
      amount_subtotal: number;
      amount_total: number;
      currency: string;
      description: string;
      quantity: 1;
      price: TestPrice;
    }>;
    livemode: false;
    metadata: Record<string, never>;
  }
>;

export type TestSubscriptionItem = StripeShaped<
  Stripe.SubscriptionItem,
  {
    id: string;
    object: "subscription_item";
    created: Seconds;
    current_period_start: Seconds;
    current_period_end: Seconds;
    metadata: Record<string, never>;
    price: TestPrice;
    quantity: 1;
    subscription: string;
  }
>;

export type TestSubscription = StripeShaped<
  Stripe.Subscription,
  {
    id: string;
    object: "subscription";
    customer: string;
    status: "trialing" | "active" | "past_due" | "unpaid" | "canceled";
    created: Seconds;
    start_date: Seconds;
    billing_cycle_anchor: Seconds;
    cancel_at: Seconds | null;
    cancel_at_period_end: boolean;
    canceled_at: Seconds | null;
    cancellation_details: {
      reason: "cancellation_requested" | "payment_failed" | null;
      comment: null;
      feedback: null;
    };
    ended_at: Seconds | null;
    currency: string;
    collection_method: "charge_automatically";
    default_payment_method: string | null;
    description: string | null;
    items: List<TestSubscriptionItem>;
    latest_invoice: string | null;
    livemode: false;
    metadata: { user_id: string };
    pause_collection: { behavior: "void"; resumes_at: Seconds } | null;
    trial_start: Seconds | null;
    trial_end: Seconds | null;
  }
>;

export type TestInvoiceLine = StripeShaped<
  Stripe.InvoiceLineItem,
  {
    id: string;
    object: "line_item";
    amount: number;
    currency: string;
    description: string;
    period: { start: Seconds; end: Seconds };
    quantity: 1;
  }
>;

export type TestInvoicePayment = StripeShaped<
  Stripe.InvoicePayment,
  {
    id: string;
    object: "invoice_payment";
    amount_paid: number;
    amount_requested: number;
    created: Seconds;
    currency: string;
    invoice: string;
    is_default: true;
    livemode: false;
    payment: { type: "charge"; charge: string };
    status: "paid";
    status_transitions: { paid_at: Seconds; canceled_at: null };
  }
>;

export type TestInvoice = StripeShaped<
  Stripe.Invoice,
  {
    id: string;
    object: "invoice";
    customer: string;
    customer_email: string;
    currency: string;
    amount_due: number;
    amount_paid: number;
    amount_remaining: number;
    attempt_count: number;
    attempted: boolean;
    billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
    collection_method: "charge_automatically";
    created: Seconds;
    hosted_invoice_url: string;
    invoice_pdf: null;
    lines: List<TestInvoiceLine>;
    livemode: false;
    metadata: Record<string, never>;
    next_payment_attempt: Seconds | null;
    number: string;
    parent: {
      type: "subscription_details";
      quote_details: null;
      subscription_details: { subscription: string; metadata: Record<string, never> };
    };
    payments: List<TestInvoicePayment>;
    period_start: Seconds;
    period_end: Seconds;
    starting_balance: number;
    ending_balance: number;
    subtotal: number;
    total: number;
    status: "open" | "paid" | "void";
    status_transitions: {
      finalized_at: Seconds;
      paid_at: Seconds | null;
      voided_at: Seconds | null;
      marked_uncollectible_at: null;
    };
  }
>;

export type TestRefund = StripeShaped<
  Stripe.Refund,
  {
    id: string;
    object: "refund";
    amount: number;
    charge: string;
    created: Seconds;
    currency: string;
    reason: "requested_by_customer";
    status: "succeeded";
    metadata: Record<string, never>;
  }
>;

export type TestCharge = StripeShaped<
  Stripe.Charge,
  {
    id: string;
    object: "charge";
    amount: number;
    amount_captured: number;
    amount_refunded: number;
    captured: true;
    created: Seconds;
    currency: string;
    customer: string;
    description: string;
    livemode: false;
    metadata: Record<string, never>;
    paid: true;
    payment_method: string;
    payment_method_details: {
      type: "card";
      card: { brand: "visa"; last4: string; exp_month: number; exp_year: number };
    };
    receipt_url: string;
    refunded: boolean;
    refunds: List<TestRefund>;
    status: "succeeded";
  }
>;

export type TestPortalSession = StripeShaped<
  Stripe.BillingPortal.Session,
  {
    id: string;
    object: "billing_portal.session";
    created: Seconds;
    customer: string;
    livemode: false;
    return_url: string;
    url: string;
  }
>;

export type TestEvent = StripeShaped<
  Stripe.Event,
  {
    id: string;
    object: "event";
    api_version: string;
    created: Seconds;
    type: string;
    data: { object: object; previous_attributes?: Record<string, unknown> };
    livemode: false;
    pending_webhooks: number;
    request: { id: null; idempotency_key: null };
  }
>;

/**
 * Each kind of record as stored: the Stripe-shaped object, which is what events carry, and what the
 * test provider keeps to itself beside it (as Stripe keeps its own bookkeeping out of its objects).
 */
export interface TestRecords {
  customer: { object: TestCustomer; internal: Record<string, never> };
  payment_method: { object: TestPaymentMethod; internal: Record<string, never> };
  checkout_session: {
    object: TestCheckoutSession;
    /** `pendingCard`: a card waiting for its extra confirmation step. */
    internal: { trialDays: number; pendingCard: string | null };
  };
  subscription: {
    object: TestSubscription;
    internal: {
      /** No charges from `from` (a period end) until `until`: premium stops at `from`. */
      pause: { from: Seconds; until: Seconds } | null;
      /** The trial end that customer.subscription.trial_will_end was sent for. */
      trialWillEndSentFor: Seconds | null;
    };
  };
  invoice: { object: TestInvoice; internal: Record<string, never> };
  charge: { object: TestCharge; internal: Record<string, never> };
  portal_session: { object: TestPortalSession; internal: { expiresAt: Seconds; pendingCard: string | null } };
  event: {
    object: TestEvent;
    internal: { deliveredAt: string | null; lastError: string | null; abandonedAt: string | null };
  };
}
export type TestRecordKind = keyof TestRecords;

export const PRODUCT_ID = "prod_test_numberlab_premium";
export const PRODUCT_NAME = "Numberlab Premium";

export function toSeconds(instant: Date | string): Seconds {
  return Math.floor(new Date(instant).getTime() / 1000);
}

export function toIso(seconds: Seconds): string {
  return new Date(seconds * 1000).toISOString();
}

export function stripeInterval(plan: PlanInterval): "month" | "year" {
  return plan === "monthly" ? "month" : "year";
}

export function planOf(interval: "month" | "year"): PlanInterval {
  return interval === "month" ? "monthly" : "yearly";
}

/** The recurring price of a plan, with a stable id per plan, amount and currency. */
export function priceObject(plan: PlanInterval, amountMinor: number, currency: string): TestPrice {
  const interval = stripeInterval(plan);
  const code = currency.toLowerCase();
  return {
    id: `price_test_${interval}_${code}_${amountMinor}`,
    object: "price",
    active: true,
    currency: code,
    unit_amount: amountMinor,
    recurring: { interval, interval_count: 1 },
    type: "recurring",
    product: PRODUCT_ID,
    livemode: false,
    metadata: {},
  };
}

/**
 * The first period end of a plan after `after`, counted in whole months or years from the billing
 * anchor as Stripe counts them: a plan started on 31 January renews on 28 (29) February, then 31 March.
 */
export function nextPeriodEnd(anchor: Seconds, after: Seconds, interval: "month" | "year"): Seconds {
  const months = interval === "month" ? 1 : 12;
  for (let periods = 1; ; periods += 1) {
    const end = toSeconds(addMonths(toIso(anchor), periods * months));
    if (end > after) return end;
  }
}

export function list<T>(data: T[], url: string): List<T> {
  return { object: "list", data, has_more: false, url };
}

/** The fields of `after` that differ from `before`, with their old values: an update's previous_attributes. */
export function previousAttributes<T extends object>(before: T, after: T): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return previous;
}

const shiftBy = (seconds: Seconds | null, by: Seconds) => (seconds === null ? null : seconds - by);

/**
 * The test clock: moves a subscription's times `by` seconds into the past, which is the customer's
 * clock moving that far ahead (a Stripe test clock), so what was due then is due now.
 */
export function shiftSubscription(record: TestRecords["subscription"], by: Seconds): TestRecords["subscription"] {
  const sub = record.object;
  const { pause, trialWillEndSentFor } = record.internal;
  return {
    object: {
      ...sub,
      created: sub.created - by,
      start_date: sub.start_date - by,
      billing_cycle_anchor: sub.billing_cycle_anchor - by,
      cancel_at: shiftBy(sub.cancel_at, by),
      canceled_at: shiftBy(sub.canceled_at, by),
      ended_at: shiftBy(sub.ended_at, by),
      trial_start: shiftBy(sub.trial_start, by),
      trial_end: shiftBy(sub.trial_end, by),
      pause_collection: sub.pause_collection && {
        ...sub.pause_collection,
        resumes_at: sub.pause_collection.resumes_at - by,
      },
      items: {
        ...sub.items,
        data: sub.items.data.map((item) => ({
          ...item,
          created: item.created - by,
          current_period_start: item.current_period_start - by,
          current_period_end: item.current_period_end - by,
        })),
      },
    },
    internal: {
      pause: pause && { from: pause.from - by, until: pause.until - by },
      trialWillEndSentFor: shiftBy(trialWillEndSentFor, by),
    },
  };
}

export function shiftInvoice(invoice: TestInvoice, by: Seconds): TestInvoice {
  const transitions = invoice.status_transitions;
  return {
    ...invoice,
    created: invoice.created - by,
    period_start: invoice.period_start - by,
    period_end: invoice.period_end - by,
    next_payment_attempt: shiftBy(invoice.next_payment_attempt, by),
    lines: {
      ...invoice.lines,
      data: invoice.lines.data.map((line) => ({
        ...line,
        period: { start: line.period.start - by, end: line.period.end - by },
      })),
    },
    payments: {
      ...invoice.payments,
      data: invoice.payments.data.map((payment) => ({
        ...payment,
        created: payment.created - by,
        status_transitions: { ...payment.status_transitions, paid_at: payment.status_transitions.paid_at - by },
      })),
    },
    status_transitions: {
      ...transitions,
      finalized_at: transitions.finalized_at - by,
      paid_at: shiftBy(transitions.paid_at, by),
      voided_at: shiftBy(transitions.voided_at, by),
    },
  };
}

export function shiftCharge(charge: TestCharge, by: Seconds): TestCharge {
  return {
    ...charge,
    created: charge.created - by,
    refunds: {
      ...charge.refunds,
      data: charge.refunds.data.map((refund) => ({ ...refund, created: refund.created - by })),
    },
  };
}

/** The subscription an invoice was made for. */
export function invoiceSubscription(invoice: TestInvoice): string {
  return invoice.parent.subscription_details.subscription;
}
