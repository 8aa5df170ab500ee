import { describe, expect, it } from "vitest";
import { algebraicFactors, cyclotomicValue } from "./algebraic-factors";

const product = (values: readonly bigint[]) => values.reduce((x, y) => x * y, 1n);
const ascending = (values: readonly bigint[]) => [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));

/**
 * [a, k, sign, the Φ_d(a) > 1 whose product is a^k + sign] from PARI/GP:
 * polcyclo(d, a) over d | k (sign −1) or d | 2k, d ∤ k (sign +1).
 * None of these bases has an Aurifeuillian identity, so the split is exactly these.
 */
const CYCLOTOMIC_FIXTURES: readonly (readonly [bigint, number, -1 | 1, readonly bigint[]])[] = [
  [7n, 12, -1, [6n, 8n, 43n, 50n, 57n, 2353n]],
  [6n, 15, 1, [7n, 31n, 1111n, 1950271n]],
  [10n, 21, -1, [9n, 111n, 1111111n, 900900990991n]],
  [12n, 10, 1, [145n, 427016305n]],
  [11n, 9, -1, [10n, 133n, 1772893n]],
  [7n, 30, 1, [50n, 2353n, 5649505n, 33910865284801n]],
  [6n, 20, -1, [5n, 7n, 37n, 1111n, 1555n, 1634221n]],
  [10n, 30, -1, [9n, 11n, 91n, 111n, 9091n, 11111n, 90090991n, 109889011n]],
  [3n, 60, 1, [82n, 6481n, 42521761n, 1875893450944321n]],
];

describe("cyclotomicValue", () => {
  it("agrees with the polynomials written out", () => {
    // Φ_1 = x − 1, Φ_2 = x + 1, Φ_6 = x² − x + 1, Φ_12 = x⁴ − x² + 1, Φ_p = 1 + x + … + x^{p−1}.
    for (let a = 2n; a < 30n; a += 1n) {
      expect(cyclotomicValue(1, a)).toBe(a - 1n);
      expect(cyclotomicValue(2, a)).toBe(a + 1n);
      expect(cyclotomicValue(6, a)).toBe(a * a - a + 1n);
      expect(cyclotomicValue(12, a)).toBe(a ** 4n - a ** 2n + 1n);
      expect(cyclotomicValue(7, a)).toBe((a ** 7n - 1n) / (a - 1n));
    }
    // Φ_105 is the first with a coefficient −2; Φ_105(2) from PARI/GP's polcyclo(105, 2).
    expect(cyclotomicValue(105, 2n)).toBe(473474689919911n);
    expect(() => cyclotomicValue(0, 2n)).toThrow(RangeError);
  });
});

describe("algebraicFactors", () => {
  it("splits a^k ± 1 into exactly PARI/GP's cyclotomic values", () => {
    for (const [a, k, sign, expected] of CYCLOTOMIC_FIXTURES) {
      const n = a ** BigInt(k) + BigInt(sign);
      const pieces = algebraicFactors(n);
      expect(pieces, `${a}^${k} ${sign > 0 ? "+" : "−"} 1`).toEqual(ascending(expected));
      expect(product(pieces ?? [])).toBe(n);
    }
  });

  it("splits 2^256 − 1 into the Fermat numbers F0 … F7", () => {
    const fermat = Array.from({ length: 8 }, (_, i) => 2n ** (2n ** BigInt(i)) + 1n);
    expect(algebraicFactors(2n ** 256n - 1n)).toEqual(fermat);
  });

  it("reads 8^12 − 1 and 4^20 + 1 as powers of 2 (the largest exponent)", () => {
    // 2^36 − 1: Φ_d(2) for d | 36, with Φ_36(2) = 4033 = 37 · 109 split by the Aurifeuillian L = 2^9 − 2^5 + 1.
    expect(algebraicFactors(8n ** 12n - 1n)).toEqual([3n, 3n, 5n, 7n, 13n, 37n, 57n, 73n, 109n]);
    expect(algebraicFactors(4n ** 20n + 1n)).toEqual([257n, 4278255361n]);
  });

  it("splits 2^(4m+2) + 1 along Aurifeuille's L·M", () => {
    // 2^58 + 1 = 5 · 107367629 · 536903681 (PARI/GP factor).
    expect(algebraicFactors(2n ** 58n + 1n)).toEqual([5n, 107367629n, 536903681n]);
    for (let m = 1n; m <= 20n; m += 1n) {
      const n = 2n ** (4n * m + 2n) + 1n;
      const L = 2n ** (2n * m + 1n) - 2n ** (m + 1n) + 1n;
      const M = 2n ** (2n * m + 1n) + 2n ** (m + 1n) + 1n;
      const pieces = algebraicFactors(n) ?? [];
      expect(product(pieces), `m = ${m}`).toBe(n);
      for (const piece of pieces)
        expect(L % piece === 0n || M % piece === 0n, `${piece} | L or M, m = ${m}`).toBe(true);
    }
  });

  it("splits with the Aurifeuillian identities for 3 and 5", () => {
    // PARI/GP: 3^15 + 1 = 2²·7·31·61·271 and 5^15 − 1 = 2²·11·31·71·181·1741.
    expect(algebraicFactors(3n ** 15n + 1n)).toEqual([4n, 7n, 31n, 61n, 271n]);
    expect(algebraicFactors(5n ** 15n - 1n)).toEqual([4n, 11n, 31n, 71n, 181n, 1741n]);
  });

  it("returns null when the algebra gives fewer than two pieces, or n has no such form", () => {
    for (const n of [2n ** 128n + 1n, 13n ** 8n + 1n, 2n ** 127n - 1n, 3n, 4n, 10n, 1_000_003n, 2n ** 64n, 0n, -9n]) {
      expect(algebraicFactors(n), String(n)).toBeNull();
    }
  });
});
