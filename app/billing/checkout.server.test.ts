import { describe, expect, it } from "vitest";
import { expectConsoleError } from "#tests/setup/console-guard";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { writeSetting } from "#app/models/app-settings.server";
import { findBillingCustomer, markTrialUsed } from "#app/models/billing-customer.server";
import { claimCheckout, findOpenCheckout } from "#app/models/checkout.server";
import { createUser } from "#app/models/user.server";
import { startCheckout, trialDaysFor, OPENING_TIMEOUT_MS } from "./checkout.server";
import { syncCustomer } from "./sync.server";

const ORIGIN = "https://numberlab.example";

describe.each(testDialects)("starting a checkout on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const newUser = () => createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
  const start = (provider: FakePaymentProvider, user: { id: string; email: string }, plan: string, returnTo?: string) =>
    startCheckout(database.db, provider, user, { plan, returnTo } as never, ORIGIN);

  const checkoutRows = (userId: string) =>
    database.db.selectFrom("checkouts").selectAll().where("user_id", "=", userId).orderBy("created_at").execute();

  it("opens the provider's checkout at the settings' price, with the trial, the return page and both return URLs", async () => {
    await database.db.deleteFrom("app_settings").execute();
    await writeSetting(database.db, "monthlyPriceMinor", 550, null);
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const outcome = await start(provider, user, "monthly", "/chapter/periods-and-primes");
    expect(outcome).toEqual({ ok: true, url: provider.openCheckouts()[0]!.url });
    const [checkout] = provider.openCheckouts();
    expect(checkout!.request).toEqual({
      userId: user.id,
      customerId: (await findBillingCustomer(database.db, "test", user.id))!.customerId,
      price: { plan: "monthly", amountMinor: 550, currency: "EUR" },
      trialDays: 7,
      successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/cancel?plan=monthly`,
    });
    expect(await findOpenCheckout(database.db, user.id)).toMatchObject({
      plan: "monthly",
      amountMinor: 550,
      trialDays: 7,
      returnTo: "/chapter/periods-and-primes",
      sessionId: checkout!.sessionId,
      state: "open",
    });
    await database.db.deleteFrom("app_settings").execute();
  });

  it("refuses a plan that is neither monthly nor yearly, and opens nothing", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    for (const plan of ["weekly", "", "MONTHLY"]) {
      expect(await start(provider, user, plan)).toEqual({
        ok: false,
        error: "Choose the monthly or the yearly plan.",
        reason: "invalid",
      });
    }
    expect(provider.calls).toEqual([]);
    expect(await checkoutRows(user.id)).toEqual([]);
  });

  it("keeps only a page of this site to return to", async () => {
    const provider = new FakePaymentProvider();
    for (const [returnTo, kept] of [
      ["https://evil.example/chapter", null],
      ["//evil.example", null],
      ["/\\evil.example", null],
      ["/chapter/exponential-remainders?x=1#s", "/chapter/exponential-remainders?x=1#s"],
    ] as const) {
      const user = await newUser();
      await start(provider, user, "yearly", returnTo);
      expect((await findOpenCheckout(database.db, user.id))?.returnTo).toBe(kept);
    }
  });

  it("offers the trial once: not after a trial, nor after any earlier subscription, nor when the setting is 0", async () => {
    const provider = new FakePaymentProvider();
    const fresh = await newUser();
    expect(await trialDaysFor(database.db, provider, fresh.id, { trialDays: 7 })).toBe(7);
    expect(await trialDaysFor(database.db, provider, fresh.id, { trialDays: 0 })).toBe(0);

    const trialled = await newUser();
    await start(provider, trialled, "monthly");
    await markTrialUsed(database.db, trialled.id);
    expect(await trialDaysFor(database.db, provider, trialled.id, { trialDays: 7 })).toBe(0);

    // Paid without a trial once, cancelled since: the next checkout has no trial either.
    const former = await newUser();
    await database.db.deleteFrom("app_settings").execute();
    await writeSetting(database.db, "trialDays", 0, null);
    await start(provider, former, "monthly");
    const paid = provider.completeCheckout(provider.openCheckouts().at(-1)!.sessionId);
    await syncCustomer(database.db, provider, paid.customerId);
    await provider.cancelNow(paid.subscriptionId);
    await syncCustomer(database.db, provider, paid.customerId);
    await database.db.deleteFrom("app_settings").execute();
    expect(await trialDaysFor(database.db, provider, former.id, { trialDays: 7 })).toBe(0);
    const again = await start(provider, former, "yearly");
    expect(again.ok).toBe(true);
    expect(provider.openCheckouts().at(-1)!.request.trialDays).toBe(0);
  });

  it("refuses a second subscription and points to the profile", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    await start(provider, user, "monthly");
    const paid = provider.completeCheckout(provider.openCheckouts()[0]!.sessionId);
    await syncCustomer(database.db, provider, paid.customerId);
    const calls = provider.calls.length;
    const refused = await start(provider, user, "yearly");
    expect(refused).toMatchObject({ ok: false, reason: "subscribed" });
    expect(refused.ok === false && refused.error).toContain("profile");
    expect(provider.calls.length).toBe(calls);
  });

  it("finds a checkout paid in another tab instead of opening a second one", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    await start(provider, user, "monthly");
    // Paid, but the webhook has not arrived: only the provider knows.
    provider.completeCheckout(provider.openCheckouts()[0]!.sessionId);
    expect(await start(provider, user, "monthly")).toMatchObject({ ok: false, reason: "subscribed" });
    expect(provider.count("createCheckout")).toBe(1);
    expect(await findOpenCheckout(database.db, user.id)).toBeNull();
  });

  it("reuses the open checkout when the same plan is chosen again (a double click, a second tab)", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const first = await start(provider, user, "yearly");
    const second = await start(provider, user, "yearly");
    expect(second).toEqual(first);
    expect(provider.count("createCheckout")).toBe(1);
    expect(provider.count("createCustomer")).toBe(1);
    expect(provider.openCheckouts()).toHaveLength(1);
  });

  it("returns the learner to where they chose the plan last, when an open checkout is reused", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const first = await start(provider, user, "monthly", "/chapter/exponential-remainders");
    const again = await start(provider, user, "monthly", "/chapter/periods-and-primes");
    expect(again).toEqual(first);
    expect((await checkoutRows(user.id)).map((row) => [row.state, row.return_to])).toEqual([
      ["open", "/chapter/periods-and-primes"],
    ]);
  });

  it("expires the open checkout at the provider when the other plan is chosen, and opens a new one", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const monthly = await start(provider, user, "monthly");
    const yearly = await start(provider, user, "yearly");
    expect(yearly.ok && monthly.ok && yearly.url !== monthly.url).toBe(true);
    expect(provider.openCheckouts().map((checkout) => checkout.request.price.plan)).toEqual(["yearly"]);
    expect((await checkoutRows(user.id)).map((row) => [row.plan, row.state])).toEqual([
      ["monthly", "expired"],
      ["yearly", "open"],
    ]);
  });

  it("opens a new checkout when the price changed since the open one, or the provider let it expire", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const before = await start(provider, user, "monthly");
    await writeSetting(database.db, "monthlyPriceMinor", 599, null);
    const after = await start(provider, user, "monthly");
    await database.db.deleteFrom("app_settings").execute();
    expect(after.ok && before.ok && after.url !== before.url).toBe(true);
    expect(provider.openCheckouts().map((checkout) => checkout.request.price.amountMinor)).toEqual([599]);

    await provider.expireCheckout(provider.openCheckouts()[0]!.sessionId);
    const renewed = await start(provider, user, "monthly");
    expect(renewed.ok).toBe(true);
    expect(provider.openCheckouts()).toHaveLength(1);
    expect(provider.count("createCheckout")).toBe(3);
  });

  it("shows the provider's message and changes nothing when it refuses; the next try works", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    provider.failNext("createCheckout");
    expect(await start(provider, user, "monthly")).toEqual({
      ok: false,
      error: "Your card was declined.",
      reason: "provider",
    });
    expect(await findOpenCheckout(database.db, user.id)).toBeNull();
    expect((await checkoutRows(user.id)).map((row) => row.state)).toEqual(["failed"]);
    expect((await start(provider, user, "monthly")).ok).toBe(true);
  });

  it("says the provider could not be reached, and logs why, when it fails in another way", async () => {
    const provider = new FakePaymentProvider();
    const user = await newUser();
    provider.failNext("createCustomer", new Error("ECONNREFUSED"));
    expectConsoleError();
    const outcome = await start(provider, user, "yearly");
    expect(outcome).toMatchObject({ ok: false, reason: "provider" });
    expect(outcome.ok === false && outcome.error).toContain("could not be reached");
    expect(await findOpenCheckout(database.db, user.id)).toBeNull();
    expect(await findBillingCustomer(database.db, "test", user.id)).toBeNull();
  });

  it("takes over a reservation whose request died before opening it", async () => {
    testClock.set("2030-03-01T10:00:00Z");
    const provider = new FakePaymentProvider();
    const user = await newUser();
    const stuck = await claimCheckout(database.db, {
      userId: user.id,
      provider: "test",
      plan: "monthly",
      amountMinor: 499,
      currency: "EUR",
      trialDays: 7,
      returnTo: null,
    });
    expect(stuck.claimed).toBe(true);
    testClock.advance(OPENING_TIMEOUT_MS + 1);
    const outcome = await start(provider, user, "monthly");
    expect(outcome.ok).toBe(true);
    expect((await checkoutRows(user.id)).map((row) => row.state)).toEqual(["failed", "open"]);
  });

  it("ends with one open checkout when the same plan is started many times at once", async () => {
    const provider = new FakePaymentProvider();
    provider.latencyMs = 15;
    const user = await newUser();
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => start(provider, user, "monthly")));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(new Set(outcomes.map((outcome) => outcome.ok && outcome.url)).size).toBe(1);
    expect(provider.count("createCheckout")).toBe(1);
    expect(provider.customers.size).toBe(1);
    expect(provider.openCheckouts()).toHaveLength(1);
    expect((await checkoutRows(user.id)).map((row) => row.state)).toEqual(["open"]);
  });

  it("ends with one open checkout when both plans are started at once", async () => {
    const provider = new FakePaymentProvider();
    provider.latencyMs = 15;
    const user = await newUser();
    const outcomes = await Promise.all([start(provider, user, "monthly"), start(provider, user, "yearly")]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(provider.openCheckouts()).toHaveLength(1);
    const open = await findOpenCheckout(database.db, user.id);
    expect(open?.sessionId).toBe(provider.openCheckouts()[0]!.sessionId);
    expect((await checkoutRows(user.id)).filter((row) => row.state === "open")).toHaveLength(1);
  });
});
