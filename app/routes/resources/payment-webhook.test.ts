import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { setPaymentProvider } from "#app/billing/provider.server";
import { createTestProvider } from "#app/billing/test-provider.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./payment-webhook");

const SECRET = "whsec_route_test";
const URL = "http://localhost:3000/api/webhooks/payments";

describe.each(testDialects)("POST /api/webhooks/payments on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  afterEach(() => setPaymentProvider(undefined));

  function post(body: string, signature?: string) {
    current.handle = database;
    setPaymentProvider(createTestProvider({ db: database.db, webhookSecret: SECRET, webhookUrl: URL }));
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (signature) headers["Stripe-Signature"] = signature;
    const request = new Request(URL, { method: "POST", headers, body });
    return action({ request, params: {}, context: {} } as never);
  }

  const event = JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: "event",
    type: "customer.subscription.created",
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "subscription", id: "sub_1", customer: "cus_not_ours", status: "active" } },
  });

  it("verifies the exact bytes sent and acknowledges a genuine event", async () => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: SECRET });
    const response = await post(event, signature);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("Ignored: not a customer of this app.");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses the same event re-serialised, as a JSON body parser would hand it on", async () => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: SECRET });
    const response = await post(JSON.stringify(JSON.parse(event)).replace("{", "{ "), signature);
    expect(response.status).toBe(400);
  });

  it("refuses an unsigned delivery with 400 and says why", async () => {
    const response = await post(event);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The Stripe-Signature header is missing.");
  });

  it("answers a GET with 405 and the method to use", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
