import katex from "katex";
import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { FORMULA_OPTIONS, parseExpression } from "./parse";
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
    expect(variableToTex("speed_1")).toBe("\\mathrm{speed}_{1}");
    expect(variableToTex("x_12")).toBe("x_{12}");
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

function formulaTex(input: string): string {
  const result = parseExpression(input, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(result.error.message);
  return expressionToTex(result.ast);
}

describe("expressionToTex: the formula language", () => {
  it.each([
    ["x!", "x!"],
    ["(x+1)!", "\\left(x+1\\right)!"],
    ["n!^2", "\\left(n!\\right)^{2}"],
    ["2x!", "2x!"],
    ["|x-1|", "\\left|x-1\\right|"],
    ["2|x|^2", "2\\left|x\\right|^{2}"],
    ["log_2(x)", "\\log_{2}\\left(x\\right)"],
    ["log_{b+1}(x)", "\\log_{b+1}\\left(x\\right)"],
    ["pi r^2", "{\\pi}r^{2}"],
    ["e^x", "e^{x}"],
    ["tau", "{\\tau}"],
    ["y <= x", "y \\le x"],
    ["y >= x", "y \\ge x"],
    ["x^2 + y^2 = 1", "x^{2}+y^{2} = 1"],
    ["{x<0: -x, x}", "\\left\\{x < 0: -x, x\\right\\}"],
    ["{0<x<=1: 1}", "\\left\\{0 < x \\le 1: 1\\right\\}"],
    ["(1, 2)", "\\left(1, 2\\right)"],
    ["[(0, 0), (1, 1)]", "\\left[\\left(0, 0\\right), \\left(1, 1\\right)\\right]"],
    ["arcsin(x)", "\\arcsin\\left(x\\right)"],
    ["asin(x)", "\\arcsin\\left(x\\right)"],
    ["asinh(x)", "\\operatorname{asinh}\\left(x\\right)"],
    ["cbrt(x)", "\\sqrt[3]{x}"],
    ["nthroot(x, n)", "\\sqrt[n]{x}"],
    ["sign(x)", "\\operatorname{sign}\\left(x\\right)"],
    ["floor(x)y", "{\\left\\lfloor x\\right\\rfloor}y"],
    ["x_1 + θ_2", "x_{1}+{\\theta_{2}}"],
  ])("%s → %s", (input, expected) => {
    expect(formulaTex(input)).toBe(expected);
  });

  it("always gives TeX that KaTeX typesets", () => {
    const next = random(8);
    const atoms = ["x", "2", "pi", "e", "θ_1", "|x|", "n!", "log_2(x)", "{x<0: -x, x}", "nthroot(x, 3)", "asin(x)"];
    const operators = ["+", "-", "*", "/", "^", "", " "];
    let checked = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      let input = atoms[Math.floor(next() * atoms.length)]!;
      for (let k = 0; k < 4; k += 1) {
        input += operators[Math.floor(next() * operators.length)]! + atoms[Math.floor(next() * atoms.length)]!;
      }
      const top = trial % 3 === 0 ? `y = ${input}` : trial % 3 === 1 ? `(${input}, 1)` : input;
      const result = parseExpression(top, FORMULA_OPTIONS);
      if (!result.ok) continue;
      checked += 1;
      expect(() => katex.renderToString(expressionToTex(result.ast), { throwOnError: true }), top).not.toThrow();
    }
    expect(checked).toBeGreaterThan(200);
  });
});
