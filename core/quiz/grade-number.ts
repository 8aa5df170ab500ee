/**
 * Grading of number answers: an exact integer, an exact fraction, or a decimal within a
 * tolerance. The answer may be written as any expression without letters (`2^10`, `6/4`,
 * `\frac{3}{2}`, `sqrt(2)`), as a mixed number (`1 1/2`, `1\frac{1}{2}`), or after a letter and
 * "=" (`x = 5`). Integers and fractions are worked out exactly with BigInts (./exact-value.ts),
 * so numbers with thousands of digits compare exactly; decimals are compared as doubles.
 */
import { variablesOf, type ExprNode } from "../expr/ast";
import { compileReal } from "../expr/compile-real";
import { equals, rational, type Rational } from "../algebra/rational";
import { expressionText, integerText, rationalText, approximateText } from "./answer-text";
import { exactValueOf, rationalToNumber } from "./exact-value";
import { classifyDecimalMistake, classifyNumberMistake, numberMistakeFeedback } from "./number-mistake";
import type { AnswerKey, Verdict } from "./question";
import { readExpressionAnswer, readMixedNumber } from "./read-answer";
import { correct, faultyKey, incorrect, unreadable } from "./verdicts";

/** Doubles carry rounding: a value this far (relative to max(1, |value|)) beyond the tolerance still counts. */
export const DECIMAL_ROUNDING_SLACK = 1e-12;
/** A decimal written for a fraction answer this close (relative to max(1, |answer|)) is told it is close. */
export const CLOSE_DECIMAL = 5e-3;

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
/** A comma between digits: a decimal comma or a thousands separator, neither of which the reader takes. */
const DIGIT_COMMA_DIGIT = /\d\s*,\s*\d/;
const WITHOUT_COMMAS = "The answer should be a single number, written without commas (1000, 1.5).";

/** A number answer as read: its tree, whether it is a bare literal (`-4`, `5.0`), and the steps so far. */
type NumberRead = { ok: true; ast: ExprNode; literal: boolean; steps: string[] } | { ok: false; verdict: Verdict };

/** A bare number, perhaps signed: what needs no "= value" in the feedback. */
function isLiteral(node: ExprNode): boolean {
  return node.kind === "number" || (node.kind === "unary" && isLiteral(node.operand));
}

const hasDecimalPoint = (node: ExprNode): boolean =>
  node.kind === "number" ? node.value.includes(".") : node.kind === "unary" && hasDecimalPoint(node.operand);

function mixedNumberTree(value: Rational): ExprNode {
  const span = { start: 0, end: 0 };
  const magnitude = { kind: "binary", operator: "/", implicit: false, span } as const;
  const unsigned: ExprNode = {
    ...magnitude,
    left: { kind: "number", value: (value.num < 0n ? -value.num : value.num).toString(), span },
    right: { kind: "number", value: value.den.toString(), span },
  };
  return value.num < 0n ? { kind: "unary", operator: "-", operand: unsigned, span } : unsigned;
}

function readNumber(given: string): NumberRead {
  const mixed = readMixedNumber(given);
  if (mixed !== null) {
    return {
      ok: true,
      ast: mixedNumberTree(mixed),
      literal: false,
      steps: [`Read the answer as the mixed number ${given.trim()} = ${rationalText(mixed)}.`],
    };
  }
  const read = readExpressionAnswer(given);
  if (!read.ok && DIGIT_COMMA_DIGIT.test(given)) {
    return { ok: false, verdict: incorrect(WITHOUT_COMMAS, [`Reading failed: ${read.message}.`]) };
  }
  if (!read.ok) return { ok: false, verdict: unreadable(read.message) };
  let ast = read.ast;
  const steps: string[] = [];
  if (ast.kind === "relation" && ast.operators.join() === "=" && ast.operands[0]!.kind === "variable") {
    steps.push(`Took the value after "=".`);
    ast = ast.operands[1]!;
  }
  if (ast.kind === "relation" || ast.kind === "tuple" || ast.kind === "list") {
    const verdict = incorrect(WITHOUT_COMMAS, [`Read as a ${ast.kind}, not a number.`]);
    return { ok: false, verdict };
  }
  const letters = variablesOf(ast);
  if (letters.length > 0) {
    const verdict = incorrect(`The answer should be a number, without letters (it has ${letters.join(", ")}).`, [
      `Read the answer as ${expressionText(ast)}, which has letters.`,
    ]);
    return { ok: false, verdict };
  }
  steps.push(`Read the answer as ${expressionText(ast)}.`);
  return { ok: true, ast, literal: isLiteral(ast), steps };
}

/** The exact value of a read answer, or the verdict when it has none. */
function exactNumber(read: NumberRead & { ok: true }): { value: Rational } | { verdict: Verdict } {
  const exact = exactValueOf(read.ast);
  if (exact.kind === "undefined") {
    return { verdict: incorrect(`Not a number: ${exact.reason}.`, [...read.steps, `Undefined: ${exact.reason}.`]) };
  }
  if (exact.kind === "inexact") {
    return {
      verdict: incorrect(`The answer must be exact, and ${exact.reason}.`, [
        ...read.steps,
        `Not exact: ${exact.reason}.`,
      ]),
    };
  }
  return { value: exact.value };
}

/** "Correct." for a bare whole number or the value as printed, "Correct: 2^10 = 1024." otherwise. */
function correctFeedback(read: NumberRead & { ok: true }, value: string): string {
  const written = expressionText(read.ast);
  const bare = read.literal && !hasDecimalPoint(read.ast);
  return bare || written === value ? "Correct." : `Correct: ${written} = ${value}.`;
}

/** The modulus of a remainder key, or why the key is faulty. */
function remainderModulus(key: AnswerKey & { kind: "integer" }, expected: bigint): bigint | null | { faulty: string } {
  if (key.modulus === undefined) return null;
  if (!INTEGER_TEXT.test(key.modulus)) return { faulty: `the modulus "${key.modulus}" is not a whole number` };
  const modulus = BigInt(key.modulus.trim());
  if (modulus < 1n) return { faulty: `the modulus ${key.modulus} is not positive` };
  if (expected < 0n || expected >= modulus) {
    return { faulty: `${key.value} is not a remainder on division by ${key.modulus}` };
  }
  return modulus;
}

export function gradeInteger(key: AnswerKey & { kind: "integer" }, given: string): Verdict {
  if (!INTEGER_TEXT.test(key.value)) return faultyKey(`"${key.value}" is not a whole number`);
  const expected = BigInt(key.value.trim());
  const modulus = remainderModulus(key, expected);
  if (modulus !== null && typeof modulus === "object") return faultyKey(modulus.faulty);
  const read = readNumber(given);
  if (!read.ok) return read.verdict;
  const exact = exactNumber(read);
  if ("verdict" in exact) return exact.verdict;
  const { value } = exact;
  const steps = [...read.steps, `Worked out exactly: ${rationalText(value)}.`];
  if (value.den !== 1n) {
    return incorrect(`${expressionText(read.ast)} is not a whole number.`, [...steps, "Not a whole number."]);
  }
  steps.push(`Expected ${integerText(expected)}: ${value.num === expected ? "equal" : "not equal"}.`);
  if (value.num === expected) {
    const decimal = read.literal && hasDecimalPoint(read.ast);
    const feedback = decimal
      ? `Correct: ${expressionText(read.ast)} is the whole number ${integerText(value.num)}.`
      : correctFeedback(read, integerText(value.num));
    return correct(feedback, steps);
  }
  return mistaken(classifyNumberMistake(rational(expected), value, modulus), steps);
}

/** A wrong answer's verdict, saying what kind of mistake it looks like when the numbers tell. */
function mistaken(mistake: Parameters<typeof numberMistakeFeedback>[0], steps: string[]): Verdict {
  const named = mistake === null ? [] : [`Looks like a mistake of the kind "${mistake.kind}".`];
  return incorrect(numberMistakeFeedback(mistake), [...steps, ...named]);
}

export function gradeFraction(key: AnswerKey & { kind: "fraction" }, given: string): Verdict {
  if (!INTEGER_TEXT.test(key.numerator) || !INTEGER_TEXT.test(key.denominator)) {
    return faultyKey(`${key.numerator}/${key.denominator} is not a fraction of whole numbers`);
  }
  const denominator = BigInt(key.denominator.trim());
  if (denominator === 0n) return faultyKey("the denominator is 0");
  const expected = rational(BigInt(key.numerator.trim()), denominator);
  const read = readNumber(given);
  if (!read.ok) return read.verdict;
  const exact = exactNumber(read);
  if ("verdict" in exact) return exact.verdict;
  const { value } = exact;
  const same = equals(value, expected);
  const steps = [
    ...read.steps,
    `Worked out exactly: ${rationalText(value)}.`,
    `Expected ${rationalText(expected)}: ${same ? "equal" : "not equal"}.`,
  ];
  if (same) return correct(correctFeedback(read, rationalText(value)), steps);
  const mistake = classifyNumberMistake(expected, value);
  if (mistake !== null) return mistaken(mistake, steps);
  const gap = Math.abs(rationalToNumber(value) - rationalToNumber(expected));
  if (hasDecimalPoint(read.ast) && gap <= CLOSE_DECIMAL * Math.max(1, Math.abs(rationalToNumber(expected)))) {
    return incorrect(
      `Close, but ${expressionText(read.ast)} is not exactly the answer: give it as an exact fraction.`,
      steps,
    );
  }
  return mistaken(null, steps);
}

/** The value of a number answer as a double: exact where it can be, else in floating point. */
function decimalValue(read: NumberRead & { ok: true }): { value: number } | { verdict: Verdict } {
  const exact = exactValueOf(read.ast);
  if (exact.kind === "undefined") {
    return { verdict: incorrect(`Not a number: ${exact.reason}.`, [...read.steps, `Undefined: ${exact.reason}.`]) };
  }
  const value = exact.kind === "value" ? rationalToNumber(exact.value) : compileReal(read.ast, [])([]);
  if (!Number.isFinite(value)) {
    return {
      verdict: incorrect(`Not a number: ${expressionText(read.ast)} has no real value or is too large.`, [
        ...read.steps,
        `Evaluates to ${value}.`,
      ]),
    };
  }
  return { value };
}

const roundingSlack = (expected: number) => DECIMAL_ROUNDING_SLACK * Math.max(1, Math.abs(expected));
const withinTolerance = (value: number, expected: number, tolerance: number) =>
  Math.abs(value - expected) <= tolerance + roundingSlack(expected);

export function gradeDecimal(key: AnswerKey & { kind: "decimal" }, given: string): Verdict {
  if (!Number.isFinite(key.value) || !Number.isFinite(key.tolerance) || key.tolerance < 0) {
    return faultyKey(`value ${key.value} with tolerance ${key.tolerance}`);
  }
  const read = readNumber(given);
  if (!read.ok) return read.verdict;
  const evaluated = decimalValue(read);
  if ("verdict" in evaluated) return evaluated.verdict;
  const { value } = evaluated;
  const close = withinTolerance(value, key.value, key.tolerance);
  const steps = [
    ...read.steps,
    `Value: ${value}.`,
    `Expected ${key.value} ± ${key.tolerance}: the difference is ${Math.abs(value - key.value)}, ${close ? "within" : "beyond"} the tolerance.`,
  ];
  if (close) {
    return correct(
      read.literal ? "Correct." : `Correct: ${expressionText(read.ast)} ≈ ${approximateText(value)}.`,
      steps,
    );
  }
  const mistake = classifyDecimalMistake(key.value, key.tolerance, value, roundingSlack);
  if (mistake !== null) return mistaken(mistake, steps);
  return incorrect(`Not close enough to the answer (it must be within ${key.tolerance}).`, steps);
}
