/**
 * Linear equations in one unknown x, ax + b = cx + d with rational a, b, c, d, solved the way a
 * balance is kept level: the same operation on both sides. Adding or subtracting anything, or
 * multiplying or dividing by a non-zero number, keeps exactly the same solutions; multiplying
 * by 0 or by an expression in x could change them, so those are refused with the reason.
 */
import type { ExprNode } from "../expr/ast";
import { parseExpression } from "../expr/parse";
import { expressionToTex } from "../expr/to-tex";
import {
  addPolynomials,
  constantPolynomial,
  polynomialToTex,
  polynomialToText,
  polynomialVariables,
  toPolynomial,
  type Polynomial,
} from "./polynomial";
import { ONE, ZERO, add, divide, equals, isZero, multiply, rationalToTex, subtract, type Rational } from "./rational";

export const UNKNOWN = "x";
export const MAX_EQUATION_LENGTH = 60;

/** coefficient·x + constant. */
export interface LinearSide {
  coefficient: Rational;
  constant: Rational;
}

export interface LinearEquation {
  left: LinearSide;
  right: LinearSide;
}

export type Operation =
  { kind: "add" | "subtract"; amount: LinearSide } | { kind: "multiply" | "divide"; amount: Rational };

export type OperationKind = Operation["kind"];

export type Solutions = { kind: "one"; x: Rational } | { kind: "none" } | { kind: "every" };

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const sideToPolynomial = (side: LinearSide): Polynomial =>
  addPolynomials(constantPolynomial(side.constant), {
    terms: isZero(side.coefficient) ? [] : [{ monomial: [[UNKNOWN, 1]], coefficient: side.coefficient }],
  });

export const sideToTex = (side: LinearSide) => polynomialToTex(sideToPolynomial(side));
export const sideToText = (side: LinearSide) => polynomialToText(sideToPolynomial(side));
export const equationToTex = (eq: LinearEquation) => `${sideToTex(eq.left)} = ${sideToTex(eq.right)}`;
export const equationToText = (eq: LinearEquation) => `${sideToText(eq.left)} = ${sideToText(eq.right)}`;

/** An expression as a linear side, or why it is not one (with the side's name for the message). */
function linearSide(ast: ExprNode, source: string, what: string): Parsed<LinearSide> {
  const converted = toPolynomial(ast, { source });
  if (!converted.ok) return { ok: false, message: `${what}: ${converted.reason}` };
  const others = polynomialVariables(converted.polynomial).filter((name) => name !== UNKNOWN);
  if (others.length > 0) {
    return { ok: false, message: `${what} has the letter ${others[0]}: only x may appear here` };
  }
  let coefficient = ZERO;
  let constant = ZERO;
  for (const term of converted.polynomial.terms) {
    const degree = term.monomial[0]?.[1] ?? 0;
    if (degree > 1) {
      return { ok: false, message: `${what} has x^${degree}: only linear equations (no powers of x) work here` };
    }
    if (degree === 1) coefficient = term.coefficient;
    else constant = term.coefficient;
  }
  return { ok: true, value: { coefficient, constant } };
}

/** An equation with the two sides as written, kept for checking a solution by substitution. */
export interface ParsedEquation {
  equation: LinearEquation;
  written: readonly [left: ExprNode, right: ExprNode];
}

/** "3x+5=20" → the equation, or a message saying what is wrong and where. */
export function parseLinearEquation(text: string): Parsed<ParsedEquation> {
  if (text.length > MAX_EQUATION_LENGTH) return { ok: false, message: `at most ${MAX_EQUATION_LENGTH} characters` };
  const signs = [...text.matchAll(/=/g)].map((match) => match.index);
  if (signs.length !== 1) {
    return { ok: false, message: signs.length === 0 ? "an equation needs an = sign" : "use exactly one = sign" };
  }
  const at = signs[0]!;
  // The right side is parsed behind spaces, so positions in messages count from the start of the equation.
  const sides: LinearSide[] = [];
  const written: ExprNode[] = [];
  for (const [what, source] of [
    ["the left side", text.slice(0, at)],
    ["the right side", " ".repeat(at + 1) + text.slice(at + 1)],
  ] as const) {
    const parsed = parseExpression(source);
    if (!parsed.ok) return { ok: false, message: `${what}: ${parsed.error.message}` };
    const side = linearSide(parsed.ast, source, what);
    if (!side.ok) return side;
    sides.push(side.value);
    written.push(parsed.ast);
  }
  return { ok: true, value: { equation: { left: sides[0]!, right: sides[1]! }, written: [written[0]!, written[1]!] } };
}

/**
 * What the reader typed to add, subtract, multiply or divide by: a term such as 5 or 2x for
 * adding and subtracting, a non-zero number for multiplying and dividing.
 */
export function parseOperation(kind: OperationKind, text: string): Parsed<Operation> {
  const parsed = parseExpression(text);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  const side = linearSide(parsed.ast, text, "that");
  if (!side.ok) return side;
  if (kind === "add" || kind === "subtract") return { ok: true, value: { kind, amount: side.value } };
  if (!isZero(side.value.coefficient)) {
    return {
      ok: false,
      message:
        kind === "multiply"
          ? "multiply only by a number: multiplying by an expression with x can add a solution (where that expression is 0) or make the equation quadratic"
          : "divide only by a number: dividing by an expression with x can lose the solution where that expression is 0",
    };
  }
  const amount = side.value.constant;
  if (isZero(amount)) {
    return {
      ok: false,
      message:
        kind === "multiply"
          ? "multiplying both sides by 0 turns any equation into 0 = 0, true for every x: the solutions would change"
          : "dividing by 0 is not defined: no number times 0 gives back a non-zero number",
    };
  }
  return { ok: true, value: { kind, amount } };
}

function applyToSide(side: LinearSide, operation: Operation): LinearSide {
  switch (operation.kind) {
    case "add":
      return {
        coefficient: add(side.coefficient, operation.amount.coefficient),
        constant: add(side.constant, operation.amount.constant),
      };
    case "subtract":
      return {
        coefficient: subtract(side.coefficient, operation.amount.coefficient),
        constant: subtract(side.constant, operation.amount.constant),
      };
    case "multiply":
      return {
        coefficient: multiply(side.coefficient, operation.amount),
        constant: multiply(side.constant, operation.amount),
      };
    case "divide":
      return {
        coefficient: divide(side.coefficient, operation.amount),
        constant: divide(side.constant, operation.amount),
      };
  }
}

/** The same operation on both sides. Operations come from parseOperation, so none divides by 0. */
export function applyOperation(eq: LinearEquation, operation: Operation): LinearEquation {
  return { left: applyToSide(eq.left, operation), right: applyToSide(eq.right, operation) };
}

/** "subtract 5 from both sides", in TeX-ready parts: words and the amount's TeX. */
export function describeOperation(operation: Operation): { before: string; amountTex: string; after: string } {
  switch (operation.kind) {
    case "add":
      return { before: "add", amountTex: sideToTex(operation.amount), after: "to both sides" };
    case "subtract":
      return { before: "subtract", amountTex: sideToTex(operation.amount), after: "from both sides" };
    case "multiply":
      return { before: "multiply both sides by", amountTex: rationalToTex(operation.amount), after: "" };
    case "divide":
      return { before: "divide both sides by", amountTex: rationalToTex(operation.amount), after: "" };
  }
}

/** (a − c)x = d − b: one solution when a ≠ c, otherwise none or every x. */
export function solveLinearEquation(eq: LinearEquation): Solutions {
  const slope = subtract(eq.left.coefficient, eq.right.coefficient);
  const gap = subtract(eq.right.constant, eq.left.constant);
  if (!isZero(slope)) return { kind: "one", x: divide(gap, slope) };
  return isZero(gap) ? { kind: "every" } : { kind: "none" };
}

export const evaluateSide = (side: LinearSide, x: Rational) => add(multiply(side.coefficient, x), side.constant);

/** x alone on one side and a number on the other: the value, else null. */
export function isolatedValue(eq: LinearEquation): Rational | null {
  const alone = (side: LinearSide) => equals(side.coefficient, ONE) && isZero(side.constant);
  const numberOnly = (side: LinearSide) => isZero(side.coefficient);
  if (alone(eq.left) && numberOnly(eq.right)) return eq.right.constant;
  if (alone(eq.right) && numberOnly(eq.left)) return eq.left.constant;
  return null;
}

export type EquationStatus =
  | { kind: "isolated"; x: Rational }
  /** The two sides are the same expression: every x is a solution. */
  | { kind: "identity" }
  /** No x left and two different numbers: no x is a solution. */
  | { kind: "contradiction" }
  | { kind: "open" };

/** Where solving stands: done, settled without a single value, or still going. */
export function equationStatus(eq: LinearEquation): EquationStatus {
  const x = isolatedValue(eq);
  if (x !== null) return { kind: "isolated", x };
  const { left, right } = eq;
  if (equals(left.coefficient, right.coefficient) && equals(left.constant, right.constant)) return { kind: "identity" };
  if (isZero(left.coefficient) && isZero(right.coefficient)) return { kind: "contradiction" };
  return { kind: "open" };
}

/** A next step that gets x closer to standing alone, or null when it already does or cannot. */
export function suggestOperation(eq: LinearEquation): Operation | null {
  if (isolatedValue(eq) !== null) return null;
  const { left, right } = eq;
  const xSide = isZero(left.coefficient) ? right : left;
  const otherSide = xSide === left ? right : left;
  if (isZero(xSide.coefficient)) return null; // no x left: 5 = 5 or 0 = 3
  if (!isZero(otherSide.coefficient)) {
    return { kind: "subtract", amount: { coefficient: otherSide.coefficient, constant: ZERO } };
  }
  if (!isZero(xSide.constant)) return { kind: "subtract", amount: { coefficient: ZERO, constant: xSide.constant } };
  return { kind: "divide", amount: xSide.coefficient };
}

/** The written expression with x replaced by a value: 3x+5 at x = 5 prints as 3(5)+5. */
export function substituteX(ast: ExprNode, x: Rational): ExprNode {
  const span = { start: 0, end: 0 };
  const magnitude: ExprNode = { kind: "number", value: (x.num < 0n ? -x.num : x.num).toString(), span };
  const unsigned: ExprNode =
    x.den === 1n
      ? magnitude
      : {
          kind: "binary",
          operator: "/",
          left: magnitude,
          right: { kind: "number", value: x.den.toString(), span },
          implicit: false,
          span,
        };
  const value: ExprNode = x.num < 0n ? { kind: "unary", operator: "-", operand: unsigned, span } : unsigned;
  const visit = (node: ExprNode): ExprNode => {
    switch (node.kind) {
      case "number":
        return node;
      case "variable":
        return node.name === UNKNOWN ? value : node;
      case "unary":
        return { ...node, operand: visit(node.operand) };
      case "binary":
        return { ...node, left: visit(node.left), right: visit(node.right) };
      case "call":
        return { ...node, args: node.args.map(visit) };
      default:
        throw new Error(`a ${node.kind} node has no place in a linear equation`);
    }
  };
  return visit(ast);
}

export interface SubstitutionCheck {
  /** Each written side with the value in place of x, as TeX. */
  leftTex: string;
  rightTex: string;
  leftValue: Rational;
  rightValue: Rational;
  holds: boolean;
}

/** Puts x back into the equation as first written and works out both sides. */
export function checkBySubstitution(parsed: ParsedEquation, x: Rational): SubstitutionCheck {
  const leftValue = evaluateSide(parsed.equation.left, x);
  const rightValue = evaluateSide(parsed.equation.right, x);
  return {
    leftTex: expressionToTex(substituteX(parsed.written[0], x)),
    rightTex: expressionToTex(substituteX(parsed.written[1], x)),
    leftValue,
    rightValue,
    holds: equals(leftValue, rightValue),
  };
}
