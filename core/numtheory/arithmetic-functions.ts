/**
 * Multiplicative functions read off a complete factorization n = ∏ p^e
 * (factors sorted ascending, none composite). An empty list stands for n = 1.
 */
import { gcd } from "./bigint";
import type { Factor } from "./factorization-types";

/** Throws unless every factor is a prime or probable prime with a positive exponent. */
export function requireCompleteFactorization(factors: readonly Factor[]): void {
  for (const { value, exponent, kind } of factors) {
    if (kind === "composite") {
      throw new Error(`The factorization is incomplete: ${value} is composite, so this needs its prime factors`);
    }
    if (value < 2n || !Number.isInteger(exponent) || exponent < 1) {
      throw new Error(`Not a prime power factor: ${value}^${exponent}`);
    }
  }
}

/** The product of the factors, ∏ p^e. */
export function factorProduct(factors: readonly Factor[]): bigint {
  let product = 1n;
  for (const { value, exponent } of factors) product *= value ** BigInt(exponent);
  return product;
}

/** τ(n) = ∏ (e + 1). */
export function divisorCount(factors: readonly Factor[]): bigint {
  requireCompleteFactorization(factors);
  let count = 1n;
  for (const { exponent } of factors) count *= BigInt(exponent + 1);
  return count;
}

/** σ(n) = ∏ (p^(e+1) − 1)/(p − 1). */
export function divisorSum(factors: readonly Factor[]): bigint {
  requireCompleteFactorization(factors);
  let sum = 1n;
  for (const { value: p, exponent } of factors) sum *= (p ** BigInt(exponent + 1) - 1n) / (p - 1n);
  return sum;
}

/** φ(n) = ∏ p^(e−1)(p − 1). */
export function eulerPhi(factors: readonly Factor[]): bigint {
  requireCompleteFactorization(factors);
  let phi = 1n;
  for (const { value: p, exponent } of factors) phi *= p ** BigInt(exponent - 1) * (p - 1n);
  return phi;
}

/** λ(p^e): φ(p^e), except 2^e with e ≥ 3 whose unit group is not cyclic and has exponent 2^(e−2). */
export function carmichaelLambdaOfPrimePower(p: bigint, exponent: number): bigint {
  if (p === 2n && exponent >= 3) return 1n << BigInt(exponent - 2);
  return p ** BigInt(exponent - 1) * (p - 1n);
}

/** λ(n), the exponent of (ℤ/nℤ)^×: the lcm of λ(p^e). */
export function carmichaelLambda(factors: readonly Factor[]): bigint {
  requireCompleteFactorization(factors);
  let lambda = 1n;
  for (const { value, exponent } of factors) {
    const part = carmichaelLambdaOfPrimePower(value, exponent);
    lambda = (lambda / gcd(lambda, part)) * part;
  }
  return lambda;
}

/** μ(n): 0 when a square divides n, else (−1)^ω(n). */
export function mobius(factors: readonly Factor[]): -1 | 0 | 1 {
  requireCompleteFactorization(factors);
  if (factors.some(({ exponent }) => exponent > 1)) return 0;
  return factors.length % 2 === 0 ? 1 : -1;
}

/** ω(n), the number of distinct primes. */
export function distinctPrimeFactors(factors: readonly Factor[]): number {
  requireCompleteFactorization(factors);
  return factors.length;
}

/** Ω(n), the number of primes counted with multiplicity. */
export function primeFactorsWithMultiplicity(factors: readonly Factor[]): number {
  requireCompleteFactorization(factors);
  return factors.reduce((total, { exponent }) => total + exponent, 0);
}

/** rad(n) = ∏ p. */
export function radical(factors: readonly Factor[]): bigint {
  requireCompleteFactorization(factors);
  return factors.reduce((product, { value }) => product * value, 1n);
}

export type Abundance = "perfect" | "abundant" | "deficient";

/** Compares σ(n) − n, the sum of the proper divisors, with n. */
export function abundance(n: bigint, factors: readonly Factor[]): Abundance {
  const sigma = divisorSum(factors);
  if (sigma === 2n * n) return "perfect";
  return sigma > 2n * n ? "abundant" : "deficient";
}
