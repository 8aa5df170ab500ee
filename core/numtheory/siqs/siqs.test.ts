import { describe, expect, it } from "vitest";
import { FactorizationStopped } from "../factorization-types";
import { primality } from "../primality";
import { chooseMultiplier, MULTIPLIER_CANDIDATES, multiplierScore } from "./multiplier";
import { chooseSiqsParameters, siqs } from "./index";
import { buildSiqsParameters, SIEVE_BLOCK, tuningFor } from "./parameters";
import type { Relation } from "./relation";
import { sieveRelations } from "./sieve";
import { random, randomPrime } from "../test-oracles";

function expectProperFactor(n: bigint, factor: bigint | null): void {
  expect(factor, `no factor of ${n}`).not.toBeNull();
  expect(factor! > 1n && factor! < n && n % factor! === 0n, `${factor} is not a proper factor of ${n}`).toBe(true);
}

/** Stops after `limit` reads of `aborted`, counting reads made after that. */
function countingSignal(limit: number) {
  const state = { reads: 0, readsAfterStop: 0 };
  return {
    state,
    signal: {
      get aborted() {
        state.reads += 1;
        if (state.reads > limit) state.readsAfterStop += 1;
        return state.reads > limit;
      },
    },
  };
}

function sieveFor(n: bigint, seed: number, polynomials: number): Relation[] {
  const relations: Relation[] = [];
  const { signal } = countingSignal(polynomials);
  sieveRelations(chooseSiqsParameters(n), { seed, signal, onBatch: (batch) => relations.push(...batch.relations) });
  return relations;
}

describe("siqs", () => {
  it("splits random balanced semiprimes of 20 to 45 digits", () => {
    const next = random(2024);
    for (const digits of [20, 24, 28, 32, 36, 40, 45]) {
      const p = randomPrime(Math.floor(digits / 2), next);
      const q = randomPrime(Math.ceil(digits / 2), next);
      const n = p * q;
      const factor = siqs(n, { seed: digits });
      expect(factor === p || factor === q, `${n} = ${p} · ${q}, got ${factor}`).toBe(true);
    }
  });

  it("splits numbers with three or more prime factors", () => {
    const next = random(77);
    for (const sizes of [
      [7, 8, 9],
      [6, 6, 7, 7],
      [9, 10, 11],
    ]) {
      const primes = sizes.map((d) => randomPrime(d, next));
      const n = primes.reduce((a, b) => a * b, 1n);
      expectProperFactor(n, siqs(n));
    }
  });

  it("uses a multiplier when n is a non-residue for the small primes", () => {
    // n ≡ 3 (mod 8) and a non-residue mod 3, 5, 7, 11, 13: k = 1 makes almost no small prime split.
    const next = random(9);
    let n = 0n;
    while (n === 0n) {
      const candidate = randomPrime(12, next) * randomPrime(13, next);
      const residues = [3n, 5n, 7n, 11n, 13n].map((p) => {
        const r = candidate % p;
        for (let x = 1n; x < p; x += 1n) if ((x * x) % p === r) return true;
        return false;
      });
      if (candidate % 8n === 3n && residues.every((isResidue) => !isResidue)) n = candidate;
    }
    const k = chooseMultiplier(n);
    expect(k).not.toBe(1);
    for (const other of MULTIPLIER_CANDIDATES)
      expect(multiplierScore(n, k)).toBeGreaterThanOrEqual(multiplierScore(n, other));
    const params = chooseSiqsParameters(n);
    expect(params.multiplier).toBe(k);
    expect(params.kn).toBe(n * BigInt(k));
    expectProperFactor(n, siqs(n));
  });

  it("finds relations with (Ax+B)² − kn equal to their factorization", () => {
    const n = randomPrime(15, random(3)) * randomPrime(16, random(4));
    const params = chooseSiqsParameters(n);
    const relations = sieveFor(n, 1, 60);
    expect(relations.length).toBeGreaterThan(10);
    let partials = 0;
    for (const r of relations) {
      let product = r.negative ? -1n : 1n;
      for (const i of r.factors) product *= BigInt(params.primes[i]!);
      product *= BigInt(r.large1) * BigInt(r.large2);
      expect(r.y * r.y - params.kn).toBe(product);
      expect((r.y * r.y) % n).toBe(product % n < 0n ? (product % n) + n : product % n);
      if (r.large2 !== 1) {
        partials += 1;
        expect(r.large2).toBeGreaterThan(params.primes[params.primes.length - 1]!);
        expect(r.large2).toBeLessThan(params.largePrimeBound);
        expect(primality(BigInt(r.large2))).toBe("prime");
      }
    }
    expect(partials).toBeGreaterThan(0);
  });

  it("finds exact relations through factor-base primes beyond the sieve interval (hit at most once per root)", () => {
    const n = randomPrime(20, random(12)) * randomPrime(21, random(13));
    // One block a side (an interval of 65,536) and 5,000 primes: the largest thousands exceed the interval.
    const params = buildSiqsParameters(n, { ...tuningFor(41), fbSize: 5000, blocks: 1 });
    const length = 2 * SIEVE_BLOCK;
    expect(params.primes[params.primes.length - 1]!).toBeGreaterThan(length);
    const relations: Relation[] = [];
    const { signal } = countingSignal(40);
    sieveRelations(params, { seed: 3, signal, onBatch: (batch) => relations.push(...batch.relations) });
    expect(relations.length).toBeGreaterThan(20);
    let beyondInterval = 0;
    for (const r of relations) {
      let product = r.negative ? -1n : 1n;
      for (const i of r.factors) product *= BigInt(params.primes[i]!);
      expect(r.y * r.y - params.kn).toBe(product * BigInt(r.large1) * BigInt(r.large2));
      if (r.factors.some((i) => params.primes[i]! > length)) beyondInterval += 1;
      // A factor-base prime the divisor search missed would be left over as a "large prime".
      if (r.large2 !== 1) expect(r.large2).toBeGreaterThan(params.primes[params.primes.length - 1]!);
    }
    expect(beyondInterval).toBeGreaterThan(0);
  });

  it("sieves disjoint relations with different seeds", () => {
    const n = randomPrime(17, random(5)) * randomPrime(18, random(6));
    const key = (r: Relation) => (r.y < 0n ? -r.y : r.y);
    const first = new Set(sieveFor(n, 1, 80).map(key));
    const second = sieveFor(n, 2, 80).map(key);
    expect(first.size).toBeGreaterThan(20);
    expect(second.length).toBeGreaterThan(20);
    for (const y of second) expect(first.has(y)).toBe(false);
  });

  it("stops promptly when the signal is raised", () => {
    const n = randomPrime(25, random(7)) * randomPrime(25, random(8));
    for (const limit of [0, 1, 5, 50]) {
      const { state, signal } = countingSignal(limit);
      expect(() => siqs(n, { signal })).toThrow(FactorizationStopped);
      expect(state.readsAfterStop).toBeLessThanOrEqual(2);
    }
  });

  it("reports progress and gives null for primes and a factor for easy cases", () => {
    const n = randomPrime(14, random(10)) * randomPrime(15, random(11));
    const seen: number[] = [];
    expectProperFactor(n, siqs(n, { onProgress: (p) => seen.push(p.relationsNeeded) }));
    for (const needed of seen) expect(needed).toBe(chooseSiqsParameters(n).primes.length + 1 + 48);
    expect(siqs(1000000007n)).toBeNull();
    expect(siqs(1009n ** 3n)).toBe(1009n);
    expect(siqs(2n * 1000000007n)).toBe(2n);
  });
});
