import { describe, expect, it } from "vitest";
import {
  chooseTransformLength,
  digitsOf,
  ibdwtPlan,
  isTransformLength,
  lucasLehmerFftSteps,
  maxDigitBits,
  squareAddMersenne,
  transformCost,
  valueOf,
  type LucasLehmerFftOptions,
  type LucasLehmerFftResult,
} from "./mersenne-ibdwt";
import { random } from "./test-oracles";

const mersenne = (p: number) => (1n << BigInt(p)) - 1n;

/** s(p − 2) mod M(p) by BigInt squaring and folding (2^p ≡ 1): the oracle, sharing no code with the FFT. */
function bigIntResidue(p: number): bigint {
  const m = mersenne(p);
  const bits = BigInt(p);
  let s = 4n;
  for (let i = 0; i < p - 2; i += 1) {
    s = s * s + m - 2n;
    s = (s & m) + (s >> bits);
    if (s >= m) s -= m;
  }
  return s;
}

function runFft(p: number, options: LucasLehmerFftOptions = {}): LucasLehmerFftResult {
  const steps = lucasLehmerFftSteps(p, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
};
const primesBetween = (lo: number, hi: number) =>
  Array.from({ length: hi - lo + 1 }, (_, k) => lo + k).filter((k) => isPrime(k));

/** A seeded random residue in [0, 2^p − 1). */
function randomResidue(p: number, next: () => number): bigint {
  let s = 0n;
  for (let bits = 0; bits < p; bits += 30) s = (s << 30n) | BigInt(Math.floor(next() * 2 ** 30));
  return s % mersenne(p);
}

describe("IBDWT digits", () => {
  it("hold a residue exactly, balanced, in ⌊p/N⌋- and ⌈p/N⌉-bit digits", () => {
    const next = random(8);
    for (const [p, digits] of [
      [61, 8],
      [127, 16],
      [1279, 64],
      [4423, 240],
      [9689, 512],
    ] as const) {
      const plan = ibdwtPlan(p, digits);
      const m = mersenne(p);
      const x = new Float64Array(digits);
      for (const s of [0n, 1n, 2n, 4n, m - 1n, m - 2n, 1n << BigInt(p - 1), randomResidue(p, next)]) {
        digitsOf(plan, s, x);
        expect(valueOf(plan, x), `M(${p}), ${digits} digits`).toBe(s % m);
        for (let j = 0; j < digits; j += 1) {
          const bits = plan.starts[j + 1]! - plan.starts[j]!;
          expect([Math.floor(p / digits), Math.ceil(p / digits)]).toContain(bits);
          expect(Math.abs(x[j]!)).toBeLessThanOrEqual(2 ** (bits - 1) + 1);
        }
      }
    }
  });

  it("square modulo M(p): one squaring agrees with BigInt, for edge and random residues", () => {
    const next = random(19);
    // Transforms of one stage (weighting and carrying as passes of their own), and with a first stage of
    // radix 4, 3 and 5 (weighting and carrying fused into it).
    const fused = new Set<number>();
    for (const [p, digits] of [
      [61, 8],
      [127, 16],
      [521, 32],
      [1279, 64],
      [4423, 216],
      [2203, 120],
      [9941, 480],
      [19937, 1024],
    ] as const) {
      const plan = ibdwtPlan(p, digits);
      fused.add(plan.fusedRadix);
      const m = mersenne(p);
      const from = new Float64Array(digits);
      const to = new Float64Array(digits);
      const samples = [0n, 1n, 2n, 4n, m - 1n, m - 2n, m / 2n, (1n << BigInt(p - 1)) + 12345n];
      for (let k = 0; k < 8; k += 1) samples.push(randomResidue(p, next));
      for (const s of samples) {
        for (const addend of [-2, 0, 3]) {
          digitsOf(plan, s, from);
          const roundoff = squareAddMersenne(plan, from, to, addend);
          expect(roundoff, `M(${p}), s = ${s}`).toBeLessThan(0.4);
          const expected = (((s * s + BigInt(addend)) % m) + m) % m;
          expect(valueOf(plan, to), `M(${p}), s = ${s}, ${addend}`).toBe(expected);
          // The input is left as it was: a squaring that is not trusted can be redone from it.
          expect(valueOf(plan, from)).toBe(s % m);
        }
      }
    }
    expect([...fused].sort()).toEqual([0, 3, 4, 5]);
  });
});

describe("the choice of transform length", () => {
  it("takes the cheapest usable N whose digits are within the round-off bound", () => {
    for (let p = 1000; p <= 200_000; p += 997) {
      const digits = chooseTransformLength(p)!;
      expect(isTransformLength(p, digits), `p = ${p}`).toBe(true);
      expect(p / digits).toBeLessThanOrEqual(maxDigitBits(digits));
      let smallest = 8;
      while (!(isTransformLength(p, smallest) && p / smallest <= maxDigitBits(smallest))) smallest += 8;
      expect(digits, `p = ${p}`).toBeLessThanOrEqual(1.5 * smallest);
      for (let other = smallest; other <= 1.5 * smallest; other += 8) {
        if (isTransformLength(p, other))
          expect(transformCost(other), `p = ${p}, N = ${other}`).toBeGreaterThanOrEqual(transformCost(digits));
      }
      // Growing: the next choice is larger.
      expect(chooseTransformLength(p, digits)!).toBeGreaterThan(digits);
    }
  });

  it("prefers a power of two to a smaller length of radix 5 stages", () => {
    expect(chooseTransformLength(19937)).toBe(1024);
    expect(transformCost(1024)).toBeLessThan(transformCost(1000));
  });

  it("keeps digits near the 16 to 21 bits that doubles can square exactly", () => {
    for (const p of [1279, 9689, 19937, 44497, 86243, 200_000]) {
      const bits = p / chooseTransformLength(p)!;
      expect(bits, `p = ${p}`).toBeGreaterThan(16);
      expect(bits, `p = ${p}`).toBeLessThan(21);
    }
  });
});

describe("the Lucas–Lehmer test by IBDWT", () => {
  it("ends on the BigInt residue for every prime p from 1,000 to 2,000", () => {
    for (const p of primesBetween(1000, 2000)) {
      const result = runFft(p);
      expect(result.residue, `p = ${p}`).toBe(bigIntResidue(p));
      expect(result.redone).toEqual([]);
    }
  });

  it("ends on the BigInt residue for a dense sample of primes from 2,000 to 6,000", () => {
    // Every fourth prime, and the first and the last prime of each transform length: the last has the
    // largest digits its length takes, and so the largest round-off.
    const primes = primesBetween(2000, 6000);
    const length = (k: number) => chooseTransformLength(primes[k] ?? 0);
    const sample = primes.filter((_, k) => k % 4 === 0 || length(k) !== length(k - 1) || length(k) !== length(k + 1));
    let worst = 0;
    for (const p of sample) {
      const result = runFft(p);
      expect(result.residue, `p = ${p}`).toBe(bigIntResidue(p));
      worst = Math.max(worst, result.maxRoundoff);
    }
    expect(worst).toBeLessThan(0.2);
  }, 60_000);

  it("yields its progress every step, up to p − 2 iterations", () => {
    const steps = lucasLehmerFftSteps(1279, { stepIterations: 100 });
    const seen: number[] = [];
    let next = steps.next();
    while (!next.done) {
      seen.push(next.value);
      next = steps.next();
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, k) => 100 * (k + 1)));
    expect(next.value.residue).toBe(0n);
  });
});

describe("the round-off guard", () => {
  it("redoes a squaring on a too-small transform exactly and moves to a larger one", () => {
    // 9,689 bits in 256 digits: 38-bit digits, whose squares no double holds once s(i) is large.
    const result = runFft(9689, { digits: 256 });
    expect(result.redone).toHaveLength(1);
    expect(result.transformLengths).toEqual([256, chooseTransformLength(9689)]);
    expect(result.residue).toBe(0n);
    expect(isTransformLength(9689, 200)).toBe(false);
  });

  it("redoes every squaring whose round-off reaches the limit, and the residue stays right", () => {
    // A limit of 10⁻⁴, which the 17-bit digits of N = 128 reach once the residue is of full size: the
    // squaring is redone, and the test goes on with a larger N.
    for (const p of [2203, 2207]) {
      const result = runFft(p, { roundoffLimit: 1e-4 });
      expect(result.redone.length, `p = ${p}`).toBeGreaterThan(0);
      // Late in the test, redone from a residue of full size.
      expect(result.redone[0]).toBeGreaterThan(100);
      expect(result.transformLengths.length).toBe(result.redone.length + 1);
      expect(result.maxRoundoff).toBeLessThan(1e-4);
      expect(result.residue, `p = ${p}`).toBe(bigIntResidue(p));
    }
  });

  it("goes on with BigInt when no transform length is left", () => {
    // No squaring passes a limit of 0: every length is tried once, then BigInt does the rest.
    const result = runFft(127, { digits: 8, roundoffLimit: 0 });
    expect(result.transformLengths).toEqual([8, 16, 24, 32, 40, 48, 64, 72, 80, 96, 120]);
    expect(result.exactIterations).toBe(125 - result.redone.length);
    expect(result.residue).toBe(0n);
    expect(runFft(131, { digits: 8, roundoffLimit: 0 }).residue).toBe(bigIntResidue(131));
  });
});
