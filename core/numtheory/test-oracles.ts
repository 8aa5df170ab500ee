/**
 * What the tests of core/numtheory share: a seeded generator, random primes,
 * factorization by trial division (the brute-force oracle for small n), and a
 * stop signal that needs no clock.
 */
import type { Factor, StopSignal } from "./factorization-types";
import { primality } from "./primality";

/** Seeded generator (mulberry32), so every run checks the same cases. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random prime with exactly `digits` decimal digits (the first prime at or after a random start). */
export function randomPrime(digits: number, next: () => number): bigint {
  let start = 0n;
  for (let i = 0; i < digits; i += 1) start = start * 10n + BigInt(Math.floor(next() * 10));
  const low = 10n ** BigInt(digits - 1);
  let p = low + (start % (9n * low));
  if (p === 1n) p = 2n;
  if (p > 2n && p % 2n === 0n) p += 1n;
  while (primality(p) === "composite") p += 2n;
  return p;
}

/** The prime factorization of n ≥ 1 by trial division: slow, and obviously right. */
export function trialDivision(n: number | bigint): Factor[] {
  const factors: Factor[] = [];
  let rest = BigInt(n);
  for (let p = 2n; p * p <= rest; p += 1n) {
    let exponent = 0;
    for (; rest % p === 0n; rest /= p) exponent += 1;
    if (exponent > 0) factors.push({ value: p, exponent, kind: "prime" });
  }
  if (rest > 1n) factors.push({ value: rest, exponent: 1, kind: "prime" });
  return factors;
}

/** A signal that turns on after it has been read `reads` times: stops mid-run without timing anything. */
export function stopAfter(reads: number): StopSignal & { reads: number } {
  return {
    reads: 0,
    get aborted() {
      this.reads += 1;
      return this.reads > reads;
    },
  };
}
