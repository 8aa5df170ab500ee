/** The order of a in (ℤ/nℤ)^×, found by dividing λ(n) down prime by prime. */
import { gcd, mod, modPow } from "./bigint";
import { factorProduct, requireCompleteFactorization } from "./arithmetic-functions";
import type { Factor } from "./factorization-types";

/**
 * Factors m completely, or returns null when it cannot (out of time); a result with a composite
 * factor counts as null. Callers inject one with a time budget.
 */
export type Factorizer = (m: bigint) => readonly Factor[] | null;

/** Throws when factors do not multiply to n: a mismatch would silently give wrong answers. */
export function requireFactorizationOf(n: bigint, factors: readonly Factor[]): void {
  requireCompleteFactorization(factors);
  if (factorProduct(factors) !== n) throw new Error(`The factors given do not multiply to ${n}`);
}

/** Primes and exponents of λ(n), the lcm of λ(p^e) = p^(e−1)(p − 1) (2^(e−2) for 2^e, e ≥ 3); null if some p − 1 resists. */
function lambdaFactorization(factorsOfN: readonly Factor[], factorize: Factorizer): Map<bigint, number> | null {
  const exponents = new Map<bigint, number>();
  const include = (q: bigint, k: number) => {
    if (k > (exponents.get(q) ?? 0)) exponents.set(q, k);
  };
  for (const { value: p, exponent } of factorsOfN) {
    if (p === 2n) {
      include(2n, exponent >= 3 ? exponent - 2 : exponent - 1);
      continue;
    }
    include(p, exponent - 1);
    const factorsOfPMinus1 = factorize(p - 1n);
    if (factorsOfPMinus1 === null || factorsOfPMinus1.some(({ kind }) => kind === "composite")) return null;
    requireFactorizationOf(p - 1n, factorsOfPMinus1);
    for (const { value, exponent: k } of factorsOfPMinus1) include(value, k);
  }
  return exponents;
}

/**
 * The least k ≥ 1 with a^k ≡ 1 (mod n), for gcd(a, n) = 1. factorsOfN is the complete
 * factorization of n; null when `factorize` could not factor some p − 1.
 */
export function multiplicativeOrder(
  a: bigint,
  n: bigint,
  factorsOfN: readonly Factor[],
  factorize: Factorizer,
): bigint | null {
  if (n < 1n) throw new RangeError(`The modulus must be ≥ 1, got ${n}`);
  requireFactorizationOf(n, factorsOfN);
  if (gcd(a, n) !== 1n) throw new RangeError(`${a} has no multiplicative order modulo ${n}: they share a factor`);
  const exponents = lambdaFactorization(factorsOfN, factorize);
  if (exponents === null) return null;
  const base = mod(a, n);
  let order = 1n;
  for (const [q, k] of exponents) order *= q ** BigInt(k);
  for (const [q, k] of exponents) {
    for (let i = 0; i < k && modPow(base, order / q, n) === 1n; i += 1) order /= q;
  }
  return order;
}
