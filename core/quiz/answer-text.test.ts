import { describe, expect, it } from "vitest";
import { compileReal } from "../expr/compile-real";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { variablesOf } from "../expr/ast";
import { rational } from "../algebra/rational";
import { random } from "../numtheory/test-oracles";
import { approximateText, expressionText, integerText, MAX_SHOWN_DIGITS, rationalText } from "./answer-text";

function parse(text: string) {
  const result = parseExpression(text, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.ast;
}

const pick = <T>(next: () => number, items: readonly T[]) => items[Math.floor(next() * items.length)]!;

/** Random formula text with every construct the printer must bracket correctly. */
function randomFormula(next: () => number, depth = 4): string {
  if (depth === 0 || next() < 0.2) return pick(next, ["x", "y", "2", "3", "0.5", "pi", "e"]);
  const sub = () => randomFormula(next, depth - 1);
  switch (Math.floor(next() * 11)) {
    case 0:
      return `${sub()}+${sub()}`;
    case 1:
      return `${sub()}-(${sub()})`;
    case 2:
      return `(${sub()})*(${sub()})`;
    case 3:
      return `(${sub()})(${sub()})`;
    case 4:
      return `(${sub()})/(${sub()})`;
    case 5:
      return `(${sub()})^(${pick(next, ["2", "-1", "1/2", "x", "y^2"])})`;
    case 6:
      return `-(${sub()})`;
    case 7:
      return `${pick(next, ["sin", "sqrt", "abs", "ln"])}(${sub()})`;
    case 8:
      return `|${sub()}|`;
    case 9:
      return `(${sub()})^(${sub()})^(${sub()})`;
    default:
      return `(${pick(next, ["2", "3", "x"])})!`;
  }
}

const agree = (a: number, b: number) =>
  (Number.isNaN(a) && Number.isNaN(b)) || a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe("expressionText", () => {
  it("writes how a tree was read, with Unicode signs and a dot for every product", () => {
    expect(expressionText(parse("2(x+1)"))).toBe("2·(x + 1)");
    expect(expressionText(parse("-x^2"))).toBe("−x^2");
    expect(expressionText(parse("(-x)^2"))).toBe("(−x)^2");
    expect(expressionText(parse("x - (y - 1)"))).toBe("x − (y − 1)");
    expect(expressionText(parse("a/(b c)"))).toBe("a/(b·c)");
    expect(expressionText(parse("2^3^2"))).toBe("2^(3^2)");
    expect(expressionText(parse("sqrt(x^2) + |x|"))).toBe("sqrt(x^2) + |x|");
    expect(expressionText(parse("2θ + pi"))).toBe("2·θ + π");
    expect(expressionText(parse("log_2(x) <= x_1"))).toBe("log_2(x) ≤ x_1");
    expect(expressionText(parse("{x < 0: -x, x}"))).toBe("{x < 0: −x, x}");
    expect(expressionText(parse("(x+1)!"))).toBe("(x + 1)!");
  });

  it("reads back to an expression with the same values (400 random formulas)", () => {
    const next = random(31);
    for (let i = 0; i < 400; i += 1) {
      const tree = parse(randomFormula(next));
      const text = expressionText(tree);
      const again = parse(text);
      const variables = ["x", "y"];
      expect(variablesOf(again)).toEqual(variablesOf(tree));
      const [f, g] = [compileReal(tree, variables), compileReal(again, variables)];
      for (const point of [
        [0.7, -1.3],
        [2, 3],
        [-0.4, 0.25],
      ]) {
        expect(agree(f(point), g(point)), `${text} at ${point}`).toBe(true);
      }
    }
  });
});

describe("number text", () => {
  it("writes whole numbers and fractions with a Unicode minus", () => {
    expect(integerText(-42n)).toBe("−42");
    expect(rationalText(rational(-3n, 2n))).toBe("−3/2");
    expect(rationalText(rational(6n, 3n))).toBe("2");
  });

  it("shortens huge numbers to their ends and their length", () => {
    const n = 10n ** 2000n - 1n;
    expect(integerText(n)).toBe(`${"9".repeat(10)}…${"9".repeat(10)} (2000 digits)`);
    const edge = 10n ** BigInt(MAX_SHOWN_DIGITS) - 1n;
    expect(integerText(edge)).toBe(edge.toString());
  });

  it("approximates to four significant digits", () => {
    expect(approximateText(Math.PI)).toBe("3.142");
    expect(approximateText(-0.045123)).toBe("−0.04512");
    expect(approximateText(123456)).toBe("123500");
  });
});
