import { describe, expect, it } from "vitest";
import { random } from "./test-oracles";
import { evaluateIntegerExpression, MAX_INPUT_DIGITS, MAX_NESTING_DEPTH } from "./integer-expression";

function value(input: string): bigint {
  const result = evaluateIntegerExpression(input);
  if (!result.ok) throw new Error(`${input}: ${result.message}`);
  return result.value;
}

function failure(input: string, options?: { maxDigits?: number }): { message: string; position: number } {
  const result = evaluateIntegerExpression(input, options);
  if (result.ok) throw new Error(`${input} should be refused, got ${result.value}`);
  return { message: result.message, position: result.position };
}

describe("evaluateIntegerExpression", () => {
  it("reads digit groups in threes with one kind of separator", () => {
    for (const input of [
      "1 000 000",
      "1,000,000",
      "1.000.000",
      "1_000_000",
      "1'000'000",
      "1’000’000",
      "1\u2009000\u2009000",
    ]) {
      expect(value(input), input).toBe(1000000n);
    }
    expect(value("1\u00a0234\u202f567".replace("\u202f", "\u00a0"))).toBe(1234567n);
    expect(value("12,345 + 1")).toBe(12346n);
    expect(value("(1,000)")).toBe(1000n);
    expect(value("  42  ")).toBe(42n);
    expect(failure("2.5")).toEqual({
      message: '"2.5" at position 0 is not a whole number: a "." may only separate groups of three digits',
      position: 0,
    });
    expect(failure("1,00,000").message).toMatch(/three digits: "1,00,000" at position 0/);
    expect(failure("1000,000").position).toBe(0);
    expect(failure("2 3").message).toMatch(/write \* to multiply/);
    expect(failure("1 000,000")).toEqual({
      message: '"," at position 5 mixes digit-group separators in one number',
      position: 5,
    });
    expect(failure("007").message).toBe('The number "007" at position 0 starts with 0');
    expect(failure("1,").message).toBe('Unexpected "," at position 1');
  });

  it("takes a comma inside a function's parentheses as an argument separator", () => {
    expect(value("gcd(12,18)")).toBe(6n);
    expect(value("gcd(12,180)")).toBe(12n);
    expect(value("gcd(12, 18, 8)")).toBe(2n);
    expect(value("gcd((1,000), 10 000)")).toBe(1000n);
    expect(value("lcm(4,6,10)")).toBe(60n);
    expect(value("LCM(0, 5)")).toBe(0n);
    expect(value("gcd(-12, 18)")).toBe(6n);
    const ambiguous = failure("gcd(1,000, 10)");
    expect(ambiguous.position).toBe(6);
    expect(ambiguous.message).toMatch(/starts with 0; inside a function's parentheses a comma separates arguments/);
  });

  it("evaluates operators with the usual precedence", () => {
    expect(value("2^128 + 1")).toBe(2n ** 128n + 1n);
    expect(value("3 − 4 × 5 ÷ 2")).toBe(-7n);
    expect(value("2·3*4")).toBe(24n);
    expect(value("2^3^2")).toBe(512n);
    expect(value("(2^3)^2")).toBe(64n);
    expect(value("-2^2")).toBe(-4n);
    expect(value("(-2)^3")).toBe(-8n);
    expect(value("--3")).toBe(3n);
    expect(value("+5 - -5")).toBe(10n);
    expect(value("2*-3")).toBe(-6n);
    expect(value("100/5/2")).toBe(10n);
    expect(value("10 - 3 - 2")).toBe(5n);
    expect(value("0^0 + 1^(10^100) + (-1)^(10^100 + 1)")).toBe(1n);
    expect(value("2^3!")).toBe(64n);
  });

  it("knows n!, n#, F, L, M and refuses them out of range", () => {
    expect(value("5!")).toBe(120n);
    expect(value("0! + 0# + 1#")).toBe(3n);
    expect(value("30#")).toBe(6469693230n);
    expect(value("3!!")).toBe(720n);
    expect(value("(2+3)!")).toBe(120n);
    expect(value("F(100)")).toBe(354224848179261915075n);
    expect(value("f(0) + l(0)")).toBe(2n);
    expect(value("L(100)")).toBe(792070839848372253127n);
    expect(value("M(127)")).toBe(2n ** 127n - 1n);
    expect(evaluateIntegerExpression("500!", { maxDigits: 2000 }).ok).toBe(true);
    expect(evaluateIntegerExpression("2500#", { maxDigits: 2000 }).ok).toBe(true);
    expect(failure("501!").message).toBe('n! is defined here for 0 ≤ n ≤ 500, not 501 ("!" at position 3)');
    expect(failure("2501#").position).toBe(4);
    expect(failure("(-3)!").position).toBe(4);
    expect(failure("450!")).toEqual({ message: "450! at position 3 has 1001 digits; the limit is 1000", position: 3 });
    expect(failure("F(-1)").message).toBe("F(n) needs n ≥ 0, not -1 (at position 0)");
    expect(failure("F(10^100)").message).toMatch(
      /^F\(1000000000…0000000000 \(101 digits\)\) at position 0 would have about 2\.09e\+99 digits/,
    );
    expect(failure("M(4000)").message).toMatch(/would have about 1204 digits; the limit is 1000/);
    expect(failure("F(3, 4)").message).toBe("F takes one argument, not 2 (at position 0)");
    expect(failure("gcd(5)").message).toBe("gcd needs at least two arguments (at position 0)");
    expect(failure("F 10")).toEqual({ message: 'Expected "(" after F at position 2', position: 2 });
  });

  it("divides exactly, and names the position of the / that does not", () => {
    expect(value("10^30 / 2^30")).toBe(5n ** 30n);
    expect(failure("7/2")).toEqual({
      message: '7 is not divisible by 2 ("/" at position 1 is exact division)',
      position: 1,
    });
    expect(failure("1 + 7 ÷ 2").position).toBe(6);
    expect(failure("5/(3-3)")).toEqual({ message: "Division by zero at position 1", position: 1 });
  });

  it("refuses huge powers before computing them, and results over the digit limit", () => {
    expect(failure("10^10^10")).toEqual({
      message: "10^10000000000 at position 2 would have about 10000000000 digits; the limit is 1000",
      position: 2,
    });
    expect(failure("10^10^10^10^10").position).toBe(8);
    expect(failure("2^-1")).toEqual({
      message: "Negative exponent at position 1: the result would not be a whole number",
      position: 1,
    });
    expect(value("10^999")).toBe(10n ** 999n);
    expect(failure("10^1000")).toEqual({
      message: "10^1000 at position 2 has 1001 digits; the limit is 1000",
      position: 2,
    });
    expect(failure("10^999 * 10")).toEqual({
      message: 'The result of "*" at position 7 has 1001 digits; the limit is 1000',
      position: 7,
    });
    expect(failure("9".repeat(MAX_INPUT_DIGITS + 1))).toEqual({
      message: "The number at position 0 has 1001 digits; the limit is 1000",
      position: 0,
    });
    expect(failure("2^128", { maxDigits: 20 }).message).toBe(
      "2^128 at position 1 would have about 38 digits; the limit is 20",
    );
    // 2^67 has 21 digits: the estimate lets it through, the exact count refuses it.
    expect(evaluateIntegerExpression("2^66", { maxDigits: 20 }).ok).toBe(true);
    expect(failure("2^67", { maxDigits: 20 }).message).toBe("2^67 at position 1 has 21 digits; the limit is 20");
  });

  it("names the position of every syntax error", () => {
    const cases: [string, string, number][] = [
      ["(1 + 2))", 'Unexpected ")" at position 7', 7],
      ["foo(3)", 'Unknown function "foo" at position 0', 0],
      ["x + 1", 'Unknown name "x" at position 0', 0],
      ["2 +", "Unexpected end of input at position 3", 3],
      ["(2 + 3", 'Missing ")" for the "(" at position 0', 6],
      ["2(3)", 'Unexpected "(" at position 1', 1],
      ["2 ^ * 3", 'Unexpected "*" at position 4', 4],
      ["gcd(4, 6", 'Missing ")" for the "(" at position 3', 8],
      ["1e5", 'Unexpected "e" at position 1', 1],
      ["2 % 3", 'Unexpected character "%" at position 2', 2],
      ["2²", 'Superscript "²" at position 1: write powers with ^, as in 2^10', 1],
      ["١٢٣", 'Only the digits 0–9 are accepted: "١" at position 0 is a digit of another script', 0],
      ["1 + １２", 'Only the digits 0–9 are accepted: "１" at position 4 is a digit of another script', 4],
      ["𝟏", 'Only the digits 0–9 are accepted: "𝟏" at position 0 is a digit of another script', 0],
    ];
    for (const [input, message, position] of cases) expect(failure(input), input).toEqual({ message, position });
    for (const empty of ["", "   ", "\t\n"]) {
      expect(failure(empty)).toEqual({
        message: "Enter a whole number or an expression, such as 2^128 + 1",
        position: 0,
      });
    }
  });

  it("limits nesting and stays linear on long inputs", () => {
    const nested = (depth: number) => "(".repeat(depth) + "7" + ")".repeat(depth);
    expect(value(nested(MAX_NESTING_DEPTH))).toBe(7n);
    expect(failure(nested(MAX_NESTING_DEPTH + 1)).position).toBe(MAX_NESTING_DEPTH);
    expect(failure("(".repeat(50_000)).message).toMatch(/nested too deeply \(more than 200 levels\) at position 200/);
    expect(failure("-".repeat(50_000) + "1").position).toBe(MAX_NESTING_DEPTH);
    expect(failure("2^".repeat(50_000) + "2").position).toBe(2 * MAX_NESTING_DEPTH + 1);
    expect(value("1+".repeat(50_000) + "1")).toBe(50_001n);
    expect(failure("F(".repeat(10_000)).position).toBe(2 * MAX_NESTING_DEPTH + 1);
  });

  it("gives a canonical text that evaluates to the same value and is its own canonical text", () => {
    const cases: [string, string][] = [
      ["2^128+1", "2^128 + 1"],
      ["1 000 000", "1000000"],
      ["3 − 4 × 5 ÷ 2", "3 - 4 * 5 / 2"],
      ["((2))^(3)", "2^3"],
      ["(2^3)^2", "(2^3)^2"],
      ["10-(3+2)", "10 - (3 + 2)"],
      ["(10-3)+2", "10 - 3 + 2"],
      ["--3", "-(-3)"],
      ["(-2)^2", "(-2)^2"],
      ["2^(1+1)", "2^(1 + 1)"],
      ["(2+3)!", "(2 + 3)!"],
      ["f(10)+GCD(12,18)+m(5)", "F(10) + gcd(12, 18) + M(5)"],
    ];
    for (const [input, normalized] of cases) {
      const result = evaluateIntegerExpression(input);
      expect(result.ok && result.normalized, input).toBe(normalized);
      const again = evaluateIntegerExpression(normalized);
      expect(again.ok && again.normalized, normalized).toBe(normalized);
    }
  });

  it("agrees with direct BigInt evaluation on seeded random expressions in random spellings", () => {
    const next = random(2024);
    const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
    const space = () => pick(["", "", " ", "  "]);
    type Built = { text: string; value: bigint };
    // Inside gcd(…) a comma separates arguments, so it is no digit-group separator there.
    const build = (depth: number, inCall: boolean): Built => {
      if (depth === 0 || next() < 0.25) {
        const n = BigInt(Math.floor(next() * 2_000_000));
        const separator = pick(inCall ? ["", " ", "_", "'"] : ["", " ", "_", "'", ","]);
        return { text: n.toLocaleString("en").replaceAll(",", separator), value: n };
      }
      const operation = pick(["+", "-", "*", "/", "^", "neg", "gcd"] as const);
      const left = build(depth - 1, inCall || operation === "gcd");
      const right = build(depth - 1, inCall || operation === "gcd");
      switch (operation) {
        case "+":
          return { text: `(${left.text}${space()}+${space()}${right.text})`, value: left.value + right.value };
        case "-":
          return {
            text: `(${left.text}${space()}${pick(["-", "−"])}${space()}${right.text})`,
            value: left.value - right.value,
          };
        case "*":
          return {
            text: `(${left.text}${space()}${pick(["*", "×", "·"])}${space()}${right.text})`,
            value: left.value * right.value,
          };
        case "/": {
          // Divide a product by one factor so the division is exact.
          if (right.value === 0n) return left;
          return {
            text: `((${left.text})*(${right.text})${space()}${pick(["/", "÷"])}${space()}(${right.text}))`,
            value: left.value,
          };
        }
        case "^": {
          const exponent = BigInt(Math.floor(next() * 4));
          return { text: `(${left.text})^${exponent}`, value: left.value ** exponent };
        }
        case "neg":
          return { text: `-(${left.text})`, value: -left.value };
        case "gcd": {
          const a = left.value < 0n ? -left.value : left.value;
          const b = right.value < 0n ? -right.value : right.value;
          let [x, y] = [a, b];
          while (y !== 0n) [x, y] = [y, x % y];
          return { text: `gcd(${left.text},${space()}${right.text})`, value: x };
        }
      }
    };
    for (let trial = 0; trial < 400; trial += 1) {
      const { text, value: expected } = build(4, false);
      const result = evaluateIntegerExpression(text);
      if (!result.ok) {
        // Only the size limit may refuse a well-formed expression.
        expect(result.message, text).toMatch(/the limit is 1000/);
        continue;
      }
      expect(result.value, text).toBe(expected);
      const again = evaluateIntegerExpression(result.normalized);
      expect(again.ok && again.value, result.normalized).toBe(expected);
    }
  });
});
