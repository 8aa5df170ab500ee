import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { formPost } from "#tests/setup/action-result";
import { APP, contextFor, newLearner, publishCourse, routeAnswer, subscribeThrough } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { setPaymentProvider } from "#app/billing/provider.server";
import { rateLimits } from "#app/http/rate-limits.server";
import { markTrialUsed } from "#app/models/billing-customer.server";
import { findOpenCheckout } from "#app/models/checkout.server";
import type { User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./subscribe");

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("/subscribe on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let provider: FakePaymentProvider;
  beforeAll(async () => {
    current.handle = database;
    await publishCourse(database.db);
  });
  const useProvider = (options?: ConstructorParameters<typeof FakePaymentProvider>[0]) => {
    current.handle = database;
    provider = new FakePaymentProvider(options);
    setPaymentProvider(provider);
    return provider;
  };

  const load = (user: User | null, query = "") =>
    loader({ request: new Request(`${APP}/subscribe${query}`), context: contextFor(user), params: {} } as never);
  const choose = (user: User | null, form: Record<string, string>) =>
    routeAnswer(() =>
      action({ request: formPost(`${APP}/subscribe`, form), context: contextFor(user), params: {} } as never),
    );

  it("compares free and premium from the course and the settings, with both prices and the yearly saving", async () => {
    useProvider();
    const page = await load(null);
    expect(page).toMatchObject({
      signedIn: false,
      isTestMode: true,
      plans: [
        { plan: "monthly", name: "Monthly", price: "€4.99", per: "a month" },
        { plan: "yearly", name: "Yearly", price: "€39.99", per: "a year" },
      ],
      yearlyPerMonth: "€3.33",
      saving: { twelveMonthly: "€59.88", saved: "€19.89", percent: 33 },
      trialDays: 7,
      freeQuizzesPerDay: 5,
      chosen: null,
      returnTo: null,
      subscription: null,
    });
    expect(page.freeChapters.map((chapter) => chapter.title)).toEqual([
      "Fundamentals of algebra",
      "The atomic model of numbers",
    ]);
    // The draft is not part of what premium offers yet.
    expect(page.premiumChapters.map((chapter) => chapter.title)).toEqual([
      "Exponential remainders",
      "Periods and primes",
    ]);
  });

  it("follows the settings when an admin changes prices, currency, trial or quiz limit", async () => {
    useProvider({ isTestMode: false });
    const settings = { planCurrency: '"USD"', monthlyPriceMinor: "600", trialDays: "0", freeQuizAttemptsPerDay: "3" };
    for (const [key, value] of Object.entries(settings)) {
      await database.db
        .insertInto("app_settings")
        .values({ key, value, updated_by: null, updated_at: "2030-01-01" })
        .execute();
    }
    const page = await load(null);
    await database.db.deleteFrom("app_settings").execute();
    expect(page).toMatchObject({
      isTestMode: false,
      plans: [{ price: "$6.00" }, { price: "$39.99" }],
      saving: { percent: 44 },
      trialDays: 0,
      freeQuizzesPerDay: 3,
    });
  });

  it("preselects the plan chosen before signing in and keeps a safe page to return to", async () => {
    useProvider();
    const user = await newLearner(database.db);
    expect(await load(user, "?plan=yearly&returnTo=%2Fchapter%2Fperiods-and-primes")).toMatchObject({
      signedIn: true,
      chosen: "yearly",
      returnTo: "/chapter/periods-and-primes",
    });
    expect(await load(user, "?plan=lifetime&returnTo=https%3A%2F%2Fevil.example")).toMatchObject({
      chosen: null,
      returnTo: null,
    });
  });

  it("offers the trial only to an account that has not had one", async () => {
    useProvider();
    const user = await newLearner(database.db);
    await subscribeThrough(database.db, provider, user, "monthly", { sync: false });
    await markTrialUsed(database.db, user.id);
    expect((await load(user)).trialDays).toBe(0);
  });

  it("shows a subscriber where their plan stands instead of the plans", async () => {
    useProvider();
    const subscribed = await subscribeThrough(database.db, provider, await newLearner(database.db), "yearly");
    const page = await load(subscribed.user);
    expect(page.subscription).toMatchObject({ plan: "yearly", words: { label: "Free trial", needsCard: false } });
    expect(page.subscription!.words.sentence).toMatch(/^Your free trial ends on /);

    provider.update(subscribed.subscription.subscriptionId, {
      status: "past_due",
      pastDueSince: new Date().toISOString(),
    });
    const { syncCustomer } = await import("#app/billing/sync.server");
    await syncCustomer(database.db, provider, subscribed.subscription.customerId);
    expect((await load(subscribed.user)).subscription!.words).toMatchObject({
      label: "Payment failed",
      needsCard: true,
    });
  });

  it("sends a guest to sign in first, coming back to the same choice, and opens nothing", async () => {
    useProvider();
    const answer = await choose(null, { plan: "yearly", returnTo: "/chapter/periods-and-primes" });
    expect(answer.status).toBe(302);
    const location = answer.headers.get("Location")!;
    expect(location).toBe(
      `/login?redirectTo=${encodeURIComponent("/subscribe?plan=yearly&returnTo=%2Fchapter%2Fperiods-and-primes")}`,
    );
    expect(provider.calls).toEqual([]);
  });

  it("sends a signed-in learner to the provider's checkout for the chosen plan", async () => {
    useProvider();
    const user = await newLearner(database.db);
    const answer = await choose(user, { plan: "monthly", returnTo: "/chapter/exponential-remainders" });
    expect(answer.status).toBe(302);
    const [checkout] = provider.openCheckouts();
    expect(answer.headers.get("Location")).toBe(checkout!.url);
    expect(checkout!.request.price).toEqual({ plan: "monthly", amountMinor: 499, currency: "EUR" });
    expect(checkout!.request.successUrl).toBe("http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}");
    expect(await findOpenCheckout(database.db, user.id)).toMatchObject({ returnTo: "/chapter/exponential-remainders" });
  });

  it("ignores a price sent by the client", async () => {
    useProvider();
    const user = await newLearner(database.db);
    await choose(user, { plan: "yearly", amountMinor: "1", price: "0.01", currency: "JPY" });
    expect(provider.openCheckouts()[0]!.request.price).toEqual({ plan: "yearly", amountMinor: 3999, currency: "EUR" });
  });

  it("refuses an unknown plan, and shows the provider's refusal with nothing changed", async () => {
    useProvider();
    const user = await newLearner(database.db);
    expect(await choose(user, { plan: "forever" })).toMatchObject({
      status: 400,
      data: { error: "Choose the monthly or the yearly plan." },
    });
    provider.failNext(
      "createCheckout",
      new (await import("#app/billing/payment-provider")).PaymentProviderError(
        "Payments are not available in your country.",
      ),
    );
    expect(await choose(user, { plan: "monthly" })).toMatchObject({
      status: 502,
      data: { error: "Payments are not available in your country." },
    });
    expect(await findOpenCheckout(database.db, user.id)).toBeNull();
  });

  it("limits how often one account opens checkouts at the provider, and asks nothing of it then", async () => {
    useProvider();
    const user = await newLearner(database.db);
    const plans = ["monthly", "yearly"];
    // Alternating plans opens a new checkout each time: the costly case the limit is for.
    for (let attempt = 0; attempt < rateLimits.checkoutPerAccount.limit; attempt += 1) {
      expect((await choose(user, { plan: plans[attempt % 2]! })).status).toBe(302);
    }
    const calls = provider.count("createCheckout");
    const refused = await choose(user, { plan: "monthly" });
    expect(refused.status).toBe(429);
    expect((refused.data as { error: string }).error).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(provider.count("createCheckout")).toBe(calls);
  });

  it("refuses a second subscription, pointing to the profile", async () => {
    useProvider();
    const subscribed = await subscribeThrough(database.db, provider, await newLearner(database.db));
    const answer = await choose(subscribed.user, { plan: "yearly" });
    expect(answer.status).toBe(409);
    expect((answer.data as { error: string }).error).toMatch(/already have a subscription.*profile/);
  });
});
