/**
 * The grader's time budget: no answer, however adversarial, may take more than 50 ms. The inputs
 * are graded once to warm the JIT (a server grades many answers; compiling its code once is not
 * the cost of one answer), then each three times, the fastest run counting, so a pause of the
 * machine (another test file, the garbage collector) does not fail the guard while a slow
 * algorithm always does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_ANSWER_LENGTH } from "./answer-limits";
import { gradeAnswer } from "./grade-answer";
import type { AnswerKey } from "./question";

const BUDGET_MS = 50;
const RUNS = 3;

const expression = (expected: string, variables: readonly string[] = ["x"]): AnswerKey => ({
  kind: "expression",
  expected,
  variables,
});
const integer: AnswerKey = { kind: "integer", value: "1024" };
const fraction: AnswerKey = { kind: "fraction", numerator: "3", denominator: "2" };
const decimal: AnswerKey = { kind: "decimal", value: 1.5, tolerance: 0.01 };
const congruence: AnswerKey = { kind: "congruence", residue: "3", modulus: "7", variable: "x" };
const factored: AnswerKey = { kind: "expression", expected: "(x+1)^2", variables: ["x"], form: "factored" };

const repeat = (piece: string, separator: string, length = MAX_ANSWER_LENGTH) =>
  Array.from({ length: Math.floor((length + separator.length) / (piece.length + separator.length)) }, () => piece).join(
    separator,
  );
const digits = (n: number) => "9".repeat(n);

const ADVERSARIAL: [string, AnswerKey, string][] = [
  ["nesting at the limit", expression("x"), `${"(".repeat(99)}x${")".repeat(99)}`],
  ["nesting past the limit", expression("x"), `${"(".repeat(999)}x${")".repeat(999)}`],
  ["LaTeX nesting", expression("x"), `${"\\frac{".repeat(99)}x${"}{2}".repeat(99)}`],
  ["nested roots", expression("x"), `${"sqrt(".repeat(99)}x${")".repeat(99)}`],
  ["nested bars", expression("x"), `${"|".repeat(99)}x${"|".repeat(99)}`],
  ["tower of powers", expression("x"), `x${"^x".repeat(99)}`],
  ["x^99999999", expression("x^2"), "x^99999999"],
  ["x^99999999 factored", factored, "(x+1)^99999999"],
  ["2^99999999 as an integer", integer, "2^99999999"],
  ["2^99999999 in an expression", expression("x"), "2^99999999"],
  ["power tower as an integer", integer, "2^2^2^2^2^2^2^2^2^2^2"],
  ["2,000 digits", { kind: "integer", value: digits(MAX_ANSWER_LENGTH) }, digits(MAX_ANSWER_LENGTH)],
  ["2,000 digits as a congruence", congruence, `x ≡ ${digits(1980)} (mod 7)`],
  ["1,000-digit fraction", fraction, `${digits(999)}/${"7".repeat(999)}`],
  ["2,000-digit decimal", decimal, `1.${"4".repeat(1990)}`],
  ["sum of big powers", integer, repeat("9^9999", "+")],
  ["sum of big powers as a fraction", fraction, repeat("9^9999", "+")],
  ["sum of big powers in an expression", expression("x"), repeat("9^9999", "+")],
  ["product of big powers", integer, repeat("9^9999", "*")],
  ["sum of factorials", integer, repeat("1000!", "+")],
  ["sum of fractional powers", fraction, repeat("(7/3)^999", "+")],
  ["sum of unlike fractions", fraction, Array.from({ length: 180 }, (_, i) => `1/${1000003 + 2 * i}`).join("+")],
  ["product of polynomial powers", expression("x"), repeat("(x+1)^20", "*")],
  ["sum of polynomial powers", expression("x"), repeat("(x+1)^20", "+")],
  ["polynomial with huge coefficients", expression("x"), `(${digits(900)}x+${digits(900)})^20`],
  ["three variables, many terms", expression("x", ["x", "y", "z"]), repeat("x*y*z", "+")],
  ["many poles", expression("x"), Array.from({ length: 120 }, (_, i) => `1/(x-${i})`).join("+")],
  ["many quadratic poles", expression("x"), Array.from({ length: 90 }, (_, i) => `1/(x^2-${i * i})`).join("+")],
  ["simplifier past its size limit", expression("x"), Array.from({ length: 60 }, (_, i) => `${i}x^${i}`).join("+")],
  // The simplifier's slowest shapes, just within SIMPLIFY_NODE_LIMIT.
  ["simplifier: sum of squares", expression("x"), Array.from({ length: 16 }, (_, i) => `(x+${i})^2`).join("+")],
  ["simplifier: sum of quotients", expression("x"), Array.from({ length: 16 }, (_, i) => `x/(x+${i})`).join("+")],
  ["simplifier: sum of sines", expression("x"), Array.from({ length: 19 }, (_, i) => `sin(${i}x)`).join("+")],
  ["simplifier: product of sums", expression("x"), Array.from({ length: 24 }, (_, i) => `(x+${i})`).join("*")],
  ["simplifier: sum of powers", expression("x"), Array.from({ length: 24 }, (_, i) => `x^${i + 21}`).join("+")],
  ["like terms for the simplifier", expression("x"), repeat("x*y/x", "+").replaceAll("y", "x")],
  ["2,000 letters", expression("x"), "x".repeat(MAX_ANSWER_LENGTH)],
  ["2,000 characters of sum", expression("x"), repeat("x", "+")],
  ["2,000 characters of LaTeX", expression("x"), repeat("\\sqrt{x}", "\\cdot")],
  ["over-long input", expression("x"), "x".repeat(1_000_000)],
  ["factored form check", factored, repeat("(x+1)", "")],
  ["many special points", expression("x", ["x", "y"]), repeat("1/(x-y)", "+")],
];

describe("gradeAnswer: time budget", () => {
  beforeAll(() => {
    for (const [, key, given] of ADVERSARIAL) gradeAnswer(key, given);
  });

  it.each(ADVERSARIAL)(`grades %s within ${BUDGET_MS} ms`, (_name, key, given) => {
    let fastest = Infinity;
    for (let run = 0; run < RUNS; run += 1) {
      const start = performance.now();
      const verdict = gradeAnswer(key, given);
      fastest = Math.min(fastest, performance.now() - start);
      expect(verdict.feedback.length).toBeGreaterThan(0);
    }
    expect(fastest).toBeLessThan(BUDGET_MS);
  });
});
