import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import type { PaymentProvider } from "#app/billing/payment-provider";
import { reconcileSubscriptions } from "#app/billing/sync.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Not at start-up, when a deploy restarts every instance at once, but soon enough to matter. */
const FIRST_RUN_DELAY_MS = 10 * 60 * 1000;

/**
 * Once a day, syncs every customer from the provider: an event the provider never delivered (or gave
 * up on) still reaches premium within a day. Returns a stop function.
 */
export function startBillingReconciliation(db: Kysely<Database>, provider: () => PaymentProvider): () => void {
  const run = () => {
    reconcileSubscriptions(db, provider())
      .then(({ synced, failed }) => {
        if (failed > 0) console.warn(`Billing reconciliation: ${synced} customers synced, ${failed} failed.`);
      })
      .catch((error: unknown) =>
        console.warn("Billing reconciliation failed:", error instanceof Error ? error.message : error),
      );
  };
  let daily: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    run();
    daily = setInterval(run, DAY_MS);
    daily.unref();
  }, FIRST_RUN_DELAY_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (daily) clearInterval(daily);
  };
}
