import { describe, expect, it } from "vitest";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { evaluateExact, randomPolynomialText, randomRational } from "../algebra/test-oracles";
import { rational, type Rational } from "../algebra/rational";
import { random } from "../numtheory/test-oracles";
import { exactValueOf, MAX_EXACT_BITS, MAX_EXACT_FACTORIAL, rationalToNumber } from "./exact-value";

function parse(text: string) {
  const result = parseExpression(text, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.ast;
}

const value = (text: string, values: ReadonlyMap<string, Rational> = new Map()) => exactValueOf(parse(text), values);

describe("exactValueOf agrees with the algebra oracle", () => {
  it("on 500 random polynomial expressions at random rational points", () => {
    const next = random(8);
    for (let i = 0; i < 500; i += 1) {
      const text = randomPolynomialText(next, ["a", "b"]);
      const point = new Map([
        ["a", randomRational(next)],
        ["b", randomRational(next)],
      ]);
      const expected = evaluateExact(parse(text), point);
      const result = value(text, point);
      if (expected === null) expect(result.kind, text).toBe("undefined");
      else expect(result, text).toEqual({ kind: "value", value: expected });
    }
  });

  it("on quotients by expressions that vanish at the point", () => {
    const next = random(9);
    for (let i = 0; i < 200; i += 1) {
      const [p, q] = [randomRational(next), randomRational(next, 9)];
      const point = new Map([["x", p]]);
      const text = `(x + ${q.num}/${q.den}) / (${p.den}x - (${p.num}))`;
      const expected = evaluateExact(parse(text), point);
      expect(expected).toBeNull();
      expect(value(text, point).kind).toBe("undefined");
    }
  });
});

describe("exactValueOf: what is exact, what is undefined, what is not exact", () => {
  it.each([
    ["2^10", rational(1024n)],
    ["(-2)^-3", rational(-1n, 8n)],
    ["0^0", rational(1n)],
    ["(-1)^99999999", rational(-1n)],
    ["1^99999999", rational(1n)],
    ["sqrt(9/4)", rational(3n, 2n)],
    ["|-7/3|", rational(7n, 3n)],
    ["5!", rational(120n)],
    ["0.125", rational(1n, 8n)],
    ["-(3 - 5)", rational(2n)],
  ])("%s is exactly its value", (text, expected) => {
    expect(value(text)).toEqual({ kind: "value", value: expected });
  });

  it.each([
    ["1/0", "divides by zero"],
    ["0^-2", "negative power"],
    ["sqrt(-4)", "square root of a negative number"],
    ["(-1)!", "whole number n ≥ 0"],
    ["(1/2)!", "whole number n ≥ 0"],
    ["1/0 + pi", "divides by zero"],
    ["pi/0", "divides by zero"],
    ["sin(1)/(2-2)", "divides by zero"],
  ])("%s is undefined", (text, reason) => {
    const result = value(text);
    expect(result.kind).toBe("undefined");
    expect(result.kind === "undefined" && result.reason).toContain(reason);
  });

  it.each([
    ["pi", "no exact fraction"],
    ["sin(1)", "no exact fraction"],
    ["sqrt(2)", "not a fraction"],
    ["4^(1/2)", "fractional exponent"],
    ["x + 1", "letter x"],
    [`2^${MAX_EXACT_BITS + 1}`, "too large"],
    ["2^99999999", "too large"],
    [`${MAX_EXACT_FACTORIAL + 1}!`, "too large"],
    ["(3/2)^99999", "too large"],
  ])("%s is not exact", (text, reason) => {
    const result = value(text);
    expect(result.kind).toBe("inexact");
    expect(result.kind === "inexact" && result.reason).toContain(reason);
  });

  it("works out whole numbers of thousands of digits, checked against BigInt", () => {
    expect(value("3^10000 - 3^9999")).toEqual({ kind: "value", value: rational(2n * 3n ** 9999n) });
    let factorial = 1n;
    for (let k = 2n; k <= BigInt(MAX_EXACT_FACTORIAL); k += 1n) factorial *= k;
    expect(value(`${MAX_EXACT_FACTORIAL}!`)).toEqual({ kind: "value", value: rational(factorial) });
  });

  it("stops when a shared budget is spent, and says so", () => {
    const budget = { remaining: 50_000 };
    const tree = parse("9^9999 + 9^9999 + 9^9999 + 9^9999");
    expect(exactValueOf(tree, new Map(), budget).kind).toBe("inexact");
    expect(budget.remaining).toBeLessThan(0);
    const after = exactValueOf(parse("1 + 1"), new Map(), budget);
    expect(after.kind === "inexact" && after.reason).toContain("too much work");
  });
});

describe("rationalToNumber", () => {
  it("is the quotient of the doubles when they are in range", () => {
    const next = random(10);
    for (let i = 0; i < 200; i += 1) {
      const x = randomRational(next, 1000);
      expect(rationalToNumber(x)).toBe(Number(x.num) / Number(x.den));
    }
  });

  it("keeps the size of fractions of numbers beyond a double's range", () => {
    const big = 10n ** 400n;
    expect(rationalToNumber(rational(3n * big + 1n, big))).toBeCloseTo(3, 12);
    expect(rationalToNumber(rational(big + 1n, 7n * big))).toBeCloseTo(1 / 7, 12);
    expect(rationalToNumber(rational(big))).toBe(Infinity);
    expect(rationalToNumber(rational(-1n, big))).toBe(-0);
  });
});
