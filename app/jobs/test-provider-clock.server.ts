import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { runTestProviderTick, type TestPaymentProvider } from "#app/billing/test-provider.server";

/** How often the test provider's clock runs: renewals and retries are due to the minute. */
export const TEST_PROVIDER_TICK_MS = 60 * 1000;
/** The first tick waits until the server is surely listening, so its webhooks reach it. */
export const FIRST_TEST_PROVIDER_TICK_MS = 10 * 1000;

/**
 * Runs the built-in test provider's clock (runTestProviderTick) every minute while the server runs in
 * test mode: trial ends, renewals, retries, cancellations and pauses, and webhook deliveries and their
 * retries. A tick still running when the next is due is not started twice. Returns a stop function.
 */
export function startTestProviderClock(db: Kysely<Database>, provider: TestPaymentProvider): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runTestProviderTick(db, provider)
      .catch((error: unknown) => console.error("The test-mode payment clock failed:", error))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, FIRST_TEST_PROVIDER_TICK_MS);
  const timer = setInterval(tick, TEST_PROVIDER_TICK_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
