import { describe, expect, it } from "vitest";
import {
  FFT_FROM_EXPONENT,
  foldMersenne,
  lucasLehmer,
  lucasLehmerSteps,
  MAX_EXPONENT,
  mersenne,
  mersenneTrialFactor,
} from "./lucas-lehmer";

/** The exponents of the Mersenne primes below 2,000 (OEIS A000043, complete since Robinson, 1952). */
const MERSENNE_EXPONENTS_BELOW_2000 = [2, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107, 127, 521, 607, 1279];

const primesBelow = (n: number) =>
  Array.from({ length: n }, (_, k) => k).filter((k) => {
    if (k < 2) return false;
    for (let d = 2; d * d <= k; d += 1) if (k % d === 0) return false;
    return true;
  });

/** s(p − 2) mod M(p) by the textbook recurrence and the remainder operator, without folding. */
function plainResidue(p: number): bigint {
  const m = mersenne(p);
  let s = 4n;
  for (let i = 0; i < p - 2; i += 1) s = (((s * s - 2n) % m) + m) % m;
  return s;
}

/** s(p − 2) mod M(p) by BigInt squaring and folding, a plain loop: the oracle for the FFT path. */
function foldedResidue(p: number): bigint {
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

const hex64 = (s: bigint) => (s & 0xffff_ffff_ffff_ffffn).toString(16).toUpperCase().padStart(16, "0");

/** The smallest prime factor of n, by trial division: the oracle for small Mersenne numbers. */
function smallestFactor(n: bigint): bigint {
  if (n % 2n === 0n) return 2n;
  for (let d = 3n; d * d <= n; d += 2n) if (n % d === 0n) return d;
  return n;
}

describe("folding modulo a Mersenne number", () => {
  it("agrees with the remainder for every square and a few edges", () => {
    for (const p of [3, 5, 7, 13, 31, 61]) {
      const m = mersenne(p);
      const bits = BigInt(p);
      const samples = [0n, 1n, 2n, m - 2n, m - 1n, m, m + 1n, (m - 1n) * (m - 1n), (m - 1n) * (m - 1n) + m - 2n];
      for (let x = 3n; x < 200n; x += 7n) samples.push((x * 0x9e3779b97f4a7c15n) % (m * m));
      for (const x of samples) expect(foldMersenne(x, bits, m), `${x} mod M(${p})`).toBe(x % m);
    }
  });
});

describe("the Lucas–Lehmer test", () => {
  it("finds exactly the known Mersenne primes among the prime exponents below 2,000", () => {
    const found = primesBelow(2000).filter((p) => lucasLehmer(p).kind === "prime");
    expect(found).toEqual(MERSENNE_EXPONENTS_BELOW_2000);
  });

  it("agrees with trial division where that is possible", () => {
    for (const p of primesBelow(40)) {
      const isPrime = smallestFactor(mersenne(p)) === mersenne(p);
      expect(lucasLehmer(p).kind, `M(${p})`).toBe(isPrime ? "prime" : "composite");
    }
  });

  it("reports the residue of a composite as GIMPS does, its last 64 bits in hex", () => {
    for (const p of [11, 23, 67, 101, 257]) {
      const expected = (plainResidue(p) & 0xffff_ffff_ffff_ffffn).toString(16).toUpperCase().padStart(16, "0");
      expect(lucasLehmer(p)).toEqual({ kind: "composite", exponent: p, residue64: expected });
    }
  });

  it("needs no test for a composite exponent: M(a) divides M(ab)", () => {
    expect(lucasLehmer(15)).toEqual({ kind: "factor", exponent: 15, factor: 7n, reason: "exponent-composite" });
    expect(lucasLehmer(4)).toEqual({ kind: "factor", exponent: 4, factor: 3n, reason: "exponent-composite" });
    const verdict = lucasLehmer(2 * 1279);
    expect(verdict.kind === "factor" && mersenne(2 * 1279) % verdict.factor).toBe(0n);
  });

  it("reports its progress as it goes, up to p − 2 iterations", () => {
    const steps = lucasLehmerSteps(127);
    const seen: number[] = [];
    let next = steps.next();
    while (!next.done) {
      seen.push(next.value.iteration);
      expect(next.value.total).toBe(125);
      next = steps.next();
    }
    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(next.value).toEqual({ kind: "prime", exponent: 127 });
  });

  it("reports its progress the same way when it squares by FFT", () => {
    expect(FFT_FROM_EXPONENT).toBeLessThanOrEqual(2203);
    const steps = lucasLehmerSteps(2203);
    const seen: number[] = [];
    let next = steps.next();
    while (!next.done) {
      seen.push(next.value.iteration);
      expect(next.value.total).toBe(2201);
      next = steps.next();
    }
    expect(seen).toEqual(Array.from({ length: Math.floor(2201 / 16) }, (_, k) => 16 * (k + 1)));
    expect(next.value).toEqual({ kind: "prime", exponent: 2203 });
  });

  it("reports the same residues by FFT as by BigInt on both sides of the switch", () => {
    const near = (p: number) => Math.abs(p - FFT_FROM_EXPONENT) <= 150;
    const exponents = primesBelow(FFT_FROM_EXPONENT + 151).filter(near);
    for (const p of exponents.filter((p) => !MERSENNE_EXPONENTS_BELOW_2000.includes(p))) {
      expect(lucasLehmer(p), `M(${p})`).toEqual({ kind: "composite", exponent: p, residue64: hex64(foldedResidue(p)) });
    }
  });

  it("finds the Mersenne primes M(9689), M(9941), M(11213), M(19937) and M(21701)", () => {
    // Exponents from OEIS A000043; found by Gillies (the first three, 1963), Tuckerman (1971), Noll and Nickel
    // (1978), as GIMPS's table of known Mersenne primes records.
    for (const p of [9689, 9941, 11213, 19937, 21701]) expect(lucasLehmer(p)).toEqual({ kind: "prime", exponent: p });
  });

  it("gives the BigInt residue for prime exponents next to them", () => {
    for (const p of [9697, 11239, 19927]) {
      expect(lucasLehmer(p), `M(${p})`).toEqual({ kind: "composite", exponent: p, residue64: hex64(foldedResidue(p)) });
    }
  });

  it("refuses exponents outside its range", () => {
    for (const bad of [1, 0, -3, 2.5, MAX_EXPONENT + 1, Number.NaN]) expect(() => lucasLehmer(bad)).toThrow(RangeError);
  });
});

describe("trial factoring of Mersenne numbers", () => {
  it("finds the smallest prime factor, of the form 2kp + 1, wherever trial division does", () => {
    for (const p of primesBelow(62).filter((p) => p > 2 && !MERSENNE_EXPONENTS_BELOW_2000.includes(p))) {
      const factor = mersenneTrialFactor(p, 1_000_000);
      expect(factor, `M(${p})`).toBe(smallestFactor(mersenne(p)));
      expect((factor! - 1n) % (2n * BigInt(p))).toBe(0n);
    }
  });

  it("finds nothing for a Mersenne prime, and stops at the bound it is given", () => {
    expect(mersenneTrialFactor(127, 100_000)).toBeNull();
    // M(59)'s smallest factor is 179,951 = 2·1525·59 + 1: out of reach with k ≤ 1,000.
    expect(mersenneTrialFactor(59, 1_000)).toBeNull();
    expect(mersenneTrialFactor(59, 2_000)).toBe(179_951n);
  });
});
