/**
 * Exact fractions of BigInts, always in lowest terms with a positive denominator, so two equal
 * numbers have equal fields and `equals` is a field comparison.
 */
import { gcd } from "../numtheory/bigint";

export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

export function rational(num: bigint, den: bigint = 1n): Rational {
  if (den === 0n) throw new RangeError("a fraction cannot have denominator 0");
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);

/** "12", "0.25", ".5": the exact value of an unsigned decimal as the parser keeps it. */
export function parseDecimal(text: string): Rational {
  const match = /^(\d*)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[1] === "" && match[2] === undefined)) throw new RangeError(`"${text}" is not a decimal number`);
  const [, whole, fraction = ""] = match;
  return rational(BigInt(`${whole}${fraction}`), 10n ** BigInt(fraction.length));
}

// Whole numbers skip the gcd: expanding a power is mostly whole-number arithmetic.
export const add = (x: Rational, y: Rational): Rational =>
  x.den === 1n && y.den === 1n
    ? { num: x.num + y.num, den: 1n }
    : rational(x.num * y.den + y.num * x.den, x.den * y.den);
export const subtract = (x: Rational, y: Rational): Rational =>
  x.den === 1n && y.den === 1n
    ? { num: x.num - y.num, den: 1n }
    : rational(x.num * y.den - y.num * x.den, x.den * y.den);
export const multiply = (x: Rational, y: Rational): Rational =>
  x.den === 1n && y.den === 1n ? { num: x.num * y.num, den: 1n } : rational(x.num * y.num, x.den * y.den);
export const negate = (x: Rational): Rational => ({ num: -x.num, den: x.den });

/** x / y; y must not be zero. */
export function divide(x: Rational, y: Rational): Rational {
  if (y.num === 0n) throw new RangeError("division by zero");
  return rational(x.num * y.den, x.den * y.num);
}

/** x^n for a whole n ≥ 0 (0^0 = 1, the convention of polynomial algebra). */
export function power(x: Rational, n: number): Rational {
  return { num: x.num ** BigInt(n), den: x.den ** BigInt(n) };
}

export const isZero = (x: Rational) => x.num === 0n;
export const isInteger = (x: Rational) => x.den === 1n;
export const equals = (x: Rational, y: Rational) => x.num === y.num && x.den === y.den;

/** "3", "-5/2": plain text, readable back by the expression parser. */
export function rationalToText(x: Rational): string {
  return x.den === 1n ? x.num.toString() : `${x.num}/${x.den}`;
}

/** "3", "-\frac{5}{2}". */
export function rationalToTex(x: Rational): string {
  if (x.den === 1n) return x.num.toString();
  return `${x.num < 0n ? "-" : ""}\\frac{${x.num < 0n ? -x.num : x.num}}{${x.den}}`;
}
