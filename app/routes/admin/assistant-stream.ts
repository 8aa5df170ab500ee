import { data } from "react-router";
import { requireUser } from "#app/auth/access.server";
import { answerStream, prepareAsk } from "#app/assistant/assistant.server";
import { EVENT_STREAM_HEADERS } from "#app/assistant/stream-events";
import { postOnly } from "#app/http/json-request.server";
import { readForm } from "#app/http/read-form.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/assistant-stream";

/**
 * POST /admin/adminia/stream: asks the content assistant and streams its answer as server-sent events
 * (app/assistant/stream-events.ts). A request that cannot be asked is answered with JSON instead:
 * { message, errors } and the status that says why (400, 403, 409, 429).
 */
/** A GET (a typed address, a prefetch) gets 405 rather than an error page. */
export function loader() {
  return postOnly();
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const values = await readForm(request);
  const { db } = getDatabase();
  const asked = await prepareAsk(db, admin, values);
  if (!asked.ok) {
    const { status, message, errors, retryAfterSeconds } = asked.refusal;
    return data(
      { message, errors: errors ?? {} },
      { status, headers: retryAfterSeconds === undefined ? undefined : { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  // Leaving the page or Stop closes the connection, which aborts request.signal and so the model's request.
  return new Response(answerStream(db, asked.prepared, { signal: request.signal }), { headers: EVENT_STREAM_HEADERS });
}
