import Stripe from "stripe";
import type { PlanInterval } from "#database/schema";
import { amountText, type PlanCurrency } from "#app/utils/money";
import type { PlanPrice } from "./payment-provider";
import { PLAN_INTERVALS, perPeriod, planAmountMinor, type PlanPrices } from "./plans";

/**
 * What Numberlab sells at Stripe, found by names the app derives rather than ids copied by hand: one
 * product with a fixed id, and a price per plan, currency and amount found by its lookup key. The
 * checkout and `npm run billing:sync` both go through `ensurePlanPrice`, so a price changed in
 * /admin/application is on sale at the next checkout, with or without running the script.
 */
export const PRODUCT_ID = "numberlab_premium";
const PRODUCT_NAME = "Numberlab Premium";

/** Marks the portal configuration billing:sync manages, among any others made in the dashboard. */
const PORTAL_METADATA_KEY = "numberlab";
const PORTAL_METADATA_VALUE = "portal";

const STRIPE_INTERVAL = { monthly: "month", yearly: "year" } as const satisfies Record<PlanInterval, string>;

/** A Stripe client, pointed at `apiUrl` instead of api.stripe.com when given (a local stand-in in tests). */
export function createStripeClient({ secretKey, apiUrl }: { secretKey: string; apiUrl?: string }): Stripe {
  const target = apiUrl ? new URL(apiUrl) : null;
  const protocol = target?.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    // A learner waits on these calls; Stripe's default of 80 s would outlast any proxy in front of us.
    timeout: 20_000,
    maxNetworkRetries: 2,
    appInfo: { name: "Numberlab" },
    ...(target && {
      host: target.hostname,
      port: target.port || (protocol === "http" ? 80 : 443),
      protocol,
    }),
  });
}

/** `numberlab_premium_monthly_eur_499`: a price's identity, so a new amount is a new price. */
export function priceLookupKey(price: PlanPrice): string {
  return `${PRODUCT_ID}_${price.plan}_${price.currency.toLowerCase()}_${price.amountMinor}`;
}

export type CatalogOutcome = "created" | "found" | "reactivated" | "updated";

/** The product every price hangs under, created with its fixed id when missing. */
export async function ensureProduct(stripe: Stripe): Promise<{ product: Stripe.Product; outcome: CatalogOutcome }> {
  let product: Stripe.Product;
  try {
    product = await stripe.products.retrieve(PRODUCT_ID);
  } catch (error) {
    if (!isMissing(error)) throw error;
    const created = await stripe.products.create(
      { id: PRODUCT_ID, name: PRODUCT_NAME, metadata: { numberlab: "premium" } },
      { idempotencyKey: `numberlab-product-${PRODUCT_ID}` },
    );
    return { product: created, outcome: "created" };
  }
  if (product.active) return { product, outcome: "found" };
  // Archived in the dashboard: its prices could not be sold until it is active again.
  return { product: await stripe.products.update(PRODUCT_ID, { active: true }), outcome: "reactivated" };
}

/**
 * The Stripe price for a plan at this amount and currency, found by its lookup key, or created (with
 * the product if need be). A price that carries the key but charges something else is refused: it
 * was edited by hand, and selling it would charge another amount than the settings say.
 */
export async function ensurePlanPrice(
  stripe: Stripe,
  price: PlanPrice,
): Promise<{ price: Stripe.Price; outcome: CatalogOutcome }> {
  const lookupKey = priceLookupKey(price);
  const [existing] = (await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 })).data;
  if (existing) {
    const mismatch = priceMismatch(existing, price);
    if (mismatch) {
      throw new Error(
        `The Stripe price ${existing.id} has the lookup key ${lookupKey} but ${mismatch}. Remove the key from it in the Stripe dashboard and try again.`,
      );
    }
    if (existing.active) return { price: existing, outcome: "found" };
    return { price: await stripe.prices.update(existing.id, { active: true }), outcome: "reactivated" };
  }
  await ensureProduct(stripe);
  const created = await stripe.prices.create(
    {
      product: PRODUCT_ID,
      currency: price.currency.toLowerCase(),
      unit_amount: price.amountMinor,
      recurring: { interval: STRIPE_INTERVAL[price.plan] },
      lookup_key: lookupKey,
      nickname: `Premium, ${price.plan}`,
      metadata: { numberlab_plan: price.plan },
    },
    // Two instances opening the first checkout at a new price at once make one price between them.
    { idempotencyKey: `numberlab-price-${lookupKey}` },
  );
  return { price: created, outcome: "created" };
}

function priceMismatch(found: Stripe.Price, wanted: PlanPrice): string | null {
  const product = typeof found.product === "string" ? found.product : found.product.id;
  if (product !== PRODUCT_ID) return `belongs to the product ${product}`;
  if (found.currency !== wanted.currency.toLowerCase()) return `is in ${found.currency.toUpperCase()}`;
  if (found.unit_amount !== wanted.amountMinor) return `charges ${found.unit_amount} minor units`;
  if (found.recurring?.interval !== STRIPE_INTERVAL[wanted.plan]) {
    return `is billed ${found.recurring ? `every ${found.recurring.interval}` : "once"}`;
  }
  return null;
}

/** The portal configuration billing:sync made, if any; portal sessions open with it. */
export async function findPortalConfiguration(stripe: Stripe): Promise<Stripe.BillingPortal.Configuration | null> {
  for await (const configuration of stripe.billingPortal.configurations.list({
    active: true,
    limit: 100,
    // The plan switch's products are only sent when asked for.
    expand: ["data.features.subscription_update.products"],
  })) {
    if (configuration.metadata?.[PORTAL_METADATA_KEY] === PORTAL_METADATA_VALUE) return configuration;
  }
  return null;
}

/**
 * What the portal lets a subscriber do: update the card, read and download invoices, cancel at the
 * end of the paid period, and switch between the two current prices. Pausing and withdrawal are the
 * app's own (with its rules), and the e-mail stays the account's, so the portal offers neither.
 */
function portalFeatures(priceIds: string[]): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    payment_method_update: { enabled: true },
    invoice_history: { enabled: true },
    subscription_cancel: { enabled: true, mode: "at_period_end", proration_behavior: "none" },
    subscription_update: {
      enabled: true,
      default_allowed_updates: ["price"],
      products: [{ product: PRODUCT_ID, prices: priceIds }],
      proration_behavior: "create_prorations",
    },
    subscription_pause: { enabled: false },
    customer_update: { enabled: false },
  };
}

function portalMatches(configuration: Stripe.BillingPortal.Configuration, priceIds: string[]): boolean {
  const { features } = configuration;
  const products = features.subscription_update.products ?? [];
  return (
    features.payment_method_update.enabled &&
    features.invoice_history.enabled &&
    features.subscription_cancel.enabled &&
    features.subscription_cancel.mode === "at_period_end" &&
    features.subscription_cancel.proration_behavior === "none" &&
    features.subscription_update.enabled &&
    sameMembers(features.subscription_update.default_allowed_updates, ["price"]) &&
    features.subscription_update.proration_behavior === "create_prorations" &&
    products.length === 1 &&
    products[0]!.product === PRODUCT_ID &&
    sameMembers(products[0]!.prices, priceIds) &&
    !features.subscription_pause.enabled &&
    !features.customer_update.enabled
  );
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
}

/** The portal configuration for these prices: found as it is, brought up to date, or created. */
export async function ensurePortalConfiguration(
  stripe: Stripe,
  priceIds: string[],
): Promise<{ configuration: Stripe.BillingPortal.Configuration; outcome: CatalogOutcome }> {
  const existing = await findPortalConfiguration(stripe);
  if (existing && portalMatches(existing, priceIds)) return { configuration: existing, outcome: "found" };
  if (existing) {
    const updated = await stripe.billingPortal.configurations.update(existing.id, {
      features: portalFeatures(priceIds),
    });
    return { configuration: updated, outcome: "updated" };
  }
  const created = await stripe.billingPortal.configurations.create({
    name: "Numberlab plans",
    features: portalFeatures(priceIds),
    metadata: { [PORTAL_METADATA_KEY]: PORTAL_METADATA_VALUE },
  });
  return { configuration: created, outcome: "created" };
}

export interface CatalogEntry {
  outcome: CatalogOutcome;
  /** What it is, for the operator: "price numberlab_premium_monthly_eur_499 (price_…): 4.99 EUR a month". */
  description: string;
}

/**
 * Everything Stripe needs before the first checkout: the product, the two current prices and the
 * portal configuration. Safe to run any number of times; a second run finds everything.
 */
export async function syncStripeCatalog(
  stripe: Stripe,
  prices: PlanPrices,
): Promise<{ entries: CatalogEntry[]; priceIds: Record<PlanInterval, string> }> {
  const entries: CatalogEntry[] = [];
  const product = await ensureProduct(stripe);
  entries.push({ outcome: product.outcome, description: `product ${PRODUCT_ID} (${product.product.name})` });
  const priceIds = {} as Record<PlanInterval, string>;
  for (const plan of PLAN_INTERVALS) {
    const wanted = { plan, amountMinor: planAmountMinor(prices, plan), currency: prices.currency };
    const { price, outcome } = await ensurePlanPrice(stripe, wanted);
    priceIds[plan] = price.id;
    entries.push({
      outcome,
      description: `price ${priceLookupKey(wanted)} (${price.id}): ${moneyText(wanted.amountMinor, prices.currency)} ${perPeriod(plan)}`,
    });
  }
  const portal = await ensurePortalConfiguration(stripe, [priceIds.monthly, priceIds.yearly]);
  entries.push({
    outcome: portal.outcome,
    description: `portal configuration ${portal.configuration.id}: card update, invoices, cancel at period end, switch between the two prices`,
  });
  return { entries, priceIds };
}

function moneyText(minor: number, currency: PlanCurrency): string {
  return `${amountText({ minor, currency })} ${currency}`;
}

/** Stripe's answer for an id it does not know. */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}
