import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import {
  add,
  divide,
  equals,
  multiply,
  parseDecimal,
  power,
  rational,
  rationalToTex,
  rationalToText,
  subtract,
  type Rational,
} from "./rational";

/** Cross-multiplication: p/q = r/s exactly when ps = rq (q, s ≠ 0), whatever the representation. */
const sameValue = (x: Rational, num: bigint, den: bigint) => x.num * den === num * x.den;

describe("rational", () => {
  it("keeps lowest terms with a positive denominator", () => {
    expect(rational(6n, -4n)).toEqual({ num: -3n, den: 2n });
    expect(rational(0n, -5n)).toEqual({ num: 0n, den: 1n });
    expect(() => rational(1n, 0n)).toThrow(RangeError);
  });

  it("agrees with cross-multiplied arithmetic on random fractions", () => {
    const next = random(11);
    const small = () => BigInt(Math.floor(next() * 41) - 20);
    for (let trial = 0; trial < 2000; trial += 1) {
      const [p, r] = [small(), small()];
      const [q, s] = [small() || 1n, small() || 1n];
      const x = rational(p, q);
      const y = rational(r, s);
      expect(sameValue(add(x, y), p * s + r * q, q * s)).toBe(true);
      expect(sameValue(subtract(x, y), p * s - r * q, q * s)).toBe(true);
      expect(sameValue(multiply(x, y), p * r, q * s)).toBe(true);
      if (r !== 0n) expect(sameValue(divide(x, y), p * s, q * r)).toBe(true);
      expect(equals(x, y)).toBe(p * s === r * q);
      const n = Math.floor(next() * 5);
      expect(sameValue(power(x, n), p ** BigInt(n), q ** BigInt(n))).toBe(true);
    }
  });

  it("reads decimals exactly", () => {
    expect(parseDecimal("0.25")).toEqual({ num: 1n, den: 4n });
    expect(parseDecimal(".5")).toEqual({ num: 1n, den: 2n });
    expect(parseDecimal("12.50")).toEqual({ num: 25n, den: 2n });
    expect(parseDecimal("7")).toEqual({ num: 7n, den: 1n });
    expect(() => parseDecimal("-1")).toThrow(RangeError);
    expect(() => parseDecimal(".")).toThrow(RangeError);
  });

  it("prints as text and TeX", () => {
    expect(rationalToText(rational(-5n, 2n))).toBe("-5/2");
    expect(rationalToText(rational(4n, 2n))).toBe("2");
    expect(rationalToTex(rational(-5n, 2n))).toBe("-\\frac{5}{2}");
    expect(rationalToTex(rational(3n))).toBe("3");
  });
});
