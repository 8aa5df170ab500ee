import { isRouteErrorResponse } from "react-router";
import { IDEMPOTENCY_KEY_FIELD } from "./idempotency-key";
import type { SendOutcome } from "./queue-sender";

/**
 * The browser half of an action that takes queued submissions (docs/offline.md): the route's
 * `clientAction` is `sendKeyedSubmission`, which calls the server's action as usual and, for a
 * submission with an idempotency key, notes how it went for whoever sent it (`takeSendOutcome`)
 * and never lets a failure reach the error page: an answer kept for later is no error.
 */

/** The action's data when the server could not be reached: the submission stays queued. */
export interface UnsentSubmission {
  unsent: true;
}

const outcomes = new Map<string, SendOutcome>();

/** How the submission with this key went, once: its sender reads it right after the submit resolves. */
export function takeSendOutcome(key: string): SendOutcome | undefined {
  const outcome = outcomes.get(key);
  outcomes.delete(key);
  return outcome;
}

export async function sendKeyedSubmission<Data>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<Data>;
}): Promise<Data | UnsentSubmission | { error: string }> {
  const key = await idempotencyKeyOf(request);
  if (key === null) return serverAction();
  try {
    const data = await serverAction();
    const refusal = refusalOf(data);
    outcomes.set(key, refusal === null ? { kind: "applied", data } : { kind: "refused", message: refusal });
    return data;
  } catch (error) {
    // A redirect (the session ended: to the sign-in page) is React Router's to follow; the entry stays queued.
    if (error instanceof Response) throw error;
    const outcome = outcomeOfFailure(error);
    outcomes.set(key, outcome);
    return outcome.kind === "refused" ? { error: outcome.message } : { unsent: true };
  }
}

/** A thrown 4xx is a refusal for good (the quiz is gone); anything else (no network, a fault) may pass later. */
export function outcomeOfFailure(error: unknown): SendOutcome {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const said = typeof error.data === "string" && error.data.trim() !== "" ? error.data : null;
    return { kind: "refused", message: said ?? `The server refused it (${error.status} ${error.statusText}).` };
  }
  return { kind: "unanswered" };
}

/** The actions answer a refusal they return (400, 409, 429…) as `{ error: "why" }`. */
export function refusalOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null || !("error" in data)) return null;
  return typeof data.error === "string" && data.error !== "" ? data.error : null;
}

async function idempotencyKeyOf(request: Request): Promise<string | null> {
  const form = await request.clone().formData();
  const key = form.get(IDEMPOTENCY_KEY_FIELD);
  return typeof key === "string" && key !== "" ? key : null;
}
