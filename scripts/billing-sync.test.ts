import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startFakeStripeApi, type FakeStripeApi } from "#tests/setup/fake-stripe-api";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { writeSetting } from "#app/models/app-settings.server";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Each test starts Node with tsx once or more, which takes long on a busy machine. */
const SPAWN_TIMEOUT = { timeout: 90_000 };

describe.each(testDialects)("npm run billing:sync on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  function billingSync(stripe: Record<string, string>): Promise<Run> {
    const { databaseUrl, dataDir } = database.location;
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, STRIPE_API_URL: _url, ...inherited } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/billing-sync.ts"], {
      env: { ...inherited, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", ...stripe },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  }

  const keysFor = (fake: FakeStripeApi) => ({
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
  });

  const writes = (fake: FakeStripeApi) => fake.requests.filter((request) => request.method !== "GET");

  it(
    "creates the product, both prices and the portal once, and finds them all the second time",
    SPAWN_TIMEOUT,
    async () => {
      const fake = await startFakeStripeApi();
      try {
        const first = await billingSync(keysFor(fake));
        expect(first).toMatchObject({ code: 0, stderr: "" });
        const prices = [...fake.store.prices.values()];
        const monthly = prices.find((price) => price.lookup_key === "numberlab_premium_monthly_eur_499")!;
        const yearly = prices.find((price) => price.lookup_key === "numberlab_premium_yearly_eur_3999")!;
        const [portal] = [...fake.store.portalConfigurations.values()];
        expect(first.stdout).toBe(
          [
            "Stripe (test mode):",
            "created     product numberlab_premium (Numberlab Premium)",
            `created     price numberlab_premium_monthly_eur_499 (${monthly.id}): 4.99 EUR a month`,
            `created     price numberlab_premium_yearly_eur_3999 (${yearly.id}): 39.99 EUR a year`,
            `created     portal configuration ${portal!.id}: card update, invoices, cancel at period end, switch between the two prices`,
            "4 created, 0 updated, 0 already as they should be.",
            "",
          ].join("\n"),
        );
        expect([monthly.recurring?.interval, yearly.recurring?.interval]).toEqual(["month", "year"]);
        expect(portal!.features).toMatchObject({
          payment_method_update: { enabled: true },
          invoice_history: { enabled: true },
          subscription_cancel: { enabled: true, mode: "at_period_end" },
          subscription_update: {
            enabled: true,
            default_allowed_updates: ["price"],
            products: [{ product: "numberlab_premium", prices: [monthly.id, yearly.id] }],
          },
          subscription_pause: { enabled: false },
          customer_update: { enabled: false },
        });

        const writesBefore = writes(fake).length;
        const second = await billingSync(keysFor(fake));
        expect(second).toMatchObject({ code: 0, stderr: "" });
        expect(
          second.stdout
            .split("\n")
            .slice(1, 5)
            .map((line) => line.split(" ")[0]),
        ).toEqual(["found", "found", "found", "found"]);
        expect(second.stdout).toContain("0 created, 0 updated, 4 already as they should be.");
        expect(writes(fake).length).toBe(writesBefore);
        expect([fake.store.products.size, fake.store.prices.size, fake.store.portalConfigurations.size]).toEqual([
          1, 2, 1,
        ]);
      } finally {
        await fake.close();
      }
    },
  );

  it("after a price change, adds the new price and offers it in the portal's plan switch", SPAWN_TIMEOUT, async () => {
    const fake = await startFakeStripeApi();
    try {
      expect((await billingSync(keysFor(fake))).code).toBe(0);
      await writeSetting(database.db, "monthlyPriceMinor", 599, null);
      try {
        const run = await billingSync(keysFor(fake));
        expect(run).toMatchObject({ code: 0, stderr: "" });
        const raised = [...fake.store.prices.values()].find(
          (price) => price.lookup_key === "numberlab_premium_monthly_eur_599",
        )!;
        expect(run.stdout).toContain(
          `created     price numberlab_premium_monthly_eur_599 (${raised.id}): 5.99 EUR a month`,
        );
        expect(run.stdout).toContain("updated     portal configuration");
        expect(run.stdout).toContain("1 created, 1 updated, 2 already as they should be.");
        const [portal] = [...fake.store.portalConfigurations.values()];
        expect(portal!.features.subscription_update.products?.[0]?.prices).toContain(raised.id);
        expect(portal!.features.subscription_update.products?.[0]?.prices).toHaveLength(2);
      } finally {
        await writeSetting(database.db, "monthlyPriceMinor", 499, null);
      }
    } finally {
      await fake.close();
    }
  });

  it("refuses clearly without Stripe keys, and reports Stripe's refusal of a wrong key", SPAWN_TIMEOUT, async () => {
    const none = await billingSync({});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("STRIPE_SECRET_KEY is not set");
    expect(none.stderr).toContain("Usage: npm run billing:sync");
    expect(none.stdout).toBe("");

    const fake = await startFakeStripeApi();
    try {
      const wrong = await billingSync({ ...keysFor(fake), STRIPE_SECRET_KEY: "sk_test_someone_elses" });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("Invalid API Key provided");
      expect(writes(fake)).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
