import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database, PlanInterval } from "#database/schema";
import { readSettings, type Settings } from "#app/models/app-settings.server";
import { findBillingCustomer, saveBillingCustomer } from "#app/models/billing-customer.server";
import {
  claimCheckout,
  closeCheckout,
  completeCheckoutsOf,
  markCheckoutOpen,
  setCheckoutReturn,
  type Checkout,
} from "#app/models/checkout.server";
import { findCurrentSubscription, listSubscriptions } from "#app/models/subscription.server";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { now } from "#app/utils/clock";
import { CANCEL_PATH, SUCCESS_PATH } from "./billing-paths";
import { PaymentProviderError, type PaymentProvider, type PlanPrice } from "./payment-provider";
import { planAmountMinor, planPrices, planSchema } from "./plans";
import { syncCustomer } from "./sync.server";

/** What a learner's plan choice sends: the plan, and the page to come back to after paying. */
export const checkoutChoiceSchema = z.object({
  plan: planSchema,
  returnTo: z.string().optional(),
});
export type CheckoutChoice = z.input<typeof checkoutChoiceSchema>;

export type CheckoutOutcome =
  { ok: true; url: string } | { ok: false; error: string; reason: "invalid" | "subscribed" | "provider" | "busy" };

/** How long a reservation may stay "opening" before it counts as abandoned (its request died). */
export const OPENING_TIMEOUT_MS = 60_000;
/** How often, and how many times, a second request looks whether the first one's checkout has opened. */
const OPENING_POLL_MS = 100;
const MAX_STEPS = 150;

export const ALREADY_SUBSCRIBED =
  "You already have a subscription. Change, pause or cancel it under “Your plan” on your profile.";
const PROVIDER_UNREACHABLE =
  "The payment provider could not be reached, so no checkout was opened and nothing was charged. Please try again in a moment.";

/** The trial this account may still have, in days: none once it had a trial or any subscription. */
export async function trialDaysFor(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  settings: Pick<Settings, "trialDays">,
): Promise<number> {
  if (settings.trialDays === 0) return 0;
  const [customer, subscriptions] = await Promise.all([
    findBillingCustomer(db, provider.name, userId),
    listSubscriptions(db, userId),
  ]);
  return customer?.trialUsedAt || subscriptions.length > 0 ? 0 : settings.trialDays;
}

/** A page of this site to come back to after paying; null for anything else. */
export function returnPath(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  const path = safeRedirectPath(value, "");
  return path === "" ? null : path;
}

/**
 * Opens (or finds) the hosted checkout for a plan and returns where to send the learner. The price and
 * the trial come from the settings; an account has at most one checkout in progress (claimCheckout), so a
 * double click, a second tab or two requests at once all end on one open checkout: the same plan reuses
 * it, the other plan expires it at the provider and opens a new one. Nothing changes when the provider
 * refuses; its message is returned.
 */
export async function startCheckout(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: { id: string; email: string },
  choice: CheckoutChoice,
  origin: string,
): Promise<CheckoutOutcome> {
  const parsed = checkoutChoiceSchema.safeParse(choice);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message, reason: "invalid" };
  const { plan } = parsed.data;
  if (await findCurrentSubscription(db, user.id)) return { ok: false, error: ALREADY_SUBSCRIBED, reason: "subscribed" };

  const settings = await readSettings(db);
  const price: PlanPrice = {
    plan,
    amountMinor: planAmountMinor(planPrices(settings), plan),
    currency: settings.planCurrency,
  };
  const wanted = {
    userId: user.id,
    provider: provider.name,
    plan,
    amountMinor: price.amountMinor,
    currency: price.currency,
    trialDays: await trialDaysFor(db, provider, user.id, settings),
    returnTo: returnPath(parsed.data.returnTo),
  };

  try {
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const claim = await claimCheckout(db, wanted);
      if (claim.claimed) {
        const opened = await openAtProvider(db, provider, user, claim.checkout, price, origin);
        if (opened) return { ok: true, url: opened };
        continue;
      }
      const existing = claim.existing;
      if (existing.state === "opening") {
        if (now().getTime() - Date.parse(existing.createdAt) > OPENING_TIMEOUT_MS) {
          await closeCheckout(db, existing.id, "failed");
        } else {
          await sleep(OPENING_POLL_MS);
        }
        continue;
      }
      const reused = await reuseOrEnd(db, provider, user.id, existing, wanted);
      if (reused === "subscribed") return { ok: false, error: ALREADY_SUBSCRIBED, reason: "subscribed" };
      if (reused) return { ok: true, url: reused };
    }
  } catch (error) {
    return { ok: false, error: providerMessage(error), reason: "provider" };
  }
  return {
    ok: false,
    error: "Another checkout for your account is still being opened. Please try again in a moment.",
    reason: "busy",
  };
}

/**
 * Makes the provider's checkout for a reservation this request holds. Returns its URL, or null when the
 * reservation was ended meanwhile (taken for abandoned), so the caller starts over. A provider error
 * ends the reservation as failed and is thrown on.
 */
async function openAtProvider(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: { id: string; email: string },
  checkout: Checkout,
  price: PlanPrice,
  origin: string,
): Promise<string | null> {
  let session: { sessionId: string; url: string };
  try {
    const customerId = await ensureCustomer(db, provider, user);
    session = await provider.createCheckout({
      userId: user.id,
      customerId,
      price,
      trialDays: checkout.trialDays,
      successUrl: `${origin}${SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${CANCEL_PATH}?${new URLSearchParams({ plan: price.plan })}`,
    });
  } catch (error) {
    await closeCheckout(db, checkout.id, "failed");
    throw error;
  }
  if (await markCheckoutOpen(db, checkout.id, session)) return session.url;
  // Another request took this reservation for abandoned and has opened its own: this one must not be paid.
  await provider.expireCheckout(session.sessionId);
  return null;
}

/**
 * An open checkout found in place of a new one: its URL when the provider still has it open for the same
 * price and trial; otherwise it is ended here (expired at the provider for another plan or price) and null
 * asks the caller to open a new one. "subscribed" when it was paid meanwhile (in another tab).
 */
async function reuseOrEnd(
  db: Kysely<Database>,
  provider: PaymentProvider,
  userId: string,
  existing: Checkout,
  wanted: { plan: PlanInterval; amountMinor: number; currency: string; trialDays: number; returnTo: string | null },
): Promise<string | "subscribed" | null> {
  const reading = existing.sessionId ? await provider.getCheckout(existing.sessionId) : null;
  if (reading?.status === "complete") {
    if (reading.customerId) await syncCustomer(db, provider, reading.customerId);
    if (await findCurrentSubscription(db, userId)) return "subscribed";
    await completeCheckoutsOf(db, userId);
    return null;
  }
  if (reading?.status !== "open") {
    await closeCheckout(db, existing.id, "expired");
    return null;
  }
  const same =
    existing.plan === wanted.plan &&
    existing.amountMinor === wanted.amountMinor &&
    existing.currency === wanted.currency &&
    existing.trialDays === wanted.trialDays;
  if (same && existing.url) {
    // The learner may come from another chapter this time: /success returns them to where they are now.
    if (wanted.returnTo !== existing.returnTo) await setCheckoutReturn(db, existing.id, wanted.returnTo);
    return existing.url;
  }
  await provider.expireCheckout(existing.sessionId!);
  await closeCheckout(db, existing.id, "expired");
  return null;
}

/** The provider's customer for the account, made on first use; when two requests make one, the first stored wins. */
async function ensureCustomer(
  db: Kysely<Database>,
  provider: PaymentProvider,
  user: { id: string; email: string },
): Promise<string> {
  const known = await findBillingCustomer(db, provider.name, user.id);
  if (known) return known.customerId;
  const { customerId } = await provider.createCustomer({ userId: user.id, email: user.email });
  const stored = await saveBillingCustomer(db, { userId: user.id, provider: provider.name, customerId });
  return stored.customerId;
}

/** The provider's message for the learner, or a plain one when it failed in some other way (logged). */
export function providerMessage(error: unknown): string {
  if (error instanceof PaymentProviderError) return error.message;
  console.error("Payment provider request failed:", error);
  return PROVIDER_UNREACHABLE;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
