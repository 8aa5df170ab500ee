import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, PlanInterval } from "#database/schema";
import {
  deleteTestObjectsBefore,
  findTestObject,
  insertTestObject,
  listDueTestObjects,
  listTestObjects,
} from "#app/models/test-provider-object.server";
import { isoAfter, isoNow, now } from "#app/utils/clock";
import { formatDate } from "#app/utils/format-date";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentProvider,
  type PlanPrice,
  type ProviderCheckout,
  type ProviderSubscription,
} from "./payment-provider";
import { planName } from "./plans";
import { verifySignedEvent } from "./signed-event.server";
import { CARD_DECLINED_MESSAGE, CONFIRMATION_FAILED_MESSAGE, type CardDetails } from "./test-cards";
import {
  advanceSubscription,
  attachCard,
  chargesSince,
  draftInvoice,
  endSubscription,
  inPausedStretch,
  lockCustomer,
  lockSubscription,
  openInvoiceOf,
  payInvoice,
  paymentMethodObject,
  periodOf,
  planLine,
  reactivate,
  retryPayment,
  saveCustomer,
  saveSubscription,
  startSubscription,
  TRIAL_WILL_END_NOTICE,
} from "./test-provider-billing.server";
import {
  deliverDueEvents,
  newId,
  TEST_PAGES_PATH,
  transact,
  type DeliveryReport,
  type TestLedger,
  type TestProviderConfig,
} from "./test-provider-ledger.server";
import {
  invoiceSubscription,
  list,
  nextPeriodEnd,
  planOf,
  previousAttributes,
  priceObject,
  PRODUCT_NAME,
  shiftCharge,
  shiftInvoice,
  shiftSubscription,
  toIso,
  toSeconds,
  type TestCheckoutSession,
  type TestCustomer,
  type TestInvoice,
  type TestRecords,
  type TestSubscription,
} from "./test-provider-objects";

/**
 * The built-in test-mode payment provider, the default when no Stripe keys are set (docs/payments.md).
 * It behaves like Stripe for everything the app uses: hosted checkout and portal pages (served by the
 * app under /test-payments), subscriptions with trials, renewals, failed payments, pauses, plan
 * switches and refunds, and webhooks signed with Stripe's scheme and POSTed to the app's own webhook
 * endpoint, so test mode takes exactly the path Stripe's events take. Its records live in the
 * database (test_provider_objects), so every instance sees the same checkout.
 */
export interface TestPaymentProvider extends PaymentProvider {
  readonly name: "test";
  readonly isTestMode: true;

  /** The hosted checkout page's view of a session, or null when the id names none. */
  readCheckout(sessionId: string): Promise<CheckoutPage | null>;
  /** Pays a checkout with a test card; the price is the session's, never the page's. */
  payCheckout(sessionId: string, card: CardDetails): Promise<CheckoutOutcome>;
  /** The extra confirmation step of a card that asks for one: completed or failed. */
  confirmCheckout(sessionId: string, complete: boolean): Promise<CheckoutOutcome>;

  /** The hosted portal's view, or null when the token names no portal session. */
  readPortal(portalId: string): Promise<PortalPage | null>;
  portalAction(portalId: string, action: PortalAction): Promise<PortalOutcome>;

  /** The hosted invoice (receipt) page's view, or null. */
  readInvoice(invoiceId: string): Promise<InvoicePage | null>;
}

export interface CheckoutPage {
  sessionId: string;
  status: "open" | "complete" | "expired";
  plan: PlanInterval;
  amountMinor: number;
  currency: string;
  trialDays: number;
  /** When the first charge happens if the learner pays now: now, or when the trial ends. */
  firstChargeAt: string;
  email: string | null;
  /** A card waiting for its extra confirmation step. */
  awaitingConfirmation: { last4: string } | null;
  /** Where a complete checkout continues (the success URL), and where "cancel" goes. */
  successUrl: string;
  cancelUrl: string;
}

export type CheckoutOutcome =
  | { kind: "paid"; redirectTo: string }
  | { kind: "confirm" }
  | { kind: "declined"; message: string }
  /** The checkout is no longer open (paid, expired): the page shows why. */
  | { kind: "closed" };

/** A moment the test clock can move a customer to, so what is due then happens now. */
export type ClockTarget = "trial_will_end" | "trial_end" | "period_end" | "pause_end" | "next_retry";
export const CLOCK_TARGETS = [
  "trial_will_end",
  "trial_end",
  "period_end",
  "pause_end",
  "next_retry",
] as const satisfies readonly ClockTarget[];

/** The subscription the portal shows: the app's reading of it, and what the portal adds. */
export interface PortalSubscription extends ProviderSubscription {
  plan: PlanInterval;
  amountMinor: number;
  currency: string;
  status: TestSubscription["status"];
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** The next payment the clock will take, if any: when and how much (after any credit). */
  nextCharge: { at: string; amountMinor: number } | null;
  clockTargets: { target: ClockTarget; at: string; label: string }[];
}

export interface PortalInvoice {
  id: string;
  number: string;
  createdAt: string;
  paidAt: string | null;
  status: TestInvoice["status"];
  amountDueMinor: number;
  amountPaidMinor: number;
  amountRefundedMinor: number;
  currency: string;
  description: string;
  url: string;
}

export type PortalPage =
  | { status: "expired"; returnUrl: string }
  | {
      status: "open";
      returnUrl: string;
      email: string;
      card: { last4: string; expMonth: number; expYear: number; name: string } | null;
      awaitingConfirmation: { last4: string } | null;
      /** Credit on the account (from a plan switch), taken off the next payments. */
      creditMinor: number;
      subscription: PortalSubscription | null;
      invoices: PortalInvoice[];
    };

export type PortalAction =
  | { type: "update_card"; card: CardDetails }
  | { type: "confirm_card"; complete: boolean }
  | { type: "switch_plan"; subscriptionId: string; price: PlanPrice }
  | { type: "cancel"; subscriptionId: string }
  | { type: "resume"; subscriptionId: string }
  | { type: "advance_clock"; subscriptionId: string; target: ClockTarget };

export type PortalOutcome =
  { kind: "done"; message: string } | { kind: "confirm" } | { kind: "error"; message: string } | { kind: "expired" };

export interface InvoicePage {
  number: string;
  status: TestInvoice["status"];
  email: string;
  createdAt: string;
  paidAt: string | null;
  currency: string;
  amountDueMinor: number;
  amountPaidMinor: number;
  amountRefundedMinor: number;
  /** Credit from the account's balance that this invoice used. */
  creditAppliedMinor: number;
  /** Credit this invoice left on the account (a switch to a cheaper plan). */
  creditAddedMinor: number;
  lines: { description: string; amountMinor: number; periodStart: string; periodEnd: string }[];
  card: { last4: string } | null;
}

/** How long an open checkout may be paid, as Stripe's default. */
const CHECKOUT_LIFETIME_SECONDS = 24 * 60 * 60;
/** How long a portal link works, as the issue asks: an hour. */
export const PORTAL_LIFETIME_SECONDS = 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Ids in page addresses are at most this long; anything longer names nothing. */
const MAX_ID_LENGTH = 100;

const nowSeconds = () => toSeconds(now());

const pageUrl = z
  .string()
  .max(2000)
  .refine((text) => URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol), {
    error: "An absolute http(s) address.",
  });

const priceSchema = z.object({
  plan: z.enum(["monthly", "yearly"]),
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
});

const checkoutSchema = z.object({
  userId: z.string().min(1).max(255),
  customerId: z.string().min(1).max(255),
  price: priceSchema,
  trialDays: z.number().int().min(0).max(730),
  successUrl: pageUrl,
  cancelUrl: pageUrl,
});

const instant = z.iso.datetime({ offset: true }).transform((text) => toSeconds(text));

/** The configuration of each test provider, for the clock (runTestProviderTick); never shown. */
const configs = new WeakMap<PaymentProvider, TestProviderConfig>();

export function isTestPaymentProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return configs.has(provider);
}

export function createTestProvider(options: {
  db: Kysely<Database>;
  webhookSecret: string;
  webhookUrl: string;
  /** Where the app serves the hosted pages; by default the webhook URL's origin. */
  pagesOrigin?: string;
}): TestPaymentProvider {
  const config: TestProviderConfig = {
    db: options.db,
    webhookSecret: options.webhookSecret,
    webhookUrl: options.webhookUrl,
    pagesOrigin: options.pagesOrigin ?? new URL(options.webhookUrl).origin,
  };
  const { db } = config;
  const pagePath = (kind: "checkout" | "portal", id: string) => `${config.pagesOrigin}${TEST_PAGES_PATH}/${kind}/${id}`;

  /** Runs a change of a subscription the portal shows, after checking the portal may change it. */
  async function withPortalSubscription(
    portalId: string,
    subscriptionId: string,
    change: (subscriptionId: string) => Promise<string>,
  ): Promise<PortalOutcome> {
    const page = await provider.readPortal(portalId);
    if (!page || page.status === "expired") return { kind: "expired" };
    if (page.subscription?.subscriptionId !== subscriptionId) {
      return { kind: "error", message: "This page was out of date: it now shows your plan as it is." };
    }
    try {
      return { kind: "done", message: await change(subscriptionId) };
    } catch (error) {
      if (error instanceof PaymentProviderError) return { kind: "error", message: error.message };
      throw error;
    }
  }

  const provider: TestPaymentProvider = {
    name: "test",
    isTestMode: true,

    async createCustomer({ userId, email }) {
      // One customer per account whoever asks first: the id is derived from the account's.
      const hash = createHash("sha256").update(`numberlab test customer ${userId}`).digest("hex");
      const customer: TestCustomer = {
        id: `cus_test_${hash.slice(0, 24)}`,
        object: "customer",
        created: nowSeconds(),
        email,
        balance: 0,
        invoice_prefix: hash.slice(24, 32).toUpperCase(),
        next_invoice_sequence: 1,
        invoice_settings: { default_payment_method: null },
        metadata: { user_id: userId },
        livemode: false,
      };
      await insertTestObject(db, {
        id: customer.id,
        kind: "customer",
        customerId: customer.id,
        data: { object: customer, internal: {} },
        dueAt: null,
      });
      return { customerId: customer.id };
    },

    async createCheckout(request: CheckoutRequest) {
      const input = checkoutSchema.parse(request);
      const customer = await findTestObject(db, "customer", input.customerId);
      if (!customer) throw new Error(`Unknown test-mode customer ${input.customerId}.`);
      const at = nowSeconds();
      const id = newId("cs");
      const price = priceObject(input.price.plan, input.price.amountMinor, input.price.currency);
      const dueNow = input.trialDays > 0 ? 0 : price.unit_amount;
      const session: TestCheckoutSession = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        client_reference_id: input.userId,
        customer: input.customerId,
        customer_email: (customer.data as TestRecords["customer"]).object.email,
        subscription: null,
        invoice: null,
        url: pagePath("checkout", id),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        amount_subtotal: dueNow,
        amount_total: dueNow,
        currency: price.currency,
        created: at,
        expires_at: at + CHECKOUT_LIFETIME_SECONDS,
        line_items: list(
          [
            {
              id: newId("li"),
              object: "item",
              amount_subtotal: price.unit_amount,
              amount_total: price.unit_amount,
              currency: price.currency,
              description: `${PRODUCT_NAME}, ${planName(input.price.plan).toLowerCase()} plan`,
              quantity: 1,
              price,
            },
          ],
          `/v1/checkout/sessions/${id}/line_items`,
        ),
        livemode: false,
        metadata: {},
      };
      await insertTestObject(db, {
        id,
        kind: "checkout_session",
        customerId: input.customerId,
        data: { object: session, internal: { trialDays: input.trialDays, pendingCard: null } },
        dueAt: toIso(session.expires_at),
      });
      return { sessionId: id, url: session.url! };
    },

    async getCheckout(sessionId): Promise<ProviderCheckout | null> {
      const record = await readRecord(db, "checkout_session", sessionId);
      if (!record) return null;
      const session = record.object;
      return {
        sessionId: session.id,
        clientReference: session.client_reference_id,
        customerId: session.customer,
        subscriptionId: session.subscription,
        status: session.status === "open" && !isOpen(session, nowSeconds()) ? "expired" : session.status,
      };
    },

    async expireCheckout(sessionId) {
      await transact(config, async (ledger) => {
        const session = await lockSession(ledger, sessionId);
        if (!session) throw new Error(`Unknown test-mode checkout ${sessionId}.`);
        if (session.object.status === "complete") throw new PaymentProviderError("This checkout is already paid.");
        if (session.object.status === "open") await expireSession(ledger, session);
      });
    },

    async listSubscriptions(customerId) {
      const [subscriptions, invoices] = await Promise.all([
        listTestObjects(db, "subscription", customerId),
        listTestObjects(db, "invoice", customerId),
      ]);
      const invoiceObjects = invoices.map((row) => (row.data as TestRecords["invoice"]).object);
      return subscriptions.map((row) =>
        toProviderSubscription(row.data as TestRecords["subscription"], invoiceObjects),
      );
    },

    async createPortalSession({ customerId, returnUrl }) {
      const url = pageUrl.parse(returnUrl);
      if (!(await findTestObject(db, "customer", customerId))) {
        throw new Error(`Unknown test-mode customer ${customerId}.`);
      }
      const at = nowSeconds();
      const id = newId("bps");
      await insertTestObject(db, {
        id,
        kind: "portal_session",
        customerId,
        data: {
          object: {
            id,
            object: "billing_portal.session",
            created: at,
            customer: customerId,
            livemode: false,
            return_url: url,
            url: pagePath("portal", id),
          },
          internal: { expiresAt: at + PORTAL_LIFETIME_SECONDS, pendingCard: null },
        } satisfies TestRecords["portal_session"],
        dueAt: null,
      });
      return { url: pagePath("portal", id) };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await transact(config, async (ledger) => {
        const { record } = await lockLive(ledger, subscriptionId);
        const subscription = record.object;
        if (subscription.cancel_at_period_end === cancel) return;
        const before = structuredClone(subscription);
        subscription.cancel_at_period_end = cancel;
        subscription.cancel_at = cancel ? periodOf(subscription).end : null;
        subscription.canceled_at = cancel ? nowSeconds() : null;
        subscription.cancellation_details.reason = cancel ? "cancellation_requested" : null;
        await saveSubscription(ledger, record);
        await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
      });
    },

    /**
     * A switch takes effect at once and starts a new period of the new plan today. The unused part of
     * the current period is credited at its price, pro rata to the second; the new plan's price less
     * that credit is charged now, and a credit larger than the price stays on the account for the next
     * payments. During a trial only the price changes: the first charge at the trial's end is the new one.
     */
    async changePlan(subscriptionId, price) {
      const wanted = priceSchema.parse(price);
      await transact(config, async (ledger) => {
        const { customer, record } = await lockLive(ledger, subscriptionId);
        const subscription = record.object;
        if (subscription.status === "past_due" || subscription.status === "unpaid") {
          throw new PaymentProviderError("The last payment failed: update your card before switching plans.");
        }
        if (record.internal.pause) {
          throw new PaymentProviderError("Your plan has a pause: cancel the pause before switching plans.");
        }
        const item = subscription.items.data[0]!;
        const next = priceObject(wanted.plan, wanted.amountMinor, wanted.currency);
        if (next.id === item.price.id) return;
        if (next.currency !== subscription.currency) {
          throw new PaymentProviderError(
            `Your plan is billed in ${subscription.currency.toUpperCase()} and the other plan is priced in ${next.currency.toUpperCase()}: cancel and subscribe again to change the currency.`,
          );
        }
        const before = structuredClone(subscription);
        const at = nowSeconds();
        if (subscription.status === "trialing") {
          item.price = next;
          await saveSubscription(ledger, record);
          await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
          return;
        }

        const { start, end } = periodOf(subscription);
        const credit = Math.round((item.price.unit_amount * Math.max(0, end - at)) / Math.max(1, end - start));
        const creditLine = {
          ...planLine(subscription, -credit, at, end),
          description: `Unused time on the ${planName(planOf(item.price.recurring.interval)).toLowerCase()} plan after ${formatDate(toIso(at))}`,
        };
        const newEnd = nextPeriodEnd(at, at, next.recurring.interval);
        item.price = next;
        item.current_period_start = at;
        item.current_period_end = newEnd;
        subscription.billing_cycle_anchor = at;
        if (subscription.cancel_at_period_end) subscription.cancel_at = newEnd;
        const lines = [planLine(subscription, next.unit_amount, at, newEnd), ...(credit > 0 ? [creditLine] : [])];
        const invoice = draftInvoice(ledger, customer, subscription, lines, "subscription_update", at);
        if (!(await payInvoice(ledger, customer, invoice, { firstCharge: false }, at))) {
          throw new PaymentProviderError(CARD_DECLINED_MESSAGE);
        }
        subscription.latest_invoice = invoice.id;
        await ledger.insert("invoice", { object: invoice, internal: {} });
        await saveSubscription(ledger, record);
        await saveCustomer(ledger, customer);
        await ledger.emit("invoice.paid", invoice);
        await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
      });
    },

    async pause(subscriptionId, pause) {
      const from = instant.parse(pause.from);
      const until = instant.parse(pause.until);
      if (until <= from) throw new Error("A pause must end after it starts.");
      await transact(config, async (ledger) => {
        const { record } = await lockLive(ledger, subscriptionId);
        const subscription = record.object;
        if (subscription.status === "trialing") {
          throw new PaymentProviderError("A plan cannot be paused during its free trial.");
        }
        if (subscription.status !== "active") {
          throw new PaymentProviderError("The last payment failed: update your card before pausing.");
        }
        if (subscription.cancel_at_period_end) {
          throw new PaymentProviderError("Your plan is cancelled: resume it before pausing.");
        }
        if (record.internal.pause) throw new PaymentProviderError("Your plan has a pause already.");
        if (from < nowSeconds()) throw new Error("A pause cannot start in the past.");
        const before = structuredClone(subscription);
        record.internal.pause = { from, until };
        subscription.pause_collection = { behavior: "void", resumes_at: until };
        await saveSubscription(ledger, record);
        await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
      });
    },

    /**
     * Cancels a pause. Before it begins, the plan simply renews as before; during the paused stretch,
     * premium comes back at once with a new period that starts now and is paid now.
     */
    async unpause(subscriptionId) {
      await transact(config, async (ledger) => {
        const { customer, record } = await lockLive(ledger, subscriptionId);
        if (!record.internal.pause) return;
        const subscription = record.object;
        const before = structuredClone(subscription);
        const stretch = inPausedStretch(record);
        record.internal.pause = null;
        subscription.pause_collection = null;
        if (stretch) {
          await reactivate(ledger, customer, record, nowSeconds(), before);
          await saveSubscription(ledger, record);
          await saveCustomer(ledger, customer);
          return;
        }
        await saveSubscription(ledger, record);
        await ledger.emit("customer.subscription.updated", subscription, previousAttributes(before, subscription));
      });
    },

    async withdraw(subscriptionId, since) {
      const sinceSeconds = instant.parse(since);
      return transact(config, async (ledger) => {
        const locked = await lockSubscription(ledger, subscriptionId);
        if (!locked) throw new Error(`Unknown test-mode subscription ${subscriptionId}.`);
        const { record } = locked;
        const subscription = record.object;
        const at = nowSeconds();
        let refunded = 0;
        for (const charge of await chargesSince(ledger, subscription, sinceSeconds)) {
          const remaining = charge.amount - charge.amount_refunded;
          if (remaining <= 0) continue;
          const before = structuredClone(charge);
          charge.refunds.data.push({
            id: newId("re"),
            object: "refund",
            amount: remaining,
            charge: charge.id,
            created: at,
            currency: charge.currency,
            reason: "requested_by_customer",
            status: "succeeded",
            metadata: {},
          });
          charge.amount_refunded = charge.amount;
          charge.refunded = true;
          await ledger.save("charge", { object: charge, internal: {} });
          await ledger.emit("charge.refunded", charge, previousAttributes(before, charge));
          refunded += remaining;
        }
        if (subscription.status !== "canceled") await endSubscription(ledger, record, at, at);
        return { refundedMinor: refunded, currency: subscription.currency.toUpperCase() };
      });
    },

    async cancelNow(subscriptionId) {
      await transact(config, async (ledger) => {
        const locked = await lockSubscription(ledger, subscriptionId);
        if (!locked) throw new Error(`Unknown test-mode subscription ${subscriptionId}.`);
        if (locked.record.object.status === "canceled") return;
        const at = nowSeconds();
        await endSubscription(ledger, locked.record, at, at);
      });
    },

    verifyWebhook(rawBody, signatureHeader, receivedAt) {
      return verifySignedEvent(rawBody, signatureHeader, config.webhookSecret, receivedAt);
    },

    customerDashboardUrl() {
      return null;
    },

    async readCheckout(sessionId) {
      const record = await readRecord(db, "checkout_session", sessionId);
      if (!record) return null;
      const session = record.object;
      const price = session.line_items.data[0]!.price;
      const at = nowSeconds();
      const { trialDays, pendingCard } = record.internal;
      const card = pendingCard ? await readRecord(db, "payment_method", pendingCard) : null;
      return {
        sessionId: session.id,
        status: session.status === "open" && !isOpen(session, at) ? "expired" : session.status,
        plan: planOf(price.recurring.interval),
        amountMinor: price.unit_amount,
        currency: price.currency.toUpperCase(),
        trialDays,
        firstChargeAt: toIso(at + trialDays * 24 * 60 * 60),
        email: session.customer_email,
        awaitingConfirmation: card ? { last4: card.object.card.last4 } : null,
        successUrl: successUrlOf(session),
        cancelUrl: session.cancel_url,
      };
    },

    async payCheckout(sessionId, card) {
      return transact(config, async (ledger): Promise<CheckoutOutcome> => {
        const session = await lockSession(ledger, sessionId);
        const at = nowSeconds();
        if (!session || !isOpen(session.object, at)) return { kind: "closed" };
        if (session.internal.pendingCard) return { kind: "confirm" };
        if (card.behaviour === "declined") return { kind: "declined", message: CARD_DECLINED_MESSAGE };
        const method = paymentMethodObject(card, at);
        if (card.behaviour === "requires_confirmation") {
          await ledger.insert("payment_method", { object: method, internal: {} });
          session.internal.pendingCard = method.id;
          await ledger.save("checkout_session", session, toIso(session.object.expires_at));
          return { kind: "confirm" };
        }
        return completeCheckout(ledger, session, method, at);
      });
    },

    async confirmCheckout(sessionId, complete) {
      return transact(config, async (ledger): Promise<CheckoutOutcome> => {
        const session = await lockSession(ledger, sessionId);
        const at = nowSeconds();
        if (!session || !isOpen(session.object, at) || !session.internal.pendingCard) return { kind: "closed" };
        const method = (await ledger.get("payment_method", session.internal.pendingCard))!.object;
        if (!complete) {
          session.internal.pendingCard = null;
          await ledger.save("checkout_session", session, toIso(session.object.expires_at));
          return { kind: "declined", message: CONFIRMATION_FAILED_MESSAGE };
        }
        return completeCheckout(ledger, session, method, at);
      });
    },

    async readPortal(portalId) {
      const portal = await readRecord(db, "portal_session", portalId);
      if (!portal) return null;
      const returnUrl = portal.object.return_url;
      if (portal.internal.expiresAt <= nowSeconds()) return { status: "expired", returnUrl };
      const customerId = portal.object.customer;
      const [customer, subscriptions, invoices, charges] = await Promise.all([
        readRecord(db, "customer", customerId),
        listRecords(db, "subscription", customerId),
        listRecords(db, "invoice", customerId),
        listRecords(db, "charge", customerId),
      ]);
      const cardId = customer!.object.invoice_settings.default_payment_method;
      const card = cardId ? await readRecord(db, "payment_method", cardId) : null;
      const pending = portal.internal.pendingCard
        ? await readRecord(db, "payment_method", portal.internal.pendingCard)
        : null;
      const invoiceObjects = invoices.map((record) => record.object);
      const current = currentSubscription(subscriptions);
      return {
        status: "open",
        returnUrl,
        email: customer!.object.email,
        card: card
          ? {
              last4: card.object.card.last4,
              expMonth: card.object.card.exp_month,
              expYear: card.object.card.exp_year,
              name: card.object.billing_details.name,
            }
          : null,
        awaitingConfirmation: pending ? { last4: pending.object.card.last4 } : null,
        creditMinor: -customer!.object.balance,
        subscription: current ? portalSubscription(current, invoiceObjects, customer!.object) : null,
        invoices: invoiceObjects
          .toSorted((a, b) => b.created - a.created || b.number.localeCompare(a.number))
          .map((invoice) => ({
            id: invoice.id,
            number: invoice.number,
            createdAt: toIso(invoice.created),
            paidAt: invoice.status_transitions.paid_at === null ? null : toIso(invoice.status_transitions.paid_at),
            status: invoice.status,
            amountDueMinor: invoice.amount_due,
            amountPaidMinor: invoice.amount_paid,
            amountRefundedMinor: refundedOn(invoice, charges),
            currency: invoice.currency.toUpperCase(),
            description: invoice.lines.data[0]?.description ?? PRODUCT_NAME,
            url: invoice.hosted_invoice_url,
          })),
      };
    },

    async portalAction(portalId, action) {
      switch (action.type) {
        case "update_card":
        case "confirm_card":
          return changePortalCard(portalId, action);
        case "switch_plan":
          return withPortalSubscription(portalId, action.subscriptionId, async (id) => {
            await provider.changePlan(id, action.price);
            return `You are now on the ${action.price.plan} plan.`;
          });
        case "cancel":
          return withPortalSubscription(portalId, action.subscriptionId, async (id) => {
            await provider.setCancelAtPeriodEnd(id, true);
            return "Your plan is cancelled: it ends at the end of the period, and nothing more is charged.";
          });
        case "resume":
          return withPortalSubscription(portalId, action.subscriptionId, async (id) => {
            await provider.setCancelAtPeriodEnd(id, false);
            return "Your plan continues: it renews at the end of the period.";
          });
        case "advance_clock":
          return withPortalSubscription(portalId, action.subscriptionId, (id) => advanceClock(id, action.target));
      }
    },

    async readInvoice(invoiceId) {
      const record = await readRecord(db, "invoice", invoiceId);
      if (!record) return null;
      const invoice = record.object;
      const charges = await listRecords(db, "charge", invoice.customer);
      const chargeId = invoice.payments.data[0]?.payment.charge;
      const charge = charges.find((candidate) => candidate.object.id === chargeId)?.object;
      return {
        number: invoice.number,
        status: invoice.status,
        email: invoice.customer_email,
        createdAt: toIso(invoice.created),
        paidAt: invoice.status_transitions.paid_at === null ? null : toIso(invoice.status_transitions.paid_at),
        currency: invoice.currency.toUpperCase(),
        amountDueMinor: invoice.amount_due,
        amountPaidMinor: invoice.amount_paid,
        amountRefundedMinor: refundedOn(invoice, charges),
        creditAppliedMinor: Math.max(0, invoice.ending_balance - invoice.starting_balance),
        creditAddedMinor: Math.max(0, invoice.starting_balance - invoice.ending_balance),
        lines: invoice.lines.data.map((line) => ({
          description: line.description,
          amountMinor: line.amount,
          periodStart: toIso(line.period.start),
          periodEnd: toIso(line.period.end),
        })),
        card: charge ? { last4: charge.payment_method_details.card.last4 } : null,
      };
    },
  };

  async function completeCheckout(
    ledger: TestLedger,
    session: TestRecords["checkout_session"],
    method: ReturnType<typeof paymentMethodObject>,
    at: number,
  ): Promise<CheckoutOutcome> {
    const customer = await lockCustomer(ledger, session.object.customer);
    await startSubscription(ledger, customer, session, method, at);
    await saveCustomer(ledger, customer);
    return { kind: "paid", redirectTo: successUrlOf(session.object) };
  }

  /** A new card from the portal (or its confirmation): saved, and paying what is owed now. */
  async function changePortalCard(
    portalId: string,
    action: Extract<PortalAction, { type: "update_card" | "confirm_card" }>,
  ): Promise<PortalOutcome> {
    try {
      return await transact(config, async (ledger): Promise<PortalOutcome> => {
        const unlocked = await readRecord(ledger.db, "portal_session", portalId);
        if (!unlocked) return { kind: "expired" };
        const customer = await lockCustomer(ledger, unlocked.object.customer);
        const portal = (await ledger.get("portal_session", portalId))!;
        const at = nowSeconds();
        if (portal.internal.expiresAt <= at) return { kind: "expired" };
        let method;
        if (action.type === "confirm_card") {
          if (!portal.internal.pendingCard) return { kind: "error", message: "No card is waiting for confirmation." };
          method = (await ledger.get("payment_method", portal.internal.pendingCard))!.object;
          portal.internal.pendingCard = null;
          await ledger.save("portal_session", portal);
          if (!action.complete) return { kind: "error", message: CONFIRMATION_FAILED_MESSAGE };
        } else {
          if (action.card.behaviour === "declined") return { kind: "error", message: CARD_DECLINED_MESSAGE };
          method = paymentMethodObject(action.card, at);
          if (action.card.behaviour === "requires_confirmation") {
            await ledger.insert("payment_method", { object: method, internal: {} });
            portal.internal.pendingCard = method.id;
            await ledger.save("portal_session", portal);
            return { kind: "confirm" };
          }
        }
        await attachCard(ledger, customer, method);
        let message = `Your card ending in ${method.card.last4} is saved: later payments use it.`;
        const owing = currentSubscription(await ledger.list("subscription", customer.id));
        if (owing?.object.status === "past_due") {
          if (!(await retryPayment(ledger, customer, owing, at, { scheduled: false }))) {
            throw new PaymentProviderError(CARD_DECLINED_MESSAGE);
          }
          message += " The failed payment went through with it.";
        } else if (owing?.object.status === "unpaid") {
          await reactivate(ledger, customer, owing, at);
          message += " Your plan is active again: a new period starts today, paid with it.";
        }
        if (owing) await saveSubscription(ledger, owing);
        await saveCustomer(ledger, customer);
        return { kind: "done", message };
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) return { kind: "error", message: error.message };
      throw error;
    }
  }

  /**
   * The test clock: moves the customer's time ahead to the target (all its subscriptions', invoices'
   * and charges' times move back by the same amount), then applies what has become due, as the
   * clock's tick would have when that moment came.
   */
  async function advanceClock(subscriptionId: string, target: ClockTarget): Promise<string> {
    return transact(config, async (ledger) => {
      const { customer, record } = await lockLive(ledger, subscriptionId);
      const open = await openInvoiceOf(ledger, record.object);
      const at = nowSeconds();
      const moment = clockTargets(record, open).find((candidate) => candidate.target === target);
      if (!moment) throw new PaymentProviderError("The test clock cannot move to that moment in this plan's state.");
      const by = Math.max(0, toSeconds(moment.at) - at);
      if (by > 0) await shiftCustomer(ledger, customer.id, by);
      const shifted = (await ledger.get("subscription", subscriptionId))!;
      await advanceSubscription(ledger, customer, shifted, at);
      await saveCustomer(ledger, customer);
      const days = by / (24 * 60 * 60);
      return `Test clock: this customer's time moved ${days >= 1 ? `${Math.round(days)} days` : "less than a day"} ahead, and what was due then has happened now.`;
    });
  }

  configs.set(provider, config);
  return provider;
}

export interface TestTickReport extends DeliveryReport {
  expiredCheckouts: number;
  subscriptionSteps: number;
}

/**
 * The test provider's clock, run every minute by the server in test mode: expires unpaid checkouts,
 * applies the subscriptions' due transitions (trial ends, renewals and their retries, cancellations
 * and pauses), forgets spent portal sessions, and sends (or retries) every event that is due.
 */
export async function runTestProviderTick(
  db: Kysely<Database>,
  provider: TestPaymentProvider,
): Promise<TestTickReport> {
  const base = configs.get(provider);
  if (!base) throw new Error("runTestProviderTick needs a test-mode provider.");
  const config = { ...base, db };
  const report: TestTickReport = { expiredCheckouts: 0, subscriptionSteps: 0, delivered: 0, failed: 0 };

  for (const row of await listDueTestObjects(db, "checkout_session", isoNow(), 100)) {
    await transact(config, async (ledger) => {
      const session = await lockSession(ledger, row.id);
      if (session?.object.status === "open" && !isOpen(session.object, nowSeconds())) {
        await expireSession(ledger, session);
        report.expiredCheckouts += 1;
      }
    });
  }
  for (const row of await listDueTestObjects(db, "subscription", isoNow(), 100)) {
    await transact(config, async (ledger) => {
      const locked = await lockSubscription(ledger, row.id);
      if (!locked) return;
      report.subscriptionSteps += await advanceSubscription(ledger, locked.customer, locked.record, nowSeconds());
      await saveCustomer(ledger, locked.customer);
    });
  }
  await deleteTestObjectsBefore(db, "portal_session", isoAfter(-DAY_MS));
  const delivery = await deliverDueEvents(config);
  report.delivered += delivery.delivered;
  report.failed += delivery.failed;
  return report;
}

async function readRecord<K extends keyof TestRecords>(
  db: Kysely<Database>,
  kind: K,
  id: string,
): Promise<TestRecords[K] | null> {
  if (id.length > MAX_ID_LENGTH) return null;
  const row = await findTestObject(db, kind, id);
  return row ? (row.data as TestRecords[K]) : null;
}

async function listRecords<K extends keyof TestRecords>(
  db: Kysely<Database>,
  kind: K,
  customerId: string,
): Promise<TestRecords[K][]> {
  const rows = await listTestObjects(db, kind, customerId);
  return rows.map((row) => row.data as TestRecords[K]);
}

/** A checkout session and its customer, taken for this change; null when the id names none. */
async function lockSession(ledger: TestLedger, sessionId: string): Promise<TestRecords["checkout_session"] | null> {
  const unlocked = await readRecord(ledger.db, "checkout_session", sessionId);
  if (!unlocked) return null;
  await lockCustomer(ledger, unlocked.object.customer);
  return ledger.get("checkout_session", sessionId);
}

/** A subscription that has not ended, taken for this change. */
async function lockLive(ledger: TestLedger, subscriptionId: string) {
  const locked = await lockSubscription(ledger, subscriptionId);
  if (!locked) throw new Error(`Unknown test-mode subscription ${subscriptionId}.`);
  if (locked.record.object.status === "canceled") throw new PaymentProviderError("This subscription has ended.");
  return locked;
}

function isOpen(session: TestCheckoutSession, at: number): boolean {
  return session.status === "open" && session.expires_at > at;
}

async function expireSession(ledger: TestLedger, session: TestRecords["checkout_session"]): Promise<void> {
  const before = structuredClone(session.object);
  session.object.status = "expired";
  session.object.url = null;
  session.internal.pendingCard = null;
  await ledger.save("checkout_session", session);
  await ledger.emit("checkout.session.expired", session.object, previousAttributes(before, session.object));
}

/** Where a paid checkout sends the learner: its success URL with the session's id filled in, as Stripe does. */
function successUrlOf(session: TestCheckoutSession): string {
  return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
}

/** The subscription a customer manages now: the newest that has not ended, else the newest. */
function currentSubscription(subscriptions: TestRecords["subscription"][]): TestRecords["subscription"] | null {
  const newest = subscriptions.toSorted((a, b) => b.object.created - a.object.created);
  return newest.find((record) => record.object.status !== "canceled") ?? newest[0] ?? null;
}

/** A subscription in the app's terms (ProviderSubscription), read from it and its invoices. */
function toProviderSubscription(record: TestRecords["subscription"], invoices: TestInvoice[]): ProviderSubscription {
  const subscription = record.object;
  const item = subscription.items.data[0]!;
  const own = invoices.filter((invoice) => invoiceSubscription(invoice) === subscription.id);
  const open =
    subscription.status === "past_due"
      ? own.find((invoice) => invoice.id === subscription.latest_invoice && invoice.status === "open")
      : undefined;
  const payments = own
    .filter((invoice) => invoice.amount_paid > 0 && invoice.status_transitions.paid_at !== null)
    .map((invoice) => invoice.status_transitions.paid_at!);
  const { pause } = record.internal;
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    plan: planOf(item.price.recurring.interval),
    amountMinor: item.price.unit_amount,
    currency: item.price.currency.toUpperCase(),
    currentPeriodEnd: toIso(item.current_period_end),
    trialEnd: subscription.trial_end === null ? null : toIso(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pastDueSince: open ? toIso(open.status_transitions.finalized_at) : null,
    pausedFrom: pause ? toIso(pause.from) : null,
    pausedUntil: pause ? toIso(pause.until) : null,
    firstPaymentAt: payments.length > 0 ? toIso(Math.min(...payments)) : null,
    endedAt: subscription.ended_at === null ? null : toIso(subscription.ended_at),
  };
}

/** The moments the test clock can move a subscription to, in its present state. */
function clockTargets(
  record: TestRecords["subscription"],
  open: TestInvoice | null,
): { target: ClockTarget; at: string; label: string }[] {
  const subscription = record.object;
  const { end } = periodOf(subscription);
  const { pause } = record.internal;
  switch (subscription.status) {
    case "trialing": {
      const trialEnd = subscription.trial_end!;
      return [
        ...(record.internal.trialWillEndSentFor === trialEnd
          ? []
          : [
              {
                target: "trial_will_end" as const,
                at: toIso(trialEnd - TRIAL_WILL_END_NOTICE),
                label: "Advance to 3 days before the trial ends (the trial-ending notice)",
              },
            ]),
        {
          target: "trial_end",
          at: toIso(trialEnd),
          label: subscription.cancel_at_period_end
            ? "Advance to the end of the trial (the plan ends)"
            : "Advance to the end of the trial (the first charge)",
        },
      ];
    }
    case "active": {
      if (inPausedStretch(record)) {
        return [{ target: "pause_end", at: toIso(end), label: "Advance to the end of the pause (the renewal charge)" }];
      }
      const what = subscription.cancel_at_period_end
        ? "the plan ends"
        : pause && end >= pause.from
          ? "the pause begins"
          : "the renewal charge";
      return [{ target: "period_end", at: toIso(end), label: `Advance to the end of the period (${what})` }];
    }
    case "past_due":
      return open?.next_payment_attempt
        ? [
            {
              target: "next_retry",
              at: toIso(open.next_payment_attempt),
              label: "Advance to the next payment retry",
            },
          ]
        : [];
    case "unpaid":
      return subscription.cancel_at_period_end
        ? [{ target: "period_end", at: toIso(end), label: "Advance to the end of the period (the plan ends)" }]
        : [];
    case "canceled":
      return [];
  }
}

function portalSubscription(
  record: TestRecords["subscription"],
  invoices: TestInvoice[],
  customer: TestCustomer,
): PortalSubscription {
  const subscription = record.object;
  const item = subscription.items.data[0]!;
  const open = invoices.find((invoice) => invoice.id === subscription.latest_invoice && invoice.status === "open");
  const { pause } = record.internal;
  const renewing =
    !subscription.cancel_at_period_end && (subscription.status === "trialing" || subscription.status === "active");
  const renewsAt = pause && item.current_period_end >= pause.from ? pause.until : item.current_period_end;
  const nextCharge =
    subscription.status === "past_due" && open?.next_payment_attempt
      ? { at: toIso(open.next_payment_attempt), amountMinor: open.amount_remaining }
      : renewing
        ? { at: toIso(renewsAt), amountMinor: Math.max(0, item.price.unit_amount + customer.balance) }
        : null;
  return {
    ...toProviderSubscription(record, invoices),
    plan: planOf(item.price.recurring.interval),
    amountMinor: item.price.unit_amount,
    currency: item.price.currency.toUpperCase(),
    status: subscription.status,
    currentPeriodStart: toIso(item.current_period_start),
    currentPeriodEnd: toIso(item.current_period_end),
    nextCharge,
    clockTargets: clockTargets(record, open ?? null),
  };
}

/** What was refunded of the charges that paid an invoice. */
function refundedOn(invoice: TestInvoice, charges: TestRecords["charge"][]): number {
  const paidBy = new Set(invoice.payments.data.map((payment) => payment.payment.charge));
  return charges
    .filter((charge) => paidBy.has(charge.object.id))
    .reduce((sum, charge) => sum + charge.object.amount_refunded, 0);
}

/** Moves every time of a customer's subscriptions, invoices and charges `by` seconds into the past. */
async function shiftCustomer(ledger: TestLedger, customerId: string, by: number): Promise<void> {
  for (const record of await ledger.list("invoice", customerId)) {
    await ledger.save("invoice", { object: shiftInvoice(record.object, by), internal: {} });
  }
  for (const record of await ledger.list("charge", customerId)) {
    await ledger.save("charge", { object: shiftCharge(record.object, by), internal: {} });
  }
  // Last: a subscription's next transition may depend on its (shifted) open invoice.
  for (const record of await ledger.list("subscription", customerId)) {
    await saveSubscription(ledger, shiftSubscription(record, by));
  }
}
