import { createHmac } from "node:crypto";
import { getSessionSecret } from "#app/auth/session.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { getDatabase } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import type { PaymentProvider } from "./payment-provider";
import { createStripeProvider } from "./stripe-provider.server";
import { createTestProvider } from "./test-provider.server";

let current: PaymentProvider | undefined;

/**
 * The provider this server takes payments through: Stripe when both Stripe keys are set, the built-in
 * test mode otherwise (docs/payments.md). Chosen once per process from the validated settings.
 */
export function getPaymentProvider(): PaymentProvider {
  if (current) return current;
  const env = getEnv();
  current =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        })
      : createTestProvider({
          db: getDatabase().db,
          webhookSecret: testModeWebhookSecret(),
          webhookUrl: webhookUrl(),
          // The hosted pages are the app's, at the address it hands out everywhere else.
          pagesOrigin: publicOrigin(),
        });
  return current;
}

/** For tests: the provider the routes use, or the configured one again. */
export function setPaymentProvider(provider: PaymentProvider | undefined): void {
  current = provider;
}

/**
 * Test mode signs its webhooks like Stripe, with a secret every instance derives from the shared
 * session secret, so an instance verifies what another one sent.
 */
export function testModeWebhookSecret(): string {
  return `whsec_${createHmac("sha256", getSessionSecret()).update("numberlab test-mode webhooks").digest("hex")}`;
}

/** Where test mode delivers its webhooks: the public origin when set, else this server on loopback. */
function webhookUrl(): string {
  const env = getEnv();
  const origin = env.APP_URL ? new URL(env.APP_URL).origin : `http://${loopbackHost(env.HOST)}:${env.PORT}`;
  return `${origin}${PAYMENT_WEBHOOK_PATH}`;
}

function loopbackHost(host: string | undefined): string {
  if (!host || host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

export const PAYMENT_WEBHOOK_PATH = "/api/webhooks/payments";
