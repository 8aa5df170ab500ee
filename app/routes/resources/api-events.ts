import { analyticsServices, ignoredBecause, ingestEvents } from "#app/analytics/ingest.server";
import { MAX_BATCH_BYTES } from "#app/analytics/event-schema.server";
import { jsonError, postOnly } from "#app/http/json-request.server";
import { serverInfoContext, userContext } from "#app/http/request-context";
import { getDatabase } from "#app/utils/db.server";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/api-events";

/**
 * POST /api/events: the analytics client's batches (docs/analytics.md). JSON from fetch, or text/plain
 * from navigator.sendBeacon (which cannot set a JSON type without a CORS preflight), at most 32 KB.
 * The answer is 202 `{ stored, duplicates, dropped }`, or 202 `{ stored: 0, ignored }` for requests
 * whose events are never kept (bots, Do Not Track, Global Privacy Control, accounts that opted out, and
 * everyone while an admin has analytics switched off: a 202, so pages opened before do not send again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/json|text\/plain)\s*(;|$)/i.test(type)) {
    return jsonError("Send the events as JSON (application/json, or text/plain from sendBeacon).", 415);
  }
  const user = context.get(userContext);
  // Before the body is read: of such a request nothing is kept, not even for a moment.
  const ignored = (await featureEnabled(getDatabase().db, "analytics"))
    ? ignoredBecause(request.headers, user)
    : "switched-off";
  if (ignored) return Response.json({ stored: 0, ignored }, { status: 202, headers: { "Cache-Control": "no-store" } });
  const text = await readCapped(request, MAX_BATCH_BYTES);
  if (text === null) return jsonError(`A batch is at most ${MAX_BATCH_BYTES} bytes.`, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonError("The request body is not valid JSON.", 400);
  }

  const outcome = await ingestEvents(analyticsServices(getDatabase().db), {
    headers: request.headers,
    clientIp: context.get(serverInfoContext).clientIp,
    user,
    body,
  });
  switch (outcome.status) {
    case 202: {
      const { status, ...answer } = outcome;
      return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
    }
    case 400:
      return jsonError(outcome.error, 400);
    default:
      return jsonError(outcome.error, outcome.status, { "Retry-After": String(outcome.retryAfterSeconds) });
  }
}

export function loader() {
  return postOnly();
}

/**
 * The body as text, or null when it passes `maxBytes` (whatever Content-Length claimed). The rest of an
 * oversized body is read and discarded (the server's body limit bounds it): cancelling the stream would
 * reset the connection, and the client would see a network error instead of the 413.
 */
async function readCapped(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size > maxBytes ? null : Buffer.concat(chunks).toString("utf8");
}
