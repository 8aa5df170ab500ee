import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import type { ExprNode, RelationNode } from "./ast";
import { compileCondition, compileReal, ExprCompileError } from "./compile-real";
import { FORMULA_OPTIONS, parseExpression } from "./parse";

/** Agreement allowed between two ways of computing the same double (a few roundings apart). */
const RELATIVE_TOLERANCE = 1e-12;

function parse(input: string): ExprNode {
  const result = parseExpression(input, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return result.ast;
}

const valueOf = (input: string, x = 0) => compileReal(parse(input), ["x"])([x]);

function close(actual: number, expected: number): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  if (!Number.isFinite(expected)) return actual === expected;
  return Math.abs(actual - expected) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(expected));
}

describe("compileReal: known values", () => {
  it.each([
    // Exact trigonometric values (any table of special angles).
    ["sin(pi/6)", 0.5],
    ["cos(pi/3)", 0.5],
    ["tan(pi/4)", 1],
    ["cot(pi/4)", 1],
    ["sec(0)", 1],
    ["csc(pi/2)", 1],
    ["sin(tau/4)", 1],
    ["asin(1)", Math.PI / 2],
    ["arcsin(1/2)", Math.PI / 6],
    ["acos(0)", Math.PI / 2],
    ["atan(1)", Math.PI / 4],
    ["arctan(sqrt(3))", Math.PI / 3],
    // sinh(ln 2) = (2 − 1/2)/2, cosh(ln 2) = (2 + 1/2)/2, tanh = their ratio.
    ["sinh(ln(2))", 3 / 4],
    ["cosh(ln(2))", 5 / 4],
    ["tanh(ln(2))", 3 / 5],
    ["asinh(3/4)", Math.LN2],
    ["acosh(5/4)", Math.LN2],
    ["atanh(3/5)", Math.LN2],
    ["exp(ln(7))", 7],
    ["e^2", Math.E * Math.E],
    ["log(1000)", 3],
    ["log_2(8)", 3],
    ["log_{3}(81)", 4],
    ["log_e(e^3)", 3],
    ["sqrt(16)", 4],
    ["cbrt(-27)", -3],
    ["nthroot(-32, 5)", -2],
    ["nthroot(16, 4)", 2],
    ["abs(-3)", 3],
    ["|-3|", 3],
    ["floor(-2.5)", -3],
    ["ceil(-2.5)", -2],
    ["round(2.5)", 3],
    ["round(-2.5)", -3],
    ["round(0.49)", 0],
    ["sign(-4)", -1],
    ["sign(0)", 0],
    ["min(3, 1, 2)", 1],
    ["max(3, 1, 2)", 3],
    ["min(7)", 7],
    ["mod(7, 3)", 1],
    ["mod(-7, 3)", 2],
    ["mod(7, -3)", -2],
    ["mod(5.5, 2)", 1.5],
    ["gcd(12, 18)", 6],
    ["gcd(-12, 18)", 6],
    ["gcd(12, 18, 8)", 2],
    ["gcd(0, 0)", 0],
    ["gcd(-5)", 5],
    ["lcm(4, 6)", 12],
    ["lcm(2, 3, 4)", 12],
    ["lcm(0, 5)", 0],
    ["pi", Math.PI],
    ["tau", 2 * Math.PI],
    ["e", Math.E],
    ["2^3^2", 512],
  ])("%s = %d", (input, expected) => {
    expect(close(valueOf(input), expected), `${input} gave ${valueOf(input)}`).toBe(true);
  });

  it("factorial matches the table of n! (OEIS A000142) at whole n ≥ 0 only", () => {
    const table: [number, number][] = [
      [0, 1],
      [1, 1],
      [2, 2],
      [5, 120],
      [10, 3628800],
      [12, 479001600],
      [18, 6402373705728000],
    ];
    for (const [n, value] of table) expect(valueOf("x!", n)).toBe(value);
    expect(close(valueOf("20!"), 2432902008176640000)).toBe(true);
    expect(close(valueOf("170!"), 7.257415615307999e306)).toBe(true);
    expect(valueOf("171!")).toBe(Infinity);
    expect(valueOf("x!", 2.5)).toBeNaN();
    expect(valueOf("x!", -1)).toBeNaN();
  });

  it("is NaN where undefined and ±Infinity for a division by zero", () => {
    for (const input of [
      "ln(-1)",
      "sqrt(-1)",
      "0/0",
      "asin(2)",
      "acosh(1/2)",
      "(-8)^(1/3)",
      "gcd(1.5, 3)",
      "lcm(2, 0.5)",
      "mod(1, 0)",
      "nthroot(-16, 4)",
      "nthroot(2, 0)",
      "log_1(1)",
    ]) {
      expect(valueOf(input), input).toBeNaN();
    }
    expect(valueOf("1/0")).toBe(Infinity);
    expect(valueOf("-1/0")).toBe(-Infinity);
  });

  it("reads precedence and implicit products as written", () => {
    expect(valueOf("2x^2", 3)).toBe(18);
    expect(valueOf("-x^2", 3)).toBe(-9);
    expect(valueOf("1/2x", 4)).toBe(2);
    expect(valueOf("n!^2".replace("n", "x"), 3)).toBe(36);
    expect(valueOf("2x!", 3)).toBe(12);
    expect(valueOf("2^x!", 3)).toBe(64);
    expect(valueOf("||x|-1|", -3)).toBe(2);
    expect(valueOf("2|x|", -3)).toBe(6);
    expect(valueOf("x^-2", 2)).toBe(0.25);
    expect(valueOf("x^4", -2)).toBe(16);
    expect(valueOf("x^3", -2)).toBe(-8);
  });

  it("gives a relation as L − R and a piecewise as its first true branch", () => {
    const circle = compileReal(parse("x^2 + y^2 = 1"), ["x", "y"]);
    expect(close(circle([0.6, 0.8]), 0)).toBe(true);
    expect(circle([1, 1])).toBe(1);
    expect(compileReal(parse("y < sin(x)"), ["x", "y"])([0, 2])).toBe(2);
    const absolute = compileReal(parse("{x<0: -x, x}"), ["x"]);
    for (const x of [-2, -0.5, 0, 3]) expect(absolute([x])).toBe(Math.abs(x));
    expect(valueOf("{x<0: -1}", 1)).toBeNaN();
    expect(valueOf("{0<x<1: 1, 0}", 0.5)).toBe(1);
    expect(valueOf("{0<x<1: 1, 0}", 1)).toBe(0);
    expect(valueOf("{x=0: 1, 0}", 0)).toBe(1);
    expect(valueOf("{x<0: 1, x>0: 2, 3}", 0)).toBe(3);
    // A condition that cannot be decided (sqrt(−1)) leaves the value undefined.
    expect(valueOf("{sqrt(x)<1: 0, 1}", -1)).toBeNaN();
  });

  it("evaluates conditions, chains included", () => {
    const piecewise = parse("{0 < x <= 1: 1}");
    if (piecewise.kind !== "piecewise") throw new Error("expected a piecewise");
    const inside = compileCondition(piecewise.branches[0]!.condition, ["x"]);
    expect([-1, 0, 0.5, 1, 2].map((x) => inside([x]))).toEqual([false, false, true, true, false]);
    const below = compileCondition(parse("y < sqrt(x)") as RelationNode, ["x", "y"]);
    expect(below([4, 1])).toBe(true);
    expect(below([4, 3])).toBe(false);
    expect(below([-4, -3])).toBe(false);
  });
});

describe("compileReal: refuses what it cannot evaluate, by name", () => {
  const refusal = (ast: ExprNode, variables: string[]) => {
    try {
      compileReal(ast, variables);
    } catch (error) {
      if (error instanceof ExprCompileError) return error.message;
      throw error;
    }
    throw new Error("compiled");
  };

  it("names the unknown variable and the ones it may use", () => {
    expect(refusal(parse("x + q"), ["x", "y"])).toBe('unknown variable "q" (this expression may use only x, y)');
    expect(refusal(parse("t"), [])).toBe('unknown variable "t" (this expression may use no variables)');
  });

  it("refuses unknown functions, wrong arities, tuples, lists and chains", () => {
    const custom = parseExpression("f(x)", { functions: ["f"] });
    const wrongArity = parseExpression("sin(x, 2)");
    if (!custom.ok || !wrongArity.ok) throw new Error("expected to parse");
    expect(refusal(custom.ast, ["x"])).toBe('unknown function "f"');
    expect(refusal(wrongArity.ast, ["x"])).toBe('"sin" takes 1 argument, not 2');
    expect(refusal(parse("(1, 2)"), [])).toContain("a tuple has no single value");
    expect(refusal(parse("[1, 2]"), [])).toContain("a list has no single value");
    const piecewise = parse("{0 < x < 1: 1}");
    if (piecewise.kind !== "piecewise") throw new Error("expected a piecewise");
    expect(refusal(piecewise.branches[0]!.condition, ["x"])).toContain("compileCondition");
  });
});

/** A slow, direct evaluation of a tree: the oracle for the compiled closures and their specialisations. */
function evaluateDirectly(node: ExprNode, x: number): number {
  const v = (n: ExprNode) => evaluateDirectly(n, x);
  switch (node.kind) {
    case "number":
      return Number(node.value);
    case "variable":
      return x;
    case "constant":
      return { pi: Math.PI, e: Math.E, tau: 2 * Math.PI }[node.name];
    case "unary":
      return node.operator === "-" ? -v(node.operand) : v(node.operand);
    case "binary": {
      const [a, b] = [v(node.left), v(node.right)];
      return { "+": a + b, "-": a - b, "*": a * b, "/": a / b, "^": Math.pow(a, b) }[node.operator];
    }
    case "call": {
      const args = node.args.map(v);
      const table: Record<string, (...xs: number[]) => number> = {
        sin: Math.sin,
        cos: Math.cos,
        exp: Math.exp,
        ln: Math.log,
        sqrt: Math.sqrt,
        abs: Math.abs,
        atan: Math.atan,
        min: Math.min,
        max: Math.max,
      };
      return table[node.name]!(...args);
    }
    case "logBase":
      return Math.log(v(node.argument)) / Math.log(v(node.base));
    default:
      throw new Error(`no direct evaluation of ${node.kind}`);
  }
}

describe("compileReal agrees with direct evaluation on random expressions", () => {
  it("including folded constants and the specialised powers", () => {
    const next = random(99);
    const pick = (items: readonly string[]) => items[Math.floor(next() * items.length)]!;
    const atoms = ["x", "2", "3", "0.5", "pi", "e", "(1+2)"];
    const shapes = [
      "$+$",
      "$-$",
      "$*$",
      "$/$",
      "($)^2",
      "($)^3",
      "($)^4",
      "($)^-1",
      "($)^-2",
      "($)^5",
      "($)^0.5",
      "e^($)",
      "2^($)",
      "sin($)",
      "cos($)",
      "exp($)",
      "ln($)",
      "sqrt($)",
      "abs($)",
      "atan($)",
      "min($, $)",
      "max($, $, $)",
      "log_2($)",
      "log_{10}($)",
      "log_3($)",
      "-$",
    ];
    const grammar = (depth: number): string =>
      depth === 0 || next() < 0.2 ? pick(atoms) : pick(shapes).replace(/\$/g, () => grammar(depth - 1));
    let compared = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      const ast = parse(grammar(4));
      const f = compileReal(ast, ["x"]);
      for (let k = 0; k < 10; k += 1) {
        const x = (next() - 0.5) * 8;
        const expected = evaluateDirectly(ast, x);
        const actual = f([x]);
        if (Number.isFinite(expected)) compared += 1;
        if (!close(actual, expected)) {
          throw new Error(`at x = ${x}: compiled ${actual}, direct ${expected}`);
        }
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });
});
