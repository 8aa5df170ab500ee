import { describe, expect, it } from "vitest";
import { trialDivision } from "./test-oracles";
import { decimalDigits, decimalPeriod } from "./decimal-period";

/** Long division of 1/n, remembering where each remainder first appeared. */
function bruteExpansion(n: number): { preperiod: number; period: number; digits: string } {
  const seen = new Map<number, number>();
  let digits = "";
  let remainder = 1 % n;
  while (remainder !== 0 && !seen.has(remainder)) {
    seen.set(remainder, digits.length);
    remainder *= 10;
    digits += Math.floor(remainder / n);
    remainder %= n;
  }
  if (remainder === 0) return { preperiod: digits.length, period: 0, digits };
  const start = seen.get(remainder)!;
  return { preperiod: start, period: digits.length - start, digits };
}

describe("decimal expansion of 1/n", () => {
  it("preperiod, period and written digits agree with long division for n ≤ 2000", () => {
    for (let n = 2; n <= 2000; n += 1) {
      const { preperiod, period, digits } = bruteExpansion(n);
      expect(decimalPeriod(BigInt(n), trialDivision(BigInt(n)), trialDivision), `1/${n}`).toEqual({
        preperiod,
        period: BigInt(period),
      });
      const written = period === 0 ? `0.${digits}` : `0.${digits.slice(0, preperiod)}(${digits.slice(preperiod)})`;
      expect(decimalDigits(BigInt(n), 2000), `1/${n}`).toBe(written);
      if (digits.length > 10) expect(decimalDigits(BigInt(n), 10)).toBe(`0.${digits.slice(0, 10)}…`);
    }
  });

  it("writes the familiar cases", () => {
    expect(decimalDigits(1n, 5)).toBe("1");
    expect(decimalDigits(7n, 6)).toBe("0.(142857)");
    expect(decimalDigits(7n, 5)).toBe("0.14285…");
    expect(decimalDigits(6n, 5)).toBe("0.1(6)");
    expect(decimalDigits(8n, 5)).toBe("0.125");
    expect(decimalDigits(12n, 5)).toBe("0.08(3)");
    expect(decimalDigits(10n ** 40n, 30)).toBe(`0.${"0".repeat(30)}…`);
    expect(decimalPeriod(1n, [], trialDivision)).toEqual({ preperiod: 0, period: 0n });
  });

  it("gives a null period when p − 1 cannot be factored, keeping the preperiod", () => {
    const n = 2n ** 3n * 5n ** 7n * 2003n;
    expect(decimalPeriod(n, trialDivision(n), () => null)).toEqual({ preperiod: 7, period: null });
  });

  it("refuses n < 1, a count < 1 and factors of another number", () => {
    expect(() => decimalDigits(0n, 5)).toThrow(RangeError);
    expect(() => decimalDigits(3n, 0)).toThrow(RangeError);
    expect(() => decimalPeriod(12n, trialDivision(18n), trialDivision)).toThrow(/do not multiply/);
  });
});
