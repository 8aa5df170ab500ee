/**
 * What the template tests check answer keys with: formulas read back from the question text,
 * evaluated exactly without multiplying anything out, and number theory by brute force (trial
 * division, repeated multiplication, long division digit by digit). Nothing here calls the core
 * functions the templates compute with.
 */
import { evaluateExact } from "#core/algebra/test-oracles";
import { rational, type Rational } from "#core/algebra/rational";
import type { ExprNode } from "#core/expr/ast";
import { parseLatex } from "#core/expr/latex";
import { parseExpression } from "#core/expr/parse";
import type { Question } from "../question";

/** A question's formulas: \\[…\\] on their own line, \\(…\\) inline (what defineTemplate makes of $$…$$ and $…$). */
const FORMULA = /\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/g;

/** The formulas of a text, in order, each with whether it stands on its own line. */
export function formulaMatches(text: string): { tex: string; display: boolean }[] {
  return [...text.matchAll(FORMULA)].map((match) => ({ tex: match[1] ?? match[2]!, display: match[1] !== undefined }));
}

/** The formulas of a text, in order. */
export function formulasOf(text: string): string[] {
  return formulaMatches(text).map((match) => match.tex);
}

/** The n-th formula of the prompt (0-based). */
export function promptFormula(question: Question, index: number): string {
  const formula = formulasOf(question.prompt)[index];
  if (formula === undefined) throw new Error(`the prompt has no formula ${index}: ${question.prompt}`);
  return formula;
}

/** A whole number as the templates print it: digits grouped with \, from five digits on. */
export const texNumber = (tex: string): bigint => BigInt(tex.replace(/\\,/g, "").trim());

export function latexTree(tex: string): ExprNode {
  const parsed = parseLatex(tex);
  if (!parsed.ok) throw new Error(`"${tex}": ${parsed.error.message}`);
  return parsed.ast;
}

export function textTree(text: string): ExprNode {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(`"${text}": ${parsed.error.message}`);
  return parsed.ast;
}

/** The exact value of a tree at whole-number values of its letters. */
export function valueAt(tree: ExprNode, values: Readonly<Record<string, number>>): Rational {
  const value = evaluateExact(tree, new Map(Object.entries(values).map(([name, v]) => [name, rational(BigInt(v))])));
  if (value === null) throw new Error("the expression has no value there");
  return value;
}

/** A whole-number value of a formula without letters. */
export function integerValue(tree: ExprNode): bigint {
  const value = valueAt(tree, {});
  if (value.den !== 1n) throw new Error("not a whole number");
  return value.num;
}

/**
 * Every point of the grid x ∈ {−2, …, 2} (and y ∈ {−2, …, 2}): two polynomials of degree at most 4
 * in each letter that agree on it are equal (the templates' polynomials have degree at most 3).
 */
function gridPoints(letters: readonly string[]): Record<string, number>[] {
  const range = [-2, -1, 0, 1, 2];
  return letters.reduce<Record<string, number>[]>(
    (points, letter) => points.flatMap((point) => range.map((v) => ({ ...point, [letter]: v }))),
    [{}],
  );
}

export function sameOnGrid(a: ExprNode, b: ExprNode, letters: readonly string[]): boolean {
  return gridPoints(letters).every((point) => {
    const [x, y] = [valueAt(a, point), valueAt(b, point)];
    return x.num === y.num && x.den === y.den;
  });
}

/** Prime factors with exponents by trial division. */
export function trialFactor(n: bigint): Map<bigint, number> {
  const factors = new Map<bigint, number>();
  let rest = n;
  for (let p = 2n; p * p <= rest; p += 1n) {
    while (rest % p === 0n) {
      factors.set(p, (factors.get(p) ?? 0) + 1);
      rest /= p;
    }
  }
  if (rest > 1n) factors.set(rest, (factors.get(rest) ?? 0) + 1);
  return factors;
}

export function isPrimeByTrial(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
}

/** The largest divisor of a (found by trial up to √a, in pairs) that also divides b: gcd without Euclid. */
export function gcdByTrial(a: bigint, b: bigint): bigint {
  let best = 1n;
  for (let d = 1n; d * d <= a; d += 1n) {
    if (a % d !== 0n) continue;
    for (const divisor of [d, a / d]) if (b % divisor === 0n && divisor > best) best = divisor;
  }
  return best;
}

export function euclidGcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : euclidGcd(b, a % b);
}

/** a^e mod m by multiplying e times. */
export function powerByRepetition(a: number, e: number, m: number): number {
  let result = 1 % m;
  for (let i = 0; i < e; i += 1) result = (result * (a % m)) % m;
  return result;
}

/** The least k ≥ 1 with a^k ≡ 1 (mod m), by multiplying until 1 appears. */
export function orderByRepetition(a: number, m: number): number {
  let value = a % m;
  for (let k = 1; k <= m; k += 1) {
    if (value === 1) return k;
    value = (value * a) % m;
  }
  throw new Error(`${a} has no order modulo ${m}`);
}

/**
 * a/n digit by digit in a base (10 unless given), as a pupil divides: the digits after the point until the remainder is 0 or
 * repeats, the pre-period and the period (0 when the expansion ends).
 */
export function longDivisionByHand(
  a: number,
  n: number,
  base = 10,
): { integer: number; digits: number[]; preperiod: number; period: number } {
  const seenAt = new Map<number, number>();
  const digits: number[] = [];
  let remainder = a % n;
  while (remainder !== 0 && !seenAt.has(remainder)) {
    seenAt.set(remainder, digits.length);
    digits.push(Math.floor((remainder * base) / n));
    remainder = (remainder * base) % n;
  }
  const start = remainder === 0 ? digits.length : seenAt.get(remainder)!;
  return { integer: Math.floor(a / n), digits, preperiod: start, period: digits.length - start };
}

/** F(N) mod m with 2×2 matrix powers of [[1, 1], [1, 0]]: independent of any period. */
export function fibonacciModulo(n: bigint, m: bigint): bigint {
  type Matrix = [bigint, bigint, bigint, bigint];
  const times = ([a, b, c, d]: Matrix, [e, f, g, h]: Matrix): Matrix => [
    (a * e + b * g) % m,
    (a * f + b * h) % m,
    (c * e + d * g) % m,
    (c * f + d * h) % m,
  ];
  let result: Matrix = [1n, 0n, 0n, 1n];
  let base: Matrix = [1n, 1n, 1n, 0n];
  for (let k = n; k > 0n; k >>= 1n) {
    if (k & 1n) result = times(result, base);
    base = times(base, base);
  }
  return result[1] % m;
}

/** The solutions x in 0 … bound − 1 of a condition, tried one by one. */
export function solutionsBelow(bound: number, holds: (x: number) => boolean): number[] {
  return Array.from({ length: bound }, (_, x) => x).filter(holds);
}

/** The numbers in 0 … bound − 1 congruent to r modulo n. */
export function residueClassBelow(r: number, n: number, bound: number): number[] {
  return solutionsBelow(bound, (x) => (x - r) % n === 0);
}
