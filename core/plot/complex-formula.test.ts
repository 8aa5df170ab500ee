import { describe, expect, it } from "vitest";
import { readComplexFormula } from "./complex-formula";

/** Values here come from a few exact operations on small numbers. */
const DIGITS = 12;

function valueOf(text: string, re: number, im: number, parameters: number[] = []) {
  const read = readComplexFormula(text);
  if (!read.ok) throw new Error(read.problem.message);
  const out = { re: 0, im: 0 };
  read.formula.withParameters(parameters)(re, im, out);
  return out;
}

describe("readComplexFormula", () => {
  it("reads i as the imaginary unit: i² = −1 and (2 + i)(2 − i) = 5", () => {
    const square = valueOf("i^2", 0, 0);
    expect(square.re).toBeCloseTo(-1, DIGITS);
    expect(square.im).toBeCloseTo(0, DIGITS);
    const product = valueOf("(2 + i)(2 - i) + z", 0.5, -1);
    expect(product.re).toBeCloseTo(5.5, DIGITS);
    expect(product.im).toBeCloseTo(-1, DIGITS);
  });

  it("evaluates the default formula at z = 2i as by hand: (−5)(−2 + i)²/(−2 + 2i) = 8.75 − 1.25i", () => {
    // (2i)² − 1 = −5; (2i − 2 − i)² = (−2 + i)² = 3 − 4i; (2i)² + 2 + 2i = −2 + 2i;
    // −5(3 − 4i)/(−2 + 2i) = (−15 + 20i)(−2 − 2i)/8 = (30 + 30i − 40i + 40)/8 = (70 − 10i)/8.
    const value = valueOf("(z^2 - 1)(z - 2 - i)^2/(z^2 + 2 + 2i)", 0, 2);
    expect(value.re).toBeCloseTo(70 / 8, DIGITS);
    expect(value.im).toBeCloseTo(-10 / 8, DIGITS);
  });

  it("makes other letters real parameters, set by withParameters in the order listed", () => {
    const read = readComplexFormula("z^2 + a z + b");
    expect(read.ok && read.formula.parameters).toEqual(["a", "b"]);
    // z = 1 + i: z² = 2i, a z = 3 + 3i, b = −4.
    const value = valueOf("z^2 + a z + b", 1, 1, [3, -4]);
    expect(value.re).toBeCloseTo(-1, DIGITS);
    expect(value.im).toBeCloseTo(5, DIGITS);
  });

  it("says where a formula fails to parse, and marks what has no meaning on ℂ", () => {
    const unclosed = readComplexFormula("z^2 + (z");
    expect(unclosed.ok).toBe(false);
    if (!unclosed.ok) {
      expect(unclosed.problem.message).toBe('the "(" at 7 is never closed');
      expect([unclosed.problem.start, unclosed.problem.end]).toEqual([6, 7]);
    }
    const rounded = readComplexFormula("1 + floor(z)");
    expect(rounded.ok).toBe(false);
    if (!rounded.ok) expect([rounded.problem.start, rounded.problem.end]).toEqual([4, 12]);
  });
});
