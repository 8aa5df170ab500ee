import katex from "katex";
import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { parseExpression } from "./parse";
import { expressionToTex, variableToTex } from "./to-tex";

function tex(input: string, names?: string[]): string {
  const result = parseExpression(input, { names });
  if (!result.ok) throw new Error(result.error.message);
  return expressionToTex(result.ast);
}

describe("expressionToTex", () => {
  it.each([
    ["(a+b)^2", "\\left(a+b\\right)^{2}"],
    ["a^2+2ab+b^2", "a^{2}+2ab+b^{2}"],
    ["(x+1)(x-1)", "\\left(x+1\\right)\\left(x-1\\right)"],
    ["2*x", "2 \\cdot x"],
    ["1/2x", "\\frac{1}{2}x"],
    ["3(5/2)", "3\\left(\\frac{5}{2}\\right)"],
    ["2(3)", "2\\left(3\\right)"],
    ["-x^2", "-x^{2}"],
    ["(-2)^2", "\\left(-2\\right)^{2}"],
    ["a-(b-c)", "a-\\left(b-c\\right)"],
    ["a-(-b)", "a-\\left(-b\\right)"],
    ["-(a+b)c", "-\\left(a+b\\right)c"],
    ["a(bc)", "a\\left(bc\\right)"],
    ["(x^2)^3", "\\left(x^{2}\\right)^{3}"],
    ["2^3^2", "2^{3^{2}}"],
    ["sqrt(x)+abs(y)", "\\sqrt{x}+\\left|y\\right|"],
    ["sin(x)^2", "\\sin\\left(x\\right)^{2}"],
  ])("%s → %s", (input, expected) => {
    expect(tex(input)).toBe(expected);
  });

  it("prints names: Greek as symbols, others upright", () => {
    expect(variableToTex("x")).toBe("x");
    expect(tex("thetax", ["theta"])).toBe("{\\theta}x");
    expect(variableToTex("speed")).toBe("\\mathrm{speed}");
  });

  it("always gives TeX that KaTeX typesets", () => {
    const next = random(7);
    const atoms = ["a", "x", "2", "0.5", "(a+b)", "(x-1)", "sin(x)", "-y"];
    const operators = ["+", "-", "*", "/", "^", "", " "];
    let checked = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      let input = atoms[Math.floor(next() * atoms.length)]!;
      for (let k = 0; k < 4; k += 1) {
        input += operators[Math.floor(next() * operators.length)]! + atoms[Math.floor(next() * atoms.length)]!;
      }
      const result = parseExpression(input);
      if (!result.ok) continue;
      checked += 1;
      expect(() => katex.renderToString(expressionToTex(result.ast), { throwOnError: true }), input).not.toThrow();
    }
    expect(checked).toBeGreaterThan(200);
  });
});
