/**
 * What the tests of core/algebra share: direct exact evaluation of a syntax tree (the oracle the
 * polynomial code is checked against: it multiplies nothing out), random rationals and random
 * expression text, all seeded.
 */
import type { ExprNode } from "../expr/ast";
import { random } from "../numtheory/test-oracles";
import {
  ONE,
  add,
  divide,
  isInteger,
  isZero,
  multiply,
  negate,
  parseDecimal,
  power,
  rational,
  subtract,
  type Rational,
} from "./rational";

export { random };

/** The value of the tree at the given letters, or null where it is undefined (x/0, 0^-1, a call, a fractional power). */
export function evaluateExact(node: ExprNode, values: ReadonlyMap<string, Rational>): Rational | null {
  switch (node.kind) {
    case "number":
      return parseDecimal(node.value);
    case "variable":
      return values.get(node.name) ?? null;
    case "call":
      return null;
    default:
      throw new Error(`evaluateExact does not know ${node.kind} nodes`);
    case "unary": {
      const operand = evaluateExact(node.operand, values);
      return operand === null ? null : node.operator === "-" ? negate(operand) : operand;
    }
    case "binary": {
      const left = evaluateExact(node.left, values);
      const right = evaluateExact(node.right, values);
      if (left === null || right === null) return null;
      switch (node.operator) {
        case "+":
          return add(left, right);
        case "-":
          return subtract(left, right);
        case "*":
          return multiply(left, right);
        case "/":
          return isZero(right) ? null : divide(left, right);
        case "^": {
          if (!isInteger(right) || right.num > 40n || right.num < -40n) return null;
          const n = Number(right.num);
          if (n >= 0) return power(left, n);
          return isZero(left) ? null : power(divide(ONE, left), -n);
        }
      }
    }
  }
}

/** A random rational with numerator in [−range, range] and denominator in [1, 7]. */
export function randomRational(next: () => number, range = 30): Rational {
  const num = BigInt(Math.floor(next() * (2 * range + 1)) - range);
  const den = BigInt(1 + Math.floor(next() * 7));
  return rational(num, den);
}

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/**
 * Random polynomial expression text over the given letters: sums, differences, products written
 * with * or side by side, small powers, division by a non-zero number, signs and brackets.
 */
export function randomPolynomialText(next: () => number, letters: readonly string[], depth = 3): string {
  if (depth === 0 || next() < 0.25) {
    return next() < 0.5 ? pick(next, letters) : String(Math.floor(next() * 9) + 1);
  }
  const sub = () => randomPolynomialText(next, letters, depth - 1);
  switch (Math.floor(next() * 7)) {
    case 0:
      return `${sub()}+${sub()}`;
    case 1:
      return `${sub()}-(${sub()})`;
    case 2:
      return `(${sub()})*(${sub()})`;
    case 3:
      return `(${sub()})(${sub()})`;
    case 4:
      return `(${sub()})^${Math.floor(next() * 4)}`;
    case 5:
      return `(${sub()})/${Math.floor(next() * 5) + 1}`;
    default:
      return `-(${sub()})`;
  }
}
