import { describeWithinBudget } from "#core/numtheory/describe-within-budget";
import { deadlineSignal, type Factorization } from "#core/numtheory/factorization-types";
import { factorize, RHO_ONLY_DIGITS } from "#core/numtheory/factorize";
import type { NumberFacts } from "#core/numtheory/number-facts";

/**
 * Up to this many digits a shared link's number is factored while the page is rendered: factorize's
 * rho-only range (trial division and Pollard rho alone, milliseconds). Larger ones run in the reader's browser.
 */
export const SERVER_RESULT_MAX_DIGITS = RHO_ONLY_DIGITS;
/** A hard stop for that work, far above what those sizes take: a page never waits long on it. */
const SERVER_RESULT_BUDGET_MS = 100;

export interface ServerFactorization {
  n: bigint;
  factorization: Factorization;
  facts: NumberFacts | null;
  /** Date.now() at the start and end on the server, as a browser run reports them. */
  startedAt: number;
  finishedAt: number;
}

/**
 * A small number's complete factorization and facts, worked out in this thread within the budget; null
 * for a larger number or one the budget did not cover (the browser then factors it).
 */
export async function factorOnServer(n: bigint): Promise<ServerFactorization | null> {
  if ((n < 0n ? -n : n).toString().length > SERVER_RESULT_MAX_DIGITS) return null;
  const startedAt = Date.now();
  const signal = deadlineSignal(SERVER_RESULT_BUDGET_MS);
  const factorization = await factorize(n, { signal });
  if (!factorization.complete) return null;
  const facts = await describeWithinBudget(factorization, undefined, SERVER_RESULT_BUDGET_MS);
  if (signal.aborted) return null;
  return { n, factorization, facts, startedAt, finishedAt: Date.now() };
}
