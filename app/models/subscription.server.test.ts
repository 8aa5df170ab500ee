import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { providerSubscription } from "#tests/setup/subscription-readings";
import { RENEWAL_LEEWAY_MS } from "../utils/entitlements";
import {
  grantComplimentaryPremium,
  listComplimentaryGrants,
  revokeComplimentaryPremium,
} from "./complimentary-grant.server";
import {
  applySubscriptionReadings,
  findCurrentSubscription,
  findSubscriptionByProviderId,
  listSubscriptions,
  type SubscriptionReading,
} from "./subscription.server";
import { createUser, findUserById } from "./user.server";

const PERIOD_END = "2030-02-01T00:00:00.000Z";

/** The yearly plan, renewing on 1 February 2030. */
const reading = (overrides: Partial<SubscriptionReading> = {}) =>
  providerSubscription({ plan: "yearly", amountMinor: 3999, ...overrides });

describe.each(testDialects)("subscriptions on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const newUser = () => createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });

  it("stores a reading, derives premium from it and reads it back", async () => {
    testClock.set("2030-01-01T00:00:00.000Z");
    const user = await newUser();
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    const result = await applySubscriptionReadings(database.db, {
      userId: user.id,
      provider: "test",
      observedAt: "2030-01-01T00:00:00.000Z",
      readings: [reading({ subscriptionId, cancelAtPeriodEnd: true })],
    });
    expect(result).toEqual({ premiumUntil: PERIOD_END, applied: 1 });
    expect(await findUserById(database.db, user.id)).toMatchObject({ isPremium: true, premiumUntil: PERIOD_END });
    expect(await findSubscriptionByProviderId(database.db, "test", subscriptionId)).toMatchObject({
      userId: user.id,
      plan: "yearly",
      amountMinor: 3999,
      cancelAtPeriodEnd: true,
      observedAt: "2030-01-01T00:00:00.000Z",
    });
    expect(await findSubscriptionByProviderId(database.db, "stripe", subscriptionId)).toBeNull();
  });

  it("skips a reading observed before the stored one, and applies one observed at the same time or later", async () => {
    const user = await newUser();
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    const apply = (observedAt: string, status: string) =>
      applySubscriptionReadings(database.db, {
        userId: user.id,
        provider: "test",
        observedAt,
        readings: [reading({ subscriptionId, status })],
      });
    await apply("2030-01-01T00:00:10.000Z", "canceled");
    expect((await apply("2030-01-01T00:00:05.000Z", "active")).applied).toBe(0);
    expect((await listSubscriptions(database.db, user.id))[0]?.status).toBe("canceled");
    expect((await apply("2030-01-01T00:00:10.000Z", "canceled")).applied).toBe(1);
    expect((await apply("2030-01-01T00:00:11.000Z", "active")).applied).toBe(1);
    expect((await listSubscriptions(database.db, user.id))[0]?.status).toBe("active");
  });

  it("never moves a subscription to another account", async () => {
    const owner = await newUser();
    const other = await newUser();
    const subscriptionId = `sub_${crypto.randomUUID()}`;
    const apply = (userId: string, observedAt: string) =>
      applySubscriptionReadings(database.db, {
        userId,
        provider: "test",
        observedAt,
        readings: [reading({ subscriptionId })],
      });
    await apply(owner.id, "2030-01-01T00:00:00.000Z");
    expect((await apply(other.id, "2030-01-02T00:00:00.000Z")).applied).toBe(0);
    expect((await findSubscriptionByProviderId(database.db, "test", subscriptionId))?.userId).toBe(owner.id);
    expect((await findUserById(database.db, other.id))?.isPremium).toBe(false);
  });

  it("finds the subscription an account manages now: the newest that has not ended", async () => {
    const user = await newUser();
    expect(await findCurrentSubscription(database.db, user.id)).toBeNull();
    testClock.set("2030-01-01T00:00:00.000Z");
    await applySubscriptionReadings(database.db, {
      userId: user.id,
      provider: "test",
      observedAt: "2030-01-01T00:00:00.000Z",
      readings: [reading({ subscriptionId: `sub_old_${user.id}`, status: "canceled" })],
    });
    expect(await findCurrentSubscription(database.db, user.id)).toBeNull();
    testClock.advance(1000);
    await applySubscriptionReadings(database.db, {
      userId: user.id,
      provider: "test",
      observedAt: "2030-01-01T00:00:01.000Z",
      readings: [reading({ subscriptionId: `sub_new_${user.id}`, status: "past_due", pastDueSince: PERIOD_END })],
    });
    expect((await findCurrentSubscription(database.db, user.id))?.subscriptionId).toBe(`sub_new_${user.id}`);
  });

  it("combines a subscription and complimentary grants, and recomputes when a grant is withdrawn", async () => {
    testClock.set("2030-01-01T00:00:00.000Z");
    const user = await newUser();
    const target = { id: user.id, email: user.email };
    await applySubscriptionReadings(database.db, {
      userId: user.id,
      provider: "test",
      observedAt: "2030-01-01T00:00:00.000Z",
      readings: [reading({ subscriptionId: `sub_${user.id}` })],
    });
    const renewing = new Date(Date.parse(PERIOD_END) + RENEWAL_LEEWAY_MS).toISOString();
    expect((await findUserById(database.db, user.id))?.premiumUntil).toBe(renewing);

    const grant = await grantComplimentaryPremium(database.db, null, target, {
      until: "2031-01-01T00:00:00.000Z",
      reason: "Teacher",
    });
    expect((await findUserById(database.db, user.id))?.premiumUntil).toBe("2031-01-01T00:00:00.000Z");
    expect(await listComplimentaryGrants(database.db, user.id)).toMatchObject([{ id: grant.id, revokedAt: null }]);

    expect(await revokeComplimentaryPremium(database.db, null, target, grant.id)).toBe(true);
    expect(await revokeComplimentaryPremium(database.db, null, target, grant.id)).toBe(false);
    expect((await findUserById(database.db, user.id))?.premiumUntil).toBe(renewing);
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", user.id)
      .orderBy("created_at")
      .orderBy("action")
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["premium.grant", "premium.revoke"]);
  });

  it("refuses to withdraw another account's grant", async () => {
    const user = await newUser();
    const other = await newUser();
    const grant = await grantComplimentaryPremium(
      database.db,
      null,
      { id: user.id, email: user.email },
      { until: "2031-01-01T00:00:00.000Z", reason: "Prize" },
    );
    expect(await revokeComplimentaryPremium(database.db, null, { id: other.id, email: other.email }, grant.id)).toBe(
      false,
    );
    expect((await listComplimentaryGrants(database.db, user.id))[0]?.revokedAt).toBeNull();
  });
});
