import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { APP, contextFor, newLearner, publishCourse, routeAnswer, subscribeThrough } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { startCheckout } from "#app/billing/checkout.server";
import { setPaymentProvider } from "#app/billing/provider.server";
import { findCurrentSubscription } from "#app/models/subscription.server";
import { findUserById, type User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { loader } = await import("./success");

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("/success on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let provider: FakePaymentProvider;
  beforeAll(async () => {
    current.handle = database;
    await publishCourse(database.db);
  });
  const useProvider = () => {
    current.handle = database;
    provider = new FakePaymentProvider();
    setPaymentProvider(provider);
  };
  const visit = (user: User | null, query: string) =>
    routeAnswer(() =>
      loader({ request: new Request(`${APP}/success${query}`), context: contextFor(user), params: {} } as never),
    );
  const toSubscribe = { status: 302 };
  const expectToSubscribe = (answer: { status: number; headers: Headers }) => {
    expect(answer).toMatchObject(toSubscribe);
    expect(answer.headers.get("Location")).toBe("/subscribe");
  };

  it("opens premium for the learner who paid even before the webhook, and says what it unlocked", async () => {
    useProvider();
    testClock.set("2030-05-01T10:00:00.000Z");
    const user = await newLearner(database.db);
    const { sessionId } = await subscribeThrough(database.db, provider, user, "monthly", {
      sync: false,
      returnTo: "/chapter/periods-and-primes",
    });
    expect((await findUserById(database.db, user.id))!.isPremium).toBe(false);
    const answer = await visit(user, `?session_id=${sessionId}`);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      premium: true,
      premiumChapters: [
        { slug: "exponential-remainders", title: "Exponential remainders" },
        { slug: "periods-and-primes", title: "Periods and primes" },
      ],
      trialEnd: "2030-05-08T10:00:00.000Z",
      returnTo: "/chapter/periods-and-primes",
    });
    expect((await findUserById(database.db, user.id))!.isPremium).toBe(true);
    expect(await findCurrentSubscription(database.db, user.id)).toMatchObject({ status: "trialing" });
  });

  it("leads to the course when no chapter asked", async () => {
    useProvider();
    const { sessionId, user } = await subscribeThrough(database.db, provider, await newLearner(database.db));
    expect((await visit(user, `?session_id=${sessionId}`)).data).toMatchObject({ returnTo: "/chapter" });
  });

  it("sends a guest, and a visit without a checkout reference, to /subscribe", async () => {
    useProvider();
    const { sessionId, user } = await subscribeThrough(database.db, provider, await newLearner(database.db));
    expectToSubscribe(await visit(null, `?session_id=${sessionId}`));
    expectToSubscribe(await visit(user, ""));
    expectToSubscribe(await visit(user, "?session_id="));
    expectToSubscribe(await visit(user, "?session_id={CHECKOUT_SESSION_ID}"));
    expectToSubscribe(await visit(user, `?session_id=${"x".repeat(300)}`));
  });

  it("sends another learner with someone else's reference to /subscribe, and syncs nothing", async () => {
    useProvider();
    const { sessionId } = await subscribeThrough(database.db, provider, await newLearner(database.db), "monthly", {
      sync: false,
    });
    const other = await newLearner(database.db);
    const reads = provider.count("listSubscriptions");
    expectToSubscribe(await visit(other, `?session_id=${sessionId}`));
    expect(provider.count("listSubscriptions")).toBe(reads);
    expect((await findUserById(database.db, other.id))!.isPremium).toBe(false);
  });

  it("sends a learner to /subscribe for a checkout that is still open, expired or unknown", async () => {
    useProvider();
    const user = await newLearner(database.db);
    const opened = await startCheckout(database.db, provider, user, { plan: "yearly" }, APP);
    expect(opened.ok).toBe(true);
    const [open] = provider.openCheckouts();
    expectToSubscribe(await visit(user, `?session_id=${open!.sessionId}`));
    await provider.expireCheckout(open!.sessionId);
    expectToSubscribe(await visit(user, `?session_id=${open!.sessionId}`));
    expectToSubscribe(await visit(user, "?session_id=cs_made_up"));
  });

  it("trusts the provider, not the app's own row: a checkout the provider does not confirm for this learner is refused", async () => {
    useProvider();
    const user = await newLearner(database.db);
    const { sessionId } = await subscribeThrough(database.db, provider, user, "monthly", { sync: false });
    // The provider says the checkout was made for someone else (a forged or mixed-up reference).
    provider.checkouts.get(sessionId)!.clientReference = "someone-else";
    expectToSubscribe(await visit(user, `?session_id=${sessionId}`));
    expect((await findUserById(database.db, user.id))!.isPremium).toBe(false);
  });
});
