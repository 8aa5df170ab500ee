import { runCli, UsageError } from "./cli-run";
import { createStripeClient, syncStripeCatalog } from "#app/billing/stripe-catalog.server";
import { readSettings } from "#app/models/app-settings.server";
import { readEnv } from "#app/utils/env.server";
import { openMigratedDatabase } from "./cli-database";

const USAGE = `Usage: npm run billing:sync

Sets Stripe up for the prices in /admin/application: the product, the monthly and yearly prices
(found by their lookup keys) and the customer portal's configuration. Needs STRIPE_SECRET_KEY and
STRIPE_WEBHOOK_SECRET. Running it again creates nothing; run it after changing a price so the
portal's plan switch offers the new one (checkouts use a new price at once, without it).`;

async function main(args: string[]): Promise<string> {
  if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(" ")}`);
  const env = readEnv();
  if (!env.STRIPE_SECRET_KEY) {
    throw new UsageError(
      "STRIPE_SECRET_KEY is not set, so the app runs its built-in test mode, which needs no setup. To take payments through Stripe, set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, then run this again.",
    );
  }
  const { db, close } = await openMigratedDatabase();
  const settings = await readSettings(db).finally(close);

  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL });
  const mode = /^(sk|rk)_test_/.test(env.STRIPE_SECRET_KEY) ? "test mode" : "live mode";
  const { entries } = await syncStripeCatalog(stripe, {
    currency: settings.planCurrency,
    monthlyPriceMinor: settings.monthlyPriceMinor,
    yearlyPriceMinor: settings.yearlyPriceMinor,
  });
  const count = (outcome: string) => entries.filter((entry) => entry.outcome === outcome).length;
  return [
    `Stripe (${mode}):`,
    ...entries.map((entry) => `${entry.outcome.padEnd(11)} ${entry.description}`),
    `${count("created")} created, ${count("updated") + count("reactivated")} updated, ${count("found")} already as they should be.`,
  ].join("\n");
}

await runCli(main, USAGE);
