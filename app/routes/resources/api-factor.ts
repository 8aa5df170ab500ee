import { z } from "zod";
import { evaluateIntegerExpression } from "#core/numtheory/integer-expression";
import { factorizationNote } from "#core/numtheory/factorization-notes";
import { consumeRateLimit } from "#app/models/rate-limit.server";
import { getDatabase } from "#app/utils/db.server";
import { factorServiceContext } from "#app/factorization/factor-service";
import { jsonError } from "#app/http/json-request.server";
import { rateLimits, tooManyAttemptsMessage } from "#app/http/rate-limits.server";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/api-factor";

/** The API factors what finishes in its time limit; the page's engine handles the rest. */
export const API_MAX_DIGITS = 40;
/** Room for an expression that evaluates to 40 digits, with separators and spaces. */
const MAX_QUERY_LENGTH = 500;

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
  const result = await service.factor(n < 0n ? -n : n);
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
