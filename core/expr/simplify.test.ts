import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { sameTree, type ExprNode } from "./ast";
import { compileReal } from "./compile-real";
import { FORMULA_OPTIONS, parseExpression } from "./parse";
import { simplify } from "./simplify";
import { expressionToTex } from "./to-tex";

/** Agreement of a tree and its simplification at one point, relative to the size of the value. */
const RELATIVE_TOLERANCE = 1e-9;

function parse(input: string): ExprNode {
  const result = parseExpression(input, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return result.ast;
}

describe("simplify: exact results", () => {
  it.each([
    ["2+3", "5"],
    ["0.1+0.2", "3/10"],
    ["1/3+1/6", "1/2"],
    ["2^10", "1024"],
    ["2^100", "2^100"],
    ["x+0", "x"],
    ["0+x", "x"],
    ["x-0", "x"],
    ["0-x", "-x"],
    ["x*1", "x"],
    ["1*x", "x"],
    ["0*x", "0"],
    ["x/1", "x"],
    ["0/x", "0"],
    ["x^1", "x"],
    ["x^0", "1"],
    ["1^x", "1"],
    ["-(-x)", "x"],
    ["-x*-y", "x y"],
    ["2x+3x", "5x"],
    ["x - 2x", "-x"],
    ["2x+3-x-1", "x+2"],
    ["1 - x^2", "1 - x^2"],
    ["x*x", "x^2"],
    ["x^2*x^3", "x^5"],
    ["x^a*x^b", "x^(a+b)"],
    ["(x^2)^3", "x^6"],
    ["(x^2)^(1/2)", "(x^2)^(1/2)"],
    ["x/x", "1"],
    ["x/2", "x/2"],
    ["0.5x+0.25x", "3x/4"],
    ["x*y^-2", "x/y^2"],
    ["x^-1", "1/x"],
    ["-1/x^2", "-(1/x^2)"],
    ["sin(x)*3", "3 sin(x)"],
    ["2(x+1) + 3(x+1)", "5(x+1)"],
    ["3*x^(3-1)*1", "3x^2"],
    ["sin(0) + cos(0) + exp(0) + ln(1)", "2"],
    ["sqrt(9/4) + cbrt(-27)", "-(3/2)"],
    ["sqrt(2)", "sqrt(2)"],
    ["floor(2.5) + ceil(2.5) + round(-2.5) + abs(-4) + sign(-3)", "5"],
    ["gcd(12, 18) + lcm(4, 6) + mod(-7, 3) + min(3, 1, 2) + max(3, 1, 2)", "24"],
    ["5!", "120"],
    ["ln(e)", "1"],
    ["log_x(x) + log_2(1)", "1"],
    ["1/0", "1/0"],
    ["y = 2x + x", "y = 3x"],
    ["{x<0: 0 + x, 1*x}", "{x<0: x, x}"],
    ["(1+1, 2x - x)", "(2, x)"],
  ])("%s → %s", (input, expected) => {
    const simplified = simplify(parse(input));
    expect(sameTree(simplified, parse(expected), true), `gave ${expressionToTex(simplified)}`).toBe(true);
  });
});

describe("simplify keeps the value (property, seeded)", () => {
  it("at random points where the input is defined, and is idempotent", () => {
    const next = random(808);
    const pick = (items: readonly string[]) => items[Math.floor(next() * items.length)]!;
    // No literal 0: 0^-1 is ±Infinity by the sign of the zero, which no simplification keeps.
    const atoms = ["x", "y", "1", "2", "0.5", "3", "pi", "e"];
    const shapes = [
      "$+$",
      "$-$",
      "$*$",
      "$/$",
      "($)^2",
      "($)^-1",
      "($)^($)",
      "-$",
      "sin($)",
      "ln($)",
      "sqrt($)",
      "($)($)",
      "($)^0",
      "1*$",
      "0+$",
    ];
    const grammar = (depth: number): string =>
      depth === 0 || next() < 0.25 ? pick(atoms) : pick(shapes).replace(/\$/g, () => grammar(depth - 1));
    let compared = 0;
    for (let trial = 0; trial < 500; trial += 1) {
      const ast = parse(grammar(4));
      const simplified = simplify(ast);
      expect(sameTree(simplify(simplified), simplified, true), expressionToTex(ast)).toBe(true);
      const [f, g] = [compileReal(ast, ["x", "y"]), compileReal(simplified, ["x", "y"])];
      for (let k = 0; k < 5; k += 1) {
        const point = [(next() - 0.5) * 6, (next() - 0.5) * 6];
        const [expected, actual] = [f(point), g(point)];
        if (!Number.isFinite(expected) || Math.abs(expected) > 1e12) continue;
        compared += 1;
        if (!(Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(expected)))) {
          throw new Error(
            `${expressionToTex(ast)} → ${expressionToTex(simplified)} at ${point}: ${expected} vs ${actual}`,
          );
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
