import { describe, expect, it } from "vitest";
import { decimalDigits, decimalPeriod } from "./decimal-period";
import { trialDivision } from "./test-oracles";
import { writeDigits } from "./base-digits";
import { longDivision, LONG_DIVISION_MAX_DENOMINATOR } from "./long-division";

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The textbook formula, computed without long division: with d reduced (d / gcd(a, d)), the
 * pre-period is the least s with d | (coprime part) · b^s, the period the least k with b^k ≡ 1
 * modulo the part of d coprime to b (found by repeated multiplication).
 */
function formula(a: number, d: number, base: number): { preperiod: number; period: number } {
  const reduced = d / gcd(a, d);
  let coprime = reduced;
  for (let g = gcd(coprime, base); g > 1; g = gcd(coprime, base)) coprime /= g;
  const shared = reduced / coprime;
  let preperiod = 0;
  for (let power = 1; power % shared !== 0; power = (power * base) % shared) preperiod += 1;
  if (coprime === 1) return { preperiod, period: 0 };
  let period = 1;
  for (let power = base % coprime; power !== 1; power = (power * base) % coprime) period += 1;
  return { preperiod, period };
}

/** The base-b digits of a/d by exact BigInt arithmetic: ⌊a·b^k / d⌋ mod b for k = 1 … count. */
function exactDigits(a: number, d: number, base: number, count: number): number[] {
  const digits: number[] = [];
  for (let k = 1; k <= count; k += 1) {
    const scaled = (BigInt(a) * BigInt(base) ** BigInt(k)) / BigInt(d);
    digits.push(Number(scaled % BigInt(base)));
  }
  return digits;
}

describe("longDivision", () => {
  it("agrees with the formula and with exact digits for many fractions in bases 2 to 16", () => {
    for (let base = 2; base <= 16; base += 1) {
      for (let d = 1; d <= 90; d += 1) {
        for (const a of [0, 1, 2, 3, 7, d - 1, d, 5 * d + 3, 999_999]) {
          if (a < 0) continue;
          const division = longDivision(a, d, base);
          const label = `${a}/${d} in base ${base}`;
          expect({ preperiod: division.preperiod, period: division.period }, label).toEqual(formula(a, d, base));
          expect(division.integerPart, label).toBe(Math.floor(a / d));
          expect(
            division.steps.map((step) => step.digit),
            label,
          ).toEqual(exactDigits(a, d, base, division.steps.length));
        }
      }
    }
  });

  it("keeps each step consistent: remainder × base = digit × d + next remainder, and the repeat closes the loop", () => {
    for (const [a, d, base] of [
      [1, 7, 10],
      [5, 12, 10],
      [1, 9973, 10],
      [123_456, 9_999, 16],
      [1, 3, 2],
    ] as const) {
      const { steps, remainders, preperiod, period } = longDivision(a, d, base);
      steps.forEach((step, i) => {
        expect(step.remainder).toBe(remainders[i]);
        expect(step.product).toBe(step.remainder * base);
        expect(step.digit * d + step.nextRemainder).toBe(step.product);
        expect(step.nextRemainder).toBeLessThan(d);
        expect(remainders[i + 1]).toBe(step.nextRemainder);
      });
      expect(remainders).toHaveLength(steps.length + 1);
      if (period > 0) {
        expect(remainders.at(-1)).toBe(remainders[preperiod]);
        expect(new Set(remainders.slice(0, -1)).size).toBe(steps.length);
      } else expect(remainders.at(-1)).toBe(0);
    }
  });

  it("matches decimal-period.ts for 1/n in base 10", () => {
    for (let n = 2; n <= LONG_DIVISION_MAX_DENOMINATOR; n += 37) {
      const division = longDivision(1, n, 10);
      expect(decimalPeriod(BigInt(n), trialDivision(n), trialDivision), `1/${n}`).toEqual({
        preperiod: division.preperiod,
        period: BigInt(division.period),
      });
      const digits = writeDigits(division.steps.map((step) => step.digit));
      const { preperiod } = division;
      const written =
        division.period === 0 ? `0.${digits}` : `0.${digits.slice(0, preperiod)}(${digits.slice(preperiod)})`;
      expect(decimalDigits(BigInt(n), 20_000), `1/${n}`).toBe(written);
    }
  });

  it("shows the lesson's examples", () => {
    expect(writeDigits(longDivision(1, 7, 10).steps.map((step) => step.digit))).toBe("142857");
    expect(longDivision(1, 7, 10).remainders).toEqual([1, 3, 2, 6, 4, 5, 1]);
    expect(longDivision(1, 3, 2)).toMatchObject({ preperiod: 0, period: 2, remainders: [1, 2, 1] });
    expect(longDivision(21, 7, 10)).toMatchObject({ integerPart: 3, steps: [], preperiod: 0, period: 0 });
  });

  it("refuses inputs outside its limits", () => {
    expect(() => longDivision(1, 0, 10)).toThrow(RangeError);
    expect(() => longDivision(1, LONG_DIVISION_MAX_DENOMINATOR + 1, 10)).toThrow(RangeError);
    expect(() => longDivision(-1, 7, 10)).toThrow(RangeError);
    expect(() => longDivision(1, 7, 1)).toThrow(RangeError);
    expect(() => longDivision(1.5, 7, 10)).toThrow(RangeError);
  });
});
