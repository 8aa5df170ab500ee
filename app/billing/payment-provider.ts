import type { PaymentProviderName, PlanInterval } from "#database/schema";
import type { SubscriptionReading } from "#app/models/subscription.server";

/**
 * What the app asks of a card payment provider. Two implementations: Stripe (stripe-provider.server.ts)
 * and the built-in test mode (test-provider.server.ts), which speaks to the app through the same webhook
 * endpoint and signature scheme. Times are ISO-8601 strings; money is integer minor units.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Test mode says so on every screen; Stripe in test mode is still Stripe. */
  readonly isTestMode: boolean;

  /** Creates the provider's customer for an account; called once per account, idempotent per user id. */
  createCustomer(input: { userId: string; email: string }): Promise<{ customerId: string }>;

  /** A hosted checkout for a subscription; the user's id is the checkout's client reference. */
  createCheckout(input: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The checkout as the provider sees it, or null when it does not know it. */
  getCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  /** Ends an open checkout so it can no longer be paid (a learner chose another plan). */
  expireCheckout(sessionId: string): Promise<void>;

  /** Every subscription of a customer, current state. */
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;

  /** The provider's self-service page: card, invoices, plan switch, cancel. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  changePlan(subscriptionId: string, price: PlanPrice): Promise<void>;
  /** Skips the payments from `from` (a period end) until `until`; premium stops at `from`. */
  pause(subscriptionId: string, pause: { from: string; until: string }): Promise<void>;
  unpause(subscriptionId: string): Promise<void>;
  /** Refunds every payment of the subscription made since `since` in full and cancels it at once. */
  withdraw(subscriptionId: string, since: string): Promise<{ refundedMinor: number; currency: string }>;
  /** Cancels at once without a refund (account deletion). */
  cancelNow(subscriptionId: string): Promise<void>;

  /** Checks the signature of a webhook and parses it; throws WebhookSignatureError when it is not genuine. */
  verifyWebhook(rawBody: string, signatureHeader: string | null, receivedAt: Date): PaymentEvent;

  /** A link to the customer in the provider's own dashboard, for admins; null when there is none. */
  customerDashboardUrl(customerId: string): string | null;
}

/** What a plan costs, as the settings say now; never taken from the client. */
export interface PlanPrice {
  plan: PlanInterval;
  amountMinor: number;
  currency: string;
}

export interface CheckoutRequest {
  userId: string;
  customerId: string;
  price: PlanPrice;
  /** 0 when the account has already had its trial. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderCheckout {
  sessionId: string;
  /** The user id given as client reference when the checkout was made. */
  clientReference: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  status: "open" | "complete" | "expired";
}

/** A subscription as the provider reports it, in the app's terms: what the sync writes. */
export type ProviderSubscription = SubscriptionReading;

/** A verified webhook, reduced to what the app acts on. `data` is the provider's object as sent. */
export interface PaymentEvent {
  id: string;
  type: string;
  createdAt: string;
  customerId: string | null;
  data: Record<string, unknown>;
  previous: Record<string, unknown> | null;
}

export class WebhookSignatureError extends Error {}

/** The provider answered with a message meant for the learner (a declined card, say). */
export class PaymentProviderError extends Error {}
