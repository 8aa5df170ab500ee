import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { claimPaymentEvent, finishPaymentEvent } from "#app/models/payment-event.server";
import { now } from "#app/utils/clock";
import { sendBillingMail } from "./billing-mail.server";
import { WebhookSignatureError, type PaymentProvider } from "./payment-provider";
import { syncCustomer } from "./sync.server";

export interface WebhookReply {
  status: number;
  body: string;
}

/**
 * POST /api/webhooks/payments: the raw body is verified (signature and a 5-minute tolerance), the event
 * is claimed by its id so it is applied once, the customer is synced from the provider, and the mail
 * the event calls for is sent. 400 for anything not genuine, 2xx once applied or already applied, 409
 * while another delivery of it is being applied, and 500 on a failure of ours so the provider retries.
 */
export async function receivePaymentWebhook(
  db: Kysely<Database>,
  provider: PaymentProvider,
  rawBody: string,
  signatureHeader: string | null,
): Promise<WebhookReply> {
  let event;
  try {
    event = provider.verifyWebhook(rawBody, signatureHeader, now());
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: error.message };
    throw error;
  }

  const claim = await claimPaymentEvent(db, provider.name, event);
  if (claim === "done") return { status: 200, body: "Already processed." };
  if (claim === "busy") return { status: 409, body: "This event is being processed; try again later." };

  try {
    const outcome = event.customerId ? await syncCustomer(db, provider, event.customerId) : null;
    if (outcome) await sendBillingMail(db, provider, event, outcome.userId);
    await finishPaymentEvent(db, provider.name, event.id, "done");
    return { status: 200, body: outcome ? "Processed." : "Ignored: not a customer of this app." };
  } catch (error) {
    console.error(`Payment event ${event.id} (${event.type}) failed:`, error instanceof Error ? error.message : error);
    await finishPaymentEvent(db, provider.name, event.id, "failed").catch(() => undefined);
    return { status: 500, body: "Could not process the event; it will be retried." };
  }
}
