import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { APP, contextFor, newLearner } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { startCheckout } from "#app/billing/checkout.server";
import { setPaymentProvider } from "#app/billing/provider.server";
import type { User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { loader } = await import("./cancel");

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("/cancel on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const visit = (user: User | null, query: string) => {
    current.handle = database;
    return loader({ request: new Request(`${APP}/cancel${query}`), context: contextFor(user), params: {} } as never);
  };

  it("keeps the chosen plan and its price, and the page the learner came from", async () => {
    const provider = new FakePaymentProvider();
    setPaymentProvider(provider);
    current.handle = database;
    const user = await newLearner(database.db);
    await startCheckout(database.db, provider, user, { plan: "yearly", returnTo: "/chapter/periods-and-primes" }, APP);
    expect(await visit(user, "?plan=yearly")).toEqual({
      plan: "yearly",
      price: "€39.99 a year",
      returnTo: "/chapter/periods-and-primes",
      signedIn: true,
      isTestMode: true,
    });
  });

  it("offers the plans again when the plan is missing or unknown", async () => {
    setPaymentProvider(new FakePaymentProvider({ isTestMode: false }));
    for (const query of ["", "?plan=", "?plan=weekly"]) {
      expect(await visit(null, query)).toEqual({
        plan: null,
        price: null,
        returnTo: null,
        signedIn: false,
        isTestMode: false,
      });
    }
  });
});
