import Stripe from "stripe";
import { z } from "zod";
import { WebhookSignatureError, type PaymentEvent } from "./payment-provider";

/** How old (or how far ahead) a signed webhook may be: Stripe's own default, 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  data: z.object({
    object: z.record(z.string(), z.unknown()),
    previous_attributes: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * Verifies a webhook signed with Stripe's scheme (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of
 * "t.body") with the SDK's own verifier, and reads the event. Both providers sign this way, so the
 * test mode's webhooks take exactly the path that Stripe's do.
 */
export function verifySignedEvent(
  rawBody: string,
  signatureHeader: string | null,
  secret: string,
  receivedAt: Date,
): PaymentEvent {
  if (!signatureHeader) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signatureHeader)?.[1]);
  if (signedAt > receivedAt.getTime() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError("The signature's timestamp is in the future.");
  }
  let parsed: unknown;
  try {
    parsed = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAt.getTime(),
    );
  } catch (error) {
    throw new WebhookSignatureError(
      error instanceof Error ? (error.message.split("\n")[0] ?? "Bad signature.") : "Bad signature.",
    );
  }
  const event = eventSchema.safeParse(parsed);
  if (!event.success) throw new WebhookSignatureError("The signed body is not an event.");
  const object = event.data.data.object;
  return {
    id: event.data.id,
    type: event.data.type,
    createdAt: new Date(event.data.created * 1000).toISOString(),
    customerId: customerOf(object),
    data: object,
    previous: event.data.data.previous_attributes ?? null,
  };
}

/** The customer an event's object belongs to: its `customer` field, or itself when it is a customer. */
function customerOf(object: Record<string, unknown>): string | null {
  if (object.object === "customer" && typeof object.id === "string") return object.id;
  const customer = object.customer;
  if (typeof customer === "string") return customer;
  if (customer && typeof customer === "object" && typeof (customer as { id?: unknown }).id === "string") {
    return (customer as { id: string }).id;
  }
  return null;
}
