/**
 * The quiz grader: a given answer against a part's key (./question.ts), as a verdict with one
 * sentence for the learner and the steps that led to it for the validator pages. The answer is
 * what the learner typed, plain text or the LaTeX of a maths field (see ./read-answer.ts); for a
 * choice, the chosen option indices.
 *
 * Never throws, and bounded in time: answers over MAX_ANSWER_LENGTH characters are refused
 * before reading, and every step below has its own size limit or work budget.
 *
 * Choices made, each with its reason:
 * - A number answer may be any expression without letters (`2^10` for 1024), read by the expression
 *   parser and worked out exactly (./exact-value.ts), so plain text and LaTeX read alike. The
 *   factorization page's integer language (core/numtheory/integer-expression.ts) is not used: it
 *   takes "1.250" for 1250 (digit groups) and reads no LaTeX.
 * - 5.0 is accepted as the whole number 5 (and the feedback says so); 5.5 is not a whole number.
 * - Mixed numbers (`1 1/2`, `1\frac{1}{2}`) are read as such for number answers: that is what
 *   learners mean by them, though the expression parser alone refuses the first and reads the
 *   second as 1·½.
 * - Expressions are equal as functions, domains included: (x²−1)/(x−1) is not x + 1, since it has
 *   no value at 1; the feedback names such a point.
 * - A congruence with a multiple or divisor of the modulus is wrong: it is a different set.
 */
import { gradeChoice } from "./grade-choice";
import { gradeCongruence } from "./grade-congruence";
import { gradeExpression } from "./grade-expression";
import { gradeDecimal, gradeFraction, gradeInteger } from "./grade-number";
import type { AnswerKey, Verdict } from "./question";
import { MAX_ANSWER_LENGTH } from "./answer-limits";
import { incorrect } from "./verdicts";

function gradeByKind(key: AnswerKey, given: string): Verdict {
  switch (key.kind) {
    case "choice":
      return gradeChoice(key, given);
    case "integer":
      return gradeInteger(key, given);
    case "fraction":
      return gradeFraction(key, given);
    case "decimal":
      return gradeDecimal(key, given);
    case "expression":
      return gradeExpression(key, given);
    case "congruence":
      return gradeCongruence(key, given);
  }
}

export function gradeAnswer(key: AnswerKey, given: string): Verdict {
  if (given.length > MAX_ANSWER_LENGTH) {
    return incorrect(`The answer is too long: at most ${MAX_ANSWER_LENGTH.toLocaleString("en")} characters.`, [
      `Refused unread: ${given.length} characters.`,
    ]);
  }
  if (given.trim() === "") return incorrect("No answer given.", ["The answer is empty."]);
  try {
    return gradeByKind(key, given);
  } catch (error) {
    // A bug, not the learner's doing: the learner gets a verdict, the validator page the error.
    const message = error instanceof Error ? error.message : String(error);
    return incorrect("The answer could not be checked because of an error in the grader.", [
      `Grader error: ${message}`,
    ]);
  }
}
