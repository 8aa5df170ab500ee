/**
 * A tree to a simpler equal tree, for showing derivatives and comparing answers: exact constant
 * folding (numbers are exact decimals, so 0.1 + 0.2 folds to 3/10, never to 0.30000000000000004),
 * the 0 and 1 rules (x + 0, 1·x, x^1, x^0, 0·x), signs gathered in front, like terms collected
 * (2x + 3x = 5x, x·x = x², x^a·x^b = x^(a+b)), numbers put first in a product and negative powers
 * moved under a fraction bar (x·y^-2 = x/y²), and exact values of functions at the points where
 * they are whole (sin 0, ln 1, sqrt(9/4), floor(2.5), gcd(12, 18)).
 *
 * It does not expand products, reorder factors or terms beyond that, or apply identities. Like any
 * such simplifier it may enlarge the domain (x/x = 1, 0·ln(x) = 0): the result agrees with the
 * input wherever the input is defined. Products it builds are written side by side (3x²).
 */
import { sameTree, type ExprNode, type Span } from "./ast";
import {
  add,
  divide,
  equals,
  isInteger,
  isZero,
  multiply,
  negate,
  ONE,
  parseDecimal,
  power,
  rational,
  ZERO,
  type Rational,
} from "../algebra/rational";
import { functionNamed } from "./functions";

/** Exact results with more digits than this stay unevaluated (2^1000 is clearer as written). */
export const MAX_FOLDED_DIGITS = 30;

interface Factor {
  base: ExprNode;
  exponent: ExprNode;
}

/** A product: an exact coefficient times factors (each a base to an exponent). */
interface Product {
  coefficient: Rational;
  factors: Factor[];
}

interface Term {
  coefficient: Rational;
  /** The rest of the product, or null for a constant term. */
  rest: ExprNode | null;
}

const isNegative = (x: Rational) => x.num < 0n;
const absolute = (x: Rational) => (isNegative(x) ? negate(x) : x);
const digits = (x: Rational) => Math.max((x.num < 0n ? -x.num : x.num).toString().length, x.den.toString().length);

const numberNode = (n: bigint, span: Span): ExprNode => ({ kind: "number", value: n.toString(), span });
const negative = (operand: ExprNode, span: Span): ExprNode => ({ kind: "unary", operator: "-", operand, span });
const binary = (operator: "+" | "-" | "*" | "/" | "^", left: ExprNode, right: ExprNode, span: Span): ExprNode => ({
  kind: "binary",
  operator,
  left,
  right,
  implicit: operator === "*",
  span,
});

/** The exact value of a folded constant: a number, −q, or p/q; null for anything else. */
export function exactValue(node: ExprNode): Rational | null {
  switch (node.kind) {
    case "number":
      return parseDecimal(node.value);
    case "unary": {
      const value = exactValue(node.operand);
      return value === null ? null : node.operator === "-" ? negate(value) : value;
    }
    case "binary": {
      if (node.operator !== "/") return null;
      const [a, b] = [exactValue(node.left), exactValue(node.right)];
      return a === null || b === null || isZero(b) ? null : divide(a, b);
    }
    default:
      return null;
  }
}

/** An exact value as a tree: 3, −3, 3/4 or −(3/4). */
export function rationalNode(x: Rational, span: Span): ExprNode {
  const magnitude = absolute(x);
  const unsigned =
    magnitude.den === 1n
      ? numberNode(magnitude.num, span)
      : binary("/", numberNode(magnitude.num, span), numberNode(magnitude.den, span), span);
  return isNegative(x) ? negative(unsigned, span) : unsigned;
}

/** −x, folding signs and exact values. */
function negated(x: ExprNode, span: Span): ExprNode {
  const value = exactValue(x);
  if (value !== null) return rationalNode(negate(value), span);
  if (x.kind === "unary" && x.operator === "-") return x.operand;
  const { coefficient, factors } = factorsOf(x);
  return product({ coefficient: negate(coefficient), factors }, span);
}

// ---------------------------------------------------------------- products

function factorsOf(node: ExprNode): Product {
  const value = exactValue(node);
  if (value !== null) return { coefficient: value, factors: [] };
  if (node.kind === "unary" && node.operator === "-") {
    const inner = factorsOf(node.operand);
    return { coefficient: negate(inner.coefficient), factors: inner.factors };
  }
  if (node.kind === "binary" && node.operator === "*") return times(factorsOf(node.left), factorsOf(node.right));
  if (node.kind === "binary" && node.operator === "/") {
    const denominator = factorsOf(node.right);
    if (!isZero(denominator.coefficient)) return times(factorsOf(node.left), inverse(denominator, node.span));
  }
  if (node.kind === "binary" && node.operator === "^") {
    return { coefficient: ONE, factors: [{ base: node.left, exponent: node.right }] };
  }
  return { coefficient: ONE, factors: [{ base: node, exponent: numberNode(1n, node.span) }] };
}

const times = (a: Product, b: Product): Product => ({
  coefficient: multiply(a.coefficient, b.coefficient),
  factors: [...a.factors, ...b.factors],
});

function inverse(p: Product, span: Span): Product {
  return {
    coefficient: divide(ONE, p.coefficient),
    factors: p.factors.map(({ base, exponent }) => ({ base, exponent: negated(exponent, span) })),
  };
}

/** Multiplies like bases (adding exponents), folds exact powers into the coefficient, and builds the tree. */
function product(p: Product, span: Span, extra: Rational = ONE): ExprNode {
  let coefficient = multiply(p.coefficient, extra);
  const merged: Factor[] = [];
  for (const factor of p.factors) {
    const same = merged.findIndex((m) => sameTree(m.base, factor.base, true));
    if (same < 0) merged.push(factor);
    else
      merged[same] = {
        base: factor.base,
        exponent: sum([...termsOf(merged[same]!.exponent), ...termsOf(factor.exponent)], span),
      };
  }
  const kept: Factor[] = [];
  for (const factor of merged) {
    const exponent = exactValue(factor.exponent);
    if (exponent !== null && isZero(exponent)) continue;
    const folded = exactPower(factor.base, exponent);
    if (folded !== null) coefficient = multiply(coefficient, folded);
    else kept.push(factor);
  }
  if (isZero(coefficient)) return numberNode(0n, span);
  return buildProduct(coefficient, kept, span);
}

/** base^exponent as an exact value, when both are exact, the exponent whole and the result small. */
function exactPower(base: ExprNode, exponent: Rational | null): Rational | null {
  const value = exactValue(base);
  if (value === null || exponent === null || !isInteger(exponent)) return null;
  const n = exponent.num;
  if (n > 1000n || n < -1000n || (isZero(value) && n < 0n)) return null;
  const result = n >= 0n ? power(value, Number(n)) : divide(ONE, power(value, Number(-n)));
  return digits(result) > MAX_FOLDED_DIGITS ? null : result;
}

function powerNode(base: ExprNode, exponent: ExprNode, span: Span): ExprNode {
  const value = exactValue(exponent);
  return value !== null && equals(value, ONE) ? base : binary("^", base, exponent, span);
}

const chain = (factors: readonly ExprNode[], span: Span): ExprNode =>
  factors.slice(1).reduce((left, right) => binary("*", left, right, span), factors[0]!);

function buildProduct(coefficient: Rational, factors: readonly Factor[], span: Span): ExprNode {
  const numerator: ExprNode[] = [];
  const denominator: ExprNode[] = [];
  for (const { base, exponent } of factors) {
    const value = exactValue(exponent);
    if (value !== null && isNegative(value)) denominator.push(powerNode(base, rationalNode(negate(value), span), span));
    else numerator.push(powerNode(base, exponent, span));
  }
  const magnitude = absolute(coefficient);
  if (magnitude.num !== 1n || numerator.length === 0) numerator.unshift(numberNode(magnitude.num, span));
  if (magnitude.den !== 1n) denominator.unshift(numberNode(magnitude.den, span));
  const top = chain(numerator, span);
  const whole = denominator.length === 0 ? top : binary("/", top, chain(denominator, span), span);
  return isNegative(coefficient) ? negative(whole, span) : whole;
}

// ---------------------------------------------------------------- sums

function termsOf(node: ExprNode): Term[] {
  if (node.kind === "binary" && node.operator === "+") return [...termsOf(node.left), ...termsOf(node.right)];
  if (node.kind === "binary" && node.operator === "-") {
    return [...termsOf(node.left), ...termsOf(node.right).map(negateTerm)];
  }
  if (node.kind === "unary" && node.operator === "-") return termsOf(node.operand).map(negateTerm);
  const { coefficient, factors } = factorsOf(node);
  if (factors.length === 0) return [{ coefficient, rest: null }];
  return [{ coefficient, rest: buildProduct(ONE, factors, node.span) }];
}

const negateTerm = (term: Term): Term => ({ coefficient: negate(term.coefficient), rest: term.rest });

/** Collects like terms (each where it first appears) and builds the sum, subtracting the terms with a negative coefficient. */
function sum(terms: readonly Term[], span: Span): ExprNode {
  let constant = ZERO;
  let constantAt = -1;
  const collected: Term[] = [];
  for (const term of terms) {
    if (term.rest === null) {
      constant = add(constant, term.coefficient);
      if (constantAt < 0) constantAt = collected.length;
      continue;
    }
    const same = collected.findIndex((c) => sameTree(c.rest!, term.rest!, true));
    if (same < 0) collected.push(term);
    else collected[same] = { coefficient: add(collected[same]!.coefficient, term.coefficient), rest: term.rest };
  }
  if (constantAt >= 0) collected.splice(constantAt, 0, { coefficient: constant, rest: null });
  const kept = collected.filter((term) => !isZero(term.coefficient));
  if (kept.length === 0) kept.push({ coefficient: ZERO, rest: null });
  const termNode = (term: Term, coefficient: Rational) =>
    term.rest === null ? rationalNode(coefficient, span) : product(factorsOf(term.rest), span, coefficient);
  return kept
    .slice(1)
    .reduce(
      (left, term) =>
        isNegative(term.coefficient)
          ? binary("-", left, termNode(term, negate(term.coefficient)), span)
          : binary("+", left, termNode(term, term.coefficient), span),
      termNode(kept[0]!, kept[0]!.coefficient),
    );
}

// ---------------------------------------------------------------- powers and functions

function simplifiedPower(base: ExprNode, exponent: ExprNode, span: Span): ExprNode {
  const e = exactValue(exponent);
  const b = exactValue(base);
  if (e !== null && isZero(e)) return numberNode(1n, span);
  if (b !== null && equals(b, ONE)) return numberNode(1n, span);
  if (b !== null && isZero(b) && e !== null && !isNegative(e)) return numberNode(0n, span);
  // A whole power distributes over a product and multiplies exponents: (2x/y³)² = 4x²/y⁶. (Not a
  // fractional one: (x²)^(1/2) = |x|.)
  if (e !== null && isInteger(e)) {
    const inner = factorsOf(base);
    const scaled = inner.factors.map(({ base: b, exponent: k }) => ({
      base: b,
      exponent: product(times(factorsOf(k), { coefficient: e, factors: [] }), span),
    }));
    const coefficient = exactPower(rationalNode(inner.coefficient, span), e);
    const rest = coefficient === null ? [{ base: rationalNode(inner.coefficient, span), exponent }] : [];
    return product({ coefficient: coefficient ?? ONE, factors: [...rest, ...scaled] }, span);
  }
  if (e !== null) return product({ coefficient: ONE, factors: [{ base, exponent }] }, span);
  return binary("^", base, exponent, span);
}

const bigintSqrt = (n: bigint): bigint | null => {
  if (n < 0n) return null;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x * x === n ? x : null;
};

const bigintCbrt = (n: bigint): bigint | null => {
  const sign = n < 0n ? -1n : 1n;
  const m = sign * n;
  let x = BigInt(Math.round(Math.cbrt(Number(m))));
  while (x * x * x > m) x -= 1n;
  while ((x + 1n) * (x + 1n) * (x + 1n) <= m) x += 1n;
  return x * x * x === m ? sign * x : null;
};

const floorOf = (x: Rational) => (x.num >= 0n ? x.num / x.den : -((-x.num + x.den - 1n) / x.den));

function bigGcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The exact value of a call whose arguments are exact, where it is exact; else null. */
function exactCall(name: string, args: readonly Rational[]): Rational | null {
  if (args.some((arg) => digits(arg) > MAX_FOLDED_DIGITS)) return null;
  const [x] = args as [Rational];
  const zero = isZero(x);
  const one = equals(x, ONE);
  const fn = functionNamed(name);
  switch (fn) {
    case "sin":
    case "tan":
    case "asin":
    case "atan":
    case "sinh":
    case "tanh":
    case "asinh":
    case "atanh":
    case "sqrt":
    case "cbrt":
      if (zero) return ZERO;
      break;
    case "cos":
    case "cosh":
    case "exp":
      return zero ? ONE : null;
    case "ln":
    case "log":
    case "acos":
    case "acosh":
      return one ? ZERO : null;
    case "abs":
      return absolute(x);
    case "sign":
      return rational(x.num > 0n ? 1n : x.num < 0n ? -1n : 0n);
    case "floor":
      return rational(floorOf(x));
    case "ceil":
      return rational(-floorOf(negate(x)));
    case "round":
      return isNegative(x)
        ? rational(-floorOf(add(negate(x), rational(1n, 2n))))
        : rational(floorOf(add(x, rational(1n, 2n))));
    case "min":
      return args.reduce((best, v) => (compare(v, best) < 0 ? v : best));
    case "max":
      return args.reduce((best, v) => (compare(v, best) > 0 ? v : best));
    case "gcd":
    case "lcm": {
      if (!args.every(isInteger)) return null;
      const values = args.map((v) => v.num);
      const gcd = values.reduce(bigGcd, 0n);
      if (fn === "gcd") return rational(gcd);
      return rational(
        values.reduce((l, v) => (l === 0n || v === 0n ? 0n : (l * (v < 0n ? -v : v)) / bigGcd(l, v)), 1n),
      );
    }
    case "mod": {
      const [a, b] = args as [Rational, Rational];
      if (isZero(b)) return null;
      return add(a, negate(multiply(b, rational(floorOf(divide(a, b))))));
    }
    default:
      return null;
  }
  // sqrt and cbrt of perfect squares and cubes.
  const root = fn === "sqrt" ? bigintSqrt : fn === "cbrt" ? bigintCbrt : null;
  if (root === null) return null;
  const [top, bottom] = [root(x.num), root(x.den)];
  return top === null || bottom === null ? null : rational(top, bottom);
}

/** The sign of a − b. */
const compare = (a: Rational, b: Rational) => {
  const difference = add(a, negate(b)).num;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};

function simplifiedCall(node: ExprNode & { kind: "call" }, args: ExprNode[]): ExprNode {
  const values = args.map(exactValue);
  if (values.every((v): v is Rational => v !== null)) {
    const exact = exactCall(node.name, values);
    if (exact !== null && digits(exact) <= MAX_FOLDED_DIGITS) return rationalNode(exact, node.span);
  }
  const name = functionNamed(node.name);
  const [only] = args;
  if (args.length === 1 && only?.kind === "constant" && only.name === "e" && name === "ln")
    return numberNode(1n, node.span);
  return { ...node, args };
}

function simplifiedBinary(node: ExprNode & { kind: "binary" }): ExprNode {
  const left = simplify(node.left);
  const right = simplify(node.right);
  switch (node.operator) {
    case "+":
      return sum([...termsOf(left), ...termsOf(right)], node.span);
    case "-":
      return sum([...termsOf(left), ...termsOf(right).map(negateTerm)], node.span);
    case "*":
      return product(times(factorsOf(left), factorsOf(right)), node.span);
    case "/": {
      const divisor = exactValue(right);
      // A division by exactly 0 stays as written: it has no value to simplify to.
      if (divisor !== null && isZero(divisor)) return { ...node, left, right };
      return product(times(factorsOf(left), inverse(factorsOf(right), node.span)), node.span);
    }
    case "^":
      return simplifiedPower(left, right, node.span);
  }
}

/** An equal tree, simpler where the rules above apply (see the module comment). */
export function simplify(node: ExprNode): ExprNode {
  switch (node.kind) {
    case "number":
    case "variable":
    case "constant":
      return node;
    case "unary": {
      const operand = simplify(node.operand);
      return node.operator === "+" ? operand : negated(operand, node.span);
    }
    case "factorial": {
      const operand = simplify(node.operand);
      const value = exactValue(operand);
      if (value !== null && isInteger(value) && value.num >= 0n && value.num <= 20n) {
        let result = 1n;
        for (let k = 2n; k <= value.num; k += 1n) result *= k;
        return numberNode(result, node.span);
      }
      return { ...node, operand };
    }
    case "binary":
      return simplifiedBinary(node);
    case "call":
      return simplifiedCall(node, node.args.map(simplify));
    case "logBase": {
      const base = simplify(node.base);
      const argument = simplify(node.argument);
      const value = exactValue(argument);
      if (value !== null && equals(value, ONE)) return numberNode(0n, node.span);
      if (sameTree(base, argument, true)) return numberNode(1n, node.span);
      return { ...node, base, argument };
    }
    case "relation":
      return { ...node, operands: node.operands.map(simplify) };
    case "piecewise":
      return {
        ...node,
        branches: node.branches.map((branch) => ({
          condition: { ...branch.condition, operands: branch.condition.operands.map(simplify) },
          value: simplify(branch.value),
        })),
        otherwise: node.otherwise === null ? null : simplify(node.otherwise),
      };
    case "tuple":
    case "list":
      return { ...node, items: node.items.map(simplify) };
  }
}
