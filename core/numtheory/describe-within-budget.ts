import { deadlineSignal, type Factor, type Factorization } from "./factorization-types";
import { factorize, type SplitEngine } from "./factorize";
import { describeNumber, type NumberFacts } from "./number-facts";

/** The period of 1/n needs p − 1 factored for each prime p of n; this caps that extra work. */
export const FACTS_BUDGET_MS = 10_000;

/**
 * The number facts of a completely factored n. Orders (the decimal period)
 * need each p − 1 factored too: those are factored first, within the budget,
 * and a p − 1 that does not finish leaves the period unknown, not wrong.
 */
export async function describeWithinBudget(
  factorization: Factorization,
  engine?: SplitEngine,
  budgetMs = FACTS_BUDGET_MS,
): Promise<NumberFacts | null> {
  const n = factorization.n < 0n ? -factorization.n : factorization.n;
  if (n < 2n || !factorization.complete) return null;
  const signal = deadlineSignal(budgetMs);
  const known = new Map<bigint, readonly Factor[]>();
  for (const { value: p } of factorization.factors) {
    if (p === 2n || p === 5n || signal.aborted) continue;
    const result = await factorize(p - 1n, { engine, signal });
    if (result.complete) known.set(p - 1n, result.factors);
  }
  return describeNumber(n, factorization.factors, (m) => known.get(m) ?? null);
}
