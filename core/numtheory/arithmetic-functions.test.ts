import { describe, expect, it } from "vitest";
import { trialDivision } from "./test-oracles";
import {
  abundance,
  carmichaelLambda,
  distinctPrimeFactors,
  divisorCount,
  divisorSum,
  eulerPhi,
  factorProduct,
  mobius,
  primeFactorsWithMultiplicity,
  radical,
} from "./arithmetic-functions";
import type { Factor } from "./factorization-types";

function powMod(base: number, exponent: number, modulus: number): number {
  let result = 1 % modulus;
  for (let b = base % modulus, e = exponent; e > 0; e >>= 1, b = (b * b) % modulus) {
    if (e & 1) result = (result * b) % modulus;
  }
  return result;
}

/** The least m ≥ 1 with a^m ≡ 1 for every unit a, trying the divisors of φ(n) in increasing order. */
function bruteLambda(n: number, units: number[]): number {
  for (let m = 1; ; m += 1) {
    if (units.length % m === 0 && units.every((a) => powMod(a, m, n) === 1 % n)) return m;
  }
}

const LIMIT = 2000;
const isPrime = Array.from(
  { length: LIMIT + 1 },
  (_, k) => k >= 2 && [...Array(k).keys()].slice(2).every((d) => k % d),
);

describe("arithmetic functions", () => {
  it("agree with brute force for n ≤ 2000", () => {
    for (let n = 1; n <= LIMIT; n += 1) {
      const factors = trialDivision(n);
      expect(factorProduct(factors)).toBe(BigInt(n));
      const divisors = Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);
      const primes = divisors.filter((d) => isPrime[d]);
      const units = Array.from({ length: n }, (_, i) => i + 1).filter((a) => primes.every((p) => a % p !== 0));
      const bigOmega = primes.reduce((total, p) => {
        let k = 0;
        for (let m = n; m % p === 0; m /= p) k += 1;
        return total + k;
      }, 0);
      const squareFree = divisors.every((d) => d === 1 || n % (d * d) !== 0);
      const properSum = divisors.reduce((s, d) => s + d, 0) - n;
      expect(divisorCount(factors)).toBe(BigInt(divisors.length));
      expect(divisorSum(factors)).toBe(BigInt(properSum + n));
      expect(eulerPhi(factors)).toBe(BigInt(units.length));
      expect(carmichaelLambda(factors)).toBe(BigInt(bruteLambda(n, units)));
      expect(mobius(factors)).toBe(squareFree ? (primes.length % 2 === 0 ? 1 : -1) : 0);
      expect(distinctPrimeFactors(factors)).toBe(primes.length);
      expect(primeFactorsWithMultiplicity(factors)).toBe(bigOmega);
      expect(radical(factors)).toBe(BigInt(primes.reduce((product, p) => product * p, 1)));
      expect(abundance(BigInt(n), factors)).toBe(
        properSum === n ? "perfect" : properSum > n ? "abundant" : "deficient",
      );
    }
  });

  it("satisfy the identities Σ_{d|n} μ(d) = [n = 1] and Σ_{d|n} φ(d) = n", () => {
    for (let n = 1; n <= LIMIT; n += 1) {
      const divisors = Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);
      expect(divisors.reduce((s, d) => s + mobius(trialDivision(d)), 0)).toBe(n === 1 ? 1 : 0);
      expect(divisors.reduce((s, d) => s + eulerPhi(trialDivision(d)), 0n)).toBe(BigInt(n));
    }
  });

  it("know the perfect numbers 2^(p−1)(2^p − 1) for Mersenne primes p = 61, 89", () => {
    for (const p of [61, 89]) {
      const factors: Factor[] = [
        { value: 2n, exponent: p - 1, kind: "prime" },
        { value: 2n ** BigInt(p) - 1n, exponent: 1, kind: "prime" },
      ];
      expect(abundance(factorProduct(factors), factors)).toBe("perfect");
    }
  });

  it("accept probable primes but refuse a composite factor with a clear message", () => {
    const probable: Factor[] = [{ value: 2n ** 127n - 1n, exponent: 2, kind: "probable-prime" }];
    expect(divisorCount(probable)).toBe(3n);
    const incomplete: Factor[] = [
      { value: 3n, exponent: 1, kind: "prime" },
      { value: 1000000016000000063n, exponent: 1, kind: "composite" },
    ];
    for (const f of [divisorCount, divisorSum, eulerPhi, carmichaelLambda, mobius, radical]) {
      expect(() => f(incomplete)).toThrow(/incomplete: 1000000016000000063 is composite/);
    }
    expect(() => abundance(3000000048000000189n, incomplete)).toThrow(/composite/);
  });
});
