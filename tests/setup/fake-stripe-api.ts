import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { now } from "#app/utils/clock";

/**
 * A local stand-in for the part of Stripe's HTTP API that Numberlab uses, for tests that drive the
 * real `stripe` SDK (stripe-mock is a Go binary, and the real API cannot run in CI). It speaks the
 * API version the SDK is pinned to: form-encoded bodies in bracket notation, Stripe-shaped JSON
 * objects and errors, unknown parameters refused, idempotency keys honoured, list pagination and
 * `expand`. Objects are typed as subsets of the SDK's own types, so a field the fake sends has the
 * shape the real API gives it. Time is the app's clock (tests/setup/test-clock.ts), in Unix seconds.
 *
 * Beside the API, helpers move the world on the way Stripe would: a customer paying a checkout, a
 * billing period ending (renewed, charged, voided while paused, or ended when cancelled), a card
 * that starts declining, and webhook events signed with the SDK's test-header helper.
 */

type List<T> = { object: "list"; data: T[]; has_more: boolean; url: string };
type Params = { [key: string]: Param };
type Param = string | Params | Param[];

export type FakeCustomer = Pick<
  Stripe.Customer,
  "id" | "object" | "balance" | "created" | "default_source" | "description" | "email" | "livemode" | "metadata"
> & { name: string | null };
export type FakeProduct = Pick<
  Stripe.Product,
  "id" | "object" | "active" | "created" | "description" | "images" | "livemode" | "metadata" | "name" | "updated"
>;
export type FakePrice = Pick<
  Stripe.Price,
  | "id"
  | "object"
  | "active"
  | "billing_scheme"
  | "created"
  | "currency"
  | "livemode"
  | "lookup_key"
  | "metadata"
  | "nickname"
  | "product"
  | "recurring"
  | "type"
  | "unit_amount"
>;
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "amount_subtotal"
  | "amount_total"
  | "cancel_url"
  | "client_reference_id"
  | "created"
  | "currency"
  | "customer"
  | "expires_at"
  | "livemode"
  | "metadata"
  | "mode"
  | "payment_status"
  | "status"
  | "subscription"
  | "success_url"
  | "url"
>;
export type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  "id" | "object" | "created" | "current_period_end" | "current_period_start" | "metadata" | "quantity" | "subscription"
> & { price: FakePrice };
export type FakeSubscription = Pick<
  Stripe.Subscription,
  | "id"
  | "object"
  | "billing_cycle_anchor"
  | "cancel_at"
  | "cancel_at_period_end"
  | "canceled_at"
  | "cancellation_details"
  | "collection_method"
  | "created"
  | "currency"
  | "customer"
  | "ended_at"
  | "livemode"
  | "metadata"
  | "pause_collection"
  | "start_date"
  | "status"
  | "trial_end"
  | "trial_start"
> & { items: List<FakeSubscriptionItem>; latest_invoice: string | null };
export type FakeInvoice = Pick<
  Stripe.Invoice,
  | "id"
  | "object"
  | "amount_due"
  | "amount_paid"
  | "amount_remaining"
  | "attempt_count"
  | "attempted"
  | "billing_reason"
  | "collection_method"
  | "created"
  | "currency"
  | "customer"
  | "livemode"
  | "number"
  | "parent"
  | "period_end"
  | "period_start"
  | "status"
  | "status_transitions"
  | "subtotal"
  | "total"
>;
export type FakeRefund = Pick<
  Stripe.Refund,
  "id" | "object" | "amount" | "charge" | "created" | "currency" | "metadata" | "payment_intent" | "reason" | "status"
>;
export type FakePortalSession = Pick<
  Stripe.BillingPortal.Session,
  | "id"
  | "object"
  | "configuration"
  | "created"
  | "customer"
  | "customer_account"
  | "flow"
  | "livemode"
  | "locale"
  | "on_behalf_of"
  | "return_url"
  | "url"
>;
/** A payment intent as far as the fake needs one: what was charged, for refunds. */
interface FakePaymentIntent {
  id: string;
  chargeId: string;
  amount: number;
  currency: string;
  customer: string;
}

export interface FakeStripeStore {
  customers: Map<string, FakeCustomer>;
  products: Map<string, FakeProduct>;
  prices: Map<string, FakePrice>;
  checkoutSessions: Map<string, FakeCheckoutSession>;
  /** What a session sells, which Stripe keeps but does not send unless asked (`line_items`). */
  checkoutLines: Map<string, { price: string; trialDays: number; subscriptionMetadata: Record<string, string> }>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  invoicePayments: Map<string, Stripe.InvoicePayment>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  portalConfigurations: Map<string, Stripe.BillingPortal.Configuration>;
  portalSessions: Map<string, FakePortalSession>;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Params;
  status: number;
  /** Answered from an earlier request with the same idempotency key. */
  replayed?: boolean;
}

export interface FakeStripeApi {
  /** Where the SDK should send its requests (STRIPE_API_URL). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  store: FakeStripeStore;
  /** Every request answered, in order (idempotent replays included). */
  requests: FakeStripeRequest[];
  /** The customer pays the checkout: its subscription starts (trialing, or active with a paid first invoice). */
  completeCheckout(sessionId: string): FakeSubscription;
  /**
   * The current period ends: the subscription ends if it was cancelled for then, else a new period
   * starts and its invoice is voided (paused), paid, or left open with the subscription past due
   * (the customer's card declines).
   */
  advancePeriod(subscriptionId: string): FakeSubscription;
  /** From now on the customer's card is declined (or accepted again). */
  declineCard(customerId: string, declined?: boolean): void;
  /** The subscription as the API would send it, with `latest_invoice` expanded when asked. */
  subscriptionJson(subscriptionId: string, options?: { expandLatestInvoice?: boolean }): Record<string, unknown>;
  /** A webhook event about `object`, signed like Stripe signs them (by default with `webhookSecret`, now). */
  signedEvent(
    type: string,
    object: Record<string, unknown>,
    options?: { secret?: string; timestamp?: number; previousAttributes?: Record<string, unknown> },
  ): { payload: string; header: string; eventId: string };
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

function invalid(message: string, extra: { code?: string; param?: string } = {}): ApiError {
  return new ApiError(400, { type: "invalid_request_error", message, ...extra });
}

function missing(kind: string, id: string, param = "id"): ApiError {
  return new ApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

function cardDeclined(): ApiError {
  return new ApiError(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  });
}

const DAY = 24 * 60 * 60;

function unixNow(): number {
  return Math.floor(now().getTime() / 1000);
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "0")}`;
}

/** Calendar months, clamped to the month's last day as Stripe bills (Jan 31 → Feb 28). */
function addInterval(seconds: number, interval: string): number {
  const start = new Date(seconds * 1000);
  const months = interval === "year" ? 12 : interval === "month" ? 1 : 0;
  if (months === 0) return seconds + (interval === "week" ? 7 * DAY : DAY);
  const target = new Date(
    Date.UTC(
      start.getUTCFullYear(),
      start.getUTCMonth() + months,
      1,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.getTime() / 1000;
}

/**
 * A form body or query string as Stripe reads it: `a[b][0][c]=x` nests, `a[]=x` appends, and an
 * object whose keys are 0…n−1 is an array.
 */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) throw invalid(`Invalid parameter name: ${name}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node: Params = root;
    path.forEach((segment, index) => {
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === "string" || Array.isArray(next)) throw invalid(`Invalid parameter: ${name}`);
      node = node[key] = next ?? {};
    });
  }
  return arraysFromIndices(root) as Params;
}

function arraysFromIndices(value: Param): Param {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndices(value[key]!)]));
  const indexed = keys.length > 0 && keys.every((key, position) => key === String(position));
  return indexed ? keys.map((key) => converted[key]!) : converted;
}

/** Reads parameters the way the API validates them: unknown names refused, types checked. */
class Reader {
  constructor(
    readonly params: Params,
    readonly prefix = "",
  ) {}

  static of(value: Param | undefined, name: string): Reader | undefined {
    if (value === undefined) return undefined;
    if (typeof value === "string" || Array.isArray(value)) throw invalid(`Invalid object`, { param: name });
    return new Reader(value, name);
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  allowOnly(...allowed: string[]): this {
    for (const key of Object.keys(this.params)) {
      if (!allowed.includes(key)) {
        throw invalid(`Received unknown parameter: ${this.name(key)}`, {
          code: "parameter_unknown",
          param: this.name(key),
        });
      }
    }
    return this;
  }

  has(key: string): boolean {
    return this.params[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw invalid(`Invalid string: ${this.name(key)}`, { param: this.name(key) });
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === "") {
      throw invalid(`Missing required param: ${this.name(key)}.`, { code: "parameter_missing", param: this.name(key) });
    }
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw invalid(`Invalid integer: ${value}`, { code: "parameter_invalid_integer", param: this.name(key) });
    }
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== "true" && value !== "false") throw invalid(`Invalid boolean: ${value}`, { param: this.name(key) });
    return value === "true";
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalid(`Invalid ${this.name(key)}: must be one of ${values.join(", ")}`, { param: this.name(key) });
    }
    return value as T;
  }

  object(key: string): Reader | undefined {
    return Reader.of(this.params[key], this.name(key));
  }

  /** An `Emptyable` object: "" clears it. */
  emptyableObject(key: string): Reader | "" | undefined {
    return this.params[key] === "" ? "" : this.object(key);
  }

  array(key: string): Param[] | undefined {
    const value = this.params[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalid(`Invalid array`, { param: this.name(key) });
    return value;
  }

  strings(key: string): string[] | undefined {
    return this.array(key)?.map((entry) => {
      if (typeof entry !== "string") throw invalid(`Invalid array`, { param: this.name(key) });
      return entry;
    });
  }

  /** Metadata as an update sends it: "" for a key deletes it, "" for the whole unsets all. */
  metadataInto(target: Record<string, string>): Record<string, string> {
    const value = this.params.metadata;
    if (value === undefined) return target;
    if (value === "") return {};
    const updates = this.object("metadata")!;
    const merged = { ...target };
    for (const key of Object.keys(updates.params)) {
      const entry = updates.string(key)!;
      if (entry === "") delete merged[key];
      else merged[key] = entry;
    }
    return merged;
  }

  /** The `expand` list, each entry checked against what this endpoint can expand. */
  expansions(expandable: readonly string[]): Set<string> {
    const wanted = this.strings("expand") ?? [];
    for (const path of wanted) {
      if (!expandable.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, { param: "expand" });
    }
    return new Set(wanted);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ENDED_STATUSES = new Set(["canceled", "incomplete_expired"]);

export async function startFakeStripeApi(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripeApi> {
  const secretKey = options.secretKey ?? "sk_test_fake_numberlab";
  const webhookSecret = options.webhookSecret ?? "whsec_fake_numberlab";
  const store: FakeStripeStore = {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    checkoutSessions: new Map(),
    checkoutLines: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoicePayments: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    portalConfigurations: new Map(),
    portalSessions: new Map(),
  };
  const requests: FakeStripeRequest[] = [];
  const declined = new Set<string>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let invoiceNumber = 0;

  function get<T>(map: Map<string, T>, kind: string, id: string, param?: string): T {
    const found = map.get(id);
    if (!found) throw missing(kind, id, param);
    return found;
  }

  /** Newest first, as every Stripe list is; `limit` and `starting_after` page through it. */
  function list<T extends { id: string }>(items: T[], reader: Reader, url: string, render: (item: T) => unknown) {
    const limit = reader.integer("limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", { param: "limit" });
    const newestFirst = [...items].reverse();
    const after = reader.string("starting_after");
    const start = after === undefined ? 0 : newestFirst.findIndex((item) => item.id === after) + 1;
    if (after !== undefined && start === 0) throw missing("object", after, "starting_after");
    const page = newestFirst.slice(start, start + limit);
    return { object: "list", data: page.map(render), has_more: start + limit < newestFirst.length, url };
  }

  // ---- rendering, with what `expand` asked for -------------------------------------------------

  function invoiceJson(invoice: FakeInvoice, expand: Set<string>, prefix = ""): Record<string, unknown> {
    if (!expand.has(`${prefix}payments`)) return { ...invoice };
    const payments = [...store.invoicePayments.values()].filter((payment) => payment.invoice === invoice.id);
    return {
      ...invoice,
      payments: { object: "list", data: payments, has_more: false, url: `/v1/invoice_payments?invoice=${invoice.id}` },
    };
  }

  function subscriptionJson(subscription: FakeSubscription, expand: Set<string>, prefix = ""): Record<string, unknown> {
    const latest = subscription.latest_invoice;
    return {
      ...subscription,
      items: { ...subscription.items, data: subscription.items.data.map((item) => ({ ...item })) },
      latest_invoice:
        latest && expand.has(`${prefix}latest_invoice`) ? invoiceJson(store.invoices.get(latest)!, new Set()) : latest,
    };
  }

  function configurationJson(configuration: Stripe.BillingPortal.Configuration, expand: Set<string>, prefix = "") {
    // Stripe sends the plan switch's products only when asked for them.
    if (expand.has(`${prefix}features.subscription_update.products`)) return configuration;
    const { products: _hidden, ...update } = configuration.features.subscription_update;
    return { ...configuration, features: { ...configuration.features, subscription_update: update } };
  }

  // ---- payments ---------------------------------------------------------------------------------

  /** Issues a subscription's invoice and collects it: paid, voided (paused) or left open (declined). */
  function issueInvoice(
    subscription: FakeSubscription,
    input: {
      amount: number;
      reason: Stripe.Invoice.BillingReason;
      periodStart: number;
      periodEnd: number;
      void?: boolean;
    },
  ): FakeInvoice {
    const at = unixNow();
    invoiceNumber += 1;
    const customer = subscription.customer as string;
    const invoice: FakeInvoice = {
      id: newId("in"),
      object: "invoice",
      amount_due: input.amount,
      amount_paid: 0,
      amount_remaining: input.amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: input.reason,
      collection_method: "charge_automatically",
      created: at,
      currency: subscription.currency,
      customer,
      livemode: false,
      number: `FAKE-${String(invoiceNumber).padStart(4, "0")}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_start: input.periodStart,
      period_end: input.periodEnd,
      status: "open",
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: input.amount,
      total: input.amount,
    };
    store.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    if (input.void) {
      invoice.status = "void";
      invoice.amount_remaining = 0;
      invoice.status_transitions.voided_at = at;
    } else if (input.amount === 0) {
      invoice.status = "paid";
      invoice.status_transitions.paid_at = at;
    } else {
      invoice.attempted = true;
      invoice.attempt_count = 1;
      const paymentIntent: FakePaymentIntent = {
        id: newId("pi"),
        chargeId: newId("ch"),
        amount: input.amount,
        currency: invoice.currency,
        customer,
      };
      const paid = !declined.has(customer);
      const paymentId = newId("inpay");
      store.invoicePayments.set(paymentId, {
        id: paymentId,
        object: "invoice_payment",
        amount_paid: paid ? input.amount : null,
        amount_requested: input.amount,
        created: at,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: paymentIntent.id },
        status: paid ? "paid" : "open",
        status_transitions: { canceled_at: null, paid_at: paid ? at : null },
      });
      if (paid) {
        store.paymentIntents.set(paymentIntent.id, paymentIntent);
        invoice.status = "paid";
        invoice.amount_paid = input.amount;
        invoice.amount_remaining = 0;
        invoice.status_transitions.paid_at = at;
      }
    }
    return invoice;
  }

  function startSubscription(session: FakeCheckoutSession): FakeSubscription {
    const line = store.checkoutLines.get(session.id)!;
    const price = store.prices.get(line.price)!;
    const start = unixNow();
    const trialEnd = line.trialDays > 0 ? start + line.trialDays * DAY : null;
    const id = newId("sub");
    const subscription: FakeSubscription = {
      id,
      object: "subscription",
      billing_cycle_anchor: trialEnd ?? start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: "charge_automatically",
      created: start,
      currency: price.currency,
      customer: session.customer as string,
      ended_at: null,
      livemode: false,
      metadata: { ...line.subscriptionMetadata },
      pause_collection: null,
      start_date: start,
      status: trialEnd ? "trialing" : "active",
      trial_end: trialEnd,
      trial_start: trialEnd ? start : null,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            created: start,
            current_period_start: start,
            current_period_end: trialEnd ?? addInterval(start, price.recurring!.interval),
            metadata: {},
            price,
            quantity: 1,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
    };
    store.subscriptions.set(id, subscription);
    const item = subscription.items.data[0]!;
    issueInvoice(subscription, {
      amount: trialEnd ? 0 : price.unit_amount!,
      reason: "subscription_create",
      periodStart: start,
      periodEnd: item.current_period_end,
    });
    return subscription;
  }

  function refundable(paymentIntent: FakePaymentIntent): number {
    const refunded = [...store.refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent.id)
      .reduce((sum, refund) => sum + refund.amount, 0);
    return paymentIntent.amount - refunded;
  }

  // ---- endpoints ----------------------------------------------------------------------------------

  type Handler = (reader: Reader, ids: string[]) => unknown;
  const routes: { method: string; pattern: RegExp; handle: Handler }[] = [];
  const route = (method: string, path: string, handle: Handler) =>
    routes.push({ method, pattern: new RegExp(`^${path.replaceAll(":id", "([^/]+)")}$`), handle });

  route("POST", "/v1/customers", (reader) => {
    reader.allowOnly("email", "metadata", "name", "description", "expand");
    const email = reader.string("email");
    if (email !== undefined && !EMAIL.test(email)) {
      throw invalid(`Invalid email address: ${email}`, { code: "email_invalid", param: "email" });
    }
    const customer: FakeCustomer = {
      id: newId("cus"),
      object: "customer",
      balance: 0,
      created: unixNow(),
      default_source: null,
      description: reader.string("description") ?? null,
      email: email ?? null,
      livemode: false,
      metadata: reader.metadataInto({}),
      name: reader.string("name") ?? null,
    };
    store.customers.set(customer.id, customer);
    return customer;
  });

  route("GET", "/v1/products/:id", (reader, [id]) => {
    reader.allowOnly("expand");
    return get(store.products, "product", id!);
  });

  route("POST", "/v1/products", (reader) => {
    reader.allowOnly("id", "name", "active", "description", "metadata", "expand");
    const id = reader.string("id") ?? newId("prod");
    if (store.products.has(id)) {
      throw invalid(`Product already exists.`, { code: "resource_already_exists", param: "id" });
    }
    const at = unixNow();
    const product: FakeProduct = {
      id,
      object: "product",
      active: reader.boolean("active") ?? true,
      created: at,
      description: reader.string("description") ?? null,
      images: [],
      livemode: false,
      metadata: reader.metadataInto({}),
      name: reader.requiredString("name"),
      updated: at,
    };
    store.products.set(id, product);
    return product;
  });

  route("POST", "/v1/products/:id", (reader, [id]) => {
    reader.allowOnly("name", "active", "description", "metadata", "expand");
    const product = get(store.products, "product", id!);
    product.active = reader.boolean("active") ?? product.active;
    product.name = reader.string("name") ?? product.name;
    product.description = reader.string("description") ?? product.description;
    product.metadata = reader.metadataInto(product.metadata);
    product.updated = unixNow();
    return product;
  });

  route("GET", "/v1/prices", (reader) => {
    reader.allowOnly("lookup_keys", "active", "product", "currency", "limit", "starting_after", "expand");
    const lookupKeys = reader.strings("lookup_keys");
    const active = reader.boolean("active");
    const product = reader.string("product");
    const currency = reader.string("currency");
    const matching = [...store.prices.values()].filter(
      (price) =>
        (!lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active) &&
        (product === undefined || price.product === product) &&
        (currency === undefined || price.currency === currency),
    );
    return list(matching, reader, "/v1/prices", (price) => price);
  });

  route("POST", "/v1/prices", (reader) => {
    reader.allowOnly(
      "currency",
      "product",
      "unit_amount",
      "recurring",
      "lookup_key",
      "nickname",
      "metadata",
      "active",
      "transfer_lookup_key",
      "expand",
    );
    const productId = reader.requiredString("product");
    get(store.products, "product", productId, "product");
    const unitAmount = reader.integer("unit_amount");
    if (unitAmount === undefined || unitAmount < 0) {
      throw invalid("Missing required param: unit_amount.", { code: "parameter_missing", param: "unit_amount" });
    }
    const recurringReader = reader.object("recurring")?.allowOnly("interval", "interval_count");
    const lookupKey = reader.string("lookup_key") ?? null;
    const holder = [...store.prices.values()].find((price) => lookupKey !== null && price.lookup_key === lookupKey);
    if (holder && reader.boolean("transfer_lookup_key") !== true) {
      throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, { param: "lookup_key" });
    }
    if (holder) holder.lookup_key = null;
    const interval = recurringReader?.oneOf("interval", ["day", "week", "month", "year"]);
    if (recurringReader && !interval) {
      throw invalid("Missing required param: recurring[interval].", {
        code: "parameter_missing",
        param: "recurring[interval]",
      });
    }
    const price: FakePrice = {
      id: newId("price"),
      object: "price",
      active: reader.boolean("active") ?? true,
      billing_scheme: "per_unit",
      created: unixNow(),
      currency: reader.requiredString("currency").toLowerCase(),
      livemode: false,
      lookup_key: lookupKey,
      metadata: reader.metadataInto({}),
      nickname: reader.string("nickname") ?? null,
      product: productId,
      recurring: interval
        ? {
            interval,
            interval_count: recurringReader!.integer("interval_count") ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: "licensed",
          }
        : null,
      type: interval ? "recurring" : "one_time",
      unit_amount: unitAmount,
    };
    store.prices.set(price.id, price);
    return price;
  });

  route("POST", "/v1/prices/:id", (reader, [id]) => {
    reader.allowOnly("active", "nickname", "metadata", "lookup_key", "expand");
    const price = get(store.prices, "price", id!);
    price.active = reader.boolean("active") ?? price.active;
    price.nickname = reader.string("nickname") ?? price.nickname;
    price.metadata = reader.metadataInto(price.metadata);
    return price;
  });

  route("POST", "/v1/checkout/sessions", (reader) => {
    reader.allowOnly(
      "mode",
      "customer",
      "client_reference_id",
      "line_items",
      "subscription_data",
      "success_url",
      "cancel_url",
      "metadata",
      "expand",
    );
    const mode = reader.oneOf("mode", ["payment", "setup", "subscription"]);
    if (mode !== "subscription") {
      throw invalid("The fake Stripe API opens subscription checkouts only.", { param: "mode" });
    }
    const customer = reader.string("customer");
    if (customer !== undefined) get(store.customers, "customer", customer, "customer");
    const lines = reader.array("line_items") ?? [];
    if (lines.length !== 1) throw invalid("The fake Stripe API sells exactly one line item.", { param: "line_items" });
    const line = Reader.of(lines[0], "line_items[0]")!.allowOnly("price", "quantity");
    const price = get(store.prices, "price", line.requiredString("price"), "line_items[0][price]");
    if (!price.active || !store.products.get(price.product as string)?.active) {
      throw invalid(`The price specified is inactive. This field only accepts active prices.`, {
        param: "line_items[0][price]",
      });
    }
    if (!price.recurring) {
      throw invalid("You must specify at least one recurring price in `subscription` mode.", { param: "line_items" });
    }
    const subscriptionData = reader.object("subscription_data")?.allowOnly("trial_period_days", "metadata");
    const trialDays = subscriptionData?.integer("trial_period_days") ?? 0;
    if (subscriptionData?.has("trial_period_days") && trialDays < 1) {
      throw invalid("The minimum number of trial period days is 1.", { param: "subscription_data[trial_period_days]" });
    }
    const clientReference = reader.string("client_reference_id") ?? null;
    if (clientReference !== null && clientReference.length > 200) {
      throw invalid("client_reference_id is too long.", { param: "client_reference_id" });
    }
    const created = unixNow();
    const id = `cs_test_${randomBytes(24).toString("base64url").replace(/[-_]/g, "0")}`;
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: price.unit_amount,
      amount_total: trialDays > 0 ? 0 : price.unit_amount,
      cancel_url: reader.string("cancel_url") ?? null,
      client_reference_id: clientReference,
      created,
      currency: price.currency,
      customer: customer ?? null,
      expires_at: created + DAY,
      livemode: false,
      metadata: reader.metadataInto({}),
      mode: "subscription",
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: reader.requiredString("success_url"),
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    store.checkoutSessions.set(id, session);
    store.checkoutLines.set(id, {
      price: price.id,
      trialDays,
      subscriptionMetadata: subscriptionData?.metadataInto({}) ?? {},
    });
    return session;
  });

  route("GET", "/v1/checkout/sessions/:id", (reader, [id]) => {
    reader.allowOnly("expand");
    return get(store.checkoutSessions, "checkout.session", id!);
  });

  route("POST", "/v1/checkout/sessions/:id/expire", (reader, [id]) => {
    reader.allowOnly("expand");
    const session = get(store.checkoutSessions, "checkout.session", id!);
    if (session.status !== "open") {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
    }
    session.status = "expired";
    session.url = null;
    return session;
  });

  route("GET", "/v1/subscriptions", (reader) => {
    reader.allowOnly("customer", "status", "limit", "starting_after", "expand", "price");
    const customer = reader.string("customer");
    const status = reader.string("status");
    const expand = reader.expansions(["data.latest_invoice"]);
    const matching = [...store.subscriptions.values()].filter(
      (subscription) =>
        (customer === undefined || subscription.customer === customer) &&
        (status === "all" ||
          (status === undefined && subscription.status !== "canceled") ||
          (status === "ended" && ENDED_STATUSES.has(subscription.status)) ||
          subscription.status === status),
    );
    return list(matching, reader, "/v1/subscriptions", (subscription) =>
      subscriptionJson(subscription, expand, "data."),
    );
  });

  route("GET", "/v1/subscriptions/:id", (reader, [id]) => {
    reader.allowOnly("expand");
    const expand = reader.expansions(["latest_invoice"]);
    return subscriptionJson(get(store.subscriptions, "subscription", id!), expand);
  });

  route("POST", "/v1/subscriptions/:id", (reader, [id]) => {
    reader.allowOnly(
      "cancel_at_period_end",
      "cancel_at",
      "cancellation_details",
      "items",
      "proration_behavior",
      "payment_behavior",
      "pause_collection",
      "billing_cycle_anchor",
      "metadata",
      "expand",
    );
    const subscription = get(store.subscriptions, "subscription", id!);
    const expand = reader.expansions(["latest_invoice"]);
    const touched = Object.keys(reader.params).filter(
      (key) => !["metadata", "cancellation_details", "expand"].includes(key),
    );
    if (ENDED_STATUSES.has(subscription.status) && touched.length > 0) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.", {
        code: "invalid_canceled_subscription_fields",
      });
    }
    if (reader.has("cancel_at_period_end") && reader.has("cancel_at")) {
      throw invalid("You may only specify one of these parameters: cancel_at, cancel_at_period_end.", {
        code: "parameters_exclusive",
      });
    }
    reader.oneOf("proration_behavior", ["always_invoice", "create_prorations", "none"]);
    const paymentBehavior = reader.oneOf("payment_behavior", [
      "allow_incomplete",
      "default_incomplete",
      "error_if_incomplete",
      "pending_if_incomplete",
    ]);
    const item = subscription.items.data[0]!;

    // Validate everything before changing anything, as the API applies an update whole or not at all.
    const items = reader.array("items");
    let newPrice: FakePrice | undefined;
    if (items) {
      if (items.length !== 1) throw invalid("The fake Stripe API keeps one item per subscription.", { param: "items" });
      const entry = Reader.of(items[0], "items[0]")!.allowOnly("id", "price");
      if (entry.requiredString("id") !== item.id) {
        throw missing("subscription_item", entry.string("id")!, "items[0][id]");
      }
      newPrice = get(store.prices, "price", entry.requiredString("price"), "items[0][price]");
      if (!newPrice.active || !newPrice.recurring) {
        throw invalid("The price specified is inactive. This field only accepts active prices.", {
          param: "items[0][price]",
        });
      }
      if (newPrice.currency !== subscription.currency) {
        throw invalid("The price's currency must match the subscription's currency.", { param: "items[0][price]" });
      }
    }
    const pause = reader.emptyableObject("pause_collection");
    let pauseCollection = subscription.pause_collection;
    if (pause === "") pauseCollection = null;
    else if (pause) {
      pause.allowOnly("behavior", "resumes_at");
      const behavior = pause.oneOf("behavior", ["keep_as_draft", "mark_uncollectible", "void"]);
      if (!behavior) {
        throw invalid("Missing required param: pause_collection[behavior].", { code: "parameter_missing" });
      }
      pauseCollection = { behavior, resumes_at: pause.integer("resumes_at") ?? null };
    }
    const cancelAtPeriodEnd = reader.boolean("cancel_at_period_end");
    const cancelAt = reader.string("cancel_at") === "" ? null : reader.integer("cancel_at");
    const anchorNow =
      reader.object("billing_cycle_anchor")?.allowOnly("type").oneOf("type", ["now", "unchanged"]) === "now";
    if (anchorNow && declined.has(subscription.customer as string) && paymentBehavior === "error_if_incomplete") {
      throw cardDeclined();
    }

    if (newPrice && newPrice.id !== item.price.id) changePrice(subscription, newPrice, paymentBehavior);
    if (anchorNow) restartPeriod(subscription);
    subscription.pause_collection = pauseCollection;
    subscription.metadata = reader.metadataInto(subscription.metadata);
    if (cancelAtPeriodEnd !== undefined) {
      // Since 2025 the period end is also written to cancel_at when ending at period end.
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? item.current_period_end : null;
      subscription.canceled_at = cancelAtPeriodEnd ? unixNow() : null;
    }
    if (cancelAt !== undefined) {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = cancelAt;
      subscription.canceled_at = cancelAt === null ? null : unixNow();
    }
    const comment = reader.object("cancellation_details")?.allowOnly("comment", "feedback").string("comment");
    if (comment !== undefined) subscription.cancellation_details = { ...subscription.cancellation_details!, comment };
    return subscriptionJson(subscription, expand);
  });

  /** `billing_cycle_anchor[type]=now` with no proration: a new period from now, invoiced in full at once. */
  function restartPeriod(subscription: FakeSubscription) {
    const item = subscription.items.data[0]!;
    const at = unixNow();
    item.current_period_start = at;
    item.current_period_end = addInterval(at, item.price.recurring!.interval);
    subscription.billing_cycle_anchor = at;
    const invoice = issueInvoice(subscription, {
      amount: item.price.unit_amount!,
      reason: "subscription_update",
      periodStart: at,
      periodEnd: item.current_period_end,
    });
    if (invoice.status === "open") subscription.status = "past_due";
  }

  /**
   * A plan switch. Within the same interval the new price applies from the next invoice (Stripe
   * would add proration items to it, which the fake does not model). A new interval restarts the
   * period now and charges the new price less the unused part of the old one, unless trialing.
   */
  function changePrice(subscription: FakeSubscription, price: FakePrice, paymentBehavior: string | undefined) {
    const item = subscription.items.data[0]!;
    const old = item.price;
    if (old.recurring!.interval === price.recurring!.interval || subscription.status === "trialing") {
      item.price = price;
      return;
    }
    const at = unixNow();
    const used = (at - item.current_period_start) / (item.current_period_end - item.current_period_start);
    const credit = Math.round(old.unit_amount! * (1 - Math.min(1, Math.max(0, used))));
    const amount = Math.max(0, price.unit_amount! - credit);
    if (declined.has(subscription.customer as string) && amount > 0 && paymentBehavior === "error_if_incomplete") {
      throw cardDeclined();
    }
    item.price = price;
    item.current_period_start = at;
    item.current_period_end = addInterval(at, price.recurring!.interval);
    subscription.billing_cycle_anchor = at;
    const invoice = issueInvoice(subscription, {
      amount,
      reason: "subscription_update",
      periodStart: at,
      periodEnd: item.current_period_end,
    });
    if (invoice.status === "open") subscription.status = "past_due";
  }

  route("DELETE", "/v1/subscriptions/:id", (reader, [id]) => {
    reader.allowOnly("invoice_now", "prorate", "cancellation_details", "expand");
    const subscription = get(store.subscriptions, "subscription", id!);
    if (ENDED_STATUSES.has(subscription.status)) {
      throw invalid(`The subscription ${subscription.id} has already been canceled.`);
    }
    reader.boolean("invoice_now");
    reader.boolean("prorate");
    const details = reader.object("cancellation_details")?.allowOnly("comment", "feedback");
    const at = unixNow();
    subscription.status = "canceled";
    subscription.canceled_at = at;
    subscription.ended_at = at;
    subscription.cancellation_details = {
      comment: details?.string("comment") ?? null,
      feedback: null,
      feedback_option: null,
      reason: "cancellation_requested",
    };
    return subscriptionJson(subscription, reader.expansions(["latest_invoice"]));
  });

  route("GET", "/v1/invoices", (reader) => {
    reader.allowOnly("customer", "subscription", "status", "limit", "starting_after", "expand");
    const customer = reader.string("customer");
    const subscription = reader.string("subscription");
    const status = reader.oneOf("status", ["draft", "open", "paid", "uncollectible", "void"]);
    const expand = reader.expansions(["data.payments"]);
    const matching = [...store.invoices.values()].filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.parent?.subscription_details?.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    );
    return list(matching, reader, "/v1/invoices", (invoice) => invoiceJson(invoice, expand, "data."));
  });

  route("GET", "/v1/refunds", (reader) => {
    reader.allowOnly("payment_intent", "charge", "limit", "starting_after", "expand");
    const paymentIntent = reader.string("payment_intent");
    const matching = [...store.refunds.values()].filter(
      (refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent,
    );
    return list(matching, reader, "/v1/refunds", (refund) => refund);
  });

  route("POST", "/v1/refunds", (reader) => {
    reader.allowOnly("payment_intent", "amount", "reason", "metadata", "expand");
    const paymentIntent = get(
      store.paymentIntents,
      "payment_intent",
      reader.requiredString("payment_intent"),
      "payment_intent",
    );
    const left = refundable(paymentIntent);
    if (left === 0) {
      throw invalid(`Charge ${paymentIntent.chargeId} has already been refunded.`, { code: "charge_already_refunded" });
    }
    const amount = reader.integer("amount") ?? left;
    if (amount < 1 || amount > left) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    const refund: FakeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: paymentIntent.chargeId,
      created: unixNow(),
      currency: paymentIntent.currency,
      metadata: reader.metadataInto({}),
      payment_intent: paymentIntent.id,
      reason: reader.oneOf("reason", ["duplicate", "fraudulent", "requested_by_customer"]) ?? null,
      status: "succeeded",
    };
    store.refunds.set(refund.id, refund);
    return refund;
  });

  /** Reads `features` of a portal configuration into `base`, checking products and prices exist. */
  function portalFeatures(reader: Reader | undefined, base: Stripe.BillingPortal.Configuration.Features) {
    if (!reader) return base;
    reader.allowOnly(
      "customer_update",
      "invoice_history",
      "payment_method_update",
      "subscription_cancel",
      "subscription_pause",
      "subscription_update",
    );
    const features = structuredClone(base);
    const enabled = (section: Reader | undefined, fallback: boolean) => section?.boolean("enabled") ?? fallback;
    const customerUpdate = reader.object("customer_update")?.allowOnly("enabled", "allowed_updates");
    features.customer_update.enabled = enabled(customerUpdate, features.customer_update.enabled);
    const invoiceHistory = reader.object("invoice_history")?.allowOnly("enabled");
    features.invoice_history.enabled = enabled(invoiceHistory, features.invoice_history.enabled);
    const paymentMethod = reader.object("payment_method_update")?.allowOnly("enabled");
    features.payment_method_update.enabled = enabled(paymentMethod, features.payment_method_update.enabled);
    const cancel = reader.object("subscription_cancel")?.allowOnly("enabled", "mode", "proration_behavior");
    features.subscription_cancel.enabled = enabled(cancel, features.subscription_cancel.enabled);
    features.subscription_cancel.mode =
      cancel?.oneOf("mode", ["at_period_end", "immediately"]) ?? features.subscription_cancel.mode;
    features.subscription_cancel.proration_behavior =
      cancel?.oneOf("proration_behavior", ["always_invoice", "create_prorations", "none"]) ??
      features.subscription_cancel.proration_behavior;
    const pause = reader.object("subscription_pause")?.allowOnly("enabled");
    features.subscription_pause.enabled = enabled(pause, features.subscription_pause.enabled);
    const update = reader
      .object("subscription_update")
      ?.allowOnly("enabled", "default_allowed_updates", "products", "proration_behavior");
    if (update) {
      const target = features.subscription_update;
      target.enabled = enabled(update, target.enabled);
      target.default_allowed_updates =
        (update.strings("default_allowed_updates") as typeof target.default_allowed_updates | undefined) ??
        target.default_allowed_updates;
      target.proration_behavior =
        update.oneOf("proration_behavior", ["always_invoice", "create_prorations", "none"]) ??
        target.proration_behavior;
      const products = update.array("products");
      if (products) {
        target.products = products.map((entry, index) => {
          const product = Reader.of(entry, `features[subscription_update][products][${index}]`)!.allowOnly(
            "product",
            "prices",
          );
          const productId = product.requiredString("product");
          get(store.products, "product", productId, product.name("product"));
          const prices = product.strings("prices") ?? [];
          for (const priceId of prices) {
            const price = get(store.prices, "price", priceId, product.name("prices"));
            if (price.product !== productId) {
              throw invalid(`The price ${priceId} does not belong to the product ${productId}.`, {
                param: product.name("prices"),
              });
            }
          }
          return { adjustable_quantity: { enabled: false, maximum: null, minimum: 1 }, prices, product: productId };
        });
      }
      if (target.enabled && (target.products ?? []).length === 0) {
        throw invalid("Provide at least one product to enable subscription updates.", {
          param: "features[subscription_update][products]",
        });
      }
    }
    return features;
  }

  const disabledFeatures: Stripe.BillingPortal.Configuration.Features = {
    customer_update: { allowed_updates: [], enabled: false },
    invoice_history: { enabled: false },
    payment_method_update: { enabled: false, payment_method_configuration: null },
    subscription_cancel: {
      cancellation_reason: { enabled: false, feedback_options: null, options: [] },
      enabled: false,
      mode: "at_period_end",
      proration_behavior: "none",
    },
    subscription_pause: { duration: { interval_options: [], type: "indefinite" }, enabled: false },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: [],
      enabled: false,
      products: [],
      proration_behavior: "none",
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: "end_trial",
    },
  };

  route("GET", "/v1/billing_portal/configurations", (reader) => {
    reader.allowOnly("active", "is_default", "limit", "starting_after", "expand");
    const active = reader.boolean("active");
    const isDefault = reader.boolean("is_default");
    const expand = reader.expansions(["data.features.subscription_update.products"]);
    const matching = [...store.portalConfigurations.values()].filter(
      (configuration) =>
        (active === undefined || configuration.active === active) &&
        (isDefault === undefined || configuration.is_default === isDefault),
    );
    return list(matching, reader, "/v1/billing_portal/configurations", (configuration) =>
      configurationJson(configuration, expand, "data."),
    );
  });

  route("POST", "/v1/billing_portal/configurations", (reader) => {
    reader.allowOnly("features", "name", "metadata", "default_return_url", "business_profile", "expand");
    const features = reader.object("features");
    if (!features) throw invalid("Missing required param: features.", { code: "parameter_missing", param: "features" });
    const at = unixNow();
    const configuration: Stripe.BillingPortal.Configuration = {
      id: newId("bpc"),
      object: "billing_portal.configuration",
      active: true,
      application: null,
      business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
      created: at,
      default_return_url: reader.string("default_return_url") ?? null,
      features: portalFeatures(features, disabledFeatures),
      is_default: false,
      livemode: false,
      login_page: { enabled: false, url: null },
      metadata: reader.metadataInto({}),
      name: reader.string("name") ?? null,
      updated: at,
    };
    store.portalConfigurations.set(configuration.id, configuration);
    return configurationJson(configuration, reader.expansions(["features.subscription_update.products"]));
  });

  route("POST", "/v1/billing_portal/configurations/:id", (reader, [id]) => {
    reader.allowOnly("features", "name", "metadata", "active", "default_return_url", "expand");
    const configuration = get(store.portalConfigurations, "billing_portal.configuration", id!);
    configuration.features = portalFeatures(reader.object("features"), configuration.features);
    configuration.active = reader.boolean("active") ?? configuration.active;
    configuration.name = reader.string("name") ?? configuration.name;
    configuration.metadata = reader.metadataInto(configuration.metadata ?? {});
    configuration.updated = unixNow();
    return configurationJson(configuration, reader.expansions(["features.subscription_update.products"]));
  });

  route("POST", "/v1/billing_portal/sessions", (reader) => {
    reader.allowOnly("customer", "return_url", "configuration", "expand");
    const customer = get(store.customers, "customer", reader.requiredString("customer"), "customer");
    const configurationId = reader.string("configuration");
    const configuration = configurationId
      ? get(store.portalConfigurations, "billing_portal.configuration", configurationId, "configuration")
      : [...store.portalConfigurations.values()].find((candidate) => candidate.is_default);
    if (!configuration) {
      // What Stripe answers before the portal's settings were ever saved in the dashboard.
      throw invalid(
        "You can’t create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.",
      );
    }
    if (!configuration.active) throw invalid("This portal configuration is not active.", { param: "configuration" });
    const session: FakePortalSession = {
      id: newId("bps"),
      object: "billing_portal.session",
      configuration: configuration.id,
      created: unixNow(),
      customer: customer.id,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: reader.string("return_url") ?? null,
      url: `https://billing.stripe.com/p/session/test_${randomBytes(18).toString("base64url")}`,
    };
    store.portalSessions.set(session.id, session);
    return session;
  });

  // ---- HTTP -----------------------------------------------------------------------------------------

  async function answer(request: IncomingMessage): Promise<{ status: number; body: unknown; replayed?: boolean }> {
    const url = new URL(request.url ?? "/", "http://fake.stripe");
    const method = request.method ?? "GET";
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");

    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (key !== secretKey) {
      return {
        status: 401,
        body: {
          error: {
            type: "invalid_request_error",
            message: key ? `Invalid API Key provided: ${key.slice(0, 8)}****` : "You did not provide an API key.",
          },
        },
      };
    }
    const version = request.headers["stripe-version"];
    if (version !== undefined && version !== Stripe.API_VERSION) {
      throw invalid(`The fake Stripe API speaks only the API version ${Stripe.API_VERSION}, not ${String(version)}.`);
    }
    const idempotencyKey = request.headers["idempotency-key"];
    const fingerprint = `${method} ${url.pathname} ${rawBody}`;
    if (method === "POST" && typeof idempotencyKey === "string") {
      const stored = idempotent.get(idempotencyKey);
      if (stored && stored.fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
        };
      }
      if (stored) {
        requests.push({
          method,
          path: url.pathname,
          params: parseStripeForm(rawBody),
          status: stored.status,
          replayed: true,
        });
        return { status: stored.status, body: stored.body, replayed: true };
      }
    }

    const found = routes
      .filter((candidate) => candidate.method === method)
      .map((candidate) => ({ candidate, match: candidate.pattern.exec(url.pathname) }))
      .find(({ match }) => match !== null);
    if (!found) {
      throw new ApiError(404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${url.pathname}).`,
      });
    }
    const params = parseStripeForm(method === "POST" ? rawBody : url.search.slice(1));
    const ids = found.match!.slice(1).map(decodeURIComponent);
    let result: { status: number; body: unknown };
    try {
      result = { status: 200, body: found.candidate.handle(new Reader(params), ids) };
    } catch (error) {
      // A declined card is a result worth replaying; a request the API refused before acting is not stored.
      if (!(error instanceof ApiError) || error.status !== 402) throw error;
      result = { status: 402, body: { error: error.body } };
    }
    requests.push({ method, path: url.pathname, params, status: result.status });
    if (method === "POST" && typeof idempotencyKey === "string") {
      idempotent.set(idempotencyKey, { fingerprint, ...structuredClone(result) });
    }
    return { ...result, body: structuredClone(result.body) };
  }

  function respond(response: ServerResponse, status: number, body: unknown, replayed = false): void {
    response.writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": newId("req"),
      "Stripe-Version": Stripe.API_VERSION,
      ...(replayed && { "Idempotent-Replayed": "true" }),
    });
    response.end(JSON.stringify(body));
  }

  const server: Server = createServer((request, response) => {
    answer(request).then(
      ({ status, body, replayed }) => respond(response, status, body, replayed),
      (error: unknown) => {
        if (error instanceof ApiError) {
          requests.push({ method: request.method ?? "GET", path: request.url ?? "", params: {}, status: error.status });
          respond(response, error.status, { error: error.body });
        } else {
          respond(response, 500, {
            error: { type: "api_error", message: error instanceof Error ? error.message : String(error) },
          });
        }
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    store,
    requests,

    completeCheckout(sessionId) {
      const session = store.checkoutSessions.get(sessionId);
      if (!session || session.status !== "open") throw new Error(`No open checkout ${sessionId} to complete.`);
      if (!session.customer) throw new Error("The fake completes checkouts for an existing customer only.");
      const subscription = startSubscription(session);
      session.status = "complete";
      session.payment_status = subscription.status === "trialing" ? "no_payment_required" : "paid";
      session.subscription = subscription.id;
      session.url = null;
      return subscription;
    },

    advancePeriod(subscriptionId) {
      const subscription = store.subscriptions.get(subscriptionId);
      if (!subscription || ENDED_STATUSES.has(subscription.status)) {
        throw new Error(`No running subscription ${subscriptionId} to advance.`);
      }
      const item = subscription.items.data[0]!;
      const end = item.current_period_end;
      if (subscription.cancel_at !== null && subscription.cancel_at <= end) {
        subscription.status = "canceled";
        subscription.ended_at = subscription.cancel_at;
        subscription.cancellation_details = {
          comment: null,
          feedback: null,
          feedback_option: null,
          reason: "cancellation_requested",
        };
        return subscription;
      }
      const resumesAt = subscription.pause_collection?.resumes_at;
      if (resumesAt != null && resumesAt <= end) subscription.pause_collection = null;
      item.current_period_start = end;
      item.current_period_end = addInterval(end, item.price.recurring!.interval);
      const invoice = issueInvoice(subscription, {
        amount: item.price.unit_amount!,
        reason: "subscription_cycle",
        periodStart: end,
        periodEnd: item.current_period_end,
        void: subscription.pause_collection?.behavior === "void",
      });
      subscription.status = invoice.status === "open" ? "past_due" : "active";
      return subscription;
    },

    declineCard(customerId, isDeclined = true) {
      if (isDeclined) declined.add(customerId);
      else declined.delete(customerId);
    },

    subscriptionJson(subscriptionId, { expandLatestInvoice = false } = {}) {
      const subscription = store.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No subscription ${subscriptionId}.`);
      return structuredClone(subscriptionJson(subscription, new Set(expandLatestInvoice ? ["latest_invoice"] : [])));
    },

    signedEvent(type, object, { secret = webhookSecret, timestamp = unixNow(), previousAttributes } = {}) {
      const eventId = newId("evt");
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: unixNow(),
        data: { object, ...(previousAttributes && { previous_attributes: previousAttributes }) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
      return { payload, header, eventId };
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
