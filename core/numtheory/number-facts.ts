/** Everything the factorization page states about n once its factorization is complete. */
import {
  type Abundance,
  abundance,
  carmichaelLambda,
  distinctPrimeFactors,
  divisorCount,
  divisorSum,
  eulerPhi,
  mobius,
  primeFactorsWithMultiplicity,
  radical,
} from "./arithmetic-functions";
import { decimalDigits, decimalPeriod } from "./decimal-period";
import type { Factor } from "./factorization-types";
import { type Factorizer, requireFactorizationOf } from "./multiplicative-order";
import { type TwoSquares, twoSquares } from "./sum-of-two-squares";

/** How many representations as a² + b² the page lists. */
export const LISTED_TWO_SQUARES = 12;
/** How many digits of 1/n the page writes out before "…". */
export const DECIMAL_EXPANSION_DIGITS = 60;

export interface NumberFacts {
  divisorCount: bigint;
  divisorSum: bigint;
  phi: bigint;
  lambda: bigint;
  mobius: -1 | 0 | 1;
  omega: number;
  bigOmega: number;
  radical: bigint;
  abundance: Abundance;
  twoSquares: TwoSquares;
  decimal: { preperiod: number; period: bigint | null; expansion: string };
}

/**
 * Facts about n ≥ 2 from its complete factorization. All are immediate except the decimal
 * period, which needs each p − 1 factored: that goes through `factorize` (give it a time budget).
 */
export function describeNumber(n: bigint, factors: readonly Factor[], factorize: Factorizer): NumberFacts {
  if (n < 2n) throw new RangeError(`describeNumber needs n ≥ 2, got ${n}`);
  requireFactorizationOf(n, factors);
  return {
    divisorCount: divisorCount(factors),
    divisorSum: divisorSum(factors),
    phi: eulerPhi(factors),
    lambda: carmichaelLambda(factors),
    mobius: mobius(factors),
    omega: distinctPrimeFactors(factors),
    bigOmega: primeFactorsWithMultiplicity(factors),
    radical: radical(factors),
    abundance: abundance(n, factors),
    twoSquares: twoSquares(factors, LISTED_TWO_SQUARES),
    decimal: { ...decimalPeriod(n, factors, factorize), expansion: decimalDigits(n, DECIMAL_EXPANSION_DIGITS) },
  };
}
