import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { formPost } from "#tests/setup/action-result";
import { APP, contextFor, newLearner, routeAnswer } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { setPaymentProvider } from "#app/billing/provider.server";
import type { User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./buy");

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("/tests/buy on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const useProvider = () => {
    current.handle = database;
    const provider = new FakePaymentProvider();
    setPaymentProvider(provider);
    return provider;
  };
  const click = (user: User | null) =>
    routeAnswer(() =>
      action({
        request: formPost(`${APP}/tests/buy`, { plan: "monthly" }),
        context: contextFor(user),
        params: {},
      } as never),
    );
  const load = (user: User | null, query = "") =>
    loader({ request: new Request(`${APP}/tests/buy${query}`), context: contextFor(user), params: {} } as never);

  it("sends a guest to sign in and back to the same click", async () => {
    const provider = useProvider();
    const answer = await click(null);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/tests/buy?plan=monthly")}`);
    expect(provider.calls).toEqual([]);
    const user = await newLearner(database.db);
    expect(await load(user, "?plan=monthly")).toMatchObject({ signedIn: true, resumed: true, price: "€4.99" });
    expect(await load(null, "?plan=monthly")).toMatchObject({ signedIn: false, resumed: false });
  });

  it("opens the monthly checkout in one click for a signed-in learner", async () => {
    const provider = useProvider();
    const answer = await click(await newLearner(database.db));
    expect(answer.status).toBe(302);
    const [checkout] = provider.openCheckouts();
    expect(answer.headers.get("Location")).toBe(checkout!.url);
    expect(checkout!.request.price).toEqual({ plan: "monthly", amountMinor: 499, currency: "EUR" });
  });
});
