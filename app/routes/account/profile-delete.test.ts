import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { formPost } from "#tests/setup/action-result";
import { APP, contextFor, routeAnswer, subscribeThrough } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { hashPassword } from "#app/auth/password.server";
import { setPaymentProvider } from "#app/billing/provider.server";
import { createUser, findUserById, type User } from "#app/models/user.server";

vi.stubEnv("SESSION_SECRET", "a session secret for the deletion tests, long enough");
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./profile-delete");

const PASSWORD = "the owner's own passphrase";

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("deleting an account with a subscription on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD);
  });

  async function subscribedAccount() {
    current.handle = database;
    const provider = new FakePaymentProvider();
    setPaymentProvider(provider);
    const user = await createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash });
    return { provider, ...(await subscribeThrough(database.db, provider, user)) };
  }
  const remove = (user: User) =>
    routeAnswer(() =>
      action({
        request: formPost(`${APP}/profile/delete`, { password: PASSWORD }),
        context: contextFor(user),
        params: {},
      } as never),
    );

  it("warns that the subscription ends with the account", async () => {
    const { user } = await subscribedAccount();
    expect(await loader({ context: contextFor(user) } as never)).toMatchObject({ subscribed: true });
  });

  it("cancels the subscription at the provider first, then deletes the account", async () => {
    const { provider, user, subscription } = await subscribedAccount();
    const answer = await remove(user);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login?accountDeleted=1");
    expect(provider.subscriptions.get(subscription.subscriptionId)!.status).toBe("canceled");
    expect(provider.calls.indexOf("cancelNow")).toBeGreaterThan(-1);
    expect(await findUserById(database.db, user.id)).toBeUndefined();
  });

  it("keeps the account, and says why, when the provider cannot cancel the subscription", async () => {
    const { provider, user, subscription } = await subscribedAccount();
    provider.failNext("cancelNow");
    const answer = await remove(user);
    expect(answer).toMatchObject({
      status: 502,
      data: {
        error: "Your subscription could not be cancelled: Your card was declined. Your account was not deleted.",
      },
    });
    expect(provider.subscriptions.get(subscription.subscriptionId)!.status).toBe("trialing");
    expect(await findUserById(database.db, user.id)).toBeDefined();
  });
});
