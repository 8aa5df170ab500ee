import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import type { ExprNode } from "./ast";
import { FORMULA_OPTIONS, MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH, parseExpression, type ParseOptions } from "./parse";
import { MATH_FUNCTIONS } from "./functions";
import { GREEK_LETTERS } from "./tokens";

/** Fully bracketed: "(a + (b * c))"; a product written side by side shows as "(2 x)"; constants as π, ℯ, τ. */
function show(node: ExprNode): string {
  switch (node.kind) {
    case "number":
      return node.value;
    case "variable":
      return node.name;
    case "constant":
      return { pi: "π", e: "ℯ", tau: "τ" }[node.name];
    case "unary":
      return `(${node.operator}${show(node.operand)})`;
    case "factorial":
      return `(${show(node.operand)}!)`;
    case "binary":
      return node.implicit
        ? `(${show(node.left)} ${show(node.right)})`
        : `(${show(node.left)} ${node.operator} ${show(node.right)})`;
    case "call":
      return `${node.name}(${node.args.map(show).join(", ")})`;
    case "logBase":
      return `log_[${show(node.base)}](${show(node.argument)})`;
    case "relation":
      return `(${node.operands.map((operand, i) => (i === 0 ? "" : ` ${node.operators[i - 1]} `) + show(operand)).join("")})`;
    case "piecewise":
      return `{${[
        ...node.branches.map((b) => `${show(b.condition)}: ${show(b.value)}`),
        ...(node.otherwise ? [show(node.otherwise)] : []),
      ].join(", ")}}`;
    case "tuple":
      return `(${node.items.map(show).join(", ")})`;
    case "list":
      return `[${node.items.map(show).join(", ")}]`;
  }
}

const GREEK_SYMBOL = Object.fromEntries(Object.entries(GREEK_LETTERS).map(([symbol, name]) => [name, symbol]));

/** Like show, but parseable: a side-by-side right operand gets brackets, so "2(3)" prints as something that reads back. */
function reprint(node: ExprNode): string {
  switch (node.kind) {
    case "number":
      return show(node);
    case "variable":
      return node.name.replace(/^[a-z]{2,}/, (name) => GREEK_SYMBOL[name] ?? name);
    case "constant":
      return node.name;
    case "unary":
      return `(${node.operator}${reprint(node.operand)})`;
    case "factorial":
      return `(${reprint(node.operand)}!)`;
    case "binary":
      return node.implicit
        ? `(${reprint(node.left)} (${reprint(node.right)}))`
        : `(${reprint(node.left)} ${node.operator} ${reprint(node.right)})`;
    case "call":
      return `${node.name}(${node.args.map(reprint).join(", ")})`;
    case "logBase":
      return `log_{${reprint(node.base)}}(${reprint(node.argument)})`;
    case "relation":
      return node.operands
        .map((operand, i) => (i === 0 ? "" : ` ${node.operators[i - 1]} `) + reprint(operand))
        .join("");
    case "piecewise":
      return `{${[
        ...node.branches.map((b) => `${reprint(b.condition)}: ${reprint(b.value)}`),
        ...(node.otherwise ? [reprint(node.otherwise)] : []),
      ].join(", ")}}`;
    case "tuple":
      return `(${node.items.map(reprint).join(", ")})`;
    case "list":
      return `[${node.items.map(reprint).join(", ")}]`;
  }
}

function shown(input: string, options?: ParseOptions): string {
  const result = parseExpression(input, options);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return show(result.ast);
}

function failure(input: string, options?: ParseOptions) {
  const result = parseExpression(input, options);
  if (result.ok) throw new Error(`${input} parsed as ${show(result.ast)}`);
  return { message: result.error.message, position: result.error.position };
}

describe("parseExpression: precedence and associativity", () => {
  it.each([
    ["a+b*c", "(a + (b * c))"],
    ["a*b+c", "((a * b) + c)"],
    ["a-b-c", "((a - b) - c)"],
    ["a/b/c", "((a / b) / c)"],
    ["a-b+c", "((a - b) + c)"],
    ["2^3^2", "(2 ^ (3 ^ 2))"],
    ["-x^2", "(-(x ^ 2))"],
    ["-2^2", "(-(2 ^ 2))"],
    ["2^-1", "(2 ^ (-1))"],
    ["a*-b", "(a * (-b))"],
    ["a--b", "(a - (-b))"],
    ["-a*b", "((-a) * b)"],
    ["+a", "(+a)"],
    ["(a+b)*c", "((a + b) * c)"],
    ["a^b*c", "((a ^ b) * c)"],
    ["1/2*x", "((1 / 2) * x)"],
  ])("%s → %s", (input, expected) => {
    expect(shown(input)).toBe(expected);
  });
});

describe("parseExpression: implicit multiplication", () => {
  it.each([
    ["2x", "(2 x)"],
    ["2 x", "(2 x)"],
    ["3(x+1)", "(3 (x + 1))"],
    ["(x+1)(x-1)", "((x + 1) (x - 1))"],
    ["ab", "(a b)"],
    ["abc", "((a b) c)"],
    ["x^2y", "((x ^ 2) y)"],
    ["2x^2", "(2 (x ^ 2))"],
    ["1/2x", "((1 / 2) x)"],
    ["a(b+c)", "(a (b + c))"],
    ["-2x", "((-2) x)"],
    ["2sin(x)", "(2 sin(x))"],
    ["x^2sin(x)", "((x ^ 2) sin(x))"],
    ["a^2+2ab+b^2", "(((a ^ 2) + ((2 a) b)) + (b ^ 2))"],
  ])("%s → %s", (input, expected) => {
    expect(shown(input)).toBe(expected);
  });
});

describe("parseExpression: the symbols people type", () => {
  it.each([
    ["a−b", "(a - b)"],
    ["a–b", "(a - b)"],
    ["a×b", "(a * b)"],
    ["a·b", "(a * b)"],
    ["a⋅b", "(a * b)"],
    ["a÷b", "(a / b)"],
    ["x²", "(x ^ 2)"],
    ["(a+b)²", "((a + b) ^ 2)"],
    ["x¹⁰", "(x ^ 10)"],
    ["2x²y³", "((2 (x ^ 2)) (y ^ 3))"],
    ["0.25x", "(0.25 x)"],
    [".5", "0.5"],
    ["12.50", "12.50"],
    ["  a +\tb ", "(a + b)"],
  ])("%s → %s", (input, expected) => {
    expect(shown(input)).toBe(expected);
  });
});

describe("parseExpression: function calls and names", () => {
  it("parses calls with any number of arguments", () => {
    expect(shown("sin(x)^2+cos(x)^2")).toBe("((sin(x) ^ 2) + (cos(x) ^ 2))");
    expect(shown("max(a, b+1, 3)")).toBe("max(a, (b + 1), 3)");
    expect(shown("sqrt (x)")).toBe("sqrt(x)");
  });

  it("reads a letter run by the longest known name", () => {
    expect(shown("sinh(x)")).toBe("sinh(x)");
    expect(shown("thetax", { names: ["theta"] })).toBe("(theta x)");
    expect(shown("f(x)", { functions: ["f"] })).toBe("f(x)");
    // Without "f" in the list, f(x) is the product f·x.
    expect(shown("f(x)")).toBe("(f x)");
  });

  it("records where each node was written, brackets included", () => {
    const result = parseExpression("(a+b)^2 - 3x");
    if (!result.ok) throw new Error(result.error.message);
    expect(result.ast.span).toEqual({ start: 0, end: 12 });
    const root = result.ast;
    if (root.kind !== "binary") throw new Error("expected a difference");
    expect(root.left.span).toEqual({ start: 0, end: 7 });
    if (root.left.kind !== "binary") throw new Error("expected a power");
    expect(root.left.left.span).toEqual({ start: 0, end: 5 });
    expect(root.right.span).toEqual({ start: 10, end: 12 });
  });
});

describe("parseExpression: errors say what and where", () => {
  it.each([
    ["(a+b))^2", 'unexpected ")" at 6', 5],
    ["a+", "unexpected end at 3", 2],
    ["(a+b", 'the "(" at 1 is never closed', 0],
    ["2 3", 'unexpected number "3" at 3', 2],
    ["(x+1)2", 'unexpected number "2" at 6', 5],
    ["a $ b", 'unexpected character "$" at 3', 2],
    ["*a", 'unexpected "*" at 1', 0],
    ["a,b", 'unexpected "," at 2', 1],
    [")", 'unexpected ")" at 1', 0],
    ["sin x", '"sin" at 1 needs its argument in parentheses', 0],
    ["2.", 'a digit must follow the "." at 2', 1],
    ["a^", "unexpected end at 3", 2],
    ["()", 'unexpected ")" at 2', 1],
    ["max(a,)", 'unexpected ")" at 7', 6],
    ["", "the expression is empty", 0],
    ["   ", "the expression is empty", 0],
  ])("%j: %s", (input, message, position) => {
    const error = failure(input);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  it("refuses nesting beyond the limit, and accepts it up to there", () => {
    const nested = (depth: number) => "(".repeat(depth) + "x" + ")".repeat(depth);
    expect(failure(nested(MAX_NESTING_DEPTH + 5)).message).toContain("nested too deeply");
    expect(shown(nested(MAX_NESTING_DEPTH - 2))).toBe("x");
    expect(failure("-".repeat(MAX_NESTING_DEPTH + 5) + "x").message).toContain("nested too deeply");
  });

  it("refuses over-long input before reading it", () => {
    expect(failure("x+".repeat(MAX_EXPRESSION_LENGTH)).message).toContain(`longer than ${MAX_EXPRESSION_LENGTH}`);
  });
});

const formula = (input: string) => shown(input, FORMULA_OPTIONS);
const formulaFailure = (input: string) => failure(input, FORMULA_OPTIONS);

describe("parseExpression: the default language is unchanged by the formula additions", () => {
  it.each([
    ["|x|", 'unexpected character "|" at 1', 0],
    ["x!", 'unexpected character "!" at 2', 1],
    ["y=x", 'unexpected character "=" at 2', 1],
    ["{x}", 'unexpected character "{" at 1', 0],
    ["[1]", 'unexpected character "[" at 1', 0],
    ["log_2(x)", '"log" at 1 needs its argument in parentheses', 0],
    ["(1, 2)", 'unexpected "," at 3', 2],
  ])("%j is refused: %s", (input, message, position) => {
    const error = failure(input);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  it.each([
    ["pi", "(p i)"],
    ["e", "e"],
    ["asin(x)", "(a sin(x))"],
    ["sign", "(((s i) g) n)"],
    ["foo(x)", "(((f o) o) x)"],
    ["sin(x, y)", "sin(x, y)"],
  ])("%s still reads as %s", (input, expected) => {
    expect(shown(input)).toBe(expected);
  });

  it("reads Greek letters and subscripts as names (they were refused before, so nothing changes meaning)", () => {
    expect(shown("θ")).toBe("theta");
    expect(shown("π")).toBe("pi");
    expect(shown("2x_1 + x_{12}")).toBe("((2 x_1) + x_12)");
    expect(shown("x_ab")).toBe("(x_a b)");
    expect(shown("θ_1τ")).toBe("(theta_1 tau)");
  });
});

describe("parseExpression: factorial", () => {
  it.each([
    ["x!", "(x!)"],
    ["2x!", "(2 (x!))"],
    ["n!^2", "((n!) ^ 2)"],
    ["2^n!", "(2 ^ (n!))"],
    ["x^2!", "(x ^ (2!))"],
    ["-n!", "(-(n!))"],
    ["(x+1)!", "((x + 1)!)"],
    ["3!!", "((3!)!)"],
    ["x!y", "((x!) y)"],
    ["n!/(k!(n-k)!)", "((n!) / ((k!) ((n - k)!)))"],
  ])("%s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });
});

describe("parseExpression: absolute-value bars", () => {
  it.each([
    ["|x|", "abs(x)"],
    ["||x|-1|", "abs((abs(x) - 1))"],
    ["2|x|", "(2 abs(x))"],
    ["|x|y", "(abs(x) y)"],
    ["|a|b|c|", "((abs(a) b) abs(c))"],
    ["|a|-|b|", "(abs(a) - abs(b))"],
    ["|-x|", "abs((-x))"],
    ["|x|^2", "(abs(x) ^ 2)"],
    ["|x|!", "(abs(x)!)"],
    ["|x+|y||", "abs((x + abs(y)))"],
    ["|a(b|c|)|", "abs((a (b abs(c))))"],
    ["sin(|x|)", "sin(abs(x))"],
    ["|x|(x+1)", "(abs(x) (x + 1))"],
  ])("%s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });

  it("spans the bars", () => {
    const result = parseExpression("2|x-1|", FORMULA_OPTIONS);
    if (!result.ok || result.ast.kind !== "binary") throw new Error("expected a product");
    expect(result.ast.right.span).toEqual({ start: 1, end: 6 });
  });
});

describe("parseExpression: functions, log bases and constants", () => {
  it("parses every function of the formula language with its arity", () => {
    for (const name of MATH_FUNCTIONS) {
      const args = name === "nthroot" || name === "mod" ? "x, 3" : "x";
      expect(formula(`${name}(${args})`)).toBe(`${name}(${args.replace(" ", " ")})`);
    }
    expect(formula("max(1, 2, 3, 4)")).toBe("max(1, 2, 3, 4)");
    expect(formula("min(x)")).toBe("min(x)");
    expect(formula("2sin(x)cos(x)")).toBe("((2 sin(x)) cos(x))");
    expect(formula("sinh(x)asinh(x)")).toBe("(sinh(x) asinh(x))");
  });

  it.each([
    ["log_2(x)", "log_[2](x)"],
    ["log_{10}(x)", "log_[10](x)"],
    ["log_b(x)", "log_[b](x)"],
    ["log_{b+1}(x^2)", "log_[(b + 1)]((x ^ 2))"],
    ["log_e(x)", "log_[ℯ](x)"],
    ["log_2.5(x)", "log_[2.5](x)"],
    ["2log_2(x)", "(2 log_[2](x))"],
    ["log(x)", "log(x)"],
    ["ln(x)", "ln(x)"],
  ])("%s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });

  it.each([
    ["pi", "π"],
    ["π", "π"],
    ["tau", "τ"],
    ["τ", "τ"],
    ["e", "ℯ"],
    ["2pi", "(2 π)"],
    ["2πr", "((2 π) r)"],
    ["pix", "(π x)"],
    ["e^x", "(ℯ ^ x)"],
    ["exp(x)", "exp(x)"],
    ["sec(x)", "sec(x)"],
    ["e_1", "e_1"],
  ])("constants: %s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });
});

describe("parseExpression: relations, piecewise, tuples and lists", () => {
  it.each([
    ["y = x^2", "(y = (x ^ 2))"],
    ["x^2 + y^2 = 1", "(((x ^ 2) + (y ^ 2)) = 1)"],
    ["y < sin(x)", "(y < sin(x))"],
    ["y <= x", "(y <= x)"],
    ["y ≤ x", "(y <= x)"],
    ["y > x", "(y > x)"],
    ["y >= x", "(y >= x)"],
    ["y ≥ x", "(y >= x)"],
  ])("%s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });

  it.each([
    ["{x<0: -x, x}", "{(x < 0): (-x), x}"],
    ["{x<0: -x}", "{(x < 0): (-x)}"],
    ["{0<x<1: 1, 0}", "{(0 < x < 1): 1, 0}"],
    ["{x<0: -1, x>0: 1, 0}", "{(x < 0): (-1), (x > 0): 1, 0}"],
    ["2{x<0: 1, 2}", "(2 {(x < 0): 1, 2})"],
    ["{x<0: {y<0: 1, 2}, 3}^2", "({(x < 0): {(y < 0): 1, 2}, 3} ^ 2)"],
    ["y = {x=0: 1, x}", "(y = {(x = 0): 1, x})"],
  ])("piecewise: %s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });

  it.each([
    ["(1, 2)", "(1, 2)"],
    ["(cos(t), sin(t))", "(cos(t), sin(t))"],
    ["(1, 2, 3)", "(1, 2, 3)"],
    ["[1, 2, 3]", "[1, 2, 3]"],
    ["[x]", "[x]"],
    ["[(1, 2), (3, 4)]", "[(1, 2), (3, 4)]"],
    ["(x)", "x"],
  ])("tuples and lists: %s → %s", (input, expected) => {
    expect(formula(input)).toBe(expected);
  });

  it("spans a relation and a piecewise", () => {
    const result = parseExpression(" y = {x<0: 1, 2} ", FORMULA_OPTIONS);
    if (!result.ok || result.ast.kind !== "relation") throw new Error("expected a relation");
    expect(result.ast.span).toEqual({ start: 1, end: 16 });
    expect(result.ast.operands[1]!.span).toEqual({ start: 5, end: 16 });
  });
});

describe("parseExpression: formula errors say what and where", () => {
  it.each([
    ["foo(x)", 'unknown function "foo" at 1', 0],
    ["2 + bar (x)", 'unknown function "bar" at 5', 4],
    ["ax(x-1)", 'unknown function "ax" at 1', 0],
    ["sin(x, y)", '"sin" at 1 takes 1 argument, not 2', 0],
    ["nthroot(x)", '"nthroot" at 1 takes 2 arguments, not 1', 0],
    ["mod(1, 2, 3)", '"mod" at 1 takes 2 arguments, not 3', 0],
    ["log_2(x, 3)", '"log_…" at 1 takes 1 argument, not 2', 0],
    ["min()", 'unexpected ")" at 5', 4],
    ["sin x", '"sin" at 1 needs its argument in parentheses', 0],
    ["log_2 x", '"log" at 1 needs its argument in parentheses: log_…(…)', 0],
    ["log_+(x)", 'a base must follow "log_" at 5', 4],
    ["x_", 'a subscript must follow the "_" at 2', 1],
    ["x_{a+b}", "a subscript at 3 may only hold letters and digits", 2],
    ["|x", 'the "|" at 1 is never closed', 0],
    ["x|", 'the "|" at 2 is never closed', 1],
    ["(|x)|", 'unexpected ")" at 4', 3],
    ["!x", 'unexpected "!" at 1', 0],
    ["x<y<z", 'a second comparison "<" at 4: only one is allowed', 3],
    ["(x<1)", 'unexpected "<" at 3', 2],
    ["sin(x=1)", 'unexpected "=" at 6', 5],
    ["x != 1", '"≠" at 3 is not supported', 2],
    ["x ≠ 1", '"≠" at 3 is not supported', 2],
    ["x == 1", 'unexpected "=" at 4', 3],
    ["{x<0, 1}", 'expected ":" and a value after the condition at 5', 4],
    ["{x: 1}", "the condition at 2 has no comparison", 1],
    ["{x, x<0: 1}", "the value without a condition at 2 must come last", 1],
    ["{x}", 'the "{" at 1 has no condition', 0],
    ["{x<0: 1", 'the "{" at 1 is never closed', 0],
    ["{}", 'unexpected "}" at 2', 1],
    ["[1, 2", 'the "[" at 1 is never closed', 0],
    ["[]", 'unexpected "]" at 2', 1],
    ["[[1]]", "a list at 2 can only be the whole input", 1],
    ["2[1]", 'unexpected "[" at 2', 1],
    ["(1, 2) + 1", "a tuple at 1 can only be the whole input or an item of a list", 0],
    ["y = (1, 2)", "a tuple at 5 can only be the whole input or an item of a list", 4],
    ["(1, 2", 'the "(" at 1 is never closed', 0],
    ["(1,)", 'unexpected ")" at 4', 3],
  ])("%j: %s", (input, message, position) => {
    const error = formulaFailure(input);
    expect(error.message).toContain(message);
    expect(error.position).toBe(position);
  });

  it("refuses each addition when its option is off", () => {
    const off = (input: string, options: ParseOptions) => failure(input, { ...FORMULA_OPTIONS, ...options }).message;
    expect(off("x!", { factorial: false })).toContain('unexpected character "!"');
    expect(off("|x|", { absoluteBars: false })).toContain('unexpected character "|"');
    expect(off("y = x", { relations: false })).toContain('unexpected "="');
    expect(off("{x<0}", { piecewise: false })).toContain('unexpected "{"');
    expect(off("(1, 2)", { tuples: false })).toContain('unexpected ","');
    expect(off("[1]", { lists: false })).toContain('unexpected character "["');
    expect(shown("foo(x)", { ...FORMULA_OPTIONS, strictCalls: false })).toBe("(((f o) o) x)");
    expect(shown("pi", { ...FORMULA_OPTIONS, constants: false })).toBe("(p i)");
  });
});

interface FuzzLanguage {
  pieces: readonly string[];
  junk: readonly string[];
  atoms: readonly string[];
  /** Shapes of a well-formed expression; `$` stands for a sub-expression. */
  shapes: readonly string[];
}

/** Random strings, grammatical expressions and one-character mutations of them, seeded. */
function fuzzInputs(seed: number, language: FuzzLanguage): string[] {
  const next = random(seed);
  const pick = (items: readonly string[]) => items[Math.floor(next() * items.length)]!;
  const everything = [...language.pieces, ...language.junk];

  function grammar(depth: number): string {
    if (depth === 0 || next() < 0.3) return pick(language.atoms);
    return pick(language.shapes).replace(/\$/g, () => grammar(depth - 1));
  }

  /** The text with one character deleted, inserted or replaced. */
  function mutate(text: string): string {
    const at = Math.floor(next() * (text.length + 1));
    const piece = pick(everything);
    switch (Math.floor(next() * 3)) {
      case 0:
        return text.slice(0, at) + text.slice(at + 1);
      case 1:
        return text.slice(0, at) + piece + text.slice(at);
      default:
        return text.slice(0, at) + piece + text.slice(at + 1);
    }
  }

  const inputs: string[] = [];
  for (let i = 0; i < 1500; i += 1) {
    let text = "";
    const length = Math.floor(next() * 14);
    for (let k = 0; k < length; k += 1) text += pick(everything);
    inputs.push(text);
  }
  for (let i = 0; i < 1500; i += 1) {
    const text = grammar(4);
    inputs.push(text, mutate(text));
  }
  return inputs;
}

/** Never throws; errors point inside the input; what parses, printed fully bracketed, reads back the same. */
function checkFuzz(inputs: readonly string[], options: ParseOptions): number {
  let parsed = 0;
  for (const input of inputs) {
    const result = parseExpression(input, options);
    if (!result.ok) {
      const { position, message } = result.error;
      if (position < 0 || position > input.length || message === "")
        throw new Error(`${JSON.stringify(input)}: ${message}`);
    } else {
      parsed += 1;
      if (shown(reprint(result.ast), options) !== show(result.ast))
        throw new Error(`${JSON.stringify(input)} reads back differently`);
    }
  }
  return parsed;
}

describe("parseExpression: fuzz", () => {
  it("default language: never throws; errors point inside the input; what parses reads back the same", () => {
    const inputs = fuzzInputs(20_260_101, {
      pieces: ["a", "b", "x", "2", "0.5", "+", "-", "−", "*", "·", "/", "^", "²", "(", ")", " ", "sin(", ","],
      junk: ["$", "é", "1e5", "=", "\n", ".", "sin", "max(", "\u0000"],
      atoms: ["a", "b", "x", "2", "0.5", "12"],
      shapes: ["$+$", "$ - $", "$*$", "($)($)", "$/($)", "($)^$", "-$", "x²", "sin($)", "max($, $)", "2($)"],
    });
    const parsed = checkFuzz(inputs, {});
    // The mix exercises both paths.
    expect(parsed).toBeGreaterThan(1500);
    expect(parsed).toBeLessThan(inputs.length - 500);
  });

  it("formula language: the same, with bars, factorials, relations, piecewise, tuples and lists", () => {
    const inputs = fuzzInputs(20_260_102, {
      pieces: [
        "x",
        "y",
        "2",
        "pi",
        "e",
        "|",
        "!",
        "+",
        "-",
        "*",
        "/",
        "^",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "<",
        "<=",
        "=",
        "log_2(",
        "sin(",
        " ",
      ],
      junk: ["$", "_", "≠", "!=", "foo(", "sin", "\\", "'"],
      atoms: ["x", "y", "2", "0.5", "pi", "e", "τ", "x_1", "θ"],
      shapes: [
        "$+$",
        "$-$",
        "$*$",
        "$/($)",
        "($)^$",
        "-$",
        "|$|",
        "2|$|",
        "($)!",
        "x!",
        "sin($)",
        "log_2($)",
        "log_{$}($)",
        "max($, $, $)",
        "{$<$: $, $}",
        "{0<$<1: $}",
        "($)($)",
      ],
    });
    const tops = inputs.flatMap((input, i) =>
      i % 3 === 0 ? [input, `${input} = y`, `(${input}, 1)`, `[(${input}, 2), (1, ${input})]`] : [input],
    );
    const parsed = checkFuzz(tops, FORMULA_OPTIONS);
    expect(parsed).toBeGreaterThan(2000);
    expect(parsed).toBeLessThan(tops.length - 500);
  });
});
