import { z } from "zod";
import { evaluateIntegerExpression } from "#core/numtheory/integer-expression";
import { factorizationNote } from "#core/numtheory/factorization-notes";
import { consumeRateLimit } from "#app/models/rate-limit.server";
import { getDatabase } from "#app/utils/db.server";
import { factorServiceContext, type FactorServiceResult } from "#app/factorization/factor-service";
import { deadlineSignal } from "#core/numtheory/factorization-types";
import { factorize } from "#core/numtheory/factorize";
import { jsonError } from "#app/http/json-request.server";
import { rateLimits, tooManyAttemptsMessage } from "#app/http/rate-limits.server";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/api-factor";

/** The API factors what finishes in its time limit; the page's engine handles the rest. */
export const API_MAX_DIGITS = 40;
/** Room for an expression that evaluates to 40 digits, with separators and spaces. */
const MAX_QUERY_LENGTH = 500;

/**
 * Up to this many digits a number is factored in the request's own thread: trial division and Pollard rho
 * take microseconds there, less than the hand-off to the pool, whose short queue a crowd of such requests
 * would fill (npm run bench:load). The budget stops one that takes longer; the pool then gets it.
 */
const IN_THREAD_MAX_DIGITS = 12;
const IN_THREAD_BUDGET_MS = 20;

async function factorInThisThread(n: bigint): Promise<FactorServiceResult | null> {
  if (n.toString().length > IN_THREAD_MAX_DIGITS) return null;
  const started = Date.now();
  const factorization = await factorize(n, { signal: deadlineSignal(IN_THREAD_BUDGET_MS) });
  return factorization.complete ? { status: "done", factorization, milliseconds: Date.now() - started } : null;
}

const querySchema = z.object({
  n: z
    .string({ error: "Give the number to factor as ?n=, e.g. /api/factor?n=360." })
    .trim()
    .min(1, "Give the number to factor as ?n=, e.g. /api/factor?n=360.")
    .max(MAX_QUERY_LENGTH, `The input is longer than ${MAX_QUERY_LENGTH} characters.`),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getDatabase();
  const limit = await consumeRateLimit(db, rateLimits.factorApiPerIp, context.get(serverInfoContext).clientIp);
  if (!limit.allowed) {
    return jsonError(tooManyAttemptsMessage(limit.retryAfterSeconds), 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  const query = querySchema.safeParse({ n: new URL(request.url).searchParams.get("n") ?? undefined });
  if (!query.success) return jsonError(query.error.issues[0]?.message ?? "The input is not valid.", 400);
  const parsed = evaluateIntegerExpression(query.data.n, { maxDigits: API_MAX_DIGITS });
  if (!parsed.ok) {
    return Response.json(
      { error: parsed.message, position: parsed.position },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }

  const n = parsed.value;
  const service = context.get(factorServiceContext);
  if (!service) return jsonError("Factoring is not available on this server.", 503);
  const magnitude = n < 0n ? -n : n;
  const result = (await factorInThisThread(magnitude)) ?? (await service.factor(magnitude));
  if (result.status === "busy") {
    return jsonError("The server is busy factoring other numbers. Please try again in a moment.", 503, {
      "Retry-After": "1",
    });
  }
  if (result.status === "failed") return jsonError("The factorization could not finish. Please try again.", 500);

  const { factorization, milliseconds } = result;
  return Response.json(
    {
      n: n.toString(),
      expression: parsed.normalized,
      sign: n < 0n ? -1 : 1,
      factors: factorization.factors.map((factor) => ({
        value: factor.value.toString(),
        exponent: factor.exponent,
        kind: factor.kind,
      })),
      complete: factorization.complete,
      note: factorizationNote(n),
      milliseconds,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
