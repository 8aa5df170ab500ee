import { verdictOf } from "#app/quiz/answer-verdict";
import { track } from "./track";

/**
 * Events the browser learns from an action's answer, read in the routes' `clientAction`s: every answer
 * reaches it, those sent at once and those an offline queue sends later (app/offline/queued-action.ts),
 * so an event is tracked when the verdict is known, once per answer the server applied.
 */

/** A form's submission, read before the action consumes the request's body. */
export async function submittedForm(request: Request): Promise<FormData | null> {
  try {
    return await request.clone().formData();
  } catch {
    return null;
  }
}

/**
 * `quiz_answer` for a checked answer (the question card posts `intent=answer`, `skill`, `hintsUsed`):
 * the verdict is the action's `{ correct }` (stored attempts) or its `{ item: { result } }` (the sample
 * quiz). A refusal (`{ error }`), or an answer kept offline (`{ unsent }`), tracks nothing yet.
 */
export function trackQuizVerdict(form: FormData | null, answer: unknown): void {
  if (form?.get("intent") !== "answer") return;
  const skill = form.get("skill");
  const right = verdictOf(answer);
  if (typeof skill !== "string" || skill === "" || right === null) return;
  const hints = Number(form.get("hintsUsed"));
  track("quiz_answer", { skill, right, hints: Number.isSafeInteger(hints) && hints >= 0 ? hints : 0 });
}

/** `chapter_read` when marking a section read was applied (`{ error: null }`); unmarking counts nothing. */
export function trackSectionRead(form: FormData | null, answer: unknown, chapter: string): void {
  if (form?.get("intent") !== "read") return;
  if (typeof answer !== "object" || answer === null || !("error" in answer) || answer.error !== null) return;
  track("chapter_read", { chapter });
}

/**
 * The checkout form's `clientAction` (/subscribe, /tests/buy): the server answers a checkout it opened
 * with a redirect to the provider's page, a guest with one to the sign-in page, a refusal with
 * `{ error }`. Only the first is `checkout_started`; every answer goes on to React Router unchanged.
 */
export async function sendCheckoutForm<Data>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<Data>;
}): Promise<Data> {
  const form = await submittedForm(request);
  try {
    return await serverAction();
  } catch (thrown) {
    const location = thrown instanceof Response && thrown.status < 400 ? thrown.headers.get("Location") : null;
    if (location && !location.startsWith("/login")) {
      const plan = form?.get("plan");
      track("subscription_step", {
        step: "checkout_started",
        ...(plan === "monthly" || plan === "yearly" ? { plan } : {}),
      });
    }
    throw thrown;
  }
}
