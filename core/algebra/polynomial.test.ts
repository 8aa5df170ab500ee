import { describe, expect, it } from "vitest";
import type { ExprNode } from "../expr/ast";
import { parseExpression } from "../expr/parse";
import {
  DEFAULT_WORK_BUDGET,
  MAX_DEGREE,
  MAX_EXPONENT,
  evaluatePolynomial,
  nonZeroPoint,
  polynomialsEqual,
  polynomialToTex,
  polynomialToText,
  polynomialVariables,
  subtractPolynomials,
  toPolynomial,
  type Polynomial,
} from "./polynomial";
import { equals, isZero, rational, type Rational } from "./rational";
import { evaluateExact, random, randomPolynomialText, randomRational } from "./test-oracles";

function ast(text: string): ExprNode {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.ast;
}

function poly(text: string): Polynomial {
  const result = toPolynomial(ast(text), { source: text });
  if (!result.ok) throw new Error(`${text}: ${result.reason}`);
  return result.polynomial;
}

function reasonFor(text: string): string {
  const result = toPolynomial(ast(text), { source: text });
  if (result.ok) throw new Error(`${text} is a polynomial: ${polynomialToText(result.polynomial)}`);
  return result.reason;
}

const LETTERS = ["a", "b", "x"] as const;

/** Values for every letter, chosen at random: the oracle's sample points. */
function randomPoint(next: () => number): Map<string, Rational> {
  return new Map(LETTERS.map((name) => [name, randomRational(next)]));
}

/** Do two texts agree at k random rational points (by direct evaluation, no polynomials)? */
function agreeAtRandomPoints(left: string, right: string, next: () => number, k = 6): boolean {
  const [l, r] = [ast(left), ast(right)];
  for (let i = 0; i < k; i += 1) {
    const point = randomPoint(next);
    const [u, v] = [evaluateExact(l, point), evaluateExact(r, point)];
    if (u === null || v === null) throw new Error("test expressions must be defined everywhere");
    if (!equals(u, v)) return false;
  }
  return true;
}

describe("toPolynomial: known identities", () => {
  const identities: [string, string][] = [
    ["(a+b)^2", "a^2+2ab+b^2"],
    ["(a-b)^2", "a^2-2ab+b^2"],
    ["(a+b)(a-b)", "a^2-b^2"],
    ["(a+b)^3", "a^3+3a^2b+3ab^2+b^3"],
    ["(x+1)(x^2-x+1)", "x^3+1"],
    ["(n-1)(n+1)", "n^2-1"],
    ["(x+2)(x+3)", "x^2+5x+6"],
    ["(a+b+c)^2", "a^2+b^2+c^2+2ab+2bc+2ca"],
    ["(a^2+2b^2+2ab)(a^2+2b^2-2ab)", "a^4+4b^4"],
    ["ab", "ba"],
    ["x/2+x/3", "5x/6"],
    ["2^-1 x", "0.5x"],
    ["(x+1/2)^2", "x^2+x+0.25"],
    ["(a+b)^2-(a-b)^2", "4ab"],
    ["n(n+1)(n+2)", "n^3+3n^2+2n"],
    ["(x-1)(x^4+x^3+x^2+x+1)", "x^5-1"],
  ];
  it.each(identities)("%s = %s", (left, right) => {
    expect(polynomialsEqual(poly(left), poly(right))).toBe(true);
    // The oracle agrees: equal at random rational points.
    expect(agreeAtRandomPoints(left.replace(/[nc]/g, "x"), right.replace(/[nc]/g, "x"), random(3))).toBe(true);
  });

  const mistakes: [string, string][] = [
    ["(a+b)^2", "a^2+b^2"],
    ["(a-b)^2", "a^2-b^2"],
    ["(a+b)(a-b)", "a^2+b^2"],
    ["x^2", "2x"],
    ["(a+b)^2", "a^2+ab+b^2"],
    ["2(x+3)", "2x+3"],
    ["-(a-b)", "-a-b"],
    ["(x+2)(x+3)", "x^2+6x+5"],
    ["a^2 a^3", "a^6"],
    ["(a^2)^3", "a^5"],
  ];
  it.each(mistakes)("%s ≠ %s, with a counterexample", (left, right) => {
    const [p, q] = [poly(left), poly(right)];
    expect(polynomialsEqual(p, q)).toBe(false);
    const point = nonZeroPoint(subtractPolynomials(p, q));
    expect(point).not.toBeNull();
    // Letters that cancel out of the difference may take any value.
    for (const name of LETTERS) if (!point!.has(name)) point!.set(name, rational(1n));
    // The oracle confirms the two texts differ there.
    const [u, v] = [evaluateExact(ast(left), point!), evaluateExact(ast(right), point!)];
    expect(u).not.toBeNull();
    expect(equals(u!, v!)).toBe(false);
  });
});

describe("toPolynomial against direct evaluation at random rational points", () => {
  it("has the same value as the expression everywhere it is tried", () => {
    const next = random(2026);
    for (let trial = 0; trial < 300; trial += 1) {
      const text = randomPolynomialText(next, LETTERS, 4);
      const p = poly(text);
      for (let k = 0; k < 3; k += 1) {
        const point = randomPoint(next);
        const expected = evaluateExact(ast(text), point);
        expect(expected, text).not.toBeNull();
        expect(equals(evaluatePolynomial(p, point), expected!), text).toBe(true);
      }
    }
  });

  it("calls two expressions equal exactly when they agree at random points", () => {
    const next = random(99);
    let equalPairs = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      // Small pieces make equal pairs common enough to test both answers.
      const left = randomPolynomialText(next, ["a", "b"], 2);
      const right =
        trial % 2 === 0
          ? randomPolynomialText(next, ["a", "b"], 2)
          : `${left}+(a-a)*(${randomPolynomialText(next, ["a"], 2)})`;
      const same = polynomialsEqual(poly(left), poly(right));
      if (same) equalPairs += 1;
      expect(same, `${left} vs ${right}`).toBe(agreeAtRandomPoints(left, right, next));
    }
    expect(equalPairs).toBeGreaterThan(150);
    expect(equalPairs).toBeLessThan(390);
  });

  it("prints text that reads back to the same polynomial", () => {
    const next = random(5);
    for (let trial = 0; trial < 200; trial += 1) {
      const p = poly(randomPolynomialText(next, LETTERS, 4));
      expect(polynomialsEqual(poly(polynomialToText(p)), p)).toBe(true);
    }
  });
});

describe("toPolynomial: what is not a polynomial, and why", () => {
  it.each([
    ["1/x", "dividing by “x”, which has letters in it"],
    ["(a+b)/(a-b)", "dividing by “(a-b)”"],
    ["x^y", "the exponent in “x^y” has letters in it"],
    ["x^(1/2)", "the exponent in “x^(1/2)” is not a whole number"],
    ["x^-1", "“x^-1” has a negative exponent"],
    ["sin(x)", "sin(…) is a function"],
    ["x/0", "division by zero in “x/0”"],
    ["x/(a-a)", "division by zero"],
    ["0^-1", "0 to a negative power"],
    [`x^${MAX_EXPONENT + 1}`, `beyond the limit of ${MAX_EXPONENT}`],
    ["(x^20)^20", `the degree goes above ${MAX_DEGREE}`],
    ["(a+b+c+d+e+f+g)^20", "more than 2000 terms"],
    ["(a+b+c+d)^12 (a+b+c+d)^12", "too much work"],
  ])("%s: %s", (text, reason) => {
    expect(reasonFor(text)).toContain(reason);
  });

  it("accepts negative powers of non-zero numbers and division by non-zero numbers", () => {
    expect(polynomialToText(poly("2^-2 x + x/(1+1)"))).toBe("(3/4)x");
    expect(polynomialToText(poly(`x^${MAX_EXPONENT}`))).toBe(`x^${MAX_EXPONENT}`);
  });

  it("shares a work budget between conversions", () => {
    const budget = { remaining: DEFAULT_WORK_BUDGET };
    const text = "(a+b+c+d)^10";
    let converted = 0;
    while (toPolynomial(ast(text), { budget }).ok) converted += 1;
    expect(converted).toBeGreaterThan(0);
    expect(converted).toBeLessThan(200);
  });
});

describe("printing", () => {
  it.each([
    ["(a+b)^2", "a^2 + 2ab + b^2", "a^{2} + 2ab + b^{2}"],
    ["(a-b)^2", "a^2 - 2ab + b^2", "a^{2} - 2ab + b^{2}"],
    ["x/2 - 3", "(1/2)x - 3", "\\frac{1}{2}x - 3"],
    ["-x", "-x", "-x"],
    ["x - x", "0", "0"],
    ["-x/3 - 2/3", "-(1/3)x - (2/3)", "-\\frac{1}{3}x - \\frac{2}{3}"],
    ["(x+1)^3", "x^3 + 3x^2 + 3x + 1", "x^{3} + 3x^{2} + 3x + 1"],
    ["b^2 + a c + 5 a^2 b", "5a^2b + ac + b^2", "5a^{2}b + ac + b^{2}"],
  ])("%s prints as %s", (text, plain, texForm) => {
    expect(polynomialToText(poly(text))).toBe(plain);
    expect(polynomialToTex(poly(text))).toBe(texForm);
  });

  it("lists the variables", () => {
    expect(polynomialVariables(poly("b^2 + a - a + c"))).toEqual(["b", "c"]);
  });
});

describe("nonZeroPoint", () => {
  it("is null exactly for the zero polynomial", () => {
    expect(nonZeroPoint(poly("(a+b)^2 - a^2 - 2ab - b^2"))).toBeNull();
    expect(nonZeroPoint(poly("0"))).toEqual(null);
    expect(nonZeroPoint(poly("7"))).toEqual(new Map());
  });

  it("finds small positive integers where a random non-zero polynomial is not zero", () => {
    const next = random(31);
    let found = 0;
    for (let trial = 0; trial < 300; trial += 1) {
      const text = randomPolynomialText(next, LETTERS, 3);
      const p = poly(text);
      const point = nonZeroPoint(p);
      if (p.terms.length === 0) {
        expect(point).toBeNull();
        continue;
      }
      found += 1;
      for (const name of LETTERS) if (!point!.has(name)) point!.set(name, rational(7n, 3n));
      const value = evaluateExact(ast(text), point!);
      expect(isZero(value!), text).toBe(false);
      const degree = Math.max(0, ...p.terms.flatMap((term) => term.monomial.map(([, e]) => e)));
      for (const name of polynomialVariables(p)) {
        const v = point!.get(name)!;
        expect(v.den).toBe(1n);
        expect(v.num >= 1n && v.num <= BigInt(degree + 1)).toBe(true);
      }
    }
    expect(found).toBeGreaterThan(200);
  });

  it("handles polynomials that vanish on many small points", () => {
    // (x-1)(x-2)(x-3)(x-4) is zero at x = 1…4, so the point must be x = 5.
    const point = nonZeroPoint(poly("(x-1)(x-2)(x-3)(x-4)"));
    expect(point?.get("x")).toEqual(rational(5n));
  });
});
