import { PAST_DUE_GRACE_MS } from "#app/utils/entitlements";
import { formatDate } from "#app/utils/format-date";
import { PaymentProviderError } from "./payment-provider";
import { planName } from "./plans";
import { CARD_DECLINED_MESSAGE, testCardByLast4, type CardDetails } from "./test-cards";
import { newId, TEST_PAGES_PATH, type TestLedger } from "./test-provider-ledger.server";
import {
  invoiceSubscription,
  list,
  nextPeriodEnd,
  planOf,
  previousAttributes,
  PRODUCT_NAME,
  toIso,
  type TestCharge,
  type TestCustomer,
  type TestInvoice,
  type TestInvoiceLine,
  type TestPaymentMethod,
  type TestRecords,
  type TestSubscription,
} from "./test-provider-objects";

/**
 * The test provider's billing rules, one transition at a time: a checkout starts a subscription (with
 * a free trial, or paid at once); the clock converts trials, renews periods, retries failed payments,
 * ends cancelled subscriptions and pauses; a card's test number decides whether a charge succeeds.
 * Every function works inside one change (TestLedger) and raises the events Stripe would.
 */

const DAY = 24 * 60 * 60;
/** customer.subscription.trial_will_end comes this long before the trial ends, as Stripe sends it. */
export const TRIAL_WILL_END_NOTICE = 3 * DAY;
/** A failed renewal is retried once a day over the past-due grace, then the subscription is unpaid. */
const RETRY_DAYS = Math.round(PAST_DUE_GRACE_MS / 1000 / DAY);
/** Most transitions one subscription takes in one go (a server that was off for a long time catches up). */
const MAX_STEPS = 36;

type SubscriptionRecord = TestRecords["subscription"];

/** The customer, taken for this change: every change of a customer's records starts here. */
export async function lockCustomer(ledger: TestLedger, customerId: string): Promise<TestCustomer> {
  const customer = await ledger.get("customer", customerId, { lock: true });
  if (!customer) throw new Error(`Unknown test-mode customer ${customerId}.`);
  return customer.object;
}

/** A subscription and its customer, taken for this change; null when the id is unknown. */
export async function lockSubscription(
  ledger: TestLedger,
  subscriptionId: string,
): Promise<{ customer: TestCustomer; record: SubscriptionRecord } | null> {
  const unlocked = await ledger.get("subscription", subscriptionId);
  if (!unlocked) return null;
  const customer = await lockCustomer(ledger, unlocked.object.customer);
  const record = (await ledger.get("subscription", subscriptionId))!;
  return { customer, record };
}

export async function saveCustomer(ledger: TestLedger, customer: TestCustomer): Promise<void> {
  await ledger.save("customer", { object: customer, internal: {} });
}

/** Stores a subscription with the instant its next transition is due. */
export async function saveSubscription(ledger: TestLedger, record: SubscriptionRecord): Promise<void> {
  const due = await dueAt(ledger, record);
  await ledger.save("subscription", record, due === null ? null : toIso(due));
}

export function periodOf(subscription: TestSubscription): { start: number; end: number } {
  const item = subscription.items.data[0]!;
  return { start: item.current_period_start, end: item.current_period_end };
}

/** The renewal invoice still waiting for its payment, if the subscription has one. */
export async function openInvoiceOf(ledger: TestLedger, subscription: TestSubscription): Promise<TestInvoice | null> {
  if (!subscription.latest_invoice) return null;
  const invoice = await ledger.get("invoice", subscription.latest_invoice);
  return invoice?.object.status === "open" ? invoice.object : null;
}

/** A subscription in its pause: the paused stretch from `pause.from` to `pause.until` is its period now. */
export function inPausedStretch(record: SubscriptionRecord): boolean {
  const { pause } = record.internal;
  return pause !== null && periodOf(record.object).start >= pause.from;
}

/** When the clock next changes a subscription, or null when nothing is scheduled. */
async function dueAt(ledger: TestLedger, record: SubscriptionRecord): Promise<number | null> {
  const subscription = record.object;
  const { end } = periodOf(subscription);
  switch (subscription.status) {
    case "trialing": {
      const trialEnd = subscription.trial_end!;
      const notice = record.internal.trialWillEndSentFor === trialEnd ? trialEnd : trialEnd - TRIAL_WILL_END_NOTICE;
      return Math.min(notice, trialEnd);
    }
    case "active":
      return end;
    case "past_due": {
      const retry = (await openInvoiceOf(ledger, subscription))?.next_payment_attempt ?? null;
      const candidates = [retry, subscription.cancel_at_period_end ? end : null].filter((at) => at !== null);
      return candidates.length > 0 ? Math.min(...candidates) : null;
    }
    case "unpaid":
      return subscription.cancel_at_period_end ? end : null;
    case "canceled":
      return null;
  }
}

/**
 * Applies every transition of a subscription that is due at `at`, in order: the trial-ending notice,
 * the trial's end, renewals, payment retries, the cancellation at period end, a pause's start and end.
 */
export async function advanceSubscription(
  ledger: TestLedger,
  customer: TestCustomer,
  record: SubscriptionRecord,
  at: number,
): Promise<number> {
  let steps = 0;
  for (; steps < MAX_STEPS; steps += 1) {
    const due = await dueAt(ledger, record);
    if (due === null || due > at) break;
    await step(ledger, customer, record, due, at);
    await saveSubscription(ledger, record);
  }
  return steps;
}

async function step(
  ledger: TestLedger,
  customer: TestCustomer,
  record: SubscriptionRecord,
  due: number,
  at: number,
): Promise<void> {
  const subscription = record.object;
  const { end } = periodOf(subscription);
  switch (subscription.status) {
    case "trialing": {
      const trialEnd = subscription.trial_end!;
      if (record.internal.trialWillEndSentFor !== trialEnd) {
        record.internal.trialWillEndSentFor = trialEnd;
        await ledger.emit("customer.subscription.trial_will_end", subscription);
        return;
      }
      if (subscription.cancel_at_period_end) return endSubscription(ledger, record, trialEnd, at);
      return renew(ledger, customer, record, trialEnd, at);
    }
    case "active": {
      const { pause } = record.internal;
      if (subscription.cancel_at_period_end) return endSubscription(ledger, record, end, at);
      if (pause && end >= pause.from && end < pause.until) return enterPause(ledger, record);
      if (pause && end >= pause.until) {
        // The pause is over: a new billing cycle starts with the payment on its last day.
        const before = structuredClone(subscription);
        record.internal.pause = null;
        subscription.pause_collection = null;
        subscription.billing_cycle_anchor = end;
        return renew(ledger, customer, record, end, at, before);
      }
      return renew(ledger, customer, record, end, at);
    }
    case "past_due":
      if (subscription.cancel_at_period_end && end <= due) return endSubscription(ledger, record, end, at);
      await retryPayment(ledger, customer, record, at);
      return;
    case "unpaid":
      return endSubscription(ledger, record, end, at);
    case "canceled":
      return;
  }
}

/** The next period, and its payment: active when paid, past due when the card fails. */
async function renew(
  ledger: TestLedger,
  customer: TestCustomer,
  record: SubscriptionRecord,
  periodStart: number,
  at: number,
  before: TestSubscription = structuredClone(record.object),
): Promise<void> {
  const subscription = record.object;
  const item = subscription.items.data[0]!;
  const periodEnd = nextPeriodEnd(subscription.billing_cycle_anchor, periodStart, item.price.recurring.interval);
  item.current_period_start = periodStart;
  item.current_period_end = periodEnd;
  const invoice = draftInvoice(
    ledger,
    customer,
    subscription,
    [planLine(subscription, item.price.unit_amount, periodStart, periodEnd)],
    "subscription_cycle",
    at,
  );
  const paid = await payInvoice(ledger, customer, invoice, { firstCharge: false }, at);
  subscription.latest_invoice = invoice.id;
  if (paid) {
    subscription.status = "active";
  } else {
    subscription.status = "past_due";
    invoice.next_payment_attempt = nextRetry(invoice, at);
  }
  await ledger.insert("invoice", { object: invoice, internal: {} });
  await ledger.emit(paid ? "invoice.paid" : "invoice.payment_failed", invoice);
  await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
}

/** Tries the open invoice again (the clock's retry, or a new card): active when paid, unpaid once the grace is over. */
export async function retryPayment(
  ledger: TestLedger,
  customer: TestCustomer,
  record: SubscriptionRecord,
  at: number,
  { scheduled = true }: { scheduled?: boolean } = {},
): Promise<boolean> {
  const subscription = record.object;
  const invoice = await openInvoiceOf(ledger, subscription);
  if (!invoice) throw new Error(`Subscription ${subscription.id} is ${subscription.status} without an open invoice.`);
  const before = structuredClone(subscription);
  const paid = await payInvoice(ledger, customer, invoice, { firstCharge: false }, at);
  if (paid) {
    subscription.status = "active";
  } else if (scheduled) {
    invoice.next_payment_attempt = nextRetry(invoice, at);
    if (invoice.next_payment_attempt === null) subscription.status = "unpaid";
  }
  await ledger.save("invoice", { object: invoice, internal: {} });
  await ledger.emit(paid ? "invoice.paid" : "invoice.payment_failed", invoice);
  if (subscription.status !== before.status) {
    await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
  }
  return paid;
}

/** The next daily retry of a failed renewal within the grace, or null once the grace is used up. */
function nextRetry(invoice: TestInvoice, at: number): number | null {
  for (let day = 1; day <= RETRY_DAYS; day += 1) {
    const retry = invoice.status_transitions.finalized_at + day * DAY;
    if (retry > at) return retry;
  }
  return null;
}

/**
 * Brings a subscription back now (an unpaid one with a new card, a paused one resumed early): a stale
 * invoice is voided and a new period starts now with its payment. A card that cannot pay is refused,
 * and as the change is one transaction, nothing changes.
 */
export async function reactivate(
  ledger: TestLedger,
  customer: TestCustomer,
  record: SubscriptionRecord,
  at: number,
  before: TestSubscription = structuredClone(record.object),
): Promise<void> {
  await voidOpenInvoice(ledger, record.object, at);
  record.object.billing_cycle_anchor = at;
  await renew(ledger, customer, record, at, at, before);
  if (record.object.status !== "active") throw new PaymentProviderError(CARD_DECLINED_MESSAGE);
}

/** The paused stretch: the period runs to the pause's end, with no invoice and (in the app) no premium. */
async function enterPause(ledger: TestLedger, record: SubscriptionRecord): Promise<void> {
  const subscription = record.object;
  const before = structuredClone(subscription);
  const item = subscription.items.data[0]!;
  item.current_period_start = item.current_period_end;
  item.current_period_end = record.internal.pause!.until;
  await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
}

/** Ends a subscription: its open invoices are voided and nothing more is charged. */
export async function endSubscription(
  ledger: TestLedger,
  record: SubscriptionRecord,
  endedAt: number,
  at: number,
): Promise<void> {
  const subscription = record.object;
  subscription.status = "canceled";
  subscription.ended_at = endedAt;
  subscription.canceled_at ??= at;
  subscription.cancellation_details.reason ??= "cancellation_requested";
  await voidOpenInvoice(ledger, subscription, at);
  await saveSubscription(ledger, record);
  await ledger.emit("customer.subscription.deleted", subscription);
}

/** A renewal invoice that will not be paid any more is void: nothing is owed on it. */
async function voidOpenInvoice(ledger: TestLedger, subscription: TestSubscription, at: number): Promise<void> {
  const open = await openInvoiceOf(ledger, subscription);
  if (!open) return;
  open.status = "void";
  open.next_payment_attempt = null;
  open.status_transitions.voided_at = at;
  await ledger.save("invoice", { object: open, internal: {} });
}

/** A card as a payment method, not yet attached to a customer. */
export function paymentMethodObject(card: CardDetails, at: number): TestPaymentMethod {
  return {
    id: newId("pm"),
    object: "payment_method",
    type: "card",
    created: at,
    customer: null,
    billing_details: { name: card.name },
    card: {
      brand: "visa",
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      funding: "credit",
      country: "US",
    },
    livemode: false,
    metadata: {},
  };
}

/** Makes a card the customer's card on file, which every later charge uses. */
export async function attachCard(ledger: TestLedger, customer: TestCustomer, card: TestPaymentMethod): Promise<void> {
  card.customer = customer.id;
  const stored = await ledger.get("payment_method", card.id);
  if (stored) await ledger.save("payment_method", { object: card, internal: {} });
  else await ledger.insert("payment_method", { object: card, internal: {} });
  customer.invoice_settings.default_payment_method = card.id;
  const subscriptions = await ledger.list("subscription", customer.id);
  for (const record of subscriptions) {
    if (record.object.status === "canceled" || record.object.default_payment_method === card.id) continue;
    record.object.default_payment_method = card.id;
    await saveSubscription(ledger, record);
  }
}

/**
 * Starts the subscription a checkout sells, on the card just given: a free trial (a €0 invoice, the
 * first charge when the trial ends) or the first period paid at once.
 */
export async function startSubscription(
  ledger: TestLedger,
  customer: TestCustomer,
  session: TestRecords["checkout_session"],
  card: TestPaymentMethod,
  at: number,
): Promise<TestSubscription> {
  const { object: checkout, internal } = session;
  const price = checkout.line_items.data[0]!.price;
  const interval = price.recurring.interval;
  const trialEnd = internal.trialDays > 0 ? at + internal.trialDays * DAY : null;
  const periodEnd = trialEnd ?? nextPeriodEnd(at, at, interval);
  const id = newId("sub");
  const subscription: TestSubscription = {
    id,
    object: "subscription",
    customer: customer.id,
    status: trialEnd ? "trialing" : "active",
    created: at,
    start_date: at,
    billing_cycle_anchor: trialEnd ?? at,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    ended_at: null,
    currency: price.currency,
    collection_method: "charge_automatically",
    default_payment_method: null,
    description: null,
    items: list(
      [
        {
          id: newId("si"),
          object: "subscription_item",
          created: at,
          current_period_start: at,
          current_period_end: periodEnd,
          metadata: {},
          price,
          quantity: 1,
          subscription: id,
        },
      ],
      `/v1/subscription_items?subscription=${id}`,
    ),
    latest_invoice: null,
    livemode: false,
    metadata: { user_id: checkout.client_reference_id },
    pause_collection: null,
    trial_start: trialEnd ? at : null,
    trial_end: trialEnd,
  };
  const record: SubscriptionRecord = { object: subscription, internal: { pause: null, trialWillEndSentFor: null } };
  await attachCard(ledger, customer, card);
  subscription.default_payment_method = card.id;

  const line = trialEnd
    ? {
        ...planLine(subscription, 0, at, trialEnd),
        description: `Free trial of ${PRODUCT_NAME} until ${formatDate(toIso(trialEnd))}`,
      }
    : planLine(subscription, price.unit_amount, at, periodEnd);
  const invoice = draftInvoice(ledger, customer, subscription, [line], "subscription_create", at);
  if (!(await payInvoice(ledger, customer, invoice, { firstCharge: true }, at))) {
    throw new PaymentProviderError(CARD_DECLINED_MESSAGE);
  }
  subscription.latest_invoice = invoice.id;
  await ledger.insert("subscription", record, null);
  await saveSubscription(ledger, record);
  await ledger.insert("invoice", { object: invoice, internal: {} });

  checkout.status = "complete";
  checkout.payment_status = trialEnd ? "no_payment_required" : "paid";
  checkout.subscription = id;
  checkout.invoice = invoice.id;
  checkout.url = null;
  internal.pendingCard = null;
  await ledger.save("checkout_session", session);

  await ledger.emit("customer.subscription.created", subscription);
  await ledger.emit("invoice.paid", invoice);
  await ledger.emit("checkout.session.completed", checkout);
  return subscription;
}

/** The subscription's plan as an invoice line over a period. */
export function planLine(subscription: TestSubscription, amount: number, start: number, end: number): TestInvoiceLine {
  const price = subscription.items.data[0]!.price;
  return {
    id: newId("il"),
    object: "line_item",
    amount,
    currency: price.currency,
    description: `${PRODUCT_NAME}, ${planName(planOf(price.recurring.interval)).toLowerCase()} plan`,
    period: { start, end },
    quantity: 1,
  };
}

/**
 * A finalized invoice of the lines, numbered in the customer's sequence. The customer's credit (a
 * negative balance, from a plan switch) is taken off first; what is left of it stays on the account.
 */
export function draftInvoice(
  ledger: TestLedger,
  customer: TestCustomer,
  subscription: TestSubscription,
  lines: TestInvoiceLine[],
  reason: TestInvoice["billing_reason"],
  at: number,
): TestInvoice {
  const id = newId("in");
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const withBalance = total + customer.balance;
  const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, "0")}`;
  customer.next_invoice_sequence += 1;
  const startingBalance = customer.balance;
  customer.balance = Math.min(0, withBalance);
  return {
    id,
    object: "invoice",
    customer: customer.id,
    customer_email: customer.email,
    currency: subscription.currency,
    amount_due: Math.max(0, withBalance),
    amount_paid: 0,
    amount_remaining: Math.max(0, withBalance),
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: at,
    hosted_invoice_url: `${ledger.config.pagesOrigin}${TEST_PAGES_PATH}/invoices/${id}`,
    invoice_pdf: null,
    lines: list(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: {} },
    },
    payments: list([], `/v1/invoice_payments?invoice=${id}`),
    period_start: Math.min(...lines.map((line) => line.period.start)),
    period_end: Math.max(...lines.map((line) => line.period.end)),
    starting_balance: startingBalance,
    ending_balance: customer.balance,
    subtotal: total,
    total,
    status: "open",
    status_transitions: { finalized_at: at, paid_at: null, voided_at: null, marked_uncollectible_at: null },
  };
}

/**
 * Charges an invoice's amount due to the customer's card on file, as the card's test number says:
 * 4242 and a confirmed 3155 always pay, 0341 pays only the checkout's first charge, 0002 never pays.
 * Nothing due: paid without a charge. Returns whether the invoice is paid.
 */
export async function payInvoice(
  ledger: TestLedger,
  customer: TestCustomer,
  invoice: TestInvoice,
  { firstCharge }: { firstCharge: boolean },
  at: number,
): Promise<boolean> {
  if (invoice.amount_due === 0) {
    markPaid(invoice, at);
    return true;
  }
  invoice.attempt_count += 1;
  invoice.attempted = true;
  const cardId = customer.invoice_settings.default_payment_method;
  const card = cardId ? (await ledger.get("payment_method", cardId))?.object : undefined;
  if (!card || !cardPays(card, firstCharge)) return false;

  const charge: TestCharge = {
    id: newId("ch"),
    object: "charge",
    amount: invoice.amount_due,
    amount_captured: invoice.amount_due,
    amount_refunded: 0,
    captured: true,
    created: at,
    currency: invoice.currency,
    customer: customer.id,
    description: `Invoice ${invoice.number}`,
    livemode: false,
    metadata: {},
    paid: true,
    payment_method: card.id,
    payment_method_details: {
      type: "card",
      card: { brand: "visa", last4: card.card.last4, exp_month: card.card.exp_month, exp_year: card.card.exp_year },
    },
    receipt_url: invoice.hosted_invoice_url,
    refunded: false,
    refunds: list([], ""),
    status: "succeeded",
  };
  charge.refunds.url = `/v1/charges/${charge.id}/refunds`;
  await ledger.insert("charge", { object: charge, internal: {} });
  invoice.payments.data.push({
    id: newId("inpay"),
    object: "invoice_payment",
    amount_paid: charge.amount,
    amount_requested: charge.amount,
    created: at,
    currency: charge.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: "charge", charge: charge.id },
    status: "paid",
    status_transitions: { paid_at: at, canceled_at: null },
  });
  invoice.amount_paid = charge.amount;
  markPaid(invoice, at);
  return true;
}

function markPaid(invoice: TestInvoice, at: number): void {
  invoice.status = "paid";
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = at;
}

function cardPays(card: TestPaymentMethod, firstCharge: boolean): boolean {
  switch (testCardByLast4(card.card.last4)?.behaviour) {
    case "succeeds":
    case "requires_confirmation":
      // Confirmed once when it was given, like a card set up for later payments off-session.
      return true;
    case "fails_later":
      return firstCharge;
    default:
      return false;
  }
}

/** The subscription's paid invoices since `since`, with the charges that paid them. */
export async function chargesSince(
  ledger: TestLedger,
  subscription: TestSubscription,
  since: number,
): Promise<TestCharge[]> {
  const invoices = await ledger.list("invoice", subscription.customer);
  const chargeIds = invoices
    .filter((invoice) => invoiceSubscription(invoice.object) === subscription.id)
    .filter((invoice) => (invoice.object.status_transitions.paid_at ?? -Infinity) >= since)
    .flatMap((invoice) => invoice.object.payments.data.map((payment) => payment.payment.charge));
  const charges: TestCharge[] = [];
  for (const id of chargeIds) {
    const charge = await ledger.get("charge", id);
    if (charge) charges.push(charge.object);
  }
  return charges;
}
