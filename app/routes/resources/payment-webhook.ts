import { getPaymentProvider } from "#app/billing/provider.server";
import { receivePaymentWebhook } from "#app/billing/webhook.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/payment-webhook";

/** Webhooks are only ever POSTed. */
export function loader() {
  return new Response("Method Not Allowed: the payment provider POSTs its events here.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The provider's events; the body is read as text so the signature is checked on the exact bytes sent. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const signature = request.headers.get("stripe-signature");
  // Unsigned, it cannot be genuine: refused before its body is even read.
  if (!signature) return reply({ status: 400, body: "The Stripe-Signature header is missing." });
  const rawBody = await request.text();
  return reply(await receivePaymentWebhook(getDatabase().db, getPaymentProvider(), rawBody, signature));
}

function reply({ status, body }: { status: number; body: string }) {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
