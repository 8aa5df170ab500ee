import type { Factorization, FactorProgress } from "#core/numtheory/factorization-types";
import type { NumberFacts } from "#core/numtheory/number-facts";

/** Messages between the page and the coordinating factorization worker. */
export type FactorizationRequest = { kind: "start"; n: bigint };

export type FactorizationEvent =
  | { kind: "progress"; progress: FactorProgress }
  | { kind: "update"; factorization: Factorization }
  | { kind: "done"; factorization: Factorization; facts: NumberFacts | null }
  | { kind: "failed"; message: string };
