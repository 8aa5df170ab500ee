import { data, redirect } from "react-router";
import type { User } from "#app/models/user.server";
import { readForm } from "#app/http/read-form.server";
import { rateLimits, tooManyAttemptsMessage } from "#app/http/rate-limits.server";
import { consumeRateLimit } from "#app/models/rate-limit.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { getDatabase } from "#app/utils/db.server";
import { returnPath, startCheckout } from "./checkout.server";
import { planSchema } from "./plans";
import { getPaymentProvider } from "./provider.server";

const STATUS = { invalid: 400, subscribed: 409, busy: 409, provider: 502 } as const;

/**
 * The POST of a "choose this plan" form (on /subscribe, /cancel and /tests/buy). A signed-in learner
 * goes to the provider's checkout; a guest signs in first and comes back to `page` with the same
 * choice; a refusal comes back as `{ error }` with nothing changed.
 */
export async function answerCheckoutForm(request: Request, user: User | null, page: string) {
  const values = await readForm(request);
  const plan = planSchema.safeParse(values.plan);
  if (!plan.success) return data({ error: plan.error.issues[0]!.message }, { status: 400 });
  const returnTo = returnPath(values.returnTo);
  if (!user) {
    const back = new URLSearchParams({ plan: plan.data, ...(returnTo ? { returnTo } : {}) });
    throw redirect(`/login?${new URLSearchParams({ redirectTo: `${page}?${back}` })}`);
  }
  const limit = await consumeRateLimit(getDatabase().db, rateLimits.checkoutPerAccount, user.id);
  if (!limit.allowed) {
    return data(
      { error: tooManyAttemptsMessage(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const outcome = await startCheckout(
    getDatabase().db,
    getPaymentProvider(),
    user,
    { plan: plan.data, returnTo: returnTo ?? undefined },
    publicOrigin(),
  );
  if (outcome.ok) throw redirect(outcome.url);
  return data({ error: outcome.error }, { status: STATUS[outcome.reason] });
}
