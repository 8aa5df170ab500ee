import { describe, expect, it } from "vitest";
import { sameTree } from "../expr/ast";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { rational } from "../algebra/rational";
import { random } from "../numtheory/test-oracles";
import { MAX_ANSWER_LENGTH } from "./answer-limits";
import { expressionText } from "./answer-text";
import { isLatexAnswer, readCongruenceAnswer, readExpressionAnswer, readMixedNumber } from "./read-answer";

function plainTree(text: string) {
  const result = parseExpression(text, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.ast;
}

describe("readExpressionAnswer", () => {
  it("tells LaTeX by a backslash or a brace", () => {
    expect(isLatexAnswer("\\frac{1}{2}")).toBe(true);
    expect(isLatexAnswer("x^{2}")).toBe(true);
    expect(isLatexAnswer("x^2")).toBe(false);
    expect(isLatexAnswer("2(x+1)")).toBe(false);
  });

  it.each([
    ["2\\left(x+1\\right)", "2(x+1)"],
    ["\\frac{3}{4}", "3/4"],
    ["x^{2}", "x^2"],
    ["\\sqrt{x^2}", "sqrt(x^2)"],
    ["\\left|x\\right|", "|x|"],
    ["2\\cdot x", "2*x"],
    ["2\\times x", "2*x"],
    ["\\pi x", "pi x"],
  ])("reads the LaTeX %s as the plain %s", (latex, plain) => {
    const read = readExpressionAnswer(latex, ["x"]);
    expect(read.ok && read.latex).toBe(true);
    expect(read.ok && sameTree(read.ast, plainTree(plain), true)).toBe(true);
  });

  it("reads multi-letter variables it is told about, and e as a variable when it is one", () => {
    const theta = readExpressionAnswer("2theta", ["theta"]);
    expect(theta.ok && expressionText(theta.ast)).toBe("2·θ");
    const e = readExpressionAnswer("e x", ["e", "x"]);
    expect(e.ok && e.ast.kind === "binary" && e.ast.left.kind).toBe("variable");
    const constant = readExpressionAnswer("e x", ["x"]);
    expect(constant.ok && constant.ast.kind === "binary" && constant.ast.left.kind).toBe("constant");
  });

  it("reads plain answers up to MAX_ANSWER_LENGTH, past the expression parser's own limit", () => {
    const long = "x".repeat(MAX_ANSWER_LENGTH);
    expect(readExpressionAnswer(long, ["x"]).ok).toBe(true);
    expect(readExpressionAnswer(`${long} `, ["x"])).toEqual({
      ok: false,
      message: `the answer is longer than ${MAX_ANSWER_LENGTH} characters`,
    });
  });

  it("says where the input goes wrong, counting characters from 1", () => {
    expect(readExpressionAnswer("2(x+1))", ["x"])).toEqual({ ok: false, message: 'unexpected ")" at 7' });
    expect(readExpressionAnswer("   ", ["x"])).toEqual({ ok: false, message: "the answer is empty" });
  });
});

describe("readMixedNumber", () => {
  it("reads a whole number and a proper fraction, plain or LaTeX, against their sum", () => {
    const next = random(5);
    for (let i = 0; i < 100; i += 1) {
      const whole = BigInt(Math.floor(next() * 50));
      const denominator = BigInt(2 + Math.floor(next() * 20));
      const numerator = 1n + BigInt(Math.floor(next() * Number(denominator - 1n)));
      const sum = rational(whole * denominator + numerator, denominator);
      const negative = { num: -sum.num, den: sum.den };
      expect(readMixedNumber(`${whole} ${numerator}/${denominator}`)).toEqual(sum);
      expect(readMixedNumber(`-${whole} ${numerator}/${denominator}`)).toEqual(negative);
      expect(readMixedNumber(`${whole}\\frac{${numerator}}{${denominator}}`)).toEqual(sum);
      expect(readMixedNumber(`\u2212${whole}\\dfrac{${numerator}}{${denominator}}`)).toEqual(negative);
    }
  });

  it.each(["3/2", "2 3/2", "1 0/2", "1 1/0", "1 1/2 x", "1.5", "1\\frac{3}{2}", "x 1/2"])(
    "does not take %s for a mixed number",
    (text) => expect(readMixedNumber(text)).toBeNull(),
  );
});

describe("readCongruenceAnswer", () => {
  const parts = (text: string) => {
    const read = readCongruenceAnswer(text, ["x"]);
    if (!read.ok) return read.message;
    return [read.variable, expressionText(read.residue), read.modulus === null ? null : expressionText(read.modulus)];
  };

  it.each([
    ["x ≡ 3 (mod 7)", ["x", "3", "7"]],
    ["x≡3(mod 7)", ["x", "3", "7"]],
    ["x = 3 mod 7", ["x", "3", "7"]],
    ["x == -4 (mod 7)", ["x", "−4", "7"]],
    ["3 (mod 7)", [null, "3", "7"]],
    ["3 mod 7", [null, "3", "7"]],
    ["x ≡ 3 (modulo 7)", ["x", "3", "7"]],
    ["3", [null, "3", null]],
    ["x = 3", ["x", "3", null]],
    ["x\\equiv3\\pmod{7}", ["x", "3", "7"]],
    ["x\\equiv 3\\pmod 7", ["x", "3", "7"]],
    ["x \\equiv 3 \\mod 7", ["x", "3", "7"]],
    ["x \\equiv 3 \\bmod 7", ["x", "3", "7"]],
    ["x\\equiv 3\\left(\\mathrm{mod}\\ 7\\right)", ["x", "3", "7"]],
    ["x\\equiv 3\\ \\left(\\operatorname{mod}\\ 7\\right)", ["x", "3", "7"]],
    ["x\\equiv 3\\ (\\text{mod } 7)", ["x", "3", "7"]],
    ["x\\equiv 2^{3}+2\\pmod{7}", ["x", "2^3 + 2", "7"]],
    ["x = 3 + 7k", ["x", "3 + 7·k", null]],
  ])("splits %s", (text, expected) => expect(parts(text)).toEqual(expected));

  it.each([
    ["x ≡ 3 (mod 7", 'the "(" at 7 is never closed'],
    ["x ≡ (mod 7)", "the residue is missing at 4"],
    ["x ≡ 3 (mod )", "the modulus is missing at 11"],
    ["x\\equiv 3\\pmod{ }", "the modulus is missing at 16"],
    ["x\\equiv 3\\pmod{7", 'the "{" at 15 is never closed'],
    ["x\\equiv 3\\pmod{7} x", "unexpected text after the modulus at 19"],
    ["x ≡ 3 mod 7 mod 7", 'a second "mod" at 13: write one modulus'],
    ["2x ≡ 6 (mod 7)", 'only the letter may stand before "≡", as in x ≡ 3 (mod 7)'],
    ["x ≡ 3) (mod 7)", 'unexpected ")" at 6'],
    ["x ≡ 3 (mod 7))", 'unexpected ")" at 13'],
  ])("refuses %s: %s", (text, message) => expect(parts(text)).toBe(message));

  it("counts positions in the whole input, whichever part is wrong", () => {
    const next = random(6);
    for (let i = 0; i < 50; i += 1) {
      const spaces = " ".repeat(Math.floor(next() * 5));
      const text = `x ≡${spaces} 3 (mod 7${spaces}$)`;
      expect(parts(text)).toBe(`unexpected character "$" at ${text.indexOf("$") + 1}`);
    }
  });
});
