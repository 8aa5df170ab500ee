/**
 * Properties of the grader on seeded random answers, each checked against an oracle built here
 * independently of the grader: polynomials multiplied out by coefficient convolution on BigInts,
 * residues by BigInt remainders, fractions by cross-multiplication.
 */
import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { gradeAnswer } from "./grade-answer";
import type { AnswerKey } from "./question";

/** A polynomial in x and y: exponents "i,j" → coefficient. */
type Poly = Map<string, bigint>;

const key = (i: number, j: number) => `${i},${j}`;

function multiply(p: Poly, q: Poly): Poly {
  const product: Poly = new Map();
  for (const [a, c] of p) {
    for (const [b, d] of q) {
      const [i, j] = a.split(",").map(Number) as [number, number];
      const [k, l] = b.split(",").map(Number) as [number, number];
      const k2 = key(i + k, j + l);
      product.set(k2, (product.get(k2) ?? 0n) + c * d);
    }
  }
  return product;
}

function monomialText(i: number, j: number, latex: boolean): string {
  const power = (name: string, n: number) =>
    n === 0 ? "" : n === 1 ? name : latex ? `${name}^{${n}}` : `${name}^${n}`;
  return power("x", i) + power("y", j);
}

/** Written out as a learner would: "3x^2y - xy + 4". */
function polyText(p: Poly, latex: boolean): string {
  const terms = [...p].filter(([, c]) => c !== 0n);
  if (terms.length === 0) return "0";
  return terms
    .map(([exponents, c], index) => {
      const [i, j] = exponents.split(",").map(Number) as [number, number];
      const monomial = monomialText(i, j, latex);
      const magnitude = c < 0n ? -c : c;
      const body = monomial === "" ? `${magnitude}` : magnitude === 1n ? monomial : `${magnitude}${monomial}`;
      const sign = c < 0n ? "-" : index === 0 ? "" : "+";
      return `${sign}${body}`;
    })
    .join(" ");
}

interface Factored {
  text: string;
  latexText: string;
  expanded: Poly;
}

/** A product of 2 to 4 random linear factors a·x + b·y + c (some squared), with a number in front. */
function randomFactored(next: () => number, twoVariables: boolean): Factored {
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const constant = BigInt(int(1, 3)) * (next() < 0.3 ? -1n : 1n);
  let expanded: Poly = new Map([[key(0, 0), constant]]);
  const plain: string[] = [constant === 1n ? "" : constant === -1n ? "-" : `${constant}`];
  const latex: string[] = [...plain];
  const count = int(2, 4);
  for (let f = 0; f < count; f += 1) {
    const factor: Poly = new Map();
    factor.set(key(1, 0), BigInt(int(1, 4)));
    if (twoVariables) factor.set(key(0, 1), BigInt(int(-3, 3)));
    factor.set(key(0, 0), BigInt(int(-5, 5)));
    const squared = next() < 0.25;
    const text = polyText(factor, false);
    plain.push(`(${text})${squared ? "^2" : ""}`);
    latex.push(`\\left(${polyText(factor, true)}\\right)${squared ? "^{2}" : ""}`);
    expanded = multiply(expanded, squared ? multiply(factor, factor) : factor);
  }
  return { text: plain.join(""), latexText: latex.join(""), expanded };
}

const expression = (expected: string, twoVariables: boolean, form?: "factored" | "expanded"): AnswerKey => ({
  kind: "expression",
  expected,
  variables: twoVariables ? ["x", "y"] : ["x"],
  ...(form === undefined ? {} : { form }),
});

describe("expressions: factored and expanded forms of one polynomial", () => {
  const next = random(4242);
  const cases = Array.from({ length: 60 }, (_, i) => randomFactored(next, i % 3 === 2));

  it("are equal, read plain or as LaTeX, in both directions", () => {
    cases.forEach((polynomial, i) => {
      const two = i % 3 === 2;
      const expanded = polyText(polynomial.expanded, false);
      const expandedLatex = polyText(polynomial.expanded, true);
      expect(gradeAnswer(expression(polynomial.text, two), expanded).correct, `${polynomial.text} = ${expanded}`).toBe(
        true,
      );
      expect(gradeAnswer(expression(expanded, two), polynomial.latexText).correct, polynomial.latexText).toBe(true);
      expect(gradeAnswer(expression(polynomial.text, two), expandedLatex).correct, expandedLatex).toBe(true);
      const factored = gradeAnswer(expression(expanded, two, "factored"), polynomial.text);
      expect(factored.correct, `${polynomial.text}: ${factored.feedback}`).toBe(true);
      expect(gradeAnswer(expression(polynomial.text, two, "expanded"), expanded).correct).toBe(true);
    });
  });

  it("differ once a random non-zero term is added", () => {
    cases.forEach((polynomial, i) => {
      const two = i % 3 === 2;
      const changed = new Map(polynomial.expanded);
      const exponent = key(Math.floor(next() * 4), two ? Math.floor(next() * 2) : 0);
      const coefficient = BigInt(1 + Math.floor(next() * 9)) * (next() < 0.5 ? -1n : 1n);
      changed.set(exponent, (changed.get(exponent) ?? 0n) + coefficient);
      const verdict = gradeAnswer(expression(polynomial.text, two), polyText(changed, false));
      expect(verdict.correct, `${polynomial.text} vs ${polyText(changed, false)}`).toBe(false);
      expect(verdict.feedback).toMatch(/^Not equal at x = /);
    });
  });
});

describe("expressions: a common factor in numerator and denominator", () => {
  const next = random(777);
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));

  it("makes a different function where that factor is zero, and names the point", () => {
    for (let i = 0; i < 40; i += 1) {
      // A = x + a, B = x + b (b ≠ −r), C = q·x − p with zero r = p/q.
      const [a, b] = [int(-5, 5), int(-5, 5)];
      const [p, q] = [int(-9, 9), int(1, 4)];
      if (b * q === -p) continue;
      const expected = `(x + ${a})/(x + ${b})`;
      const given = `((x + ${a})(${q}x - (${p})))/((x + ${b})(${q}x - (${p})))`;
      const verdict = gradeAnswer(expression(expected, false), given);
      expect(verdict.correct, given).toBe(false);
      const divisor = gcd(Math.abs(p), q);
      const [top, bottom] = [p / divisor, q / divisor];
      const value = `${top < 0 ? "−" : ""}${Math.abs(top)}${bottom === 1 ? "" : `/${bottom}`}`;
      expect(verdict.feedback).toBe(`Not equal at x = ${value}: the given expression is undefined there.`);
    }
  });

  it("changes nothing when the factor has no real zero", () => {
    for (let i = 0; i < 20; i += 1) {
      const [a, b, c] = [int(-5, 5), int(-5, 5), int(1, 9)];
      const given = `((x + ${a})(x^2 + ${c}))/((x - ${b})(x^2 + ${c}))`;
      expect(gradeAnswer(expression(`(x + ${a})/(x - ${b})`, false), given).correct, given).toBe(true);
    }
  });
});

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

describe("numbers and residues against BigInt arithmetic", () => {
  const next = random(99);
  const bigRandom = (digits: number) =>
    BigInt(
      Array.from({ length: digits }, (_, i) => (i === 0 ? 1 : 0) + Math.floor(next() * (i === 0 ? 9 : 10))).join(""),
    );

  it("integers: a product written out is its value, and one more is not", () => {
    for (let i = 0; i < 30; i += 1) {
      const [a, b] = [bigRandom(1 + Math.floor(next() * 300)), bigRandom(1 + Math.floor(next() * 300))];
      const product = a * b;
      expect(gradeAnswer({ kind: "integer", value: product.toString() }, `${a}*${b}`).correct).toBe(true);
      expect(gradeAnswer({ kind: "integer", value: (product + 1n).toString() }, `${a}*${b}`).correct).toBe(false);
      expect(gradeAnswer({ kind: "integer", value: (-product).toString() }, `-${a}\\cdot${b}`).correct).toBe(true);
    }
  });

  it("fractions: k·p/(k·q) is p/q, decided by cross-multiplication", () => {
    for (let i = 0; i < 60; i += 1) {
      const [p, q, k] = [bigRandom(1 + (i % 25)), bigRandom(1 + (i % 7)), bigRandom(1 + (i % 4))];
      const [r, s] = [bigRandom(1 + (i % 25)), bigRandom(1 + (i % 7))];
      const key: AnswerKey = { kind: "fraction", numerator: p.toString(), denominator: q.toString() };
      expect(gradeAnswer(key, `${k * p}/${k * q}`).correct).toBe(true);
      expect(gradeAnswer(key, `\\frac{${k * p}}{${k * q}}`).correct).toBe(true);
      expect(gradeAnswer(key, `${r}/${s}`).correct).toBe(p * s === q * r);
    }
  });

  it("congruences: a representative is right exactly when m divides its difference from the residue", () => {
    for (let i = 0; i < 200; i += 1) {
      const m = BigInt(1 + Math.floor(next() * 30));
      const r = BigInt(Math.floor(next() * 200) - 100);
      const given = BigInt(Math.floor(next() * 400) - 200);
      const inClass = (given - r) % m === 0n;
      const key: AnswerKey = { kind: "congruence", residue: r.toString(), modulus: m.toString(), variable: "x" };
      expect(gradeAnswer(key, `${given}`).correct).toBe(inClass);
      expect(gradeAnswer(key, `x ≡ ${given} (mod ${m})`).correct).toBe(inClass);
      expect(gradeAnswer(key, `x\\equiv ${given}\\pmod{${m}}`).correct).toBe(inClass);
      expect(gradeAnswer(key, `x ≡ ${given} (mod ${2n * m})`).correct).toBe(false);
    }
  });

  it("congruences with representatives of hundreds of digits", () => {
    for (let i = 0; i < 20; i += 1) {
      const m = bigRandom(1 + Math.floor(next() * 40));
      const r = bigRandom(300);
      const k = bigRandom(300);
      const key: AnswerKey = { kind: "congruence", residue: r.toString(), modulus: m.toString(), variable: "x" };
      expect(gradeAnswer(key, `x ≡ ${r + k * m} (mod ${m})`).correct).toBe(true);
      expect(gradeAnswer(key, `x ≡ ${r - k * m} (mod ${m})`).correct).toBe(true);
      expect(gradeAnswer(key, `x ≡ ${r + k * m + 1n} (mod ${m})`).correct).toBe(m === 1n);
    }
  });
});
