import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "#tests/setup/console-guard";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { providerSubscription } from "#tests/setup/subscription-readings";
import { saveBillingCustomer } from "#app/models/billing-customer.server";
import { listSubscriptions } from "#app/models/subscription.server";
import { createUser, findUserById } from "#app/models/user.server";
import type { PaymentProvider, ProviderSubscription } from "./payment-provider";
import { verifySignedEvent } from "./signed-event.server";
import { receivePaymentWebhook } from "./webhook.server";

const mails = vi.hoisted(() => ({ sent: [] as { type: string; userId: string }[] }));
vi.mock("./billing-mail.server", () => ({
  sendBillingMail: async (_db: unknown, _provider: unknown, event: { type: string }, userId: string) => {
    mails.sent.push({ type: event.type, userId });
  },
}));

const SECRET = "whsec_webhook_test_secret";
const START = "2030-01-01T00:00:00.000Z";
const PERIOD_END = "2030-02-01T00:00:00.000Z";

/**
 * The provider's side for these tests: subscriptions held in memory (what a sync reads) and webhook
 * verification exactly as both real providers do it. Only the two methods the webhook path calls.
 */
class ProviderState {
  subscriptions = new Map<string, ProviderSubscription>();
  reads = 0;
  failNextRead = false;
  /** Lets a test hold a read open, to interleave two deliveries. */
  readGate: Promise<void> | null = null;

  readonly provider = {
    name: "stripe",
    isTestMode: true,
    listSubscriptions: async (customerId: string) => {
      this.reads += 1;
      const snapshot = [...this.subscriptions.values()].filter((s) => s.customerId === customerId);
      if (this.readGate) await this.readGate;
      if (this.failNextRead) {
        this.failNextRead = false;
        throw new Error("the provider's API is unreachable");
      }
      return snapshot.map((s) => ({ ...s }));
    },
    verifyWebhook: (rawBody: string, header: string | null, receivedAt: Date) =>
      verifySignedEvent(rawBody, header, SECRET, receivedAt),
  } as unknown as PaymentProvider;
}

/** A Stripe-shaped event body and its signature header, made with the SDK's own helper. */
function signedEvent(
  input: { id: string; type: string; object: Record<string, unknown>; createdAt?: string },
  { secret = SECRET, signedAt = Date.parse(testClockNow()) } = {},
) {
  const body = JSON.stringify({
    id: input.id,
    object: "event",
    type: input.type,
    created: Math.floor(Date.parse(input.createdAt ?? testClockNow()) / 1000),
    data: { object: input.object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp: Math.floor(signedAt / 1000),
  });
  return { body, header };
}

let clockNow = START;
function testClockNow() {
  return clockNow;
}
function setNow(iso: string) {
  clockNow = iso;
  testClock.set(iso);
}

const subscriptionObject = (status: string, id = "sub_1") => ({
  object: "subscription",
  id,
  customer: "cus_1",
  status,
});

describe.each(testDialects)("payment webhooks on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function customerWithState() {
    const user = await createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
    const customerId = `cus_${crypto.randomUUID()}`;
    await saveBillingCustomer(database.db, { userId: user.id, provider: "stripe", customerId });
    const state = new ProviderState();
    const deliver = (
      event: { id: string; type: string; object: Record<string, unknown> },
      options?: { secret?: string; signedAt?: number },
    ) => {
      const { body, header } = signedEvent(
        { ...event, object: { ...event.object, customer: "customer" in event.object ? customerId : undefined } },
        options,
      );
      return receivePaymentWebhook(database.db, state.provider, body, header);
    };
    const put = (overrides: Partial<ProviderSubscription> = {}) =>
      state.subscriptions.set(
        overrides.subscriptionId ?? "sub_1",
        providerSubscription({ customerId, subscriptionId: `sub_${customerId}`, firstPaymentAt: START, ...overrides }),
      );
    const premium = async () => (await findUserById(database.db, user.id))?.isPremium;
    return { user, customerId, state, deliver, put, premium };
  }

  async function eventRow(eventId: string) {
    return database.db.selectFrom("payment_events").selectAll().where("event_id", "=", eventId).executeTakeFirst();
  }

  it("applies a genuine event once: syncs from the provider, makes the account premium, mails once", async () => {
    setNow(START);
    mails.sent = [];
    const { user, state, deliver, put, premium } = await customerWithState();
    put();
    const event = {
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.created",
      object: subscriptionObject("active"),
    };

    expect(await deliver(event)).toEqual({ status: 200, body: "Processed." });
    expect(await premium()).toBe(true);
    expect(await listSubscriptions(database.db, user.id)).toMatchObject([
      { status: "active", plan: "monthly", currentPeriodEnd: PERIOD_END, amountMinor: 499 },
    ]);
    expect((await eventRow(event.id))?.state).toBe("done");
    expect(mails.sent).toEqual([{ type: event.type, userId: user.id }]);

    // The same delivery again (providers retry and duplicate): acknowledged, not applied again.
    const reads = state.reads;
    expect(await deliver(event)).toEqual({ status: 200, body: "Already processed." });
    expect(state.reads).toBe(reads);
    expect(mails.sent).toHaveLength(1);
  });

  it("refuses forged, unsigned, stale, future-dated and tampered deliveries with 400 and changes nothing", async () => {
    setNow(START);
    const { user, state, customerId, put, premium } = await customerWithState();
    put();
    const object = { ...subscriptionObject("active"), customer: customerId };
    const attempt = async (body: string, header: string | null) => {
      const reply = await receivePaymentWebhook(database.db, state.provider, body, header);
      return reply.status;
    };
    const genuine = () =>
      signedEvent({ id: `evt_${crypto.randomUUID()}`, type: "customer.subscription.created", object });

    const forged = signedEvent(
      { id: "evt_forged", type: "customer.subscription.created", object },
      { secret: "whsec_other" },
    );
    expect(await attempt(forged.body, forged.header)).toBe(400);

    const unsigned = genuine();
    expect(await attempt(unsigned.body, null)).toBe(400);
    expect(await attempt(unsigned.body, "t=1,v1=deadbeef")).toBe(400);

    const stale = signedEvent(
      { id: "evt_stale", type: "customer.subscription.created", object },
      { signedAt: Date.parse(START) - 5 * 60 * 1000 - 1000 },
    );
    expect(await attempt(stale.body, stale.header)).toBe(400);
    // Just inside the tolerance is fine.
    const late = signedEvent(
      { id: `evt_${crypto.randomUUID()}`, type: "customer.subscription.created", object },
      { signedAt: Date.parse(START) - 4 * 60 * 1000 },
    );
    const future = signedEvent(
      { id: "evt_future", type: "customer.subscription.created", object },
      { signedAt: Date.parse(START) + 10 * 60 * 1000 },
    );
    expect(await attempt(future.body, future.header)).toBe(400);

    const tampered = genuine();
    expect(await attempt(tampered.body.replace('"active"', '"canceled"'), tampered.header)).toBe(400);

    // Re-serialised JSON (what a JSON body parser would hand on) no longer matches the signature.
    const reserialised = genuine();
    expect(await attempt(JSON.stringify(JSON.parse(reserialised.body), null, 2), reserialised.header)).toBe(400);

    const notAnEvent = Stripe.webhooks.generateTestHeaderString({ payload: '{"hello":1}', secret: SECRET });
    expect(await attempt('{"hello":1}', notAnEvent)).toBe(400);

    expect(state.reads).toBe(0);
    expect(await premium()).toBe(false);
    expect(await listSubscriptions(database.db, user.id)).toEqual([]);
    for (const id of ["evt_forged", "evt_stale", "evt_future"]) expect(await eventRow(id)).toBeUndefined();

    expect(await attempt(late.body, late.header)).toBe(200);
    expect(await premium()).toBe(true);
  });

  it("never resurrects a subscription whose deletion arrived before its creation", async () => {
    setNow(START);
    const { user, deliver, put, premium } = await customerWithState();
    put({ status: "canceled", endedAt: START });
    expect(
      (
        await deliver({
          id: `evt_${crypto.randomUUID()}`,
          type: "customer.subscription.deleted",
          object: subscriptionObject("canceled"),
        })
      ).status,
    ).toBe(200);
    // The creation event arrives late and its payload still says active: the provider's state decides.
    testClock.advance(1000);
    expect(
      (
        await deliver({
          id: `evt_${crypto.randomUUID()}`,
          type: "customer.subscription.created",
          object: subscriptionObject("active"),
        })
      ).status,
    ).toBe(200);
    expect(await premium()).toBe(false);
    expect((await listSubscriptions(database.db, user.id)).map((s) => s.status)).toEqual(["canceled"]);
  });

  it("keeps the newest reading when two deliveries for one subscription race", async () => {
    setNow(START);
    const { user, state, deliver, put, premium } = await customerWithState();
    put({ status: "active" });
    // The first delivery reads "active", then waits; meanwhile the subscription is cancelled and a
    // second delivery reads and writes that. The first one's older reading must not win.
    let release!: () => void;
    state.readGate = new Promise((resolve) => (release = resolve));
    const first = deliver({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.updated",
      object: subscriptionObject("active"),
    });
    await vi.waitFor(() => expect(state.reads).toBe(1));
    state.readGate = null;
    put({ status: "canceled", endedAt: START });
    testClock.advance(1000);
    const second = await deliver({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.deleted",
      object: subscriptionObject("canceled"),
    });
    release();
    expect([(await first).status, second.status]).toEqual([200, 200]);
    expect((await listSubscriptions(database.db, user.id)).map((s) => s.status)).toEqual(["canceled"]);
    expect(await premium()).toBe(false);
  });

  it("applies two concurrent deliveries of one event once: the other is told to retry", async () => {
    setNow(START);
    mails.sent = [];
    const { user, deliver, put } = await customerWithState();
    put();
    const event = {
      id: `evt_${crypto.randomUUID()}`,
      type: "invoice.paid",
      object: { object: "invoice", id: "in_1", customer: "x" },
    };
    const replies = await Promise.all([deliver(event), deliver(event)]);
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    expect(replies.filter((reply) => reply.body === "Processed.")).toHaveLength(1);
    expect(mails.sent.filter((mail) => mail.userId === user.id)).toHaveLength(1);
    expect((await listSubscriptions(database.db, user.id)).length).toBe(1);
  });

  it("answers 500 when applying fails, so the provider retries, and applies the retry", async () => {
    setNow(START);
    const { state, deliver, put, premium } = await customerWithState();
    put();
    const event = {
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.created",
      object: subscriptionObject("active"),
    };
    state.failNextRead = true;
    expectConsoleError();
    expect((await deliver(event)).status).toBe(500);
    expect((await eventRow(event.id))?.state).toBe("failed");
    expect(await premium()).toBe(false);
    expect(await deliver(event)).toEqual({ status: 200, body: "Processed." });
    expect(await premium()).toBe(true);
  });

  it("acknowledges events for customers it does not know, and events without a customer, without acting", async () => {
    setNow(START);
    const state = new ProviderState();
    const stranger = signedEvent({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.created",
      object: { object: "subscription", id: "sub_x", customer: "cus_unknown", status: "active" },
    });
    expect(await receivePaymentWebhook(database.db, state.provider, stranger.body, stranger.header)).toEqual({
      status: 200,
      body: "Ignored: not a customer of this app.",
    });
    const noCustomer = signedEvent({
      id: `evt_${crypto.randomUUID()}`,
      type: "product.updated",
      object: { object: "product", id: "prod_1" },
    });
    expect((await receivePaymentWebhook(database.db, state.provider, noCustomer.body, noCustomer.header)).status).toBe(
      200,
    );
    expect(state.reads).toBe(0);
  });

  it("ends premium on time with no event: at the period end when cancelling, after the grace when past due", async () => {
    setNow(START);
    const { deliver, put, premium } = await customerWithState();
    put({ cancelAtPeriodEnd: true });
    await deliver({
      id: `evt_${crypto.randomUUID()}`,
      type: "customer.subscription.updated",
      object: subscriptionObject("active"),
    });
    testClock.set(Date.parse(PERIOD_END) - 1);
    expect(await premium()).toBe(true);
    testClock.set(PERIOD_END);
    expect(await premium()).toBe(false);

    setNow(PERIOD_END);
    const other = await customerWithState();
    other.put({ status: "past_due", pastDueSince: PERIOD_END });
    await other.deliver({
      id: `evt_${crypto.randomUUID()}`,
      type: "invoice.payment_failed",
      object: { object: "invoice", id: "in_2", customer: "x" },
    });
    testClock.set(Date.parse(PERIOD_END) + 3 * 24 * 60 * 60 * 1000 - 1);
    expect(await other.premium()).toBe(true);
    testClock.set(Date.parse(PERIOD_END) + 3 * 24 * 60 * 60 * 1000);
    expect(await other.premium()).toBe(false);
  });
});
