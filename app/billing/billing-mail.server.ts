import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, PlanInterval } from "#database/schema";
import { sendMail } from "#app/mail/mail.server";
import { hasPaymentEventNear } from "#app/models/payment-event.server";
import {
  findCurrentSubscription,
  findSubscriptionByProviderId,
  type Subscription,
} from "#app/models/subscription.server";
import { findUserById, type User } from "#app/models/user.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { PAST_DUE_GRACE_MS } from "#app/utils/entitlements";
import { formatDate, formatDateTime } from "#app/utils/format-date";
import { formatMoney, PLAN_CURRENCIES, type Money } from "#app/utils/money";
import { PLAN_SECTION_PATH, PORTAL_PATH, SUBSCRIBE_PATH } from "./billing-paths";
import type { PaymentEvent, PaymentProvider } from "./payment-provider";

/**
 * A withdrawal refunds the payment and ends the subscription at once, so the provider sends
 * charge.refunded and customer.subscription.deleted within moments of each other. A deletion this close
 * to a refund of the same customer is taken to be that withdrawal, and its refund mail says it all.
 */
export const WITHDRAWAL_EVENTS_WINDOW_MS = 10 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

interface MailContent {
  subject: string;
  paragraphs: (string | null)[];
}

interface MailContext {
  db: Kysely<Database>;
  provider: PaymentProvider;
  event: PaymentEvent;
  user: User;
  origin: string;
  read: EventReader;
}

type Composer = (context: MailContext) => Promise<MailContent | null>;

/**
 * The mail a verified, newly claimed provider event calls for, to the account it belongs to: a receipt,
 * the trial's end, a failed payment, a cancellation, the subscription's end, a refund. Other events
 * send nothing. The event's object is the provider's own, read field by field: a field that is missing
 * or malformed leaves its line out of the mail (or, for the one fact a mail is about, the mail itself)
 * and is logged, so a surprising payload never fails the webhook.
 */
export async function sendBillingMail(
  db: Kysely<Database>,
  provider: PaymentProvider,
  event: PaymentEvent,
  userId: string,
): Promise<void> {
  const compose = composers[event.type];
  if (!compose) return;
  const user = await findUserById(db, userId);
  if (!user) return;
  const read = new EventReader(event.data);
  const content = await compose({ db, provider, event, user, origin: publicOrigin(), read });
  if (read.problems.length > 0) {
    console.warn(
      `Billing mail for ${event.type} ${event.id}: ${content ? "sent without" : "not sent, for lack of"} ${read.problems.join(", ")}.`,
    );
  }
  if (!content) return;
  const paragraphs = [
    ...content.paragraphs,
    provider.isTestMode ? "Test mode: no real money was charged or refunded." : null,
  ].filter((paragraph): paragraph is string => paragraph !== null);
  await sendMail({ to: user.email, subject: content.subject, text: paragraphs.join("\n\n") });
}

const composers: Partial<Record<string, Composer>> = {
  "invoice.paid": receipt,
  "customer.subscription.trial_will_end": trialEnding,
  "invoice.payment_failed": paymentFailed,
  "customer.subscription.updated": cancellationScheduled,
  "customer.subscription.deleted": subscriptionEnded,
  "charge.refunded": refunded,
};

async function receipt({ db, provider, event, user, origin, read }: MailContext): Promise<MailContent | null> {
  const paid = read.money(["amount_paid"], ["currency"]);
  // A trial's first invoice is for nothing: no payment, no receipt.
  if (!paid || paid.minor === 0) return null;
  const number = read.optional(fields.text, ["number"]);
  const invoiceUrl = read.optional(fields.link, ["hosted_invoice_url"]);
  const start = read.optional(fields.instant, ["lines", "data", 0, "period", "start"]);
  const end = read.optional(fields.instant, ["lines", "data", 0, "period", "end"]);
  const subscription = await subscriptionOf(db, provider, user.id, invoiceSubscriptionId(read));
  return {
    subject: `Your Numberlab receipt: ${formatMoney(paid)}`,
    paragraphs: [
      "Thank you: your payment for Numberlab Premium went through.",
      [
        `Amount paid: ${formatMoney(paid)}`,
        `Paid on: ${formatDate(event.createdAt)}`,
        number ? `Invoice number: ${number}` : null,
        subscription?.plan ? `Plan: ${planText(subscription.plan, subscriptionPrice(subscription))}` : null,
        start && end ? `Premium paid for: ${formatDate(start)} to ${formatDate(end)}` : null,
      ]
        .filter((line) => line !== null)
        .join("\n"),
      invoiceUrl ? `The invoice, to view or download: ${invoiceUrl}` : null,
      `Your plan, your card and every invoice: ${origin}${PLAN_SECTION_PATH}`,
    ],
  };
}

async function trialEnding({ db, provider, user, origin, read }: MailContext): Promise<MailContent | null> {
  const trialEnd = read.required(fields.instant, ["trial_end"]);
  if (!trialEnd) return null;
  const stored = await subscriptionOf(db, provider, user.id, read.optional(fields.text, ["id"]));
  const interval = read.optional(fields.interval, ["items", "data", 0, "price", "recurring", "interval"]);
  const plan = interval ?? stored?.plan ?? null;
  const price = read.money(["items", "data", 0, "price", "unit_amount"], ["items", "data", 0, "price", "currency"], {
    optional: true,
  });
  const charge = price ?? (stored ? subscriptionPrice(stored) : null);
  const cancelled = read.optional(fields.flag, ["cancel_at_period_end"]) === true;
  const when = formatDateTime(trialEnd);
  if (cancelled) {
    return {
      subject: `Your Numberlab trial ends on ${formatDate(trialEnd)}`,
      paragraphs: [
        `Your free trial of Numberlab Premium ends on ${when}. You have cancelled it, so nothing will be charged: your account returns to the free plan then, and your progress stays.`,
        `To keep premium after all, resume the subscription before then from Your plan in your profile: ${origin}${PLAN_SECTION_PATH}`,
      ],
    };
  }
  const what = charge ? `${formatMoney(charge)}${plan ? ` for the ${plan} plan` : ""}` : `the price of your plan`;
  return {
    subject: `Your Numberlab trial ends on ${formatDate(trialEnd)}`,
    paragraphs: [
      `Your free trial of Numberlab Premium ends on ${when}.`,
      `If you keep it, your card is charged ${what} then${plan ? `, and again every ${plan === "monthly" ? "month" : "year"} until you cancel` : ""}. There is nothing to do.`,
      `If you do not want to pay, cancel before the trial ends and nothing is charged: open Your plan in your profile, ${origin}${PLAN_SECTION_PATH}, and choose Cancel.`,
    ],
  };
}

async function paymentFailed({ db, provider, user, origin, read }: MailContext): Promise<MailContent | null> {
  const due = read.money(["amount_due"], ["currency"]);
  const number = read.optional(fields.text, ["number"]);
  const subscription = await subscriptionOf(db, provider, user.id, invoiceSubscriptionId(read));
  const graceEnd =
    subscription?.status === "past_due" && subscription.pastDueSince
      ? new Date(Date.parse(subscription.pastDueSince) + PAST_DUE_GRACE_MS).toISOString()
      : null;
  const graceDays = Math.round(PAST_DUE_GRACE_MS / DAY_MS);
  return {
    subject: "Your Numberlab payment failed: please update your card",
    paragraphs: [
      `We could not take your payment${due ? ` of ${formatMoney(due)}` : ""} for Numberlab Premium${number ? ` (invoice ${number})` : ""}.`,
      graceEnd
        ? `Premium stays open for ${graceDays} days while the card is tried again, until ${formatDateTime(graceEnd)}. If the payment has not gone through by then, your account returns to the free plan; your progress stays.`
        : null,
      `To keep premium, update your card here: ${origin}${PORTAL_PATH}`,
    ],
  };
}

async function cancellationScheduled({ event, origin, read }: MailContext): Promise<MailContent | null> {
  // The subscription was set to end at its period end by this change (the portal, the profile).
  const scheduled =
    event.previous?.cancel_at_period_end === false && read.optional(fields.flag, ["cancel_at_period_end"]) === true;
  if (!scheduled) return null;
  const end =
    read.optional(fields.instant, ["cancel_at"]) ??
    read.required(fields.instant, ["items", "data", 0, "current_period_end"]);
  const trial = read.optional(fields.text, ["status"]) === "trialing";
  const until = end ? `until ${formatDateTime(end)}` : "until the end of the current period";
  return {
    subject: end
      ? `Your Numberlab subscription is cancelled: premium until ${formatDate(end)}`
      : "Your Numberlab subscription is cancelled",
    paragraphs: [
      "Your Numberlab Premium subscription is cancelled, as you asked. Nothing more will be charged.",
      `Premium stays open ${until}, the end of ${trial ? "your free trial" : "the time you have paid for"}. Then your account returns to the free plan; your progress and quiz history stay.`,
      `Changed your mind? Resume the subscription before then from Your plan in your profile: ${origin}${PLAN_SECTION_PATH}`,
    ],
  };
}

async function subscriptionEnded({
  db,
  provider,
  event,
  user,
  origin,
  read,
}: MailContext): Promise<MailContent | null> {
  if (
    event.customerId &&
    (await hasPaymentEventNear(db, provider.name, {
      customerId: event.customerId,
      type: "charge.refunded",
      around: event.createdAt,
      withinMs: WITHDRAWAL_EVENTS_WINDOW_MS,
    }))
  ) {
    return null;
  }
  const ended = read.optional(fields.instant, ["ended_at"]) ?? event.createdAt;
  return {
    subject: "Your Numberlab subscription has ended",
    paragraphs: [
      `Your Numberlab Premium subscription ended on ${formatDate(ended)}. Nothing more will be charged.`,
      user.isPremium && user.premiumUntil
        ? `Your account keeps premium until ${formatDate(user.premiumUntil)} all the same.`
        : "Your account is on the free plan now; your progress and quiz history stay.",
      `You can subscribe again at any time: ${origin}${SUBSCRIBE_PATH}`,
    ],
  };
}

async function refunded({ user, read }: MailContext): Promise<MailContent | null> {
  const refund = read.money(["amount_refunded"], ["currency"]);
  if (!refund || refund.minor === 0) return null;
  const charged = read.optional(fields.minor, ["amount"]);
  const partly = charged !== null && charged > refund.minor;
  return {
    subject: `Your Numberlab refund: ${formatMoney(refund)}`,
    paragraphs: [
      partly
        ? `We have refunded ${formatMoney(refund)} of your payment of ${formatMoney({ minor: charged, currency: refund.currency })} to the card you paid with.`
        : `We have refunded your payment of ${formatMoney(refund)} in full to the card you paid with.`,
      "A refund usually reaches your account within 5 to 10 working days, depending on your bank.",
      user.isPremium ? null : "Your account is on the free plan now; your progress and quiz history stay.",
    ],
  };
}

/** The invoice's subscription: `parent.subscription_details.subscription`, an id or the expanded object. */
function invoiceSubscriptionId(read: EventReader): string | null {
  return read.optional(fields.reference, ["parent", "subscription_details", "subscription"]);
}

/** The synced row of the event's subscription, or the account's current one when the event names none. */
async function subscriptionOf(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  subscriptionId: string | null,
): Promise<Subscription | null> {
  const named = subscriptionId ? await findSubscriptionByProviderId(db, provider.name, subscriptionId) : null;
  if (named?.userId === userId) return named;
  return findCurrentSubscription(db, userId);
}

function subscriptionPrice(subscription: Subscription): Money | null {
  const currency = fields.currency.safeParse(subscription.currency);
  if (subscription.amountMinor === null || !currency.success) return null;
  return { minor: subscription.amountMinor, currency: currency.data };
}

function planText(plan: PlanInterval, price: Money | null): string {
  const name = plan === "monthly" ? "Premium, monthly" : "Premium, yearly";
  return price ? `${name} (${formatMoney(price)} a ${plan === "monthly" ? "month" : "year"})` : name;
}

const text = z.string().trim().min(1).max(200);

/** The shapes a field of the provider's object may take; anything else counts as missing. */
const fields = {
  minor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  // Unix seconds, up to the year 9999.
  instant: z
    .number()
    .int()
    .positive()
    .max(253_402_300_799)
    .transform((seconds) => new Date(seconds * 1000).toISOString()),
  // The provider writes currencies in lower case.
  currency: z
    .string()
    .transform((code) => code.toUpperCase())
    .pipe(z.enum(PLAN_CURRENCIES)),
  text,
  // Another object of the provider: its id, or the object itself when expanded.
  reference: z.union([text, z.object({ id: text }).transform((object) => object.id)]),
  link: z.url({ protocol: /^https?$/ }).max(2000),
  flag: z.boolean(),
  interval: z
    .enum(["month", "year"])
    .transform((interval): PlanInterval => (interval === "month" ? "monthly" : "yearly")),
};

type Path = readonly (string | number)[];

/** Reads fields of an untrusted object, noting each expected one that is missing or malformed. */
class EventReader {
  readonly problems: string[] = [];

  constructor(private readonly source: unknown) {}

  /** A field the mail needs: absent or malformed is noted. */
  required<T>(schema: z.ZodType<T>, path: Path): T | null {
    const parsed = schema.safeParse(valueAt(this.source, path));
    if (parsed.success) return parsed.data;
    this.problems.push(path.join("."));
    return null;
  }

  /** A field that may be absent (null or undefined); only a malformed value is noted. */
  optional<T>(schema: z.ZodType<T>, path: Path): T | null {
    const value = valueAt(this.source, path);
    if (value === null || value === undefined) return null;
    return this.required(schema, path);
  }

  /** An amount and its currency, which make sense only together. */
  money(amountPath: Path, currencyPath: Path, { optional = false } = {}): Money | null {
    const read = optional ? this.optional.bind(this) : this.required.bind(this);
    const minor = read(fields.minor, amountPath);
    const currency = read(fields.currency, currencyPath);
    return minor === null || currency === null ? null : { minor, currency };
  }
}

function valueAt(source: unknown, path: Path): unknown {
  let value = source;
  for (const key of path) {
    if (typeof key === "number") {
      if (!Array.isArray(value)) return undefined;
      value = value[key] as unknown;
    } else {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
  }
  return value;
}
