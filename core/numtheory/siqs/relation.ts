/**
 * One relation y² ≡ Q (mod k·n), with Q = y² − k·n factored completely:
 * Q = (−1)^negative · ∏ primes[factors[i]] · large1 · large2.
 */
export interface Relation {
  /** y = A·x + B. */
  y: bigint;
  negative: boolean;
  /** Factor-base indices, one entry per prime power (an index repeats for a square). */
  factors: Int32Array;
  /** Large primes outside the factor base, 1 when absent (large1 ≤ large2). */
  large1: number;
  large2: number;
}

/** Relations found by one sieving worker since its last batch; structured-cloneable. */
export interface RelationBatch {
  relations: Relation[];
  /** Polynomials sieved since the previous batch (for progress and rate estimates). */
  polynomials: number;
}
