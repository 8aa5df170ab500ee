import { describe, expect, it } from "vitest";
import { stopAfter } from "./test-oracles";
import { modInverse } from "./bigint";
import { ecm, ecmCurve, ecmPlanForFactorDigits } from "./ecm";
import { FactorizationStopped } from "./factorization-types";

const M61 = 2n ** 61n - 1n;
const M89 = 2n ** 89n - 1n;

function powMod(base: number, exponent: number, p: number): number {
  let result = 1;
  let b = base % p;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = (result * b) % p;
    b = (b * b) % p;
  }
  return result;
}

/** Legendre symbol by Euler's criterion (p < 2^26 keeps every product exact). */
function legendre(a: number, p: number): number {
  const r = powMod(((a % p) + p) % p, (p - 1) / 2, p);
  return r === p - 1 ? -1 : r;
}

/**
 * The group order, counted point by point, of the Montgomery curve (or its
 * twist) on which Suyama's starting point for σ lies modulo the prime p:
 * #E = p + 1 + Σ_x (x³ + Ax² + x | p). Null when σ is degenerate mod p.
 */
function suyamaGroupOrder(p: number, sigma: number): number | null {
  const P = BigInt(p);
  const s = BigInt(sigma);
  const u = (((s * s - 5n) % P) + P) % P;
  const v = (4n * s) % P;
  const denominator = modInverse(4n * u ** 3n * v, P);
  const vInverse = modInverse(v, P);
  if (denominator === null || vInverse === null) return null;
  const A = Number(((((v - u) ** 3n * (3n * u + v) * denominator - 2n) % P) + P) % P);
  if (A === 2 || A === p - 2) return null;
  const x0 = Number(((u * vInverse) % P) ** 3n % P);
  const f = (x: number) => (((((x * x) % p) * x) % p) + ((((A * x) % p) * x) % p) + x) % p;
  const onTwist = legendre(f(x0), p);
  if (onTwist === 0) return null;
  let sum = 0;
  for (let x = 0; x < p; x += 1) sum += legendre(f(x), p);
  return onTwist === 1 ? p + 1 + sum : p + 1 - sum;
}

function largestPrimePower(n: number): number {
  let largest = 1;
  let rest = n;
  for (let d = 2; d * d <= rest; d += 1) {
    let power = 1;
    while (rest % d === 0) {
      rest /= d;
      power *= d;
    }
    largest = Math.max(largest, power);
  }
  return Math.max(largest, rest);
}

describe("ecmCurve", () => {
  it("finds p once B1 covers the brute-force group order, whose 12 | #E is Suyama's torsion", () => {
    const primes = [20_011, 30_011, 40_009, 50_021, 60_013];
    let checked = 0;
    for (const p of primes) {
      for (let sigma = 6; sigma < 9; sigma += 1) {
        const order = suyamaGroupOrder(p, sigma);
        if (order === null) continue;
        checked += 1;
        expect(order % 12, `p = ${p}, σ = ${sigma}`).toBe(0);
        const B1 = Math.max(3, largestPrimePower(order));
        expect(ecmCurve(BigInt(p) * M61, BigInt(sigma), B1, B1), `p = ${p}, σ = ${sigma}`).toBe(BigInt(p));
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  // Point orders from PARI/GP's ellorder on the same curves in Weierstrass form.
  it("finds p in stage 2 when the one prime above B1 is ≤ B2, and not when it is beyond B2 + D", () => {
    // σ = 13 mod 1000000007: the point has order 500029428 = 12487 · (prime powers ≤ 71).
    const p = 1_000_000_007n;
    const n = p * M89;
    expect(ecmCurve(n, 13n, 100, 12_487)).toBe(p);
    // Stage 2 pairs k·D − j with k·D + j, so it may also catch a prime a little above B2 (D = 210 here).
    expect(ecmCurve(n, 13n, 100, 12_000)).toBeNull();
    expect(ecmCurve(n, 13n, 12_487, 0)).toBe(p);
    expect(ecmCurve(n, 13n, 12_486, 12_486)).toBeNull();
    // 71 and 12487 both above B1: one stage 2 prime is not enough.
    expect(ecmCurve(n, 13n, 70, 100_000)).toBeNull();
    // σ = 20 mod 1000000411: order 4629622 = 2 · 2314811, a prime past stage 2's first window of primes.
    const q = 1_000_000_411n;
    expect(ecmCurve(q * M61, 20n, 1000, 2_400_000)).toBe(q);
    expect(ecmCurve(q * M61, 20n, 1000, 2_300_000)).toBeNull();
  });

  it("parts two primes that reach infinity in the same chunk (gcd = n)", () => {
    // σ = 7: order 16608 = 2⁵·3·173 mod 100003, 8360 = 2³·5·11·19 mod 100019.
    expect(ecmCurve(100_003n * 100_019n, 7n, 300, 300)).toBe(100_019n);
    // σ = 7: order 16662 = 2·3·2777 mod 100103, 12531 = 3·4177 mod 100151: both in one stage 2 batch.
    expect(ecmCurve(100_103n * 100_151n, 7n, 300, 30_000)).toBe(100_103n);
  });

  it("gives no curve for degenerate σ (0, ±1, ±3, ±5, ±5/3 mod n)", () => {
    const n = M61 * M89;
    const fiveThirds = (5n * (modInverse(3n, n) ?? 0n)) % n;
    for (const sigma of [0n, 1n, -1n, 3n, -3n, 5n, -5n, fiveThirds, n - fiveThirds, n, n + 1n]) {
      expect(ecmCurve(n, sigma, 1000, 10_000), String(sigma)).toBeNull();
    }
  });

  it("returns tiny prime factors", () => {
    expect(ecmCurve(2n * M61, 6n, 50, 500)).toBe(2n);
    for (const tiny of [3n, 5n, 7n, 11n, 13n]) {
      for (let sigma = 6n; sigma < 16n; sigma += 1n) {
        expect(ecmCurve(tiny * M61, sigma, 50, 500), `${tiny}, σ = ${sigma}`).toBe(tiny);
      }
    }
  });

  it("finds the 17-digit factor of F7 = 2^128 + 1 with the 20-digit plan from σ = 26", () => {
    const { B1, B2 } = ecmPlanForFactorDigits(20);
    expect(ecmCurve(2n ** 128n + 1n, 26n, B1, B2)).toBe(59649589127497217n);
  });

  it("stops when the signal is raised, in stage 1 and in stage 2", () => {
    const n = 1_000_000_007n * M89;
    expect(() => ecmCurve(n, 13n, 1000, 10_000, { aborted: true })).toThrow(FactorizationStopped);
    const inStageOne = stopAfter(2);
    expect(() => ecmCurve(M61 * M89, 6n, 50_000, 50_000, inStageOne)).toThrow(FactorizationStopped);
    expect(inStageOne.reads).toBe(3);
    // B1 = 10 has a 12-bit scalar, so every read happens in stage 2.
    const inStageTwo = stopAfter(2);
    expect(() => ecmCurve(M61 * M89, 6n, 10, 2_000_000, inStageTwo)).toThrow(FactorizationStopped);
    expect(inStageTwo.reads).toBe(3);
  });
});

describe("ecm", () => {
  it("finds 12 to 15 digit factors with B1 = 2000, B2 = 2·10^5 within 60 curves from a fixed σ", () => {
    const cases: [bigint, bigint][] = [
      [123456789059n, M89],
      [314159265359057n, 1267650600228229401496703205653n],
    ];
    for (const [p, cofactor] of cases) {
      const done: number[] = [];
      const factor = ecm(p * cofactor, {
        B1: 2000,
        B2: 200_000,
        curves: 60,
        firstSigma: 2000n,
        onCurve: (curves) => done.push(curves),
      });
      expect(factor).toBe(p);
      expect(done).toEqual(done.map((_, i) => i + 1));
    }
  });

  it("runs exactly σ = firstSigma … firstSigma + curves − 1, degenerate ones counted, and gives null", () => {
    const done: number[] = [];
    const factor = ecm(M61 * M89, { B1: 10, B2: 100, curves: 11, firstSigma: -5n, onCurve: (c) => done.push(c) });
    expect(factor).toBeNull();
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("throws FactorizationStopped when stopped between or within curves", () => {
    const n = M61 * M89;
    expect(() => ecm(n, { B1: 2000, B2: 200_000, curves: 5, firstSigma: 6n, signal: { aborted: true } })).toThrow(
      FactorizationStopped,
    );
    let curves = 0;
    const signal = {
      get aborted() {
        return curves >= 2;
      },
    };
    expect(() =>
      ecm(n, { B1: 2000, B2: 200_000, curves: 5, firstSigma: 6n, signal, onCurve: (done) => (curves = done) }),
    ).toThrow(FactorizationStopped);
    expect(curves).toBe(2);
  });
});

describe("ecmPlanForFactorDigits", () => {
  it("takes B1 from GMP-ECM's table, rounding the digits up to its rows", () => {
    expect(ecmPlanForFactorDigits(15)).toEqual({ B1: 2000, B2: 200_000, curves: 27 });
    expect(ecmPlanForFactorDigits(10).B1).toBe(2000);
    expect(ecmPlanForFactorDigits(17).B1).toBe(11_000);
    expect(ecmPlanForFactorDigits(30).B1).toBe(250_000);
    expect(ecmPlanForFactorDigits(35).B1).toBe(1_000_000);
    expect(ecmPlanForFactorDigits(80)).toEqual(ecmPlanForFactorDigits(50));
    expect(ecmPlanForFactorDigits(50).B2).toBeLessThan(2 ** 32);
  });

  it("plans curve counts within 15 % of the ECMNET table (Silverman–Wagstaff), which also assumed B2 = 100·B1", () => {
    const ecmnet: [number, number][] = [
      [15, 25],
      [20, 90],
      [25, 300],
      [30, 700],
      [35, 1800],
      [40, 5100],
      [45, 10600],
    ];
    for (const [digits, curves] of ecmnet) {
      const plan = ecmPlanForFactorDigits(digits);
      expect(plan.B2).toBe(100 * plan.B1);
      expect(Math.abs(plan.curves / curves - 1), `${digits} digits`).toBeLessThan(0.15);
    }
  });
});
