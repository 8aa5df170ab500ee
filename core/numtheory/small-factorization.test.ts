import { describe, expect, it } from "vitest";
import { factorSmall, SMALL_FACTORIZATION_MAX } from "./small-factorization";

const product = (factors: ReturnType<typeof factorSmall>) =>
  factors.reduce((total, factor) => total * Number(factor.value) ** factor.exponent, 1);

const isPrimeByBruteForce = (p: number) => {
  if (p < 2) return false;
  for (let d = 2; d < p; d++) if (p % d === 0) return false;
  return true;
};

describe("factorSmall", () => {
  it("factors every n up to 3000 into increasing primes whose product is n", () => {
    for (let n = 1; n <= 3000; n++) {
      const factors = factorSmall(n);
      expect(product(factors)).toBe(n);
      const primes = factors.map((factor) => Number(factor.value));
      expect(primes).toEqual([...primes].sort((a, b) => a - b));
      expect(new Set(primes).size).toBe(primes.length);
      for (const p of primes) expect(isPrimeByBruteForce(p)).toBe(true);
    }
  });

  it("handles the top of its range: a prime, a square of a prime, and 10^12", () => {
    expect(factorSmall(999_999_999_989)).toEqual([{ value: 999_999_999_989n, exponent: 1, kind: "prime" }]);
    expect(factorSmall(999_983 * 999_983)).toEqual([{ value: 999_983n, exponent: 2, kind: "prime" }]);
    expect(factorSmall(SMALL_FACTORIZATION_MAX)).toEqual([
      { value: 2n, exponent: 12, kind: "prime" },
      { value: 5n, exponent: 12, kind: "prime" },
    ]);
  });

  it("refuses numbers outside 1…10^12 and non-integers", () => {
    for (const bad of [0, -4, 1.5, SMALL_FACTORIZATION_MAX + 1, Number.NaN]) {
      expect(() => factorSmall(bad)).toThrow(RangeError);
    }
  });
});
