import type { PaymentProviderName } from "#database/schema";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  type PlanPrice,
  type ProviderCheckout,
  type ProviderSubscription,
} from "#app/billing/payment-provider";
import { addMonths } from "#app/billing/plan-state";
import { isoNow, now } from "#app/utils/clock";

/**
 * An in-memory payment provider for route and service tests: customers, hosted checkouts, subscriptions
 * and their payments, kept as a provider would keep them and read through the PaymentProvider interface.
 * Tests drive what happens at the provider's end (a learner pays, a renewal fails) with the helpers
 * below, and make the next call of a method fail with `failNext`. It sends no webhooks, so every webhook
 * it is shown is forged. Time is the app's clock (tests/setup/test-clock.ts).
 */
export interface FakeCheckout extends ProviderCheckout {
  url: string;
  request: CheckoutRequest;
}

export interface FakePayment {
  at: string;
  amountMinor: number;
  currency: string;
  refunded: boolean;
}

export interface FakeSubscription extends ProviderSubscription {
  payments: FakePayment[];
}

type Method = Exclude<keyof PaymentProvider, "name" | "isTestMode">;

const DAY_MS = 24 * 60 * 60 * 1000;
export const FAKE_ORIGIN = "https://pay.example.test";

export class FakePaymentProvider implements PaymentProvider {
  readonly name: PaymentProviderName;
  readonly isTestMode: boolean;
  readonly customers = new Map<string, { customerId: string; userId: string; email: string }>();
  readonly checkouts = new Map<string, FakeCheckout>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  /** Every call in order, by method name. */
  readonly calls: Method[] = [];
  /** Milliseconds each call waits before answering, so concurrent requests interleave as they would. */
  latencyMs = 0;
  private readonly failures = new Map<Method, Error>();

  constructor({ name = "test", isTestMode = true }: { name?: PaymentProviderName; isTestMode?: boolean } = {}) {
    this.name = name;
    this.isTestMode = isTestMode;
  }

  /** The next call of `method` throws `error` (by default a message for the learner, as a declined card gives). */
  failNext(method: Method, error: Error = new PaymentProviderError("Your card was declined.")): void {
    this.failures.set(method, error);
  }

  /** How many times `method` was called. */
  count(method: Method): number {
    return this.calls.filter((call) => call === method).length;
  }

  openCheckouts(): FakeCheckout[] {
    return [...this.checkouts.values()].filter((checkout) => checkout.status === "open");
  }

  private async enter(method: Method): Promise<void> {
    this.calls.push(method);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const failure = this.failures.get(method);
    if (failure) {
      this.failures.delete(method);
      throw failure;
    }
  }

  /** Unique across instances: tests share one database per file, and ids are unique there. */
  private id(prefix: string): string {
    return `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  }

  private subscription(subscriptionId: string): FakeSubscription {
    const found = this.subscriptions.get(subscriptionId);
    if (!found) throw new PaymentProviderError(`No such subscription: ${subscriptionId}`);
    return found;
  }

  async createCustomer(input: { userId: string; email: string }): Promise<{ customerId: string }> {
    await this.enter("createCustomer");
    const known = [...this.customers.values()].find((customer) => customer.userId === input.userId);
    if (known) return { customerId: known.customerId };
    const customerId = this.id("cus");
    this.customers.set(customerId, { customerId, ...input });
    return { customerId };
  }

  async createCheckout(input: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
    await this.enter("createCheckout");
    if (!this.customers.has(input.customerId)) throw new PaymentProviderError(`No such customer: ${input.customerId}`);
    const sessionId = this.id("cs");
    const url = `${FAKE_ORIGIN}/checkout/${sessionId}`;
    this.checkouts.set(sessionId, {
      sessionId,
      url,
      request: input,
      clientReference: input.userId,
      customerId: input.customerId,
      subscriptionId: null,
      status: "open",
    });
    return { sessionId, url };
  }

  async getCheckout(sessionId: string): Promise<ProviderCheckout | null> {
    await this.enter("getCheckout");
    const checkout = this.checkouts.get(sessionId);
    if (!checkout) return null;
    const { sessionId: id, clientReference, customerId, subscriptionId, status } = checkout;
    return { sessionId: id, clientReference, customerId, subscriptionId, status };
  }

  async expireCheckout(sessionId: string): Promise<void> {
    await this.enter("expireCheckout");
    const checkout = this.checkouts.get(sessionId);
    if (!checkout) throw new PaymentProviderError(`No such checkout: ${sessionId}`);
    if (checkout.status === "complete") throw new PaymentProviderError("This checkout is already paid.");
    checkout.status = "expired";
  }

  async listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    await this.enter("listSubscriptions");
    return [...this.subscriptions.values()]
      .filter((subscription) => subscription.customerId === customerId)
      .map(({ payments: _payments, ...reading }) => ({ ...reading }));
  }

  async createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    await this.enter("createPortalSession");
    if (!this.customers.has(input.customerId)) throw new PaymentProviderError(`No such customer: ${input.customerId}`);
    return { url: `${FAKE_ORIGIN}/portal/${input.customerId}?${new URLSearchParams({ return: input.returnUrl })}` };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.enter("setCancelAtPeriodEnd");
    this.subscription(subscriptionId).cancelAtPeriodEnd = cancel;
  }

  async changePlan(subscriptionId: string, price: PlanPrice): Promise<void> {
    await this.enter("changePlan");
    const subscription = this.subscription(subscriptionId);
    Object.assign(subscription, { plan: price.plan, amountMinor: price.amountMinor, currency: price.currency });
  }

  async pause(subscriptionId: string, pause: { from: string; until: string }): Promise<void> {
    await this.enter("pause");
    Object.assign(this.subscription(subscriptionId), { pausedFrom: pause.from, pausedUntil: pause.until });
  }

  async unpause(subscriptionId: string): Promise<void> {
    await this.enter("unpause");
    Object.assign(this.subscription(subscriptionId), { pausedFrom: null, pausedUntil: null });
  }

  async withdraw(subscriptionId: string, since: string): Promise<{ refundedMinor: number; currency: string }> {
    await this.enter("withdraw");
    const subscription = this.subscription(subscriptionId);
    let refundedMinor = 0;
    for (const payment of subscription.payments) {
      if (payment.refunded || Date.parse(payment.at) < Date.parse(since)) continue;
      payment.refunded = true;
      refundedMinor += payment.amountMinor;
    }
    this.end(subscription);
    return { refundedMinor, currency: subscription.currency ?? "EUR" };
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    await this.enter("cancelNow");
    this.end(this.subscription(subscriptionId));
  }

  verifyWebhook(_rawBody: string, _signatureHeader: string | null, _receivedAt: Date): PaymentEvent {
    this.calls.push("verifyWebhook");
    throw new WebhookSignatureError("The fake provider sends no webhooks.");
  }

  customerDashboardUrl(customerId: string): string | null {
    return `${FAKE_ORIGIN}/dashboard/customers/${customerId}`;
  }

  private end(subscription: FakeSubscription): void {
    const at = isoNow();
    Object.assign(subscription, { status: "canceled", endedAt: at, cancelAtPeriodEnd: false });
  }

  // What happens at the provider's end, as a test scripts it.

  /** The learner pays the checkout (or starts its trial): the subscription exists from now. */
  completeCheckout(sessionId: string): FakeSubscription {
    const checkout = this.checkouts.get(sessionId);
    if (!checkout || checkout.status !== "open") throw new Error(`Checkout ${sessionId} is not open`);
    const { customerId, price, trialDays } = checkout.request;
    const start = isoNow();
    const trialEnd = trialDays > 0 ? new Date(now().getTime() + trialDays * DAY_MS).toISOString() : null;
    const subscription: FakeSubscription = {
      subscriptionId: this.id("sub"),
      customerId,
      status: trialEnd ? "trialing" : "active",
      plan: price.plan,
      amountMinor: price.amountMinor,
      currency: price.currency,
      currentPeriodEnd: trialEnd ?? addMonths(start, price.plan === "monthly" ? 1 : 12),
      trialEnd,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      pausedFrom: null,
      pausedUntil: null,
      firstPaymentAt: trialEnd ? null : start,
      endedAt: null,
      payments: trialEnd
        ? []
        : [{ at: start, amountMinor: price.amountMinor, currency: price.currency, refunded: false }],
    };
    this.subscriptions.set(subscription.subscriptionId, subscription);
    Object.assign(checkout, { status: "complete", subscriptionId: subscription.subscriptionId });
    return subscription;
  }

  /** Changes a subscription's state at the provider, as a renewal, a failed card or time would. */
  update(subscriptionId: string, patch: Partial<ProviderSubscription>): FakeSubscription {
    return Object.assign(this.subscription(subscriptionId), patch);
  }
}
