/**
 * The exact value of an expression tree as a fraction of BigInts, with letters given exact
 * values: what the grader uses to read number answers (`2^10`, `6/4`, `-3/-2`, a number with
 * thousands of digits) and to compare expressions at special points (where a division by zero
 * must be seen exactly, not as a huge double).
 *
 * Three outcomes: a value; undefined (a division by zero, 0 to a negative power, the square root
 * of a negative number, n! of a negative or fractional n), said with the part that is undefined;
 * or inexact (π, sin(1), sqrt(2), 2^(1/2), or a result too large to work out), where the caller
 * falls back to floating point or refuses. An undefined part makes the whole undefined even when
 * other parts are inexact: 1/0 + π is undefined.
 *
 * Work is bounded: sizes are estimated before a power or factorial is computed, and each
 * operation spends from a budget counted in bits (fractions cost the square of their size, since
 * reducing them takes a gcd), so no input can make this slow.
 */
import type { ExprNode } from "../expr/ast";
import { functionNamed } from "../expr/functions";
import {
  add,
  divide,
  isInteger,
  isZero,
  multiply,
  negate,
  ONE,
  parseDecimal,
  power,
  rational,
  subtract,
  type Rational,
} from "../algebra/rational";
import { isqrt } from "../numtheory/bigint";
import { expressionText } from "./answer-text";

/** The largest whole number worked out, in bits (about 21,000 digits). */
export const MAX_EXACT_BITS = 70_000;
/** The largest fraction (numerator and denominator together) worked out, in bits (about 2,400 digits). */
export const MAX_FRACTION_BITS = 8_000;
/** The largest n for which n! is worked out exactly (1000! has 2,568 digits). */
export const MAX_EXACT_FACTORIAL = 1_000;
/** Work one evaluation may do by default, in bits of results (about 10 ms). */
export const DEFAULT_EXACT_BUDGET = 2_000_000;
/** Every node evaluated costs at least this much, for the bookkeeping of small numbers. */
const NODE_COST = 100;
/** n! costs n products of growing numbers: charged this many times n·log2(n). */
const FACTORIAL_COST_FACTOR = 3;
/** A fraction's cost is its size squared over this: a gcd of two 4,000-bit numbers costs about as much as a 500,000-bit product. */
const FRACTION_COST_DIVISOR = 30;

export type ExactResult =
  { kind: "value"; value: Rational } | { kind: "undefined"; reason: string } | { kind: "inexact"; reason: string };

export interface ExactBudget {
  remaining: number;
}

/** Below this a BigInt converts to a finite double. */
const DOUBLE_RANGE = 1n << 1000n;

/** An upper estimate of a BigInt's size in bits, without converting it to binary. */
function bitsOf(n: bigint): number {
  if (n === 0n) return 0;
  // Within a double's range the logarithm says it; beyond, hexadecimal digits, 4 bits each.
  const magnitude = n < 0n ? -n : n;
  if (magnitude < DOUBLE_RANGE) return Math.ceil(Math.log2(Number(magnitude)) + 1);
  return magnitude.toString(16).length * 4;
}

/**
 * Why there is no exact value, returned rather than thrown: trees may be thousands of levels
 * deep, and unwinding them by exceptions, level after level, is slow.
 */
class Problem {
  constructor(
    readonly kind: "undefined" | "inexact" | "budget",
    readonly reason: string,
  ) {}
}

const inexact = (reason: string) => new Problem("inexact", reason);
const undefinedValue = (reason: string) => new Problem("undefined", reason);
const OUT_OF_BUDGET = new Problem("budget", "it takes too much work to evaluate exactly");

type Outcome = Rational | Problem;

class ExactEvaluator {
  constructor(
    private readonly values: ReadonlyMap<string, Rational>,
    private readonly budget: ExactBudget,
  ) {}

  /** Whether `work` is still within the budget, spending it. */
  private spend(work: number): boolean {
    this.budget.remaining -= work;
    return this.budget.remaining >= 0;
  }

  /** `x`, with the work of producing it charged; a problem when it is too large or the budget is spent. */
  private charge(x: Rational, node: ExprNode): Outcome {
    const numeratorBits = bitsOf(x.num);
    if (isInteger(x)) {
      if (numeratorBits > MAX_EXACT_BITS) return inexact(`${quote(node)} is too large to work out exactly`);
      return this.spend(numeratorBits) ? x : OUT_OF_BUDGET;
    }
    const bits = numeratorBits + bitsOf(x.den);
    if (bits > MAX_FRACTION_BITS) return inexact(`${quote(node)} is a fraction too large to work out exactly`);
    return this.spend((bits * bits) / FRACTION_COST_DIVISOR) ? x : OUT_OF_BUDGET;
  }

  evaluate(node: ExprNode): Outcome {
    if (!this.spend(NODE_COST)) return OUT_OF_BUDGET;
    switch (node.kind) {
      case "number":
        return this.charge(parseDecimal(node.value), node);
      case "variable":
        return this.values.get(node.name) ?? inexact(`it has the letter ${node.name} in it`);
      case "constant":
        return inexact(`${quote(node)} has no exact fraction`);
      case "unary": {
        const operand = this.evaluate(node.operand);
        return operand instanceof Problem || node.operator === "+" ? operand : negate(operand);
      }
      case "factorial": {
        const operand = this.evaluate(node.operand);
        return operand instanceof Problem ? operand : this.factorial(operand, node);
      }
      case "binary":
        return this.binary(node);
      case "call":
        return this.call(node);
      default:
        return inexact(`${quote(node)} has no single exact value`);
    }
  }

  private binary(node: ExprNode & { kind: "binary" }): Outcome {
    // An undefined part outweighs an inexact one: 1/0 + π and π/0 are undefined, so an inexact
    // left operand waits until the right one has been looked at.
    const left = this.evaluate(node.left);
    if (left instanceof Problem && left.kind !== "inexact") return left;
    const right = this.evaluate(node.right);
    if (right instanceof Problem && right.kind !== "inexact") return right;
    if (node.operator === "/" && !(right instanceof Problem) && isZero(right)) {
      return undefinedValue(`${quote(node)} divides by zero`);
    }
    if (left instanceof Problem) return left;
    if (right instanceof Problem) return right;
    switch (node.operator) {
      case "+":
        return this.charge(add(left, right), node);
      case "-":
        return this.charge(subtract(left, right), node);
      case "*":
        return this.charge(multiply(left, right), node);
      case "/":
        return this.charge(divide(left, right), node);
      case "^":
        return this.power(left, right, node);
    }
  }

  private power(base: Rational, exponent: Rational, node: ExprNode): Outcome {
    if (!isInteger(exponent)) return inexact(`${quote(node)} has a fractional exponent`);
    const n = exponent.num < 0n ? -exponent.num : exponent.num;
    if (isZero(base)) {
      if (exponent.num < 0n) return undefinedValue(`${quote(node)} is 0 to a negative power, which divides by zero`);
      return exponent.num === 0n ? ONE : base;
    }
    const unit = (base.num === 1n || base.num === -1n) && base.den === 1n;
    if (unit) return n % 2n === 0n ? ONE : base;
    const bits = Math.max(bitsOf(base.num), bitsOf(base.den)) - 1;
    // |base| ≥ 2 or ≤ 1/2 here, so the result has at least n·bits bits: refuse before computing.
    if (Number(n) * Math.max(bits, 1) > MAX_EXACT_BITS)
      return inexact(`${quote(node)} is too large to work out exactly`);
    const raised = power(base, Number(n));
    return this.charge(exponent.num < 0n ? divide(ONE, raised) : raised, node);
  }

  private factorial(operand: Rational, node: ExprNode): Outcome {
    if (!isInteger(operand) || operand.num < 0n) {
      return undefinedValue(`${quote(node)} is undefined: n! needs a whole number n ≥ 0`);
    }
    if (operand.num > BigInt(MAX_EXACT_FACTORIAL)) return inexact(`${quote(node)} is too large to work out exactly`);
    const n = Number(operand.num);
    if (!this.spend(FACTORIAL_COST_FACTOR * n * Math.log2(Math.max(n, 2)))) return OUT_OF_BUDGET;
    let result = 1n;
    for (let k = 2n; k <= operand.num; k += 1n) result *= k;
    return this.charge(rational(result), node);
  }

  private call(node: ExprNode & { kind: "call" }): Outcome {
    const name = functionNamed(node.name);
    if ((name !== "abs" && name !== "sqrt") || node.args.length !== 1) {
      return inexact(`${quote(node)} has no exact fraction in general`);
    }
    const x = this.evaluate(node.args[0]!);
    if (x instanceof Problem) return x;
    if (name === "abs") return x.num < 0n ? negate(x) : x;
    if (x.num < 0n) return undefinedValue(`${quote(node)} is the square root of a negative number`);
    const [top, bottom] = [isqrt(x.num), isqrt(x.den)];
    if (top * top !== x.num || bottom * bottom !== x.den) return inexact(`${quote(node)} is not a fraction`);
    return rational(top, bottom);
  }
}

function quote(node: ExprNode): string {
  return expressionText(node);
}

/**
 * The exact value of `node` with the letters in `values`; a letter without a value makes it
 * inexact. `budget` may be shared by several evaluations so their total work is bounded.
 */
export function exactValueOf(
  node: ExprNode,
  values: ReadonlyMap<string, Rational> = new Map(),
  budget: ExactBudget = { remaining: DEFAULT_EXACT_BUDGET },
): ExactResult {
  const outcome = new ExactEvaluator(values, budget).evaluate(node);
  if (!(outcome instanceof Problem)) return { kind: "value", value: outcome };
  return { kind: outcome.kind === "undefined" ? "undefined" : "inexact", reason: outcome.reason };
}

/** A fraction as the nearest double, even when numerator and denominator are beyond a double's range. */
export function rationalToNumber(x: Rational): number {
  const direct = Number(x.num) / Number(x.den);
  if (Number.isFinite(direct) && direct !== 0) return direct;
  if (x.num === 0n) return 0;
  // Scale both to about 60 significant bits, keeping the power of two aside.
  const shiftOf = (n: bigint) => Math.max(bitsOf(n) - 60, 0);
  const [topShift, bottomShift] = [shiftOf(x.num), shiftOf(x.den)];
  const ratio = Number(x.num >> BigInt(topShift)) / Number(x.den >> BigInt(bottomShift));
  return ratio * 2 ** (topShift - bottomShift);
}
