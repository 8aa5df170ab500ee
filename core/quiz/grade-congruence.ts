/**
 * Grading of residue-class answers: `x ≡ r (mod m)` in its plain and LaTeX spellings, `r (mod m)`,
 * `r mod m`, a single representative `r`, or the general solution `x = r + m·k`. Correct when the
 * residue is in the key's class and the modulus, if written, is the key's: a multiple of it
 * describes a smaller set (it leaves out solutions), a divisor a larger one (it takes in numbers
 * that are not solutions), so both are wrong, and the feedback says which. Exact with BigInts.
 */
import { variablesOf, type ExprNode } from "../expr/ast";
import { constantValue, toPolynomial } from "../algebra/polynomial";
import { mod } from "../numtheory/bigint";
import { expressionText, integerText } from "./answer-text";
import { exactValueOf } from "./exact-value";
import { classifyResidueMistake, residueMistakeFeedback } from "./number-mistake";
import type { AnswerKey, Verdict } from "./question";
import { readCongruenceAnswer } from "./read-answer";
import { correct, faultyKey, incorrect, unreadable } from "./verdicts";

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
/** Work the reading of `r + m·k` may take (term products, see core/algebra/polynomial.ts). */
const GENERAL_SOLUTION_BUDGET = 2_000;

type Whole = { ok: true; value: bigint } | { ok: false; reason: string };

/** The whole number a tree stands for, exactly; or why it is none. */
function wholeNumber(node: ExprNode, what: string): Whole {
  const exact = exactValueOf(node);
  if (exact.kind !== "value") return { ok: false, reason: exact.reason };
  if (exact.value.den !== 1n) return { ok: false, reason: `${what} ${expressionText(node)} is not a whole number` };
  return { ok: true, value: exact.value.num };
}

/** `r + m·k` with whole r and m ≠ 0, read as the class of r mod |m|; null for anything else. */
function generalSolution(node: ExprNode, letter: string): { residue: bigint; modulus: bigint } | null {
  const polynomial = toPolynomial(node, { budget: { remaining: GENERAL_SOLUTION_BUDGET } });
  if (!polynomial.ok) return null;
  let residue = 0n;
  let modulus = 0n;
  for (const { monomial, coefficient } of polynomial.polynomial.terms) {
    if (coefficient.den !== 1n) return null;
    if (monomial.length === 0) residue = coefficient.num;
    else if (monomial.length === 1 && monomial[0]![0] === letter && monomial[0]![1] === 1) modulus = coefficient.num;
    else return null;
  }
  if (modulus === 0n || constantValue(polynomial.polynomial) !== null) return null;
  return { residue, modulus: modulus < 0n ? -modulus : modulus };
}

const classText = (variable: string, residue: bigint, modulus: bigint) =>
  `${variable} ≡ ${integerText(residue)} (mod ${integerText(modulus)})`;

export function gradeCongruence(key: AnswerKey & { kind: "congruence" }, given: string): Verdict {
  if (!INTEGER_TEXT.test(key.residue) || !INTEGER_TEXT.test(key.modulus)) {
    return faultyKey(`${key.residue} (mod ${key.modulus}) is not a class of whole numbers`);
  }
  const m = BigInt(key.modulus.trim());
  if (m <= 0n) return faultyKey(`the modulus ${key.modulus} is not positive`);
  const r = mod(BigInt(key.residue.trim()), m);
  const variable = key.variable;

  const read = readCongruenceAnswer(given, [variable]);
  if (!read.ok) return unreadable(read.message);
  if (read.variable !== null && read.variable !== variable) {
    return incorrect(`Write the answer for ${variable}, not ${read.variable}.`, [
      `The answer is about ${read.variable}; the question asks for ${variable}.`,
    ]);
  }
  const steps: string[] = [];
  let residue: bigint;
  let modulus: bigint | null = null;
  const letters = variablesOf(read.residue);
  if (letters.length === 1 && letters[0] !== variable && read.modulus === null) {
    const general = generalSolution(read.residue, letters[0]!);
    if (general === null) {
      return incorrect(`Write the answer as ${variable} ≡ r (mod m), or as r + m·${letters[0]} with whole r and m.`, [
        `Read the residue as ${expressionText(read.residue)}, which is not r + m·${letters[0]}.`,
      ]);
    }
    steps.push(
      `Read ${expressionText(read.residue)} as the class ${classText(variable, general.residue, general.modulus)}.`,
    );
    residue = general.residue;
    modulus = general.modulus;
  } else {
    if (letters.length > 0) {
      return incorrect(`The residue should be a whole number, without letters (it has ${letters.join(", ")}).`, [
        `Read the residue as ${expressionText(read.residue)}.`,
      ]);
    }
    const givenResidue = wholeNumber(read.residue, "the residue");
    if (!givenResidue.ok) return incorrect(`Not a residue: ${givenResidue.reason}.`, [givenResidue.reason]);
    residue = givenResidue.value;
    if (read.modulus !== null) {
      const givenModulus = wholeNumber(read.modulus, "the modulus");
      if (!givenModulus.ok) return incorrect(`Not a modulus: ${givenModulus.reason}.`, [givenModulus.reason]);
      if (givenModulus.value <= 0n) {
        return incorrect(`A modulus must be a positive whole number, not ${integerText(givenModulus.value)}.`, [
          "The modulus is not positive.",
        ]);
      }
      modulus = givenModulus.value;
      steps.push(`Read the answer as ${classText(variable, residue, modulus)}.`);
    } else {
      steps.push(`Read the answer as the single number ${integerText(residue)}.`);
    }
  }

  const inClass = mod(residue, m) === r;
  steps.push(
    `Expected ${classText(variable, r, m)}: ${integerText(residue)} ≡ ${integerText(mod(residue, m))} (mod ${integerText(m)}), ${inClass ? "in" : "not in"} the class.`,
  );
  if (modulus === null || modulus === m) {
    if (!inClass) return incorrect(residueMistakeFeedback(classifyResidueMistake(r, m, residue)), steps);
    return correct(
      residue === r ? "Correct." : `Correct: ${integerText(residue)} ≡ ${integerText(r)} (mod ${integerText(m)}).`,
      steps,
    );
  }
  const differs = `mod ${integerText(modulus)} is not the same class as mod ${integerText(m)}`;
  steps.push(`The modulus ${integerText(modulus)} differs from ${integerText(m)}.`);
  if (modulus % m === 0n && inClass) {
    return incorrect(`Not quite: ${differs}, it leaves out solutions such as ${integerText(residue + m)}.`, steps);
  }
  if (m % modulus === 0n && mod(r - residue, modulus) === 0n) {
    const outsider = inClass ? residue + modulus : residue;
    return incorrect(
      `Not quite: ${differs}, it also takes in numbers such as ${integerText(outsider)} that are not solutions.`,
      steps,
    );
  }
  return incorrect(`Not the right class: ${differs}.`, steps);
}
