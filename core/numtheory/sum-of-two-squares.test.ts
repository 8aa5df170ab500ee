import { describe, expect, it } from "vitest";
import { trialDivision } from "./test-oracles";
import type { Factor } from "./factorization-types";
import { isProbablePrime } from "./primality";
import { gaussianPrimeAbove, TWO_SQUARES_ENUMERATION_LIMIT, twoSquares } from "./sum-of-two-squares";

const product = (factors: readonly Factor[]) => factors.reduce((n, f) => n * f.value ** BigInt(f.exponent), 1n);

describe("twoSquares", () => {
  it("finds exactly the representations a ≥ b ≥ 0 of every n ≤ 2000, largest a first", () => {
    for (let n = 1; n <= 2000; n += 1) {
      const expected: [bigint, bigint][] = [];
      for (let a = Math.floor(Math.sqrt(n)); a >= 0; a -= 1) {
        const b = Math.round(Math.sqrt(n - a * a));
        if (b <= a && a * a + b * b === n) expected.push([BigInt(a), BigInt(b)]);
      }
      const result = twoSquares(trialDivision(n), 1000);
      expect(result.count, `n = ${n}`).toBe(BigInt(expected.length));
      expect(result.representations, `n = ${n}`).toEqual(expected);
      expect(result.largestFirst).toBe(true);
      expect(result.obstruction === undefined).toBe(expected.length > 0);
      expect(twoSquares(trialDivision(n), 1).representations).toEqual(expected.slice(0, 1));
    }
  });

  it("names the obstruction: a prime ≡ 3 (mod 4) to an odd power", () => {
    expect(twoSquares(trialDivision(7 ** 3 * 5), 5)).toMatchObject({
      count: 0n,
      representations: [],
      obstruction: "7 ≡ 3 (mod 4) divides n to the odd power 3",
    });
    expect(twoSquares(trialDivision(9 * 5), 5).count).toBe(1n);
  });

  it("splits primes ≡ 1 (mod 4) below 20 000 and a 100-digit one", () => {
    for (let p = 5n; p < 20_000n; p += 4n) {
      if (!isProbablePrime(p)) continue;
      const [x, y] = gaussianPrimeAbove(p);
      expect(x * x + y * y).toBe(p);
    }
    let big = 10n ** 99n + 1n;
    while (!isProbablePrime(big)) big += 4n;
    const [x, y] = gaussianPrimeAbove(big);
    expect(x * x + y * y).toBe(big);
    expect(() => gaussianPrimeAbove(7n)).toThrow(RangeError);
    expect(() => gaussianPrimeAbove(25n)).toThrow(/not prime/);
  });

  it("lists valid representations when there are too many to sort (product of 17 primes ≡ 1 mod 4)", () => {
    const primes: Factor[] = [];
    for (let p = 5n; primes.length < 17; p += 4n)
      if (isProbablePrime(p)) primes.push({ value: p, exponent: 1, kind: "prime" });
    expect(2 ** 17).toBeGreaterThan(TWO_SQUARES_ENUMERATION_LIMIT);
    const n = product(primes);
    const result = twoSquares(primes, 8);
    expect(result.count).toBe(2n ** 16n);
    expect(result.largestFirst).toBe(false);
    expect(result.representations.length).toBe(8);
    expect(new Set(result.representations.map(String)).size).toBe(8);
    for (const [a, b] of result.representations) expect(a * a + b * b === n && a >= b && b >= 0n).toBe(true);
  });

  it("has count (τ' + 1)/2 and sorted valid lists for seeded random products of primes", () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const pool = [
      2n,
      3n,
      5n,
      7n,
      13n,
      17n,
      29n,
      10n ** 12n + 39n,
      2n ** 61n - 1n,
      2n ** 89n - 1n,
      1000000000000000000117n,
    ];
    for (let trial = 0; trial < 60; trial += 1) {
      const factors = pool
        .filter(() => next() % 2 === 0)
        .map((value) => ({ value, exponent: 1 + (next() % 3), kind: "prime" as const }));
      const n = product(factors);
      const result = twoSquares(factors, 50);
      for (const [a, b] of result.representations) expect(a * a + b * b).toBe(n);
      const as = result.representations.map(([a]) => a);
      expect([...as].sort((x, y) => (x > y ? -1 : 1))).toEqual(as);
      if (result.count <= 50n) expect(BigInt(result.representations.length)).toBe(result.count);
    }
  });

  it("refuses composite factors", () => {
    expect(() => twoSquares([{ value: 65n, exponent: 1, kind: "composite" }], 3)).toThrow(/composite/);
  });
});
