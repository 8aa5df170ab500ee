/**
 * Exact polynomials in several variables with rational coefficients: what an expression "is"
 * once every bracket is multiplied out and like terms are collected. Two expressions are equal
 * for every value of their letters exactly when their polynomials are equal, which is how the
 * expansion checker decides a step without trying numbers.
 *
 * A polynomial is kept canonical (terms in graded order, no zero coefficients, variables sorted
 * inside a term), so equality is a term-by-term comparison and printing is deterministic.
 * Conversion is bounded: exponents, degree, term count and the number of term products.
 */
import type { ExprNode, Span } from "../expr/ast";
import { variableToTex } from "../expr/to-tex";
import {
  ONE,
  ZERO,
  add,
  divide,
  equals,
  isInteger,
  isZero,
  multiply,
  negate,
  parseDecimal,
  power,
  rational,
  rationalToTex,
  rationalToText,
  type Rational,
} from "./rational";

/** The largest exponent written in an expression, e.g. the 20 in (a+b)^20. */
export const MAX_EXPONENT = 20;
/** The largest total degree of a term, so (x^20)^20 = x^400 is refused. */
export const MAX_DEGREE = 200;
export const MAX_TERMS = 2000;
/** Term-by-term products one conversion may do by default. */
export const DEFAULT_WORK_BUDGET = 200_000;

/** A product of powers of variables, sorted by name, each exponent ≥ 1: x²y is [["x", 2], ["y", 1]]. */
export type Monomial = readonly (readonly [name: string, exponent: number])[];

export interface Term {
  monomial: Monomial;
  coefficient: Rational;
}

/** Terms in canonical order, none with coefficient 0; the zero polynomial has no terms. */
export interface Polynomial {
  terms: readonly Term[];
}

/** Shared by several conversions (e.g. every line of a chain), so their total work is bounded. */
export interface WorkBudget {
  remaining: number;
}

export type PolynomialResult =
  | { ok: true; polynomial: Polynomial }
  | { ok: false; reason: string; /** where in the input the problem is */ span: Span };

class NotPolynomial extends Error {
  constructor(
    readonly reason: string,
    readonly span: Span,
  ) {
    super(reason);
  }
}

const monomialKey = (monomial: Monomial) => monomial.map(([name, exponent]) => `${name}^${exponent}`).join("*");
const degreeOf = (monomial: Monomial) => monomial.reduce((sum, [, exponent]) => sum + exponent, 0);

/** Graded order: higher total degree first, then the larger exponent of the alphabetically first variable. */
function compareMonomials(x: Monomial, y: Monomial): number {
  const byDegree = degreeOf(y) - degreeOf(x);
  if (byDegree !== 0) return byDegree;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const [nameX, expX] = x[i]!;
    const [nameY, expY] = y[j]!;
    if (nameX === nameY) {
      if (expX !== expY) return expY - expX;
      i += 1;
      j += 1;
    } else {
      // The first variable present in only one of them: that one comes first.
      return nameX < nameY ? -1 : 1;
    }
  }
  return i < x.length ? -1 : j < y.length ? 1 : 0;
}

function fromTerms(terms: Iterable<Term>): Polynomial {
  const kept = [...terms].filter((term) => !isZero(term.coefficient));
  kept.sort((s, t) => compareMonomials(s.monomial, t.monomial));
  return { terms: kept };
}

export const constantPolynomial = (value: Rational): Polynomial => fromTerms([{ monomial: [], coefficient: value }]);

export const variablePolynomial = (name: string): Polynomial => ({
  terms: [{ monomial: [[name, 1]], coefficient: ONE }],
});

export function addPolynomials(p: Polynomial, q: Polynomial): Polynomial {
  const sums = new Map<string, Term>();
  for (const term of [...p.terms, ...q.terms]) {
    const key = monomialKey(term.monomial);
    const previous = sums.get(key);
    sums.set(
      key,
      previous ? { monomial: term.monomial, coefficient: add(previous.coefficient, term.coefficient) } : term,
    );
  }
  return fromTerms(sums.values());
}

export const negatePolynomial = (p: Polynomial): Polynomial => ({
  terms: p.terms.map((term) => ({ monomial: term.monomial, coefficient: negate(term.coefficient) })),
});

export const subtractPolynomials = (p: Polynomial, q: Polynomial) => addPolynomials(p, negatePolynomial(q));

/** The product of two monomials and its key, in one merge (this is the inner loop of every expansion). */
function multiplyMonomials(x: Monomial, y: Monomial): { monomial: Monomial; key: string; degree: number } {
  const monomial: [string, number][] = [];
  let key = "";
  let degree = 0;
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    const a = x[i];
    const b = y[j];
    let name: string;
    let exponent: number;
    if (a && b && a[0] === b[0]) {
      [name, exponent] = [a[0], a[1] + b[1]];
      i += 1;
      j += 1;
    } else if (a && (!b || a[0] < b[0])) {
      [name, exponent] = a;
      i += 1;
    } else {
      [name, exponent] = b!;
      j += 1;
    }
    monomial.push([name, exponent]);
    key += key === "" ? `${name}^${exponent}` : `*${name}^${exponent}`;
    degree += exponent;
  }
  return { monomial, key, degree };
}

function multiplyBounded(p: Polynomial, q: Polynomial, budget: WorkBudget, span: Span): Polynomial {
  const work = p.terms.length * q.terms.length;
  if (work > budget.remaining) throw new NotPolynomial("too much work to multiply out here", span);
  budget.remaining -= work;
  const products = new Map<string, Term>();
  for (const s of p.terms) {
    for (const t of q.terms) {
      const { monomial, key, degree } = multiplyMonomials(s.monomial, t.monomial);
      if (degree > MAX_DEGREE) throw new NotPolynomial(`the degree goes above ${MAX_DEGREE}`, span);
      const coefficient = multiply(s.coefficient, t.coefficient);
      const previous = products.get(key);
      products.set(key, { monomial, coefficient: previous ? add(previous.coefficient, coefficient) : coefficient });
    }
  }
  if (products.size > MAX_TERMS) throw new NotPolynomial(`more than ${MAX_TERMS} terms`, span);
  return fromTerms(products.values());
}

/** The value of a constant polynomial, or null if it has a variable. */
export function constantValue(p: Polynomial): Rational | null {
  if (p.terms.length === 0) return ZERO;
  const [only] = p.terms;
  return p.terms.length === 1 && only && only.monomial.length === 0 ? only.coefficient : null;
}

const quote = (source: string | undefined, span: Span) =>
  source === undefined ? "this part" : `“${source.slice(span.start, span.end).trim()}”`;

function convert(node: ExprNode, budget: WorkBudget, source: string | undefined): Polynomial {
  switch (node.kind) {
    case "number":
      return constantPolynomial(parseDecimal(node.value));
    case "variable":
      return variablePolynomial(node.name);
    case "call":
      return fail(`${node.name}(…) is a function, and a polynomial has none`, node.span);
    default:
      return fail(`${quote(source, node.span)} is not part of a polynomial`, node.span);
    case "unary": {
      const operand = convert(node.operand, budget, source);
      return node.operator === "-" ? negatePolynomial(operand) : operand;
    }
    case "binary": {
      const left = convert(node.left, budget, source);
      const right = convert(node.right, budget, source);
      switch (node.operator) {
        case "+":
          return addPolynomials(left, right);
        case "-":
          return subtractPolynomials(left, right);
        case "*":
          return multiplyBounded(left, right, budget, node.span);
        case "/": {
          const divisor = constantValue(right);
          if (divisor === null) {
            return fail(
              `dividing by ${quote(source, node.right.span)}, which has letters in it, does not give a polynomial`,
              node.span,
            );
          }
          if (isZero(divisor)) return fail(`division by zero in ${quote(source, node.span)}`, node.span);
          return multiplyBounded(left, constantPolynomial(divide(ONE, divisor)), budget, node.span);
        }
        case "^":
          return raise(left, right, node, budget, source);
      }
    }
  }
}

function fail(reason: string, span: Span): never {
  throw new NotPolynomial(reason, span);
}

function raise(
  base: Polynomial,
  exponentPolynomial: Polynomial,
  node: ExprNode & { kind: "binary" },
  budget: WorkBudget,
  source: string | undefined,
): Polynomial {
  const where = quote(source, node.span);
  const exponent = constantValue(exponentPolynomial);
  if (exponent === null)
    return fail(`the exponent in ${where} has letters in it, so it is not a polynomial`, node.span);
  if (!isInteger(exponent)) return fail(`the exponent in ${where} is not a whole number`, node.span);
  const n = exponent.num;
  if (n > BigInt(MAX_EXPONENT) || n < -BigInt(MAX_EXPONENT)) {
    return fail(`the exponent in ${where} is beyond the limit of ${MAX_EXPONENT}`, node.span);
  }
  if (n < 0n) {
    // A negative power of a non-zero number is a number (2^-1 = 1/2); of anything with letters, a fraction.
    const value = constantValue(base);
    if (value === null)
      return fail(`${where} has a negative exponent, which makes a fraction, not a polynomial`, node.span);
    if (isZero(value)) return fail(`${where} is 0 to a negative power, which divides by zero`, node.span);
    return constantPolynomial(power(divide(ONE, value), Number(-n)));
  }
  let result = constantPolynomial(ONE);
  for (let i = 0n; i < n; i += 1n) result = multiplyBounded(result, base, budget, node.span);
  return result;
}

/**
 * The polynomial an expression stands for, or why it is not one. `source` (the text the tree was
 * parsed from) lets a reason quote the offending part.
 */
export function toPolynomial(ast: ExprNode, options: { source?: string; budget?: WorkBudget } = {}): PolynomialResult {
  try {
    return { ok: true, polynomial: convert(ast, options.budget ?? { remaining: DEFAULT_WORK_BUDGET }, options.source) };
  } catch (error) {
    if (error instanceof NotPolynomial) return { ok: false, reason: error.reason, span: error.span };
    throw error;
  }
}

export function polynomialsEqual(p: Polynomial, q: Polynomial): boolean {
  return (
    p.terms.length === q.terms.length &&
    p.terms.every((term, i) => {
      const other = q.terms[i]!;
      return monomialKey(term.monomial) === monomialKey(other.monomial) && equals(term.coefficient, other.coefficient);
    })
  );
}

/** The variables that occur, sorted. */
export function polynomialVariables(p: Polynomial): string[] {
  return [...new Set(p.terms.flatMap((term) => term.monomial.map(([name]) => name)))].sort();
}

/** The value at given values of the variables; every variable of p must have one. */
export function evaluatePolynomial(p: Polynomial, values: ReadonlyMap<string, Rational>): Rational {
  let sum = ZERO;
  for (const { monomial, coefficient } of p.terms) {
    let product = coefficient;
    for (const [name, exponent] of monomial) {
      const value = values.get(name);
      if (value === undefined) throw new RangeError(`no value for ${name}`);
      product = multiply(product, power(value, exponent));
    }
    sum = add(sum, product);
  }
  return sum;
}

/**
 * Integer values of p's variables where p is not zero, or null if p is the zero polynomial.
 * Built one variable at a time: write p as a polynomial in its first variable x; some
 * coefficient c (a polynomial in the others) is non-zero, so recursively find values making c
 * non-zero; then p is a non-zero polynomial in x alone of degree d, with at most d roots, so one
 * of x = 1, 2, …, d + 1 works. Small positive values, found without search.
 */
export function nonZeroPoint(p: Polynomial): Map<string, Rational> | null {
  if (p.terms.length === 0) return null;
  const [first, ...others] = polynomialVariables(p);
  if (first === undefined) return new Map();
  // The coefficient of the highest power of `first`: never zero since p has such a term.
  const top = Math.max(...p.terms.map((term) => exponentOf(term.monomial, first)));
  const leading = fromTerms(
    p.terms
      .filter((term) => exponentOf(term.monomial, first) === top)
      .map((term) => ({ monomial: term.monomial.filter(([name]) => name !== first), coefficient: term.coefficient })),
  );
  const point = nonZeroPoint(leading) ?? new Map<string, Rational>();
  for (const name of others) if (!point.has(name)) point.set(name, ONE);
  for (let x = 1n; x <= BigInt(top) + 1n; x += 1n) {
    point.set(first, rational(x));
    if (!isZero(evaluatePolynomial(p, point))) return point;
  }
  // Unreachable: a non-zero polynomial of degree `top` in one variable has at most `top` roots.
  throw new Error("nonZeroPoint: no non-root found");
}

const exponentOf = (monomial: Monomial, name: string) => monomial.find(([n]) => n === name)?.[1] ?? 0;

function monomialToText(monomial: Monomial): string {
  const separator = monomial.some(([name]) => name.length > 1) ? "*" : "";
  return monomial.map(([name, exponent]) => (exponent === 1 ? name : `${name}^${exponent}`)).join(separator);
}

function monomialToTex(monomial: Monomial): string {
  return monomial
    .map(([name, exponent]) => (exponent === 1 ? variableToTex(name) : `${variableToTex(name)}^{${exponent}}`))
    .join("");
}

function printTerms(
  p: Polynomial,
  coefficientText: (magnitude: Rational) => string,
  monomialText: (monomial: Monomial) => string,
): string {
  if (p.terms.length === 0) return "0";
  return p.terms
    .map(({ monomial, coefficient }, i) => {
      const negative = coefficient.num < 0n;
      const magnitude = negative ? negate(coefficient) : coefficient;
      const sign = i === 0 ? (negative ? "-" : "") : negative ? " - " : " + ";
      if (monomial.length === 0) return sign + coefficientText(magnitude);
      const factor = equals(magnitude, ONE) ? "" : coefficientText(magnitude);
      return sign + factor + monomialText(monomial);
    })
    .join("");
}

/** "a^2 + 2ab + b^2", "(1/2)x - 3": plain text the expression parser reads back to the same polynomial. */
export function polynomialToText(p: Polynomial): string {
  return printTerms(
    p,
    (magnitude) => (isInteger(magnitude) ? rationalToText(magnitude) : `(${rationalToText(magnitude)})`),
    monomialToText,
  );
}

/** "a^{2} + 2ab + b^{2}" for KaTeX. */
export function polynomialToTex(p: Polynomial): string {
  return printTerms(p, rationalToTex, monomialToTex);
}
