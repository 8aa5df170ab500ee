/**
 * Polynomials for the algebra templates: written as plain text that core/expr parses (and that
 * KaTeX also reads, since it only uses letters, digits, ^ and signs), multiplied out by
 * core/algebra/polynomial.
 */
import { evaluatePolynomial, polynomialToTex, toPolynomial, type Polynomial } from "#core/algebra/polynomial";
import { rational, type Rational } from "#core/algebra/rational";
import { parseExpression } from "#core/expr/parse";

/** One term: a whole coefficient times a monomial written as text ("", "x", "x^2", "xy", "y"). */
export type TermSpec = readonly [coefficient: number, monomial: string];

/** The same small texts come back across questions (x·x, 3·(−4), …); parsing them once is enough. */
const POLYNOMIAL_CACHE_LIMIT = 5000;
const polynomials = new Map<string, Polynomial>();

export function polynomialOf(text: string): Polynomial {
  const known = polynomials.get(text);
  if (known) return known;
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(`"${text}": ${parsed.error.message}`);
  const converted = toPolynomial(parsed.ast);
  if (!converted.ok) throw new Error(`"${text}": ${converted.reason}`);
  if (polynomials.size >= POLYNOMIAL_CACHE_LIMIT) polynomials.clear();
  polynomials.set(text, converted.polynomial);
  return converted.polynomial;
}

/** One term as text: 3x, -x, 7, -4. */
export function termText([coefficient, monomial]: TermSpec): string {
  if (monomial === "") return `${coefficient}`;
  if (coefficient === 1) return monomial;
  if (coefficient === -1) return `-${monomial}`;
  return `${coefficient}${monomial}`;
}

/** A sum of terms as text: "2x + 3", "x - 4y", "x^2 - 2x + 7"; zero terms are left out. */
export function sumText(terms: readonly TermSpec[]): string {
  return terms
    .filter(([coefficient]) => coefficient !== 0)
    .map((term, i) => {
      const text = termText(term);
      if (i === 0) return text;
      return text.startsWith("-") ? ` - ${text.slice(1)}` : ` + ${text}`;
    })
    .join("");
}

/** TeX of polynomials added one after another without collecting: 2x^{2} - 8x + 3x - 12. */
function uncollectedTex(parts: readonly Polynomial[]): string {
  return parts
    .map((part, i) => {
      const tex = polynomialToTex(part);
      if (i === 0) return tex;
      return tex.startsWith("-") ? ` - ${tex.slice(1)}` : ` + ${tex}`;
    })
    .join("");
}

/** A term as a factor of a written-out product: negative ones in brackets, 2x \cdot (-4). */
export const termFactorTex = (term: TermSpec) => {
  const text = termText(term);
  return text.startsWith("-") ? `(${text})` : text;
};

export interface Expansion {
  /** Every term of the first bracket times every term of the second, written out: 2x \cdot x + 2x \cdot (-4) + … */
  productsTex: string;
  /** Those products worked out, before collecting: 2x^{2} - 8x + 3x - 12. */
  termsTex: string;
  /** The products as polynomials, in the same order. */
  products: Polynomial[];
  /** The collected result. */
  result: Polynomial;
}

/** The distributive law twice: (a + b)(c + d) = ac + ad + bc + bd, computed by core/algebra. */
export function expandTwoFactors(first: readonly TermSpec[], second: readonly TermSpec[]): Expansion {
  const pairs = first.flatMap((s) => second.map((t) => [s, t] as const));
  const products = pairs.map(([s, t]) => polynomialOf(`(${termText(s)})*(${termText(t)})`));
  return {
    productsTex: pairs.map(([s, t]) => `${termFactorTex(s)} \\cdot ${termFactorTex(t)}`).join(" + "),
    termsTex: uncollectedTex(products),
    products,
    result: polynomialOf(`(${sumText(first)})(${sumText(second)})`),
  };
}

/** The value of a polynomial at whole-number values of its letters. */
export function valueAt(p: Polynomial, values: Readonly<Record<string, number>>): Rational {
  return evaluatePolynomial(p, new Map(Object.entries(values).map(([name, v]) => [name, rational(BigInt(v))])));
}
