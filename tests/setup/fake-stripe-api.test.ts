import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeClient } from "#app/billing/stripe-catalog.server";
import { parseStripeForm, startFakeStripeApi, type FakeStripeApi } from "./fake-stripe-api";

describe("the fake Stripe API's form parsing", () => {
  it("reads bracket notation as Stripe does: nested objects, indexed and appended arrays, empty values", () => {
    expect(
      parseStripeForm(
        "items[0][id]=si_1&items[0][price]=price_2&expand[]=a&expand[]=b&metadata[gone]=&pause_collection=&note=x%20y%5B1%5D",
      ),
    ).toEqual({
      items: [{ id: "si_1", price: "price_2" }],
      expand: ["a", "b"],
      metadata: { gone: "" },
      pause_collection: "",
      note: "x y[1]",
    });
  });
});

describe("the fake Stripe API through the SDK", () => {
  let fake: FakeStripeApi;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripeApi();
    stripe = createStripeClient({ secretKey: fake.secretKey, apiUrl: fake.url });
  });
  afterAll(() => fake.close());

  it("refuses a parameter the endpoint does not take, like the real API", async () => {
    const misspelt = { emial: "ada@example.org" } as Stripe.CustomerCreateParams;
    const refused = stripe.customers.create(misspelt);
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(refused).rejects.toThrow("Received unknown parameter: emial");
    await expect(stripe.subscriptions.list({ expand: ["data.customer"] })).rejects.toThrow(
      "This property cannot be expanded (data.customer).",
    );
  });

  it("answers a repeated idempotency key with the first result, and refuses it for other parameters", async () => {
    const first = await stripe.customers.create({ email: "a@example.org" }, { idempotencyKey: "key-1" });
    const again = await stripe.customers.create({ email: "a@example.org" }, { idempotencyKey: "key-1" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(
      stripe.customers.create({ email: "b@example.org" }, { idempotencyKey: "key-1" }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(fake.store.customers.size).toBe(1);
  });

  it("pages lists newest first, so the SDK's auto-pagination reads them all", async () => {
    await stripe.products.create({ id: "prod_paging", name: "Paging" });
    const made = [];
    for (const amount of [100, 200, 300]) {
      made.push(
        await stripe.prices.create({
          product: "prod_paging",
          currency: "eur",
          unit_amount: amount,
          recurring: { interval: "month" },
        }),
      );
    }
    const page = await stripe.prices.list({ product: "prod_paging", limit: 2 });
    expect([page.data.map((price) => price.unit_amount), page.has_more]).toEqual([[300, 200], true]);
    const all = await stripe.prices.list({ product: "prod_paging", limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(all.map((price) => price.id)).toEqual(made.map((price) => price.id).reverse());
  });

  it("refuses a key it was not given, as Stripe refuses an unknown one", async () => {
    const stranger = createStripeClient({ secretKey: "sk_test_stranger", apiUrl: fake.url });
    await expect(stranger.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
