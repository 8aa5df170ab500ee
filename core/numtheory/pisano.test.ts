import { describe, expect, it } from "vitest";
import { gcd } from "./bigint";
import { PISANO_BOUND_FACTOR, pisanoCycle, pisanoPeriod } from "./pisano";
import { fibonacci } from "./special-sequences";

const BRUTE_FORCE_MAX = 500;

/** Exact Fibonacci numbers F(0) … F(6·500 + 1), reduced afresh for each modulus. */
const exact = Array.from({ length: PISANO_BOUND_FACTOR * BRUTE_FORCE_MAX + 2 }, (_, n) => fibonacci(n));

/** The least p > 0 with F(p) ≡ 0 and F(p + 1) ≡ 1 (mod m), searched among the exact numbers. */
function bruteForcePeriod(m: number): number {
  const M = BigInt(m);
  for (let p = 1; p + 1 < exact.length; p += 1) {
    if (exact[p]! % M === 0n && exact[p + 1]! % M === 1n % M) return p;
  }
  throw new Error(`no period below ${exact.length - 1} for m = ${m}`);
}

const lcm = (a: number, b: number) => Number((BigInt(a) * BigInt(b)) / gcd(BigInt(a), BigInt(b)));

describe("pisanoPeriod", () => {
  it(`agrees with a search over the exact Fibonacci numbers for m = 1…${BRUTE_FORCE_MAX}`, () => {
    for (let m = 1; m <= BRUTE_FORCE_MAX; m += 1) expect(pisanoPeriod(m), `m = ${m}`).toBe(bruteForcePeriod(m));
  });

  it("lists one full period of the exact remainders, and the sequence really repeats with it", () => {
    for (const m of [2, 5, 7, 10, 12, 25, 97]) {
      const cycle = pisanoCycle(m);
      const M = BigInt(m);
      cycle.forEach((value, n) => {
        expect(value).toBe(Number(exact[n]! % M));
        expect(Number(exact[n + cycle.length]! % M)).toBe(value);
      });
    }
  });

  it("stays within 6m for m ≤ 2000, reaching it only at m = 2·5ᵏ", () => {
    for (let m = 1; m <= 2000; m += 1) {
      const period = pisanoPeriod(m);
      expect(period).toBeLessThanOrEqual(6 * m);
      expect(period === 6 * m, `m = ${m}`).toBe([10, 50, 250, 1250].includes(m));
    }
  });

  it("takes lcms: π(ab) = lcm(π(a), π(b)) for coprime a, b", () => {
    for (let a = 2; a <= 40; a += 1) {
      for (let b = a + 1; b <= 40; b += 1) {
        if (gcd(BigInt(a), BigInt(b)) !== 1n) continue;
        expect(pisanoPeriod(a * b), `${a}·${b}`).toBe(lcm(pisanoPeriod(a), pisanoPeriod(b)));
      }
    }
  });

  it("gives the figures of the chapter: π(2) = 3, π(5) = 20, π(10) = 60", () => {
    // Known values (OEIS A001175), and the search agrees.
    expect([pisanoPeriod(2), pisanoPeriod(5), pisanoPeriod(10)]).toEqual([3, 20, 60]);
    expect([bruteForcePeriod(2), bruteForcePeriod(5), bruteForcePeriod(10)]).toEqual([3, 20, 60]);
    expect(pisanoCycle(2)).toEqual([0, 1, 1]);
  });

  it("refuses moduli out of range", () => {
    expect(() => pisanoPeriod(0)).toThrow(RangeError);
    expect(() => pisanoPeriod(100_001)).toThrow(RangeError);
    expect(() => pisanoPeriod(2.5)).toThrow(RangeError);
  });
});
