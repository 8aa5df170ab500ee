import webPush from "web-push";
import type { PushPayload } from "#app/models/push-vocabulary";
import { now } from "#app/utils/clock";
import { getVapidKeys, type VapidKeys } from "./vapid-keys.server";

/**
 * One message to one browser: web-push signs (VAPID) and encrypts (aes128gcm), and we make the
 * request ourselves with fetch, since web-push's own sender speaks only https and has no abort.
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushUrgency = "very-low" | "low" | "normal" | "high";

export interface SendMessageOptions {
  /** How long the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** A newer message with the same topic replaces one the push service still holds (RFC 8030 §5.4). */
  topic?: string;
  fetcher?: typeof fetch;
  timeoutMs?: number;
  /** This server's keys unless a test gives its own. */
  vapidKeys?: VapidKeys;
}

/** sent: accepted; gone: the subscription no longer exists; retry: worth trying later; failed: never will work. */
export type SendOutcome =
  | { outcome: "sent" }
  | { outcome: "gone"; status: number }
  | { outcome: "retry"; reason: string; retryAfterMs?: number }
  | { outcome: "failed"; reason: string };

export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** What fits in one aes128gcm record of 4096 bytes once the header, padding and tag are added (RFC 8291 §4). */
export const PUSH_PAYLOAD_MAX_BYTES = 3993;
/** The report shows this much of a push service's refusal. */
const REASON_BODY_LENGTH = 200;

export async function sendPushMessage(
  target: PushTarget,
  payload: PushPayload,
  options: SendMessageOptions,
): Promise<SendOutcome> {
  const { fetcher = fetch, timeoutMs = PUSH_REQUEST_TIMEOUT_MS } = options;
  const keys = options.vapidKeys ?? getVapidKeys();
  const text = JSON.stringify(payload);
  const size = Buffer.byteLength(text);
  if (size > PUSH_PAYLOAD_MAX_BYTES) {
    return {
      outcome: "failed",
      reason: `The message is ${size} bytes; a push message carries at most ${PUSH_PAYLOAD_MAX_BYTES}`,
    };
  }
  let details: webPush.RequestDetails;
  try {
    details = webPush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      text,
      {
        vapidDetails: keys,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic === undefined ? {} : { topic: options.topic }),
      },
    );
  } catch (error) {
    return { outcome: "failed", reason: `The message could not be prepared: ${(error as Error).message}` };
  }
  // fetch computes the length itself and refuses to be told it.
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );

  let response: Response;
  let answer: string;
  try {
    response = await fetcher(details.endpoint, {
      method: "POST",
      headers,
      body: details.body ? Uint8Array.from(details.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
    answer = (await response.text()).trim();
  } catch (error) {
    return { outcome: "retry", reason: unreachableReason(error, timeoutMs) };
  }

  const { status } = response;
  if (status >= 200 && status < 300) return { outcome: "sent" };
  if (status === 404 || status === 410) return { outcome: "gone", status };
  const reason = `The push service answered ${status}${answer ? `: ${answer.slice(0, REASON_BODY_LENGTH)}` : ""}`;
  if (status === 429 || status === 408 || status >= 500) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    return { outcome: "retry", reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  return { outcome: "failed", reason };
}

function unreachableReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `No answer within ${timeoutMs / 1000} s`;
  }
  // undici reports the system's error code (ECONNREFUSED, ENOTFOUND, …) as the cause.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const detail =
    typeof cause?.code === "string" ? cause.code : ((cause?.message ?? (error as Error).message) as string);
  return `Could not reach the push service: ${detail}`;
}

/** Retry-After is seconds or an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now().getTime());
}
