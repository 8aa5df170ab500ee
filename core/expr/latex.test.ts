import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { sameTree } from "./ast";
import { MAX_LATEX_LENGTH, parseLatex } from "./latex";
import { FORMULA_OPTIONS, parseExpression } from "./parse";
import { expressionToTex } from "./to-tex";

function latexTree(latex: string) {
  const result = parseLatex(latex, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${latex}: ${result.error.message}`);
  return result.ast;
}

function plainTree(plain: string) {
  const result = parseExpression(plain, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${plain}: ${result.error.message}`);
  return result.ast;
}

function latexFailure(latex: string) {
  const result = parseLatex(latex, FORMULA_OPTIONS);
  if (result.ok) throw new Error(`${latex} parsed`);
  return result.error;
}

describe("parseLatex gives the tree of the equivalent plain text", () => {
  it.each([
    ["\\frac{1}{2}x", "1/2x"],
    ["2\\frac{1}{2}", "2(1/2)"],
    ["\\frac{x+1}{x-1}", "(x+1)/(x-1)"],
    ["\\dfrac{a}{b}", "a/b"],
    ["\\frac12", "1/2"],
    ["\\frac{\\frac{1}{2}}{3}", "(1/2)/3"],
    ["\\sqrt{x}", "sqrt(x)"],
    ["\\sqrt[3]{x}", "cbrt(x)"],
    ["\\sqrt[n]{x+1}", "nthroot(x+1, n)"],
    ["x^{2}", "x^2"],
    ["x^2", "x^2"],
    ["x^{2}y", "x^2y"],
    ["e^{-x^{2}}", "e^(-x^2)"],
    ["x^\\frac{1}{2}", "x^(1/2)"],
    ["{x}^{2}", "x^2"],
    ["x_{1}+x_2", "x_1+x_2"],
    ["x_{12}", "x_12"],
    ["\\log_{2}\\left(x\\right)", "log_2(x)"],
    ["\\log_{10}(x)", "log_{10}(x)"],
    ["\\log_b(x)", "log_b(x)"],
    ["\\log\\left(x\\right)", "log(x)"],
    ["\\ln\\left(x\\right)", "ln(x)"],
    ["2\\cdot x", "2*x"],
    ["2\\times x", "2*x"],
    ["a\\div b", "a/b"],
    ["\\left(x+1\\right)\\left(x-1\\right)", "(x+1)(x-1)"],
    ["\\mleft(x\\mright)", "(x)"],
    ["\\left|x\\right|", "|x|"],
    ["|x|", "|x|"],
    ["\\left|\\left|x\\right|-1\\right|", "||x|-1|"],
    ["2\\left|x\\right|", "2|x|"],
    ["\\left|a\\left|b\\right|\\right|", "abs(a abs(b))"],
    ["\\lvert x\\rvert", "|x|"],
    ["\\sin\\left(x\\right)^{2}", "sin(x)^2"],
    ["\\sin(x)", "sin(x)"],
    ["\\arcsin(x)", "arcsin(x)"],
    ["\\operatorname{sign}(x)", "sign(x)"],
    ["\\operatorname{nthroot}\\left(x,3\\right)", "nthroot(x, 3)"],
    ["\\max\\left(1,x,3\\right)", "max(1, x, 3)"],
    ["\\pi r^{2}", "pi r^2"],
    ["2\\tau", "2tau"],
    ["\\mathrm{e}^{x}", "e^x"],
    ["\\exponentialE^{x}", "e^x"],
    ["\\theta", "θ"],
    ["\\theta_{1}", "θ_1"],
    ["\\varphi", "φ"],
    ["y\\le x", "y<=x"],
    ["y\\leq x", "y<=x"],
    ["y\\ge x", "y>=x"],
    ["y\\geq x", "y>=x"],
    ["y\\lt x", "y<x"],
    ["y\\gt x", "y>x"],
    ["x^{2}+y^{2}=1", "x^2+y^2=1"],
    ["\\left\\{x<0:-x,x\\right\\}", "{x<0: -x, x}"],
    ["\\{0<x<1:1,0\\}", "{0<x<1: 1, 0}"],
    ["\\left\\{x\\lt 0\\colon 1\\right\\}", "{x<0: 1}"],
    ["2\\,x", "2x"],
    ["x\\;+\\:y\\!", "x+y"],
    ["x\\quad y", "x y"],
    ["\\left(\\cos(t),\\sin(t)\\right)", "(cos(t), sin(t))"],
    ["\\left[1,2,3\\right]", "[1,2,3]"],
    ["\\lfloor x\\rfloor", "floor(x)"],
    ["\\left\\lceil x\\right\\rceil", "ceil(x)"],
    ["n!", "n!"],
  ])("%s = %s", (latex, plain) => {
    expect(sameTree(latexTree(latex), plainTree(plain))).toBe(true);
  });

  it("is not fooled by a different tree", () => {
    expect(sameTree(latexTree("\\frac{1}{2x}"), plainTree("1/2x"))).toBe(false);
    expect(sameTree(latexTree("2\\cdot x"), plainTree("2x"))).toBe(false);
  });

  it("counts positions in the LaTeX string", () => {
    const ast = latexTree("\\frac{a}{b}+c");
    expect(ast.span).toEqual({ start: 0, end: 13 });
    if (ast.kind !== "binary") throw new Error("expected a sum");
    expect(ast.right.span).toEqual({ start: 12, end: 13 });
  });
});

describe("parseLatex: errors say what and where in the LaTeX", () => {
  it.each([
    ["x\\ne 1", '"≠" at 2 is not supported', 1],
    ["x\\neq 1", '"≠" at 2 is not supported', 1],
    ["\\foo", 'unknown command "\\foo" at 1', 0],
    ["\\frac{1}", '"\\frac" at 1 needs an argument in braces', 0],
    ["{x", 'the "{" at 1 is never closed', 0],
    ["x}", 'unexpected "}" at 2', 1],
    ["\\left(x", 'the "\\left(" at 1 is never closed', 0],
    ["x\\right)", 'unexpected "\\right)" at 2', 1],
    ["\\sin x", '"sin" at 1 needs its argument in parentheses', 0],
    ["\\operatorname{foo}(x)", 'unknown function "foo" at 1', 0],
    ["\\left<x\\right>", 'unknown delimiter "\\left<" at 1', 0],
    ["\\sqrt[3{x}", 'the "[" at 6 is never closed', 5],
    ["x_", 'a subscript must follow the "_" at 2', 1],
    ["x^", '"^" at 2 needs an argument in braces', 1],
    ["\\left|x", 'the "\\left|" at 1 is never closed', 0],
    ["x+\\", 'a command name must follow the "\\" at 3', 2],
    ["\\,", "the expression is empty", 0],
    ["x \\& y", 'unknown command "\\&" at 3', 2],
    ["2^{}", 'unexpected "}" at 4', 3],
  ])("%j: %s", (latex, message, position) => {
    const error = latexFailure(latex);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  it("refuses over-long input before reading it", () => {
    expect(latexFailure("x+".repeat(MAX_LATEX_LENGTH)).message).toContain(`longer than ${MAX_LATEX_LENGTH}`);
  });

  it("refuses braces nested beyond the limit", () => {
    expect(latexFailure("{".repeat(150) + "x" + "}".repeat(150)).message).toContain("nested too deeply");
  });
});

describe("expressionToTex then parseLatex gives back the tree", () => {
  it("for random formulas", () => {
    const next = random(4242);
    const pick = (items: readonly string[]) => items[Math.floor(next() * items.length)]!;
    const atoms = ["x", "y", "2", "0.5", "pi", "e", "θ", "x_1", "tau"];
    const shapes = [
      "$+$",
      "$-$",
      "$*$",
      "$ $",
      "$/$",
      "($)^$",
      "-$",
      "|$|",
      "($)!",
      "sin($)",
      "arctan($)",
      "sqrt($)",
      "nthroot($, n)",
      "floor($)",
      "log_2($)",
      "log_{$}($)",
      "max($, $, $)",
      "mod($, $)",
      "{$<$: $, $>=$: $, $}",
      "{0<$<=1: $}",
    ];
    const grammar = (depth: number): string =>
      depth === 0 || next() < 0.25 ? pick(atoms) : pick(shapes).replace(/\$/g, () => grammar(depth - 1));
    let checked = 0;
    for (let trial = 0; trial < 600; trial += 1) {
      const top = pick(["$", "y = $", "$ < $", "($, $)", "[($, $), ($, $)]"]).replace(/\$/g, () => grammar(3));
      const plain = parseExpression(top, FORMULA_OPTIONS);
      if (!plain.ok) continue;
      checked += 1;
      const tex = expressionToTex(plain.ast);
      const back = parseLatex(tex, FORMULA_OPTIONS);
      if (!back.ok) throw new Error(`${top} → ${tex}: ${back.error.message}`);
      if (!sameTree(back.ast, plain.ast)) throw new Error(`${top} → ${tex} reads back differently`);
    }
    expect(checked).toBeGreaterThan(500);
  });
});
