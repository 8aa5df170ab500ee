/** Whole-number helpers the templates share, all on top of core/numtheory. */
import { gcd } from "#core/numtheory/bigint";
import { DIVISOR_LIST_LIMIT, divisorsPage } from "#core/numtheory/divisors";
import type { Factor } from "#core/numtheory/factorization-types";
import type { Factorizer } from "#core/numtheory/multiplicative-order";
import { primesUpTo } from "#core/numtheory/prime-sieve";
import { factorSmall } from "#core/numtheory/small-factorization";

export const factorsOf = (n: number): Factor[] => factorSmall(n);

/** For core functions that factor p − 1 on the way (orders, periods): quiz numbers are small. */
export const smallFactorizer: Factorizer = (m) => factorSmall(Number(m));

export const isPrime = (n: number): boolean => {
  if (n < 2) return false;
  const factors = factorSmall(n);
  return factors.length === 1 && factors[0]!.exponent === 1;
};

/** The primes p with low ≤ p ≤ high. */
export function primesBetween(low: number, high: number): number[] {
  return [...primesUpTo(high)].filter((p) => p >= low);
}

/** All positive divisors of n, increasing. */
export function divisorsOf(n: number): number[] {
  const page = divisorsPage(factorSmall(n), 1, DIVISOR_LIST_LIMIT);
  if (!page.listed) throw new RangeError(page.message);
  return page.divisors.map(Number);
}

export const gcdOf = (a: number, b: number): number => Number(gcd(BigInt(a), BigInt(b)));

/** The exponent of the prime p in n ≥ 1 (0 when p does not divide n). */
export function exponentOf(n: number, p: number): number {
  return factorSmall(n).find(({ value }) => value === BigInt(p))?.exponent ?? 0;
}
