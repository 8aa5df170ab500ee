import { pageNotFound } from "#app/http/not-found";
import { getPaymentProvider } from "./provider.server";
import { isTestPaymentProvider, type TestPaymentProvider } from "./test-provider.server";

/**
 * The provider behind the test mode's hosted pages (checkout, portal, invoices under /test-payments).
 * They exist only while the built-in test provider takes the payments: with Stripe they are a 404.
 */
export function hostedPagesProvider(request: Request): TestPaymentProvider {
  const provider = getPaymentProvider();
  if (!isTestPaymentProvider(provider)) throw pageNotFound(new URL(request.url).pathname);
  return provider;
}

/** The pages' addresses are their only secret: kept out of shared caches and search engines. */
export const HOSTED_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};
