import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { saveBillingCustomer, findBillingCustomer, markTrialUsed } from "./billing-customer.server";
import {
  claimCheckout,
  closeCheckout,
  completeCheckoutsOf,
  findCheckoutBySession,
  findOpenCheckout,
  markCheckoutOpen,
} from "./checkout.server";
import { createUser } from "./user.server";

describe.each(testDialects)("checkouts and billing customers on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const newUser = () => createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });
  const request = (userId: string, plan: "monthly" | "yearly" = "monthly") => ({
    userId,
    provider: "test" as const,
    plan,
    amountMinor: plan === "monthly" ? 499 : 3999,
    currency: "EUR",
    trialDays: 7,
    returnTo: "/chapter/periods-and-primes",
  });

  it("reserves one checkout per account, even when asked for it many times at once", async () => {
    const user = await newUser();
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimCheckout(database.db, request(user.id))));
    const winners = claims.filter((claim) => claim.claimed);
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.checkout;
    for (const claim of claims) if (!claim.claimed) expect(claim.existing.id).toBe(winner.id);
    expect(await findOpenCheckout(database.db, user.id)).toMatchObject({ id: winner.id, state: "opening" });
  });

  it("moves a checkout from opening to open once, finds it by its session and completes it", async () => {
    const user = await newUser();
    const claim = await claimCheckout(database.db, request(user.id, "yearly"));
    if (!claim.claimed) throw new Error("expected to claim");
    const session = { sessionId: `cs_${crypto.randomUUID()}`, url: "https://pay.example/cs" };
    expect(await markCheckoutOpen(database.db, claim.checkout.id, session)).toBe(true);
    expect(await markCheckoutOpen(database.db, claim.checkout.id, session)).toBe(false);
    expect(await findCheckoutBySession(database.db, "test", session.sessionId)).toMatchObject({
      plan: "yearly",
      amountMinor: 3999,
      returnTo: "/chapter/periods-and-primes",
      state: "open",
    });
    expect(await findCheckoutBySession(database.db, "stripe", session.sessionId)).toBeNull();
    await completeCheckoutsOf(database.db, user.id);
    expect(await findOpenCheckout(database.db, user.id)).toBeNull();
    expect((await findCheckoutBySession(database.db, "test", session.sessionId))?.state).toBe("complete");
    // A finished checkout no longer blocks a new one.
    expect((await claimCheckout(database.db, request(user.id))).claimed).toBe(true);
  });

  it("frees the account for a new checkout once one expires or fails", async () => {
    const user = await newUser();
    const first = await claimCheckout(database.db, request(user.id));
    if (!first.claimed) throw new Error("expected to claim");
    await closeCheckout(database.db, first.checkout.id, "failed");
    const second = await claimCheckout(database.db, request(user.id, "yearly"));
    expect(second.claimed).toBe(true);
  });

  it("keeps the first customer stored for an account when two are saved at once", async () => {
    const user = await newUser();
    const saved = await Promise.all(
      ["cus_a", "cus_b"].map((id) =>
        saveBillingCustomer(database.db, { userId: user.id, provider: "test", customerId: `${id}_${user.id}` }),
      ),
    );
    expect(saved[0]).toEqual(saved[1]);
    expect(await findBillingCustomer(database.db, "test", user.id)).toEqual(saved[0]);
    expect(saved[0]?.trialUsedAt).toBeNull();
    await markTrialUsed(database.db, user.id);
    const used = (await findBillingCustomer(database.db, "test", user.id))?.trialUsedAt;
    expect(used).not.toBeNull();
    await markTrialUsed(database.db, user.id);
    expect((await findBillingCustomer(database.db, "test", user.id))?.trialUsedAt).toBe(used);
  });

  it("keeps one customer per provider, so an install that moves from test mode to Stripe starts afresh", async () => {
    const user = await newUser();
    await saveBillingCustomer(database.db, { userId: user.id, provider: "test", customerId: `cus_t_${user.id}` });
    const stripe = await saveBillingCustomer(database.db, {
      userId: user.id,
      provider: "stripe",
      customerId: `cus_s_${user.id}`,
    });
    expect(stripe).toMatchObject({ provider: "stripe", customerId: `cus_s_${user.id}` });
    expect((await findBillingCustomer(database.db, "test", user.id))?.customerId).toBe(`cus_t_${user.id}`);
  });
});
