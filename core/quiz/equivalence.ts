/**
 * Whether two expressions are the same function of their variables, and if not, a point that
 * shows it. In order:
 *
 * 1. Polynomials are decided exactly: both multiplied out (within a work budget) and compared
 *    term by term; when they differ, the difference is non-zero at some small whole point, which
 *    is reported.
 * 2. Otherwise the difference is simplified (./simplify.ts, for trees small enough); if it is 0
 *    they agree wherever both are defined, and only where each is defined is left to check.
 * 3. Values are compared at special points, exactly where the trees allow it (small whole numbers
 *    and the rational zeros of denominators, where one side may be undefined: (x²−1)/(x−1) at 1),
 *    then at seeded pseudo-random points in floating point within a relative tolerance. A point
 *    where one side is defined and the other is not makes them different functions.
 *
 * Reproducible: the random points come from a fixed seed.
 */
import { childrenOf, type ExprNode } from "../expr/ast";
import { compileReal, ExprCompileError, type RealFunction } from "../expr/compile-real";
import { exactValue, simplify } from "../expr/simplify";
import { equals, isZero, rational, ZERO, type Rational } from "../algebra/rational";
import {
  evaluatePolynomial,
  nonZeroPoint,
  polynomialToText,
  polynomialVariables,
  subtractPolynomials,
  toPolynomial,
  type Polynomial,
} from "../algebra/polynomial";
import { approximateText, expressionText, rationalText } from "./answer-text";
import { exactValueOf, rationalToNumber, type ExactBudget } from "./exact-value";
import { createRandom } from "./random";
import { coefficientsIn, rationalZeros } from "./rational-zeros";

/** Values agree when |a − b| ≤ RELATIVE_TOLERANCE · max(1, |a|, |b|): relative, and absolute below 1. */
export const RELATIVE_TOLERANCE = 1e-9;
/** Random points at which both sides must be defined and agree. */
export const RANDOM_POINTS = 12;
/** Random points tried at most (some may be outside both domains). */
export const MAX_RANDOM_TRIALS = 100;
/** Random values have a random sign and a magnitude log-uniform in this range. */
export const RANDOM_MAGNITUDES: readonly [number, number] = [0.1, 10];
/**
 * Every this-many-th random point is whole, with magnitude 1 to MAX_WHOLE_RANDOM: functions of
 * whole numbers only (n!, gcd) have no value elsewhere.
 */
export const WHOLE_RANDOM_EVERY = 4;
export const MAX_WHOLE_RANDOM = 10;
export const EQUIVALENCE_SEED = 0x5eed;
/** Whole numbers tried first for each variable, in this order, so a reported point is small. */
export const SPECIAL_VALUES: readonly number[] = [0, 1, -1, 2, -2, 3, -3];
export const MAX_SPECIAL_POINTS = 80;
/** With fewer points than this where both sides have a value, the answer cannot be judged equal. */
export const MIN_AGREEING_POINTS = 5;
/**
 * Larger trees (in nodes, both together) are not simplified: the simplifier's work grows with
 * about the cube of the size (a sum of 30 squares, 180 nodes, takes 10 ms).
 */
export const SIMPLIFY_NODE_LIMIT = 100;
/** Numbers with more digits are not simplified: it folds powers of numbers exactly. */
export const SIMPLIFY_DIGIT_LIMIT = 30;
/** Numbers with more digits are not multiplied out: powers of them grow too fast to bound the time. */
export const POLYNOMIAL_DIGIT_LIMIT = 60;
/** Term products both polynomials together may take (see core/algebra/polynomial.ts). */
export const POLYNOMIAL_WORK_BUDGET = 5_000;
/** Exact evaluation work for all special points together (see ./exact-value.ts); past it they are compared in floating point. */
export const SPECIAL_POINTS_EXACT_BUDGET = 500_000;
/** The value other variables take while one runs through the zeros of a denominator. */
const OTHER_VARIABLES_VALUE = rational(2n);

export type Comparison = { equal: true; steps: string[] } | { equal: false; feedback: string; steps: string[] };

type Point = ReadonlyMap<string, Rational>;

/** A side's value at a point: exact, a double, or undefined there (`overflow`: a double out of range, which may also be a value too large). */
type SideValue =
  { kind: "exact"; value: Rational } | { kind: "float"; value: number } | { kind: "undefined"; overflow: boolean };

function nodeCount(node: ExprNode): number {
  return childrenOf(node).reduce((sum, child) => sum + nodeCount(child), 1);
}

function longestNumber(node: ExprNode): number {
  if (node.kind === "number") return node.value.length;
  return childrenOf(node).reduce((most, child) => Math.max(most, longestNumber(child)), 0);
}

/** " at x = 1, y = −2", or "" without variables. */
function exactPointText(point: Point, names: readonly string[]): string {
  return names.length === 0
    ? ""
    : ` at ${names.map((name) => `${name} = ${rationalText(point.get(name)!)}`).join(", ")}`;
}

function floatPointText(env: readonly number[], names: readonly string[]): string {
  return names.length === 0 ? "" : ` at ${names.map((name, i) => `${name} ≈ ${approximateText(env[i]!)}`).join(", ")}`;
}

function sideText(value: SideValue): string {
  if (value.kind === "undefined") return "undefined";
  return value.kind === "exact" ? rationalText(value.value) : `≈ ${approximateText(value.value)}`;
}

const asNumber = (value: SideValue) =>
  value.kind === "exact" ? rationalToNumber(value.value) : value.kind === "float" ? value.value : NaN;

function floatsAgree(a: number, b: number): boolean {
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * Feedback for two values at a point, or null when they agree (or both are undefined). With
 * `definedOnly` (the sides are known to agree where both are defined) only an exact comparison
 * or a side undefined counts, not the rounding of doubles.
 */
function disagreement(expected: SideValue, given: SideValue, where: string, definedOnly: boolean): string | null {
  if (expected.kind === "undefined" && given.kind === "undefined") return null;
  const there = (side: SideValue) =>
    (side.kind === "undefined" && side.overflow ? " or too large" : "") + (where === "" ? "" : " there");
  if (given.kind === "undefined") return `Not equal${where}: the given expression is undefined${there(given)}.`;
  if (expected.kind === "undefined") return `Not equal${where}: the expected answer is undefined${there(expected)}.`;
  if (expected.kind === "exact" && given.kind === "exact") {
    return equals(expected.value, given.value) ? null : `Not equal${where}.`;
  }
  if (definedOnly) return null;
  return floatsAgree(asNumber(expected), asNumber(given)) ? null : `Not equal${where}.`;
}

// ---------------------------------------------------------------- special points

/** Small whole values: every combination for up to two variables, one variable at a time beyond. */
function wholePoints(variables: readonly string[]): Point[] {
  const whole = SPECIAL_VALUES.map((v) => rational(BigInt(v)));
  if (variables.length <= 2) {
    let points: Map<string, Rational>[] = [new Map()];
    for (const name of variables) {
      points = points.flatMap((point) => whole.map((value) => new Map(point).set(name, value)));
    }
    return points;
  }
  return variables.flatMap((name) =>
    whole.map((value) => new Map(variables.map((other) => [other, other === name ? value : OTHER_VARIABLES_VALUE]))),
  );
}

/** The factors of a product (through signs and positive powers): each one's zeros are the product's. */
function factorsOf(node: ExprNode): ExprNode[] {
  if (node.kind === "unary") return factorsOf(node.operand);
  if (node.kind === "binary" && node.operator === "*") return [...factorsOf(node.left), ...factorsOf(node.right)];
  if (node.kind === "binary" && node.operator === "^") {
    const exponent = exactValue(node.right);
    if (exponent !== null && exponent.num > 0n) return factorsOf(node.left);
  }
  return [node];
}

/**
 * Sub-trees whose zeros are points where a side may be undefined: denominators (and each of
 * their factors, so (x−1)(x²+x+5) gives x = 1), bases of negative powers, logarithms' arguments.
 */
function singularParts(node: ExprNode, found: ExprNode[] = []): ExprNode[] {
  const add = (part: ExprNode) => found.push(part, ...factorsOf(part));
  if (node.kind === "binary" && node.operator === "/") add(node.right);
  if (node.kind === "binary" && node.operator === "^") {
    const exponent = exactValue(node.right);
    if (exponent !== null && exponent.num < 0n) add(node.left);
  }
  if (node.kind === "call" && (node.name === "ln" || node.name === "log")) node.args.forEach(add);
  if (node.kind === "logBase") add(node.argument);
  childrenOf(node).forEach((child) => singularParts(child, found));
  return found;
}

/** Points where a denominator (or a logarithm's argument) of either tree is zero, found when easy. */
function singularPoints(trees: readonly ExprNode[], variables: readonly string[]): Point[] {
  const points: Point[] = [];
  const budget = { remaining: POLYNOMIAL_WORK_BUDGET };
  for (const part of trees.flatMap((tree) => singularParts(tree))) {
    const polynomial = toPolynomial(part, { budget });
    if (!polynomial.ok) continue;
    for (const name of polynomialVariables(polynomial.polynomial)) {
      for (const zero of rationalZeros(coefficientsIn(polynomial.polynomial, name, OTHER_VARIABLES_VALUE))) {
        points.push(new Map(variables.map((other) => [other, other === name ? zero : OTHER_VARIABLES_VALUE])));
      }
    }
  }
  return points;
}

function specialPoints(trees: readonly ExprNode[], variables: readonly string[]): Point[] {
  const seen = new Set<string>();
  const points: Point[] = [];
  for (const point of [...wholePoints(variables), ...singularPoints(trees, variables)]) {
    const key = variables.map((name) => rationalText(point.get(name)!)).join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    points.push(point);
    if (points.length === MAX_SPECIAL_POINTS) break;
  }
  return points;
}

// ---------------------------------------------------------------- the comparison

function comparePolynomials(expected: Polynomial, given: Polynomial, variables: readonly string[]): Comparison {
  const difference = subtractPolynomials(expected, given);
  if (difference.terms.length === 0) return { equal: true, steps: ["Multiplied out, expected − given = 0."] };
  // Small whole values first, so the point shown is simple; past them a point that always exists.
  const point =
    wholePoints(variables).find((p) => !isZero(evaluatePolynomial(difference, p))) ??
    new Map([...variables.map((name): [string, Rational] => [name, ZERO]), ...nonZeroPoint(difference)!]);
  const where = exactPointText(point, variables);
  const values = `expected ${rationalText(evaluatePolynomial(expected, point))}, given ${rationalText(evaluatePolynomial(given, point))}`;
  return {
    equal: false,
    feedback: `Not equal${where}.`,
    steps: [
      `Multiplied out, expected − given = ${polynomialToText(difference).replaceAll("-", "−")}, not 0.`,
      `Values${where}: ${values}.`,
    ],
  };
}

/** Whether simplify reduces expected − given to 0; null when the trees are too large to try. */
function simplifiesToZero(expected: ExprNode, given: ExprNode): { zero: boolean; text: string } | null {
  if (nodeCount(expected) + nodeCount(given) > SIMPLIFY_NODE_LIMIT) return null;
  const span = { start: 0, end: 0 };
  const difference = simplify({ kind: "binary", operator: "-", left: expected, right: given, implicit: false, span });
  const value = exactValue(difference);
  return { zero: value !== null && isZero(value), text: expressionText(difference) };
}

class PointChecker {
  private readonly exactBudget: ExactBudget = { remaining: SPECIAL_POINTS_EXACT_BUDGET };

  constructor(
    private readonly expected: { tree: ExprNode; f: RealFunction },
    private readonly given: { tree: ExprNode; f: RealFunction },
    private readonly variables: readonly string[],
  ) {}

  private exactSide(side: { tree: ExprNode; f: RealFunction }, point: Point, env: readonly number[]): SideValue {
    const exact = exactValueOf(side.tree, point, this.exactBudget);
    if (exact.kind === "value") return { kind: "exact", value: exact.value };
    if (exact.kind === "undefined") return { kind: "undefined", overflow: false };
    return this.floatSide(side.f, env);
  }

  private floatSide(f: RealFunction, env: readonly number[]): SideValue {
    const value = f(env);
    if (Number.isFinite(value)) return { kind: "float", value };
    return { kind: "undefined", overflow: !Number.isNaN(value) };
  }

  /** Feedback and steps at the first special point where the sides differ; else how many agreed. */
  special(definedOnly: boolean): { feedback: string; steps: string[] } | { agreed: number; exactly: number } {
    let agreed = 0;
    let exactly = 0;
    for (const point of specialPoints([this.expected.tree, this.given.tree], this.variables)) {
      const env = this.variables.map((name) => rationalToNumber(point.get(name)!));
      const e = this.exactSide(this.expected, point, env);
      const g = this.exactSide(this.given, point, env);
      const where = exactPointText(point, this.variables);
      const feedback = disagreement(e, g, where, definedOnly);
      if (feedback !== null) {
        return { feedback, steps: [`Values${where}: expected ${sideText(e)}, given ${sideText(g)}.`] };
      }
      if (e.kind !== "undefined") agreed += 1;
      if (e.kind === "exact" && g.kind === "exact") exactly += 1;
    }
    return { agreed, exactly };
  }

  /** Feedback and steps at the first random point where the sides differ; else how many agreed. */
  random(definedOnly: boolean): { feedback: string; steps: string[] } | { agreed: number } {
    const random = createRandom(EQUIVALENCE_SEED);
    const next = () => random.next();
    const [low, high] = RANDOM_MAGNITUDES;
    let agreed = 0;
    for (let trial = 0; trial < MAX_RANDOM_TRIALS && agreed < RANDOM_POINTS; trial += 1) {
      const whole = trial % WHOLE_RANDOM_EVERY === WHOLE_RANDOM_EVERY - 1;
      const env = this.variables.map(
        () =>
          (next() < 0.5 ? -1 : 1) * (whole ? 1 + Math.floor(next() * MAX_WHOLE_RANDOM) : low * (high / low) ** next()),
      );
      const e = this.floatSide(this.expected.f, env);
      const g = this.floatSide(this.given.f, env);
      const where = floatPointText(env, this.variables);
      const feedback = disagreement(e, g, where, definedOnly);
      if (feedback !== null) {
        return { feedback, steps: [`Values${where}: expected ${sideText(e)}, given ${sideText(g)}.`] };
      }
      if (e.kind !== "undefined") agreed += 1;
    }
    return { agreed };
  }
}

/**
 * Whether `given` is the same function as `expected` of `variables` (both trees may use only
 * those, and must each have a single value: no relation, tuple or list). Never throws.
 */
export function compareExpressions(expected: ExprNode, given: ExprNode, variables: readonly string[]): Comparison {
  const longest = Math.max(longestNumber(expected), longestNumber(given));
  if (longest <= POLYNOMIAL_DIGIT_LIMIT) {
    const budget = { remaining: POLYNOMIAL_WORK_BUDGET };
    const expectedPolynomial = toPolynomial(expected, { budget });
    const givenPolynomial = expectedPolynomial.ok ? toPolynomial(given, { budget }) : null;
    if (expectedPolynomial.ok && givenPolynomial?.ok) {
      return comparePolynomials(expectedPolynomial.polynomial, givenPolynomial.polynomial, variables);
    }
  }
  const steps: string[] = [];
  let compiled: { expected: RealFunction; given: RealFunction };
  try {
    compiled = { expected: compileReal(expected, variables), given: compileReal(given, variables) };
  } catch (error) {
    if (!(error instanceof ExprCompileError)) throw error;
    return { equal: false, feedback: `The answer cannot be evaluated: ${error.message}.`, steps: [error.message] };
  }
  const simplified = longest <= SIMPLIFY_DIGIT_LIMIT ? simplifiesToZero(expected, given) : null;
  if (simplified === null) steps.push("Too large to simplify: compared by values only.");
  else if (simplified.zero) steps.push("Simplified, expected − given = 0; checked where each is defined.");
  else steps.push(`Simplified, expected − given = ${simplified.text}: compared by values.`);
  const definedOnly = simplified?.zero ?? false;
  const checker = new PointChecker(
    { tree: expected, f: compiled.expected },
    { tree: given, f: compiled.given },
    variables,
  );
  const special = checker.special(definedOnly);
  if ("feedback" in special) return { equal: false, feedback: special.feedback, steps: [...steps, ...special.steps] };
  steps.push(
    `Agree at ${special.agreed} special points (small whole numbers, zeros of denominators), ${special.exactly} of them exactly.`,
  );
  const random = checker.random(definedOnly);
  if ("feedback" in random) return { equal: false, feedback: random.feedback, steps: [...steps, ...random.steps] };
  steps.push(`Equal at ${random.agreed} random points within ${RELATIVE_TOLERANCE}.`);
  if (special.agreed + random.agreed < MIN_AGREEING_POINTS) {
    return {
      equal: false,
      feedback: "The answer could not be checked: it has a value at too few of the points tried.",
      steps: [...steps, `Fewer than ${MIN_AGREEING_POINTS} points where both have a value.`],
    };
  }
  return { equal: true, steps };
}
