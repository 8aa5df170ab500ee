import { describe, expect, it } from "vitest";
import { isProbablePrime, isStrongLucasProbablePrime, isStrongProbablePrime, primality } from "./primality";

const LIMIT = 100_000;

/** The oracle for small n: a sieve of Eratosthenes. */
const isPrimeBelowLimit = (() => {
  const composite = new Uint8Array(LIMIT);
  composite[0] = composite[1] = 1;
  for (let i = 2; i * i < LIMIT; i += 1) {
    if (!composite[i]) for (let j = i * i; j < LIMIT; j += i) composite[j] = 1;
  }
  return (n: number) => composite[n] === 0;
})();

const isSquareNumber = (n: number) => Number.isInteger(Math.sqrt(n));

// Published lists (OEIS), every term below 100,000.
/** A001262: strong pseudoprimes to base 2. */
const strongPseudoprimesBase2 = [
  2047, 3277, 4033, 4681, 8321, 15841, 29341, 42799, 49141, 52633, 65281, 74665, 80581, 85489, 88357, 90751,
];
/** A217255: strong Lucas pseudoprimes (Selfridge's parameters). */
const strongLucasPseudoprimes = [5459, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519, 75077, 97439];
/** A002997: Carmichael numbers. */
const carmichaelNumbers = [
  561, 1105, 1729, 2465, 2821, 6601, 8911, 10585, 15841, 29341, 41041, 46657, 52633, 62745, 63973, 75361,
];

describe("primality", () => {
  it("agrees with the sieve for every n below 100,000", () => {
    for (let n = 2; n < LIMIT; n += 1) {
      expect(primality(BigInt(n)) === "prime", String(n)).toBe(isPrimeBelowLimit(n));
    }
    expect(() => primality(1n)).toThrow(RangeError);
    expect(isProbablePrime(1n)).toBe(false);
    expect(isProbablePrime(-7n)).toBe(false);
  });

  it("finds exactly the published strong pseudoprimes to base 2", () => {
    const found: number[] = [];
    for (let n = 3; n < LIMIT; n += 2) {
      if (!isPrimeBelowLimit(n) && isStrongProbablePrime(BigInt(n), 2n)) found.push(n);
    }
    expect(found).toEqual(strongPseudoprimesBase2);
  });

  it("finds exactly the published strong Lucas pseudoprimes, and passes every odd prime", () => {
    const found: number[] = [];
    for (let n = 3; n < LIMIT; n += 2) {
      if (isSquareNumber(n)) continue;
      const passes = isStrongLucasProbablePrime(BigInt(n));
      if (isPrimeBelowLimit(n)) expect(passes, String(n)).toBe(true);
      else if (passes) found.push(n);
    }
    expect(found).toEqual(strongLucasPseudoprimes);
  });

  it("calls Carmichael numbers and strong pseudoprimes composite", () => {
    for (const n of [...carmichaelNumbers, ...strongPseudoprimesBase2]) expect(primality(BigInt(n))).toBe("composite");
    // Strong pseudoprime to every prime base up to 23 (Jaeschke), below 2^64: = 149491 · 747451 · 34233211.
    expect(149491n * 747451n * 34233211n).toBe(3825123056546413051n);
    expect(primality(3825123056546413051n)).toBe("composite");
    // Strong pseudoprimes to every prime base up to 37, above 2^64 (Zhang; Sorenson and Webster): BPSW still says composite.
    for (const n of [318665857834031151167461n, 3317044064679887385961981n]) {
      expect(isStrongProbablePrime(n, 2n)).toBe(true);
      expect(primality(n)).toBe("composite");
    }
  });

  it("proves primes below 2^64 and labels larger ones probable primes", () => {
    expect(primality(2n ** 61n - 1n)).toBe("prime");
    // The largest prime below 2^64 and the smallest above it.
    expect(primality(2n ** 64n - 59n)).toBe("prime");
    for (let k = 1n; k < 59n; k += 2n) expect(primality(2n ** 64n - k), String(k)).toBe("composite");
    expect(primality(2n ** 64n + 13n)).toBe("probable-prime");
    for (let k = 1n; k < 13n; k += 2n) expect(primality(2n ** 64n + k), String(k)).toBe("composite");
    // Mersenne primes and composites.
    for (const p of [89n, 107n, 127n, 521n, 607n]) expect(primality(2n ** p - 1n), `M${p}`).toBe("probable-prime");
    for (const p of [67n, 101n, 103n, 109n]) expect(primality(2n ** p - 1n), `M${p}`).toBe("composite");
    // Fermat numbers F5 and F6 are composite; F4 is prime.
    expect(primality(2n ** 16n + 1n)).toBe("prime");
    expect(primality(2n ** 32n + 1n)).toBe("composite");
    expect(primality(2n ** 64n + 1n)).toBe("composite");
    // A square of a prime above 2^64, and a product of two large primes.
    expect(primality((2n ** 64n + 13n) ** 2n)).toBe("composite");
    expect(primality((2n ** 89n - 1n) * (2n ** 61n - 1n))).toBe("composite");
  });
});
