/**
 * Questions an author writes in /admin/content, beside the generated ones.
 * Each saved revision is one Question: a quiz item names it by the template
 * id "fixed:<question id>" and by its revision number in place of a seed, so
 * a learner's answer is always graded and shown with the revision they saw.
 *
 * As in generated questions (./template.ts), every pair of dollars is a
 * formula, even before a digit (`$3^{100}$`), where lesson Markdown would
 * read money; a dollar sign is written `\$`.
 */
import { gradeAnswer } from "./grade-answer";
import type { AnswerKey, Difficulty, Question, QuestionPart } from "./question";
import { withExplicitDelimiters } from "./template";
import { faultyKeyReason } from "./verdicts";

export interface FixedQuestionContent {
  skillId: string;
  difficulty: Difficulty;
  prompt: string;
  parts: readonly QuestionPart[];
  hints: readonly string[];
  solution: string;
}

const FIXED_PREFIX = "fixed:";

export function fixedTemplateId(questionId: string): string {
  return `${FIXED_PREFIX}${questionId}`;
}

/** The question id inside a "fixed:<id>" template id; null for a generated template. */
export function fixedQuestionIdOf(templateId: string): string | null {
  return templateId.startsWith(FIXED_PREFIX) ? templateId.slice(FIXED_PREFIX.length) : null;
}

export function fixedQuestion(questionId: string, revision: number, content: FixedQuestionContent): Question {
  return {
    templateId: fixedTemplateId(questionId),
    skillId: content.skillId,
    seed: revision,
    difficulty: content.difficulty,
    ...withExplicitDelimiters(content),
  };
}

/** The answer a key itself stands for, typed as a learner would. */
export function answerOfKey(key: AnswerKey): string {
  switch (key.kind) {
    case "choice":
      return key.correct.join(",");
    case "integer":
      return key.value;
    case "fraction":
      return `${key.numerator}/${key.denominator}`;
    case "decimal":
      return String(key.value);
    case "expression":
      return key.expected;
    case "congruence":
      return `${key.variable} ≡ ${key.residue} (mod ${key.modulus})`;
  }
}

/**
 * Why a key cannot be used, or null when it can: it must accept its own answer. That catches an
 * expression the grader cannot read, and an expected answer not in the form the key demands.
 */
export function keyProblem(key: AnswerKey): string | null {
  const verdict = gradeAnswer(key, answerOfKey(key));
  if (verdict.correct) return null;
  const faulty = faultyKeyReason(verdict);
  return faulty === null ? `The key refuses its own answer: ${verdict.feedback}` : `The key cannot be used: ${faulty}`;
}
