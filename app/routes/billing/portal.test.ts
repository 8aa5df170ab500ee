import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { expectConsoleError } from "#tests/setup/console-guard";
import { APP, contextFor, newLearner, routeAnswer, subscribeThrough } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { setPaymentProvider } from "#app/billing/provider.server";
import type { User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { loader } = await import("./portal");

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("/profile/billing/portal on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const open = (user: User) =>
    routeAnswer(() =>
      loader({
        request: new Request(`${APP}/profile/billing/portal`),
        context: contextFor(user),
        params: {},
      } as never),
    );
  const provider = () => {
    current.handle = database;
    const fake = new FakePaymentProvider();
    setPaymentProvider(fake);
    return fake;
  };

  it("opens a fresh portal session for the account's customer, returning to the plan section", async () => {
    const fake = provider();
    const { user, subscription } = await subscribeThrough(database.db, fake, await newLearner(database.db));
    const answer = await open(user);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      `https://pay.example.test/portal/${subscription.customerId}?return=${encodeURIComponent("http://localhost:3000/profile#plan")}`,
    );
    await open(user);
    expect(fake.count("createPortalSession")).toBe(2);
  });

  it("shows the plans to an account that never reached a checkout", async () => {
    const fake = provider();
    const answer = await open(await newLearner(database.db));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/subscribe");
    expect(fake.count("createPortalSession")).toBe(0);
  });

  it("returns to the profile, which says so, when the provider fails", async () => {
    const fake = provider();
    const { user } = await subscribeThrough(database.db, fake, await newLearner(database.db));
    fake.failNext("createPortalSession", new Error("timeout"));
    expectConsoleError();
    const answer = await open(user);
    expect(answer.headers.get("Location")).toBe("/profile?portal=unavailable#plan");
  });
});
