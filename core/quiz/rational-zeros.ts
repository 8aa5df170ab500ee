/**
 * The rational zeros of a polynomial in one variable when they are easy to find: degree 1, and
 * degree 2 with a rational discriminant root. Used to find where a denominator vanishes and
 * whether a quadratic factor splits further.
 */
import {
  add,
  divide,
  isZero,
  multiply,
  negate,
  power,
  rational,
  subtract,
  ZERO,
  type Rational,
} from "../algebra/rational";
import type { Polynomial } from "../algebra/polynomial";
import { isqrt } from "../numtheory/bigint";

/** The coefficients of p as a polynomial in `name` (index = power), other variables set to `others`. */
export function coefficientsIn(p: Polynomial, name: string, others: Rational): Rational[] {
  const coefficients: Rational[] = [];
  for (const { monomial, coefficient } of p.terms) {
    let degree = 0;
    let value = coefficient;
    for (const [variable, exponent] of monomial) {
      if (variable === name) degree = exponent;
      else value = multiply(value, power(others, exponent));
    }
    coefficients[degree] = add(coefficients[degree] ?? ZERO, value);
  }
  return Array.from(coefficients, (c) => c ?? ZERO);
}

function rationalSquareRoot(x: Rational): Rational | null {
  if (x.num < 0n) return null;
  const [top, bottom] = [isqrt(x.num), isqrt(x.den)];
  return top * top === x.num && bottom * bottom === x.den ? rational(top, bottom) : null;
}

/** The rational zeros (a double one twice) of c0 + c1·x + c2·x²; none are looked for at higher degree. */
export function rationalZeros(coefficients: readonly Rational[]): Rational[] {
  const [c0 = ZERO, c1 = ZERO, c2 = ZERO] = coefficients;
  const degree = coefficients.findLastIndex((c) => !isZero(c));
  if (degree === 1) return [divide(negate(c0), c1)];
  if (degree !== 2) return [];
  const root = rationalSquareRoot(subtract(multiply(c1, c1), multiply(rational(4n), multiply(c2, c0))));
  if (root === null) return [];
  const twice = multiply(rational(2n), c2);
  return [divide(subtract(negate(c1), root), twice), divide(add(negate(c1), root), twice)];
}
