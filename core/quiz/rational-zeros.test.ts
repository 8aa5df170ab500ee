import { describe, expect, it } from "vitest";
import { add, equals, multiply, negate, rational, ZERO, type Rational } from "../algebra/rational";
import { toPolynomial } from "../algebra/polynomial";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { randomRational } from "../algebra/test-oracles";
import { random } from "../numtheory/test-oracles";
import { coefficientsIn, rationalZeros } from "./rational-zeros";

const valueAt = (coefficients: readonly Rational[], x: Rational) =>
  coefficients.reduceRight((sum, c) => add(multiply(sum, x), c), ZERO);

const sortRationals = (xs: Rational[]) => [...xs].sort((a, b) => Number(a.num * b.den - b.num * a.den));

describe("rationalZeros", () => {
  it("finds both zeros of a·(x − r)(x − s) for random rationals", () => {
    const next = random(12);
    for (let i = 0; i < 300; i += 1) {
      const [a, r, s] = [randomRational(next, 9), randomRational(next), randomRational(next)];
      if (a.num === 0n) continue;
      // a·x² − a(r + s)·x + a·r·s
      const coefficients = [multiply(a, multiply(r, s)), negate(multiply(a, add(r, s))), a];
      const zeros = rationalZeros(coefficients);
      expect(zeros).toHaveLength(2);
      expect(sortRationals(zeros)).toEqual(sortRationals([r, s]));
    }
  });

  it("finds the zero of a linear polynomial, and only zeros", () => {
    const next = random(13);
    for (let i = 0; i < 100; i += 1) {
      const [c0, c1] = [randomRational(next), randomRational(next)];
      if (c1.num === 0n) continue;
      const [zero] = rationalZeros([c0, c1]);
      expect(equals(valueAt([c0, c1], zero!), ZERO)).toBe(true);
    }
  });

  it("finds none where there are none to find", () => {
    expect(rationalZeros([rational(1n), ZERO, rational(1n)])).toEqual([]); // x² + 1
    expect(rationalZeros([rational(-2n), ZERO, rational(1n)])).toEqual([]); // x² − 2
    expect(rationalZeros([rational(5n)])).toEqual([]);
    expect(rationalZeros([rational(-1n), ZERO, ZERO, rational(1n)])).toEqual([]); // x³ − 1: degree 3 is not looked at
  });
});

describe("coefficientsIn", () => {
  it("collects powers of one variable, the others set to a value", () => {
    const parsed = parseExpression("x^2 y + 3x y^2 - y + 4", FORMULA_OPTIONS);
    if (!parsed.ok) throw parsed.error;
    const polynomial = toPolynomial(parsed.ast);
    if (!polynomial.ok) throw new Error(polynomial.reason);
    // y = 2: 2x² + 12x + 2
    expect(coefficientsIn(polynomial.polynomial, "x", rational(2n))).toEqual([
      rational(2n),
      rational(12n),
      rational(2n),
    ]);
  });
});
