import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import { MAX_ANSWER_LENGTH } from "./answer-limits";
import { gradeAnswer } from "./grade-answer";
import type { AnswerKey } from "./question";

const int = (value: string): AnswerKey => ({ kind: "integer", value });
const intMod = (value: string, modulus: string): AnswerKey => ({ kind: "integer", value, modulus });
const frac = (numerator: string, denominator: string): AnswerKey => ({ kind: "fraction", numerator, denominator });
const dec = (value: number, tolerance: number): AnswerKey => ({ kind: "decimal", value, tolerance });
const expr = (expected: string, variables: readonly string[] = ["x"], form?: "factored" | "expanded"): AnswerKey =>
  form === undefined ? { kind: "expression", expected, variables } : { kind: "expression", expected, variables, form };
const cong = (residue: string, modulus: string, variable = "x"): AnswerKey => ({
  kind: "congruence",
  residue,
  modulus,
  variable,
});
const choice = (correct: readonly number[], multiple: boolean): AnswerKey => ({
  kind: "choice",
  options: ["a", "b", "c", "d", "e"],
  correct,
  multiple,
});

const huge = "1234567890".repeat(150);
const hugeNegative = `-${huge}`;
/** 10^1500 − 1 and its factors 10^750 − 1 and 10^750 + 1, written out. */
const nines = (n: number) => "9".repeat(n);

/** [key, given, correct, what the feedback must contain (when it matters)] */
type Row = [AnswerKey, string, boolean, (string | RegExp)?];

const INTEGER_ROWS: Row[] = [
  [int("5"), "5", true, /^Correct\.$/],
  [int("5"), "+5", true],
  [int("5"), " 5 ", true],
  [int("5"), "005", true],
  [int("0"), "-0", true],
  [int("0"), "0", true],
  [int("-4"), "-4", true],
  [int("-4"), "\u22124", true],
  [int("-4"), "4", false, "check the sign"],
  [int("4"), "-4", false, "check the sign"],
  [int("5"), "8", false, /^Not the right answer\.$/],
  [int("5"), "6", false, "Not the right answer: it is one more than the answer."],
  [int("5"), "2^2", false, "one less"],
  [int("12"), "36", false, "it is 3 times the answer"],
  [int("12"), "4", false, "the answer is 3 times as much"],
  [int("1234"), "1243", false, "the right digits, in another order"],
  [int("1234"), "1294", false, "one digit is wrong, the 3rd from the left"],
  [int("123456"), "123789", false, "right number of digits (6) and the first 3 are right"],
  [
    intMod("3", "7"),
    "10",
    false,
    "Not reduced: it is congruent to the answer modulo 7, but a remainder lies between 0 and 6.",
  ],
  [intMod("3", "7"), "-4", false, "Not reduced"],
  [intMod("3", "7"), "4", false, "congruent to minus the answer modulo 7"],
  [intMod("3", "7"), "3", true],
  [intMod("9", "7"), "9", false, "answer key is faulty"],
  [int("5"), "5.0", true, "5.0 is the whole number 5"],
  [int("5"), "5.000", true],
  [int("5"), "5.5", false, "5.5 is not a whole number"],
  [int("5"), "11/2", false, "11/2 is not a whole number"],
  [int("5"), "10/2", true, "10/2 = 5"],
  [int("1024"), "2^10", true, "2^10 = 1024"],
  [int("1024"), "2^{10}", true],
  [int("1024"), "2\\cdot512", true],
  [int("1024"), "2\\times 512", true],
  [int("1024"), "2*512", true],
  [int("1024"), "2·512", true],
  [int("1024"), "2×512", true],
  [int("1024"), "1000+24", true],
  [int("1024"), "2^10 + 1", false],
  [int("120"), "5!", true],
  [int("6"), "sqrt(36)", true],
  [int("6"), "\\sqrt{36}", true],
  [int("6"), "|-6|", true],
  [int("6"), "\\left|-6\\right|", true],
  [int("5"), "x = 5", true],
  [int("5"), "x=6", false],
  [int("5"), "x", false, "without letters"],
  [int("5"), "5x", false, "without letters"],
  [int("5"), "1,000", false, "single number"],
  [int("5"), "sin(1)", false, "must be exact"],
  [int("5"), "pi", false, "must be exact"],
  [int("5"), "2^99999999", false, "too large"],
  [int("5"), "5/0", false, "divides by zero"],
  [int("5"), "0^-1", false, "negative power"],
  [int("5"), "(-1)!", false, "whole number n ≥ 0"],
  [int("5"), "sqrt(-4)", false, "square root of a negative"],
  [int("5"), "5)", false, 'unexpected ")" at 2'],
  [int("5"), "(5", false, "never closed"],
  [int("5"), "5 5", false, 'unexpected number "5" at 3'],
  [int("5"), "5$", false, "unexpected character"],
  [int(huge), huge, true],
  [int(hugeNegative), hugeNegative, true],
  [int(huge), `${huge.slice(0, -1)}1`, false],
  [int(huge), hugeNegative, false, "check the sign"],
  [int(`${nines(1500)}`), "10^1500 - 1", true],
  [int(`1${"0".repeat(3000)}`), "10^3000", true],
  [int("1"), "(10^750+1)(10^750-1) - 10^1500 + 2", true],
  [int("5"), "", false, "No answer given."],
  [int("5"), "   ", false, "No answer given."],
  [int("not a number"), "5", false, "answer key is faulty"],
];

const FRACTION_ROWS: Row[] = [
  [frac("3", "2"), "3/2", true, /^Correct\.$/],
  [frac("3", "2"), "6/4", true, "6/4 = 3/2"],
  [frac("3", "2"), "1.5", true],
  [frac("3", "2"), "1.50", true],
  [frac("3", "2"), "1 1/2", true],
  [frac("3", "2"), "1\\frac{1}{2}", true],
  [frac("3", "2"), "\\frac{3}{2}", true],
  [frac("3", "2"), "\\dfrac{6}{4}", true],
  [frac("3", "2"), "\\frac{3}{4}\\cdot2", true],
  [frac("3", "2"), "3 \\div 2", true],
  [frac("3", "2"), "3÷2", true],
  [frac("3", "2"), "(1+2)/2", true],
  [frac("-3", "2"), "-3/2", true],
  [frac("-3", "2"), "3/-2", true],
  [frac("-3", "2"), "-1 1/2", true],
  [frac("-3", "2"), "-\\frac{3}{2}", true],
  [frac("-3", "2"), "\\frac{-3}{2}", true],
  [frac("3", "-2"), "-3/2", true],
  [frac("3", "2"), "-3/2", false, "check the sign"],
  [frac("3", "2"), "2/3", false, "the answer upside down"],
  [frac("3", "2"), "5/2", false, "one more than the answer"],
  [frac("3", "2"), "3/4", false, "the answer is 2 times as much"],
  [frac("3", "2"), "9/7", false, /^Not the right answer\.$/],
  [frac("3", "2"), "3/0", false, "divides by zero"],
  [frac("3", "2"), "3/(1-1)", false, "divides by zero"],
  [frac("1", "3"), "0.333", false, "give it as an exact fraction"],
  [frac("1", "3"), "0.3333333", false, "exact fraction"],
  [frac("1", "3"), "2/6", true],
  [frac("1", "3"), "1/3 + 0", true],
  [frac("4", "2"), "2", true, /^Correct\.$/],
  [frac("3", "4"), "0.75", true],
  [frac("3", "4"), "3/4x", false, "without letters"],
  [frac("3", "4"), "sqrt(2)", false, "must be exact"],
  [frac("3", "4"), "3/", false, "unexpected end"],
  [frac("3", "4"), "\\frac{3}", false],
  [frac("3", "4"), "(3/4", false, "never closed"],
  [frac("3", "4"), "3/4)", false, 'unexpected ")"'],
  [frac("3", "4"), "2 3/4", false],
  [frac("11", "4"), "2 3/4", true],
  [frac(huge, "7"), `${huge}/7`, true],
  [frac(huge, "7"), `${huge}/7 + 1/7`, false],
  [frac("1", huge), `1/${huge}`, true],
  [frac("3", "0"), "3/2", false, "answer key is faulty"],
];

const DECIMAL_ROWS: Row[] = [
  [dec(1.25, 0), "1.25", true, /^Correct\.$/],
  [dec(1.25, 0.001), "1.2501", true],
  [dec(1.25, 0.001), "1.252", false, "within 0.001"],
  [dec(1.25, 0.001), "12.5", false, "the decimal point is misplaced (it is 10 times the answer)"],
  [dec(1.25, 0.001), "0.0125", false, "decimal point is misplaced (it is 1/100 of the answer)"],
  [dec(1.25, 0.001), "2.25", false, "one more than the answer"],
  [dec(1.25, 0.001), "-1.25", false, "check the sign"],
  [dec(1.25, 0.01), "5/4", true, "5/4 ≈ 1.25"],
  [dec(1.25, 0.01), "\\frac{5}{4}", true],
  [dec(1.25, 0.01), "1 1/4", true],
  [dec(0.1, 0.05), "0.15", true],
  [dec(0.1, 0.05), "0.05", true],
  [dec(0.1, 0.05), "0.151", false],
  [dec(1 / 3, 1e-3), "1/3", true],
  [dec(1 / 3, 1e-3), "0.333", true],
  [dec(1 / 3, 1e-3), "0.33", false],
  [dec(Math.SQRT2, 1e-4), "sqrt(2)", true],
  [dec(Math.SQRT2, 1e-4), "\\sqrt{2}", true],
  [dec(Math.SQRT2, 1e-4), "1.4142", true],
  [dec(Math.SQRT2, 1e-4), "2^(1/2)", true],
  [dec(Math.PI / 4, 1e-6), "pi/4", true],
  [dec(Math.PI / 4, 1e-6), "\\frac{\\pi}{4}", true],
  [dec(Math.PI / 4, 1e-6), "π/4", true],
  [dec(Math.E, 1e-9), "e", true],
  [dec(Math.E, 1e-9), "exp(1)", true],
  [dec(Math.log(2), 1e-9), "ln(2)", true],
  [dec(-2.5, 0.01), "-2.5", true],
  [dec(-2.5, 0.01), "2.5", false, "check the sign"],
  [dec(2.5, 0.01), "ln(-1)", false, "no real value"],
  [dec(2.5, 0.01), "1/0", false, "divides by zero"],
  [dec(2.5, 0.01), "10^400", false, "too large"],
  [dec(2.5, 0.01), "2,5", false, "single number"],
  [dec(2.5, 0.01), "2.5x", false, "without letters"],
  [dec(2.5, 0.01), "2..5", false, 'a digit must follow the "."'],
  [dec(2.5, 0.01), "x = 2.5", true],
  [dec(2.5, -1), "2.5", false, "answer key is faulty"],
];

const EXPRESSION_ROWS: Row[] = [
  [expr("2x+2"), "2(x+1)", true, /^Correct\.$/],
  [expr("2x+2"), "2\\left(x+1\\right)", true],
  [expr("2x+2"), "2*(x+1)", true],
  [expr("2x+2"), "2·x + 2", true],
  [expr("2x+2"), "x+x+2", true],
  [expr("2x+2"), "2(x+2)", false, "Not equal at x = 0."],
  [expr("2x+2"), "2x+2y", false, "uses y, but only x may appear"],
  [expr("2x+2"), "2(x+1", false, "never closed"],
  [expr("2x+2"), "2(x+1))", false, 'unexpected ")" at 7'],
  [expr("2x+2"), "2x+", false, "unexpected end"],
  [expr("2x+2"), "2x++", false, "unexpected end"],
  [expr("2x+2"), "y = 2x + 2", true],
  [expr("2x+2"), "2x + 2 = 0", false, "not an equation"],
  [expr("2x+2"), "(2x, 2)", false, "single expression"],
  [expr("x/2"), "0.5x", true],
  [expr("x/2"), "\\frac{x}{2}", true],
  [expr("x/2"), "\\frac{1}{2}x", true],
  [expr("x/2"), "x÷2", true],
  [expr("x/2"), "1/2x", true],
  [expr("x/2"), "1/(2x)", false],
  [expr("x+1"), "(x^2-1)/(x-1)", false, "Not equal at x = 1: the given expression is undefined there."],
  [expr("x+1"), "\\frac{x^{2}-1}{x-1}", false, "x = 1: the given expression is undefined"],
  [expr("(x^2-1)/(x-1)"), "x+1", false, "x = 1: the expected answer is undefined"],
  [expr("(x^2-1)/(x-1)"), "(x-1)(x+1)/(x-1)", true],
  [expr("1/(x-1/3)"), "3/(3x-1)", true],
  [expr("3/(3x-1)"), "3/(3x-1) * (3x-1)/(3x-1)", true],
  [expr("1"), "(3x-1)/(3x-1)", false, "x = 1/3"],
  [expr("1"), "x/x", false, "Not equal at x = 0: the given expression is undefined there."],
  [expr("x"), "x^2/x", false, "x = 0"],
  [expr("1/x"), "x/x^2", true],
  [expr("x+2"), "(x^2-4)/(x-2)", false, "x = 2"],
  [expr("x-3"), "(x^2-9)/(x+3)", false, "x = −3"],
  [expr("x+1/2"), "(4x^2-1)/(4x-2)", false, "x = 1/2"],
  [expr("abs(x)"), "sqrt(x^2)", true],
  [expr("abs(x)"), "\\sqrt{x^2}", true],
  [expr("abs(x)"), "\\left|x\\right|", true],
  [expr("abs(x)"), "|x|", true],
  [expr("abs(x)"), "|-x|", true],
  [expr("abs(x)"), "x", false, "Not equal at x = −1."],
  [expr("x"), "sqrt(x^2)", false, "x = −1"],
  [expr("x"), "(sqrt(x))^2", false, "x = −1: the given expression is undefined"],
  [expr("x^2"), "x^{2}", true],
  [expr("x^2"), "x²", true],
  [expr("x^2"), "x*x", true],
  [expr("x^2"), "x^99999999", false, "x = −1"],
  [expr("x^2"), "x^3", false, "x = −1"],
  [expr("x^3"), "x\\cdot x\\cdot x", true],
  [expr("x^3"), "x\\times x^2", true],
  [expr("sin(x)^2+cos(x)^2"), "1", true],
  [expr("1"), "sin(x)^2+cos(x)^2", true],
  [expr("sin(2x)"), "2sin(x)cos(x)", true],
  [expr("sin(2x)"), "2\\sin\\left(x\\right)\\cos\\left(x\\right)", true],
  [expr("sin(2x)"), "2sin(x)", false],
  [expr("exp(2x)"), "e^(2x)", true],
  [expr("exp(2x)"), "(e^x)^2", true],
  [expr("exp(2x)"), "e^{2x}", true],
  [expr("ln(x^2)"), "2ln(x)", false, "x = −1: the given expression is undefined"],
  [expr("2ln(x)"), "ln(x^2)", false, "x = −1: the expected answer is undefined"],
  [expr("ln(x)"), "ln(2x) - ln(2)", true],
  [expr("log(x)"), "ln(x)/ln(10)", true],
  [expr("log_2(x)"), "ln(x)/ln(2)", true],
  [expr("sqrt(x)"), "x^(1/2)", true],
  [expr("sqrt(x)"), "x^{\\frac{1}{2}}", true],
  [expr("sqrt(x-5)"), "(x-5)^(1/2)", true],
  [expr("cbrt(x)"), "\\sqrt[3]{x}", true],
  [expr("1/x"), "x^(-1)", true],
  [expr("1/x"), "x^-1", true],
  [expr("1/x^2"), "x^{-2}", true],
  [expr("(x+1)^2"), "x^2+2x+1", true],
  [expr("(x+1)^2"), "x^2+x+1", false, "Not equal at x = 1."],
  [expr("(x+1)^3"), "x^3+3x^2+3x+1", true],
  [expr("(x+1)^10"), "(x+1)^5(x+1)^5", true],
  [expr("(x+1)^30"), "(x+1)^15(x+1)^15", true],
  [expr("(x+1)^30"), "(x+1)^15(x+1)^14(x+2)", false],
  [expr("(a+b)^2", ["a", "b"]), "a^2+2ab+b^2", true],
  [expr("(a+b)^2", ["a", "b"]), "a^2+b^2", false, "Not equal at a = 1, b = 1."],
  [expr("(a+b)^2", ["a", "b"]), "a^2+2ab+b^2+c", false, "uses c, but only a, b may appear"],
  [expr("x*y", ["x", "y"]), "xy", true],
  [expr("x*y", ["x", "y"]), "yx", true],
  [expr("x/y", ["x", "y"]), "x*y^-1", true],
  [expr("1/(x-y)", ["x", "y"]), "-1/(y-x)", true],
  [expr("(x^2-y^2)/(x-y)", ["x", "y"]), "x+y", false, "x = 0, y = 0: the expected answer is undefined"],
  [expr("2theta", ["theta"]), "2θ", true],
  [expr("2theta", ["theta"]), "2\\theta", true],
  [expr("2theta", ["theta"]), "theta+theta", true],
  [expr("x_1+x_2", ["x_1", "x_2"]), "x_{2}+x_{1}", true],
  [expr("e*x", ["e", "x"]), "x e", true],
  [expr("3", []), "1+2", true],
  [expr("3", []), "x", false, "no letters may appear"],
  [expr("pi*x"), "\\pi x", true],
  [expr("pi*x"), "3.14159x", false],
  [expr("x!", ["x"]), "x!", true],
  [expr("floor(x)"), "-ceil(-x)", true],
  [expr("x^2-1", ["x"], "factored"), "(x-1)(x+1)", true],
  [expr("x^2-1", ["x"], "factored"), "(x+1)(x-1)", true],
  [expr("x^2-1", ["x"], "factored"), "\\left(x-1\\right)\\left(x+1\\right)", true],
  [expr("x^2-1", ["x"], "factored"), "-(1-x)(x+1)", true],
  [expr("x^2-1", ["x"], "factored"), "x^2-1", false, "Equal, but not in factored form"],
  [expr("x^2-1", ["x"], "factored"), "(x-1)(x-1)", false, "Not equal"],
  [expr("2x^2+4x+2", ["x"], "factored"), "2(x+1)^2", true],
  [expr("2x^2+4x+2", ["x"], "factored"), "2(x^2+2x+1)", false, "factored further"],
  [expr("2x^2+4x+2", ["x"], "factored"), "2x^2+4x+2", false, "not in factored form"],
  [expr("2x+2", ["x"], "factored"), "2(x+1)", true],
  [expr("x^2-2", ["x"], "factored"), "x^2-2", false, "not in factored form"],
  [expr("x^3-x", ["x"], "factored"), "x(x-1)(x+1)", true],
  [expr("(x^2-1)/2", ["x"], "factored"), "(x-1)(x+1)/2", true],
  [expr("(x+1)^2", ["x"], "expanded"), "x^2+2x+1", true],
  [expr("(x+1)^2", ["x"], "expanded"), "x^{2}+2x+1", true],
  [expr("(x+1)^2", ["x"], "expanded"), "(x+1)^2", false, "Equal, but not in expanded form"],
  [expr("(x+1)^2", ["x"], "expanded"), "(x+1)(x+1)", false, "multiplies a sum"],
  [expr("(x+1)^2", ["x"], "expanded"), "x(x+2)+1", false, "multiplies a sum"],
  [expr("(x+1)^2", ["x"], "expanded"), "x^2+x+x+1", true],
  [expr("x^2-1", ["x"], "expanded"), "x^2-(1)", true],
  [expr("x^2-1", ["x"], "expanded"), "x^2-(1+0)", false, "brackets"],
  [expr("-x-1", ["x"], "expanded"), "-(x+1)", false, "sign in front"],
  [expr("(x+1)/2", ["x"], "expanded"), "x/2+1/2", true],
  [expr("(x+1)/2", ["x"], "expanded"), "(x+1)/2", false, "divides a sum"],
  [expr("4x^2", ["x"], "expanded"), "(2x)^2", false, "applied to each factor"],
  [expr("2x"), "", false, "No answer given."],
  [expr("2x"), "2x$", false, "unexpected character"],
  [expr("2x"), "foo(x)", false, "unknown function"],
  [expr("2x"), "sin x", false, "needs its argument in parentheses"],
  [expr("2x"), "\\frac{2x}", false],
  [expr("2x"), "\\unknown{x}", false, "unknown command"],
  [expr("2x"), "x ≠ 2", false, "not supported"],
  [expr("2x("), "2x", false, "answer key is faulty"],
  [expr("2y"), "2x", false, "answer key is faulty"],
];

const CONGRUENCE_ROWS: Row[] = [
  [cong("3", "7"), "x ≡ 3 (mod 7)", true, /^Correct\.$/],
  [cong("3", "7"), "x≡3(mod 7)", true],
  [cong("3", "7"), "x = 3 mod 7", true],
  [cong("3", "7"), "x == 3 (mod 7)", true],
  [cong("3", "7"), "x ≡ 3 mod 7", true],
  [cong("3", "7"), "x ≡ 3 (MOD 7)", true],
  [cong("3", "7"), "3 (mod 7)", true],
  [cong("3", "7"), "3 mod 7", true],
  [cong("3", "7"), "3mod7", true],
  [cong("3", "7"), "3", true],
  [cong("3", "7"), "10", true, "10 ≡ 3 (mod 7)"],
  [cong("3", "7"), "-4", true, "−4 ≡ 3 (mod 7)"],
  [cong("3", "7"), "\u22124", true],
  [cong("3", "7"), "x = -4", true],
  [cong("3", "7"), "x ≡ 3", true],
  [cong("3", "7"), "x ≡ 10 (mod 7)", true],
  [cong("3", "7"), "x ≡ -11 (mod 7)", true],
  [cong("-4", "7"), "x ≡ 3 (mod 7)", true],
  [cong("3", "7"), "x\\equiv3\\pmod{7}", true],
  [cong("3", "7"), "x\\equiv 3\\pmod 7", true],
  [cong("3", "7"), "x \\equiv 3 \\mod 7", true],
  [cong("3", "7"), "x \\equiv 3 \\bmod 7", true],
  [cong("3", "7"), "x\\equiv 3\\left(\\mathrm{mod}\\ 7\\right)", true],
  [cong("3", "7"), "x\\equiv 3\\ \\left(\\operatorname{mod}\\ 7\\right)", true],
  [cong("3", "7"), "x\\equiv 3\\ (\\text{mod } 7)", true],
  [cong("3", "7"), "3\\pmod{7}", true],
  [cong("3", "7"), "x\\equiv-4\\pmod{7}", true],
  [cong("3", "7"), "x\\equiv 2^{3}+2\\pmod{7}", true],
  [cong("3", "7"), "x ≡ 2^3 + 2 (mod 7)", true],
  [cong("3", "7"), "x ≡ 3 (mod 3+4)", true],
  [cong("3", "7"), "x = 3 + 7k", true],
  [cong("3", "7"), "x = 7k + 10", true],
  [cong("3", "7"), "x = 3 - 7n", true],
  [cong("3", "7"), "x = 3 + 14k", false, "mod 14 is not the same class as mod 7"],
  [cong("3", "7"), "x = 3 + k^2", false, "r + m·k"],
  [cong("3", "7"), "x ≡ 4 (mod 7)", false, "Not the right residue class: it is minus the right one; check the signs."],
  [cong("3", "7"), "4", false, "minus the right one"],
  [cong("3", "11"), "15", false, "Not the right residue class: it is one more than the right one."],
  [cong("3", "7"), "x ≡ 6 (mod 7)", false, /^Not the right residue class\.$/],
  [
    cong("3", "7"),
    "x ≡ 3 (mod 14)",
    false,
    "mod 14 is not the same class as mod 7, it leaves out solutions such as 10",
  ],
  [cong("3", "7"), "x ≡ 10 (mod 14)", false, "mod 14 is not the same class as mod 7"],
  [cong("3", "14"), "x ≡ 3 (mod 7)", false, "takes in numbers such as 10 that are not solutions"],
  [cong("3", "14"), "x ≡ 10 (mod 7)", false, "such as 10"],
  [cong("3", "7"), "x ≡ 3 (mod 5)", false, "mod 5 is not the same class as mod 7"],
  [cong("3", "7"), "x ≡ 4 (mod 14)", false, "Not the right class"],
  [cong("3", "7"), "x ≡ 3 (mod 0)", false, "positive whole number"],
  [cong("3", "7"), "x ≡ 3 (mod -7)", false, "positive whole number"],
  [cong("3", "7"), "x ≡ 3/2 (mod 7)", false, "not a whole number"],
  [cong("3", "7"), "x ≡ 3 (mod 7/2)", false, "not a whole number"],
  [cong("3", "7"), "x ≡ 3 (mod 7", false, 'the "(" at 7 is never closed'],
  [cong("3", "7"), "x ≡ (mod 7)", false, "the residue is missing"],
  [cong("3", "7"), "x ≡ 3 (mod )", false, "the modulus is missing"],
  [cong("3", "7"), "x ≡ 3 mod 7 mod 7", false, 'a second "mod"'],
  [cong("3", "7"), "2x ≡ 6 (mod 7)", false, "only the letter"],
  [cong("3", "7"), "n ≡ 3 (mod 7)", false, "Write the answer for x, not n."],
  [cong("3", "7"), "x ≡ y (mod 7)", false, "without letters (it has y)"],
  [cong("3", "7"), "x ≡ 3) (mod 7)", false, 'unexpected ")" at 6'],
  [cong("3", "7", "n"), "n ≡ 3 (mod 7)", true],
  [cong("3", "7", "n"), "n\\equiv 3\\pmod{7}", true],
  [cong(huge, "97"), `x ≡ ${huge} (mod 97)`, true],
  [cong(huge, "97"), `${huge}`, true],
  [cong("0", "97"), `x ≡ ${huge} (mod 97)`, BigInt(huge) % 97n === 0n],
  [cong("1", huge.slice(0, 900)), `x ≡ ${huge.slice(0, 900)}+1 (mod ${huge.slice(0, 900)})`, true],
  [cong("1", huge.slice(0, 900)), `x ≡ 1 (mod 2·${huge.slice(0, 900)})`, false, "mod 2469135780"],
  [cong("3", "7"), "x ≡ 10^1000 (mod 7)", 10n ** 1000n % 7n === 3n],
  [cong("3", "0"), "3", false, "answer key is faulty"],
];

const CHOICE_ROWS: Row[] = [
  [choice([2], false), "2", true, /^Correct\.$/],
  [choice([2], false), " 2 ", true],
  [choice([2], false), "1", false, "That option is not correct."],
  [choice([2], false), "2,3", false, "Choose only one option."],
  [choice([2], false), "2,2", true],
  [choice([2], false), "7", false, "There is no option 7."],
  [choice([2], false), "b", false, "“b” is not an option number."],
  [choice([2], false), "-1", false, "not an option number"],
  [choice([2], false), ",", false, "No option chosen."],
  [choice([0, 3], true), "0,3", true],
  [choice([0, 3], true), "3,0", true],
  [choice([0, 3], true), "3, 0,", true],
  [choice([0, 3], true), "0", false, "one is missing"],
  [choice([0, 3], true), "0,3,4", false, "One chosen option is not correct."],
  [choice([0, 3], true), "1,2", false, "2 chosen options are not correct."],
  [choice([0, 3], true), "0,1,2,3,4", false],
  [choice([0], true), "0", true],
  [choice([5], false), "0", false, "answer key is faulty"],
];

const ROWS: Row[] = [
  ...INTEGER_ROWS,
  ...FRACTION_ROWS,
  ...DECIMAL_ROWS,
  ...EXPRESSION_ROWS,
  ...CONGRUENCE_ROWS,
  ...CHOICE_ROWS,
];

const label = (key: AnswerKey) => {
  switch (key.kind) {
    case "integer":
      return `integer ${key.value.slice(0, 12)}`;
    case "fraction":
      return `fraction ${key.numerator.slice(0, 12)}/${key.denominator.slice(0, 12)}`;
    case "decimal":
      return `decimal ${key.value}±${key.tolerance}`;
    case "expression":
      return `expression ${key.expected}${key.form ? ` (${key.form})` : ""}`;
    case "congruence":
      return `congruence ${key.residue.slice(0, 12)} mod ${key.modulus.slice(0, 12)}`;
    case "choice":
      return `choice ${key.correct.join(",")}`;
  }
};

describe("gradeAnswer: the table", () => {
  it("has at least 200 cases, covering every kind", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(ROWS.map(([key]) => key.kind)).size).toBe(6);
  });

  it.each(ROWS.map((row) => [label(row[0]), row[1].slice(0, 60), row] as const))(
    "%s ← %j",
    (_label, _given, [key, given, correct, feedback]) => {
      const verdict = gradeAnswer(key, given);
      expect(verdict.correct, `${verdict.feedback} | ${verdict.steps.join(" / ")}`).toBe(correct);
      if (typeof feedback === "string") expect(verdict.feedback).toContain(feedback);
      else if (feedback !== undefined) expect(verdict.feedback).toMatch(feedback);
      expect(verdict.steps.length).toBeGreaterThan(0);
    },
  );
});

describe("gradeAnswer: verdicts", () => {
  it("gives one sentence of feedback, with Unicode signs, and steps saying how", () => {
    const verdict = gradeAnswer(expr("2x+2"), "2(x+1)");
    expect(verdict.steps).toEqual(["Read the answer as 2·(x + 1).", "Multiplied out, expected − given = 0."]);
    const byValues = gradeAnswer(expr("abs(x)"), "sqrt(x^2)");
    expect(byValues.steps[0]).toBe("Read the answer as sqrt(x^2).");
    expect(byValues.steps.at(-1)).toBe("Equal at 12 random points within 1e-9.");
    const negative = gradeAnswer(expr("x"), "sqrt(x^2)");
    expect(negative.feedback).toBe("Not equal at x = −1.");
    expect(negative.steps.at(-1)).toBe("Values at x = −1: expected −1, given 1.");
  });

  it("is reproducible: the same answer gets the same verdict", () => {
    const key = expr("sin(x)/x");
    expect(gradeAnswer(key, "sin(x)*x^-1")).toEqual(gradeAnswer(key, "sin(x)*x^-1"));
  });

  it("refuses over-long answers unread, and reads answers up to the limit", () => {
    const long = gradeAnswer(expr("x"), "x".padEnd(MAX_ANSWER_LENGTH + 1, " "));
    expect(long.correct).toBe(false);
    expect(long.feedback).toContain("at most 2,000 characters");
    expect(gradeAnswer(expr("x"), "x".padEnd(MAX_ANSWER_LENGTH, " ")).correct).toBe(true);
    expect(gradeAnswer(int("1"), `${"+".repeat(MAX_ANSWER_LENGTH - 1)}1`).correct).toBe(false);
  });
});

describe("gradeAnswer never throws", () => {
  const keys: AnswerKey[] = [
    int("12"),
    frac("3", "4"),
    dec(0.5, 0.01),
    expr("x^2+1"),
    expr("(x+1)^2", ["x"], "factored"),
    cong("3", "7"),
    choice([1], false),
  ];
  const alphabet = [
    "x",
    "y",
    "1",
    "0",
    "2",
    ".",
    "+",
    "-",
    "*",
    "/",
    "^",
    "(",
    ")",
    "|",
    "!",
    " ",
    ",",
    "=",
    "≡",
    "mod",
    "\\frac",
    "{",
    "}",
    "\\left(",
    "\\right)",
    "\\sqrt",
    "\\pmod",
    "sin(",
    "e",
    "pi",
    "_",
    "\\",
    "²",
  ];

  it("grades 3,000 random strings of maths symbols with a verdict", () => {
    const next = random(20_240_917);
    for (let i = 0; i < 3000; i += 1) {
      const length = 1 + Math.floor(next() * 12);
      const given = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
      const key = keys[i % keys.length]!;
      const verdict = gradeAnswer(key, given);
      expect(typeof verdict.correct).toBe("boolean");
      expect(verdict.feedback).toMatch(/^\S.*[.!]$/s);
      expect(verdict.feedback).not.toContain("grader");
    }
  });
});
