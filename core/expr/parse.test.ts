import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import type { ExprNode } from "./ast";
import { MAX_EXPRESSION_LENGTH, MAX_NESTING_DEPTH, parseExpression, type ParseOptions } from "./parse";

/** Fully bracketed: "(a + (b * c))"; a product written side by side shows as "(2 x)". */
function show(node: ExprNode): string {
  switch (node.kind) {
    case "number":
      return node.value;
    case "variable":
      return node.name;
    case "unary":
      return `(${node.operator}${show(node.operand)})`;
    case "binary":
      return node.implicit
        ? `(${show(node.left)} ${show(node.right)})`
        : `(${show(node.left)} ${node.operator} ${show(node.right)})`;
    case "call":
      return `${node.name}(${node.args.map(show).join(", ")})`;
  }
}

/** Like show, but a side-by-side right operand gets brackets, so "2(3)" prints as something parseable. */
function reprint(node: ExprNode): string {
  switch (node.kind) {
    case "number":
    case "variable":
      return show(node);
    case "unary":
      return `(${node.operator}${reprint(node.operand)})`;
    case "binary":
      return node.implicit
        ? `(${reprint(node.left)} (${reprint(node.right)}))`
        : `(${reprint(node.left)} ${node.operator} ${reprint(node.right)})`;
    case "call":
      return `${node.name}(${node.args.map(reprint).join(", ")})`;
  }
}

function shown(input: string, options?: ParseOptions): string {
  const result = parseExpression(input, options);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return show(result.ast);
}

function failure(input: string) {
  const result = parseExpression(input);
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

describe("parseExpression: fuzz", () => {
  const pieces = ["a", "b", "x", "2", "0.5", "+", "-", "−", "*", "·", "/", "^", "²", "(", ")", " ", "sin(", ","];
  const junk = ["$", "é", "1e5", "=", "\n", ".", "sin", "max(", "\u0000"];
  const next = random(20_260_101);
  const pick = (items: readonly string[]) => items[Math.floor(next() * items.length)]!;

  /** A well-formed expression from a small grammar. */
  function grammar(depth: number): string {
    if (depth === 0 || next() < 0.3) return pick(["a", "b", "x", "2", "0.5", "12"]);
    const sub = () => grammar(depth - 1);
    return pick([
      `${sub()}+${sub()}`,
      `${sub()} - ${sub()}`,
      `${sub()}*${sub()}`,
      `(${sub()})(${sub()})`,
      `${sub()}/(${sub()})`,
      `(${sub()})^${sub()}`,
      `-${sub()}`,
      `x²`,
      `sin(${sub()})`,
      `max(${sub()}, ${sub()})`,
      `2(${sub()})`,
    ]);
  }

  /** The text with one character deleted, inserted or replaced. */
  function mutate(text: string): string {
    const at = Math.floor(next() * (text.length + 1));
    const piece = pick([...pieces, ...junk]);
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
    for (let k = 0; k < length; k += 1) text += pick([...pieces, ...junk]);
    inputs.push(text);
  }
  for (let i = 0; i < 1500; i += 1) {
    const text = grammar(4);
    inputs.push(text, mutate(text));
  }

  it("never throws; errors point inside the input; what parses reads back the same", () => {
    let parsed = 0;
    for (const input of inputs) {
      const result = parseExpression(input);
      if (!result.ok) {
        const { position, message } = result.error;
        if (position < 0 || position > input.length || message === "")
          throw new Error(`${JSON.stringify(input)}: ${message}`);
      } else {
        parsed += 1;
        // What parsed, printed fully bracketed, parses back to the same tree.
        if (shown(reprint(result.ast)) !== show(result.ast))
          throw new Error(`${JSON.stringify(input)} reads back differently`);
      }
    }
    // The mix exercises both paths.
    expect(parsed).toBeGreaterThan(1500);
    expect(parsed).toBeLessThan(inputs.length - 500);
  });
});
