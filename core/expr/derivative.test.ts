import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { sameTree, type ExprNode } from "./ast";
import { compileReal } from "./compile-real";
import { derivative } from "./derivative";
import { FORMULA_OPTIONS, parseExpression } from "./parse";
import { expressionToTex } from "./to-tex";

/** Agreement of f′ with the central difference (f(x+h) − f(x−h))/2h, relative to |f′| and |f|. */
const DIFFERENCE_TOLERANCE = 1e-5;
/** The step of the central difference, relative to |x|. */
const STEP = 1e-5;

function parse(input: string): ExprNode {
  const result = parseExpression(input, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return result.ast;
}

describe("derivative: exact trees for simple cases", () => {
  it.each([
    ["x^3", "x", "3x^2"],
    ["x^2 + 3x", "x", "2x + 3"],
    ["5", "x", "0"],
    ["x", "x", "1"],
    ["y^2", "x", "0"],
    ["sin(x)", "x", "cos(x)"],
    ["cos(x)", "x", "-sin(x)"],
    ["e^x", "x", "e^x"],
    ["exp(2x)", "x", "2exp(2x)"],
    ["ln(x)", "x", "1/x"],
    ["1/x", "x", "-(1/x^2)"],
    ["x sin(x)", "x", "sin(x) + x cos(x)"],
    ["sqrt(x)", "x", "1/(2sqrt(x))"],
    ["tan(x)", "x", "1/cos(x)^2"],
    ["asin(x)", "x", "1/sqrt(1 - x^2)"],
    ["2^x", "x", "2^x ln(2)"],
    ["log_2(x)", "x", "1/(x ln(2))"],
    ["|x|", "x", "sign(x)"],
    ["floor(x) + 3", "x", "0"],
    ["a x^2 + b x + c", "x", "2a x + b"],
    ["a x^2 + b x + c", "a", "x^2"],
    ["{x<0: -x, x^2}", "x", "{x<0: -1, 2x}"],
    ["max(x, x^2)", "x", "{x >= x^2: 1, 2x}"],
    ["(cos(t), sin(t))", "t", "(-sin(t), cos(t))"],
  ])("d/d%s of %s", (input, variable, expected) => {
    const result = derivative(parse(input), variable);
    expect(sameTree(result, parse(expected), true), `gave ${expressionToTex(result)}`).toBe(true);
  });

  it("refuses what has no derivative, naming it", () => {
    expect(() => derivative(parse("y = x^2"), "x")).toThrow("a relation has no derivative");
    expect(() => derivative(parse("x!"), "x")).toThrow("whole numbers only");
    expect(() => derivative(parse("gcd(x, 4)"), "x")).toThrow("gcd is defined at whole numbers only");
    expect(sameTree(derivative(parse("gcd(6, 4) x"), "x"), parse("2"))).toBe(true);
  });
});

/** ~40 expressions of x with the box their points are drawn from. */
const EXPRESSIONS: [string, number, number][] = [
  ["x^3 - 2x^2 + x - 5", -3, 3],
  ["(x^2 + 1)/(x - 4)", -3, 3],
  ["x^-3", 0.5, 3],
  ["x^0.5 + x^(1/3)", 0.2, 4],
  ["x^x", 0.2, 3],
  ["2^x + e^(-x)", -3, 3],
  ["sin(x) cos(2x)", -4, 4],
  ["tan(x/2)", -2, 2],
  ["cot(x)", 0.3, 2.8],
  ["sec(x) + csc(x)", 0.3, 1.2],
  ["asin(x/2) + acos(x/3)", -1.5, 1.5],
  ["atan(x^2)", -3, 3],
  ["sinh(x) - cosh(x/2) + tanh(3x)", -2, 2],
  ["asinh(x) + atanh(x/2)", -1.5, 1.5],
  ["acosh(x)", 1.2, 5],
  ["exp(-x^2/2)", -3, 3],
  ["ln(x^2 + 1)", -3, 3],
  ["log(x) + log_3(x)", 0.2, 5],
  ["log_x(5)", 1.5, 5],
  ["sqrt(4 - x^2)", -1.8, 1.8],
  ["cbrt(x^2 + 1)", -3, 3],
  ["nthroot(x, 5) + nthroot(x + 3, 4)", 0.2, 3],
  ["|x^3 - 1|", -3, 3],
  ["mod(3x, 2)", -3, 3],
  ["floor(x) + x", -3, 3],
  ["min(x, x^2, 2 - x)", -3, 3],
  ["max(sin(x), cos(x))", -3, 3],
  ["{x < 1: x^2, 2x - 1}", -3, 3],
  ["{0 < x < 2: sin(x), x}", -3, 3],
  ["1/(1 + e^(-x))", -4, 4],
  ["x/(x^2 + 1)^2", -3, 3],
  ["(x - 1)^4 (x + 2)^3", -2, 2],
  ["sin(cos(sin(x)))", -3, 3],
  ["e^(sin(x)) ln(2 + cos(x))", -3, 3],
  ["pi x^2 + tau x + e", -3, 3],
  ["sqrt(x) ln(x) / x", 0.2, 4],
  ["round(x) x^2", -3, 3],
  ["sign(x) x^3", -3, 3],
  ["(x^2 - 1)/(x + 1)", -0.5, 3],
  ["arctan(1/x)", 0.2, 3],
  ["x^2 y + y^3", -2, 2],
];

describe("derivative agrees with a central difference (property, seeded)", () => {
  it.each(EXPRESSIONS)("%s", (input, from, to) => {
    const ast = parse(input);
    const f = compileReal(ast, ["x", "y"]);
    const fPrime = compileReal(derivative(ast, "x"), ["x", "y"]);
    const next = random(input.length * 7919);
    let compared = 0;
    for (let trial = 0; trial < 60; trial += 1) {
      const x = from + (to - from) * next();
      const y = 0.5 + next();
      const h = STEP * Math.max(1, Math.abs(x));
      const central = (step: number) => (f([x + step, y]) - f([x - step, y])) / (2 * step);
      const [coarse, fine] = [central(h), central(h / 2)];
      // Near a jump or a kink the two estimates disagree: no derivative to compare there.
      if (!Number.isFinite(coarse) || Math.abs(coarse - fine) > DIFFERENCE_TOLERANCE * Math.max(1, Math.abs(fine)))
        continue;
      const exact = fPrime([x, y]);
      compared += 1;
      const scale = Math.max(1, Math.abs(fine), Math.abs(f([x, y])));
      if (!(Math.abs(exact - fine) <= DIFFERENCE_TOLERANCE * scale)) {
        throw new Error(`${input} at x = ${x}: f′ = ${exact}, difference ${fine}`);
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});
