import { z } from "zod";
import { PUSH_TOPICS } from "#app/models/push-vocabulary";
import { getEnv } from "#app/utils/env.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { isValidTimeZone } from "./quiet-hours";

/** Push services' addresses are short; a longer one is not a browser's. */
const ENDPOINT_MAX_LENGTH = 1000;
/** RFC 8291: the browser's key is an uncompressed P-256 point, its secret 16 bytes. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;
const LOOPBACK_HTTP = /^http:\/\/127\.0\.0\.1(:\d{1,5})?\//;

/**
 * A push service on http://127.0.0.1 (the tests' local one) is accepted only by a server that is itself
 * a local install: in development or test, or without a public address (no APP_URL, or a loopback
 * one), as the journeys run it. A deployed server sends only to https push services.
 */
export function acceptsLoopbackPushService(): boolean {
  if (getEnv().NODE_ENV !== "production") return true;
  const { protocol, hostname } = new URL(publicOrigin());
  return protocol === "http:" && (hostname === "localhost" || hostname === "127.0.0.1");
}

export function endpointSchema(allowLoopback: boolean) {
  return z
    .string({ error: "The subscription's endpoint is missing." })
    .max(ENDPOINT_MAX_LENGTH, "The subscription's endpoint is too long.")
    .refine(
      (endpoint) => {
        if (allowLoopback && LOOPBACK_HTTP.test(endpoint)) return true;
        try {
          const url = new URL(endpoint);
          // A push service is a public host: never this machine or an address in the private ranges.
          return url.protocol === "https:" && !/^(localhost|\[.*\]|[\d.]+)$/.test(url.hostname);
        } catch {
          return false;
        }
      },
      { error: "The subscription's endpoint is not a push service's https address." },
    );
}

function base64urlKey(name: string, bytes: number, check: (decoded: Buffer) => boolean = () => true) {
  return (
    z
      .string({ error: `The subscription's ${name} key is missing.` })
      .regex(/^[\w-]+={0,2}$/, `The subscription's ${name} key is not base64url.`)
      .refine((text) => {
        const decoded = Buffer.from(text, "base64url");
        return decoded.length === bytes && check(decoded);
      }, `The subscription's ${name} key must be ${bytes} bytes.`)
      // Stored without padding, as the browser's toJSON() gives it.
      .transform((text) => text.replace(/=+$/, ""))
  );
}

/** An IANA time zone this server knows (Intl refuses the others). */
export const timeZoneSchema = z
  .string({ error: "Choose a time zone." })
  .trim()
  .min(1, "Choose a time zone.")
  .max(64, "That is not a time zone.")
  .refine(isValidTimeZone, "That is not a time zone this server knows, e.g. Europe/Paris or America/New_York.");

const topicsSchema = z
  .array(z.enum(PUSH_TOPICS, { error: "Unknown notification topic." }))
  .max(PUSH_TOPICS.length, "Too many topics.");

/** POST /api/push/subscription: what a browser hands over (PushSubscription.toJSON() and our extras). */
export function subscriptionBodySchema(allowLoopback: boolean) {
  return z.object(
    {
      endpoint: endpointSchema(allowLoopback),
      keys: z.object(
        {
          // 0x04 first: an uncompressed point, which is what browsers hand out.
          p256dh: base64urlKey("p256dh", P256DH_BYTES, (decoded) => decoded[0] === 4),
          auth: base64urlKey("auth", AUTH_BYTES),
        },
        { error: "The subscription's keys are missing." },
      ),
      replacesEndpoint: endpointSchema(allowLoopback).optional(),
      topics: topicsSchema.optional(),
      // The browser's zone, for the learner's first settings (review reminders go at a local hour);
      // one this server does not know is left out rather than refusing the subscription.
      timeZone: timeZoneSchema.optional().catch(undefined),
    },
    { error: "Send the subscription as a JSON object." },
  );
}

/** DELETE /api/push/subscription: the browser names its own endpoint. */
export function unsubscribeBodySchema(allowLoopback: boolean) {
  return z.object({ endpoint: endpointSchema(allowLoopback) }, { error: "Send the endpoint as a JSON object." });
}
