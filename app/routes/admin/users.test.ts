import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { listAuditEntries } from "#app/models/audit-log.server";
import { saveBillingCustomer } from "#app/models/billing-customer.server";
import { listComplimentaryGrants } from "#app/models/complimentary-grant.server";
import { createUser, findUserById, type User } from "#app/models/user.server";
import { userContext } from "#app/http/request-context";
import type { PaymentProvider } from "#app/billing/payment-provider";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
// The page links to customers in the provider's dashboard; only that is asked of the provider here.
vi.mock("#app/billing/provider.server", () => ({
  getPaymentProvider: () =>
    ({
      name: "stripe",
      customerDashboardUrl: (customerId: string) => `https://dashboard.stripe.com/customers/${customerId}`,
    }) as Partial<PaymentProvider>,
}));
const { action, loader } = await import("./users");

const NOW = "2030-05-01T10:00:00.000Z";
const URL_BASE = "http://localhost:3000/admin/adminUser";

describe.each(testDialects)("/admin/adminUser premium on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let admin: User;
  let counter = 0;

  async function learner() {
    current.handle = database;
    testClock.set(NOW);
    admin ??= await createUser(database.db, { email: "premium-admin@example.org", passwordHash: null, role: "admin" });
    counter += 1;
    return createUser(database.db, { email: `learner${counter}@example.org`, passwordHash: null });
  }

  function adminContext() {
    const context = requestContext("192.0.2.1");
    context.set(userContext, admin);
    return context;
  }

  async function post(form: Record<string, string>) {
    const request = formPost(URL_BASE, form);
    return actionResult(await action({ request, context: adminContext(), params: {} } as never));
  }

  async function load(search: string) {
    const request = new Request(`${URL_BASE}?${search}`);
    return loader({ request, context: adminContext(), params: {} } as never);
  }

  const auditOf = async (user: User) =>
    (await listAuditEntries(database.db, { filter: { targetEmail: user.email } })).entries.map((entry) => ({
      action: entry.action,
      actor: entry.actor?.email ?? null,
      details: entry.details,
    }));

  it("grants complimentary premium until the start of the day chosen, audited as the admin", async () => {
    const user = await learner();
    const granted = await post({
      intent: "grant-premium",
      userId: user.id,
      until: "2030-09-01",
      reason: "  Teacher at a partner school  ",
    });
    expect(granted).toMatchObject({
      status: 200,
      data: { done: { message: `${user.email} has complimentary premium until 1 September 2030.`, changed: true } },
    });
    expect(await findUserById(database.db, user.id)).toMatchObject({
      isPremium: true,
      premiumUntil: "2030-09-01T00:00:00.000Z",
    });
    expect(await auditOf(user)).toEqual([
      {
        action: "premium.grant",
        actor: admin.email,
        details: { until: "2030-09-01T00:00:00.000Z", reason: "Teacher at a partner school" },
      },
    ]);
  });

  it("refuses a date that is not in the future, too far ahead or not a day, and a missing or long reason", async () => {
    const user = await learner();
    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{ until: "2030-05-01", reason: "Today" }, { until: "Choose a day in the future: 2030-05-02 at the earliest." }],
      [{ until: "2029-12-31", reason: "Past" }, { until: "Choose a day in the future: 2030-05-02 at the earliest." }],
      [
        { until: "2035-05-02", reason: "Far" },
        { until: "Choose a day at most 5 years ahead: 2035-05-01 at the latest." },
      ],
      [
        { until: "2031-02-29", reason: "No such day" },
        { until: "Enter a date that exists, as YYYY-MM-DD (e.g. 2031-06-30)." },
      ],
      [
        { until: "1 June 2031", reason: "Words" },
        { until: "Enter a date that exists, as YYYY-MM-DD (e.g. 2031-06-30)." },
      ],
      [
        { until: "", reason: "" },
        { until: "Enter the date premium runs until.", reason: "Enter a reason." },
      ],
      [{ until: "2031-01-01", reason: "x".repeat(201) }, { reason: "A reason must be at most 200 characters." }],
    ];
    for (const [form, errors] of refusals) {
      const refused = await post({ intent: "grant-premium", userId: user.id, ...form });
      expect(refused.status, JSON.stringify(form)).toBe(400);
      expect(refused.data).toEqual({ grantForm: { errors, values: form } });
    }
    // The last day allowed is fine.
    expect((await post({ intent: "grant-premium", userId: user.id, until: "2035-05-01", reason: "Max" })).status).toBe(
      200,
    );
    expect((await listComplimentaryGrants(database.db, user.id)).map((grant) => grant.reason)).toEqual(["Max"]);

    const unknown = await post({
      intent: "grant-premium",
      userId: crypto.randomUUID(),
      until: "2031-01-01",
      reason: "?",
    });
    expect(unknown.status).toBe(404);
  });

  it("withdraws a grant after confirmation, once, audited", async () => {
    const user = await learner();
    await post({ intent: "grant-premium", userId: user.id, until: "2030-09-01", reason: "Prize" });
    const [grant] = await listComplimentaryGrants(database.db, user.id);

    // Without JavaScript the first post asks, and changes nothing.
    const asked = await post({ intent: "revoke-premium", userId: user.id, grantId: grant!.id });
    expect(asked.data).toMatchObject({
      confirm: {
        title: `Withdraw the complimentary premium of ${user.email}?`,
        intent: "revoke-premium",
        userId: user.id,
        grantId: grant!.id,
      },
    });
    expect((await findUserById(database.db, user.id))?.isPremium).toBe(true);

    testClock.advance(1000);
    const withdrawn = await post({ intent: "revoke-premium", userId: user.id, grantId: grant!.id, confirmed: "yes" });
    expect(withdrawn.data).toEqual({
      done: { message: `Withdrew the complimentary premium of ${user.email}.`, changed: true },
    });
    expect(await findUserById(database.db, user.id)).toMatchObject({ isPremium: false, premiumUntil: null });
    const again = await post({ intent: "revoke-premium", userId: user.id, grantId: grant!.id, confirmed: "yes" });
    expect(again.data).toMatchObject({ done: { changed: false } });
    expect((await auditOf(user)).map((entry) => entry.action)).toEqual(["premium.revoke", "premium.grant"]);

    // Another account's grant is not withdrawn through this one.
    const other = await learner();
    await post({ intent: "grant-premium", userId: other.id, until: "2030-09-01", reason: "Other" });
    const [othersGrant] = await listComplimentaryGrants(database.db, other.id);
    const crossed = await post({
      intent: "revoke-premium",
      userId: user.id,
      grantId: othersGrant!.id,
      confirmed: "yes",
    });
    expect(crossed.data).toMatchObject({ done: { changed: false } });
    expect((await findUserById(database.db, other.id))?.isPremium).toBe(true);

    const malformed = await post({
      intent: "revoke-premium",
      userId: user.id,
      grantId: "not-a-grant",
      confirmed: "yes",
    });
    expect(malformed).toMatchObject({ status: 400, data: { error: "Choose a grant from the list." } });
  });

  it("shows the plan with a link to the provider's customer, and the premium panel of the account asked for", async () => {
    const user = await learner();
    await saveBillingCustomer(database.db, { userId: user.id, provider: "stripe", customerId: "cus_admin_link" });
    const testModeUser = await learner();
    await saveBillingCustomer(database.db, { userId: testModeUser.id, provider: "test", customerId: "cus_test_1" });
    await post({ intent: "grant-premium", userId: user.id, until: "2030-09-01", reason: "Panel" });

    const page = await load(`q=learner&premium=${user.id}`);
    const row = page.users.find((listed) => listed.id === user.id)!;
    expect(row.billing.plan).toBe("complimentary");
    expect(row.customerUrl).toBe("https://dashboard.stripe.com/customers/cus_admin_link");
    // A customer of the other provider has no page at this one.
    expect(page.users.find((listed) => listed.id === testModeUser.id)!.customerUrl).toBeNull();
    expect(page.premium).toEqual({
      userId: user.id,
      email: user.email,
      premiumUntil: "2030-09-01T00:00:00.000Z",
      grants: [{ id: expect.any(String), until: "2030-09-01T00:00:00.000Z", reason: "Panel" }],
    });
    expect(page.grantLimits).toEqual({ min: "2030-05-02", max: "2035-05-01", reasonMaxLength: 200 });

    expect((await load(`premium=${crypto.randomUUID()}`)).premium).toBeNull();
    expect((await load("premium=robert'); drop table users")).premium).toBeNull();
  });
});
