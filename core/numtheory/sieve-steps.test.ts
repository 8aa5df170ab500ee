import { describe, expect, it } from "vitest";
import {
  describeSieveStep,
  SIEVE_MAX_LIMIT,
  SIEVE_MIN_LIMIT,
  sieveLimitProblem,
  sieveMessages,
  sieveStateAfter,
  sieveSteps,
  type SieveStep,
} from "./sieve-steps";

const isPrime = (p: number) => {
  if (p < 2) return false;
  for (let d = 2; d < p; d++) if (p % d === 0) return false;
  return true;
};
const leastPrimeFactor = (m: number) => {
  let d = 2;
  while (m % d !== 0) d++;
  return d;
};
const primesUpTo = (limit: number) => Array.from({ length: limit + 1 }, (_, k) => k).filter(isPrime);
/** Index m: m's least prime factor, or 0 for a prime (the sieve leaves primes standing). */
const leastFactorOracle = Array.from({ length: SIEVE_MAX_LIMIT + 1 }, (_, m) =>
  m < 2 || isPrime(m) ? 0 : leastPrimeFactor(m),
);
const limits = Array.from({ length: SIEVE_MAX_LIMIT - SIEVE_MIN_LIMIT + 1 }, (_, i) => SIEVE_MIN_LIMIT + i);

describe("sieveSteps", () => {
  it("leaves exactly the primes standing, for every limit", () => {
    for (const limit of limits) {
      const steps = sieveSteps(limit);
      const state = sieveStateAfter(limit, steps, steps.length);
      const standing = Array.from({ length: limit + 1 }, (_, k) => k).filter((k) => k >= 2 && !state.crossedBy[k]);
      expect(standing).toEqual(primesUpTo(limit));
      expect(state.primes).toEqual(primesUpTo(limit));
      expect(state.finished).toBe(true);
    }
  });

  it("crosses every composite out first by its least prime factor, and never a prime", () => {
    for (const limit of limits) {
      const steps = sieveSteps(limit);
      const { crossedBy } = sieveStateAfter(limit, steps, steps.length);
      expect(crossedBy.slice(2)).toEqual(leastFactorOracle.slice(2, limit + 1));
    }
  });

  it("works with the primes p with p² ≤ limit, each crossing p², p² + p, … in order", () => {
    for (const limit of limits) {
      const steps = sieveSteps(limit);
      const working = steps.filter((step) => step.kind === "prime").map((step) => step.prime);
      expect(working).toEqual(primesUpTo(limit).filter((p) => p * p <= limit));
      let expected: number[] = [];
      const crossesSoFar: number[] = [];
      const check = () => expect(crossesSoFar).toEqual(expected);
      for (const step of steps) {
        if (step.kind === "cross") {
          crossesSoFar.push(step.number);
          continue;
        }
        check();
        crossesSoFar.length = 0;
        expected = [];
        if (step.kind === "prime") {
          for (let m = step.prime * step.prime; m <= limit; m += step.prime) expected.push(m);
        }
      }
      expect(steps.at(-1)?.kind).toBe("stop");
    }
  });

  it("touches each number once for every prime p dividing it with p² ≤ it, naming the earlier prime correctly", () => {
    const limit = SIEVE_MAX_LIMIT;
    const crosses = sieveSteps(limit).filter((step) => step.kind === "cross");
    for (let m = 2; m <= limit; m++) {
      const oracle = primesUpTo(m).filter((p) => m % p === 0 && p * p <= m);
      const touching = crosses.filter((step) => step.number === m);
      expect(touching.map((step) => step.prime)).toEqual(oracle);
      touching.forEach((step, index) => expect(step.alreadyBy).toBe(index === 0 ? null : oracle[0]));
    }
  });

  it("stops at the first number left whose square passes the limit, and counts the primes", () => {
    for (const limit of limits) {
      const last = sieveSteps(limit).at(-1);
      const primes = primesUpTo(limit);
      const next = primes.find((p) => p * p > limit);
      expect(last).toEqual({ kind: "stop", next, primeCount: primes.length });
    }
  });

  it("refuses limits outside 10…400", () => {
    for (const bad of [9, 401, 50.5, Number.NaN]) {
      expect(sieveLimitProblem(bad)).not.toBeNull();
      expect(() => sieveSteps(bad)).toThrow(RangeError);
    }
  });
});

describe("sieveStateAfter", () => {
  it("shows the prime at work and the number just touched part way through", () => {
    const steps = sieveSteps(100);
    const index = steps.findIndex((step) => step.kind === "cross" && step.number === 63 && step.prime === 7);
    const state = sieveStateAfter(100, steps, index + 1);
    expect(state.current).toBe(7);
    expect(state.touched).toBe(63);
    expect(state.primes).toEqual([2, 3, 5, 7]);
    expect(state.crossedBy[70]).toBe(2); // crossed out long before 7 reaches it
    expect(state.crossedBy[77]).toBe(0); // 7 · 11: 7 has not reached it yet
    expect(state.finished).toBe(false);
  });

  it("starts with nothing crossed out", () => {
    const state = sieveStateAfter(30, sieveSteps(30), 0);
    expect(state.crossedBy.every((by) => by === 0)).toBe(true);
    expect(state).toMatchObject({ primes: [], current: null, touched: null, finished: false });
  });
});

describe("describeSieveStep and sieveMessages", () => {
  it("say what happened in words", () => {
    const limit = 100;
    const seven: SieveStep = { kind: "prime", prime: 7 };
    expect(describeSieveStep(seven, limit)).toBe(
      "7 is not crossed out, so it is prime. Crossing out multiples of 7 from 7² = 49.",
    );
    expect(describeSieveStep({ kind: "cross", prime: 7, number: 63, alreadyBy: 3 }, limit)).toBe(
      "63 = 7 · 9 is already crossed out (by 3).",
    );
    expect(describeSieveStep({ kind: "cross", prime: 7, number: 49, alreadyBy: null }, limit)).toBe(
      "Crossed out 49 = 7 · 7.",
    );
    const stop = sieveSteps(limit).at(-1);
    if (!stop) throw new Error("no steps");
    expect(describeSieveStep(stop, limit)).toContain("11² = 121 > 100");
    expect(describeSieveStep(stop, limit)).toContain("the 25 numbers left are the primes up to 100");
  });

  it("give the phase for the live region", () => {
    const steps = sieveSteps(100);
    expect(sieveMessages(100, steps, 0).action).toBeNull();
    const index = steps.findIndex((step) => step.kind === "cross" && step.number === 56 && step.prime === 7);
    expect(sieveMessages(100, steps, index + 1)).toEqual({
      phase: "Crossing out multiples of 7 from 49.",
      action: "56 = 7 · 8 is already crossed out (by 2).",
    });
    expect(sieveMessages(100, steps, steps.length).phase).toMatch(/^Stop: the next number left is 11/);
  });
});
