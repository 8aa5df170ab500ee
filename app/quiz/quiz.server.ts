import type { Kysely } from "kysely";
import { fixedQuestion, fixedQuestionIdOf } from "#core/quiz/fixed-question";
import { describeKey } from "#core/quiz/describe-key";
import { gradeAnswer } from "#core/quiz/grade-answer";
import { MAX_ANSWER_LENGTH } from "#core/quiz/answer-limits";
import { isLatexAnswer } from "#core/quiz/read-answer";
import { publicQuestion, type AnswerKey, type Question, type Verdict } from "#core/quiz/question";
import { skillById } from "#core/quiz/skills";
import { generateQuestion } from "#core/quiz/templates/index";
import type { Database } from "#database/schema";
import { findQuestionRevisions } from "../models/quiz-question.server";
import type { ItemPlan, QuizItem } from "../models/quiz.server";
import type { ItemResult, ItemView, QuestionPreviewView } from "./quiz-view";
import { escapeHtml, givenAnswerHtml, markdownBlockHtml, markdownInlineHtml } from "../content/markdown-html.server";

/**
 * The question a generated item stands for, made again from its template, seed and difficulty;
 * throws for an author's question, which loadQuestions reads from the database.
 */
export function questionOf(item: ItemPlan): Question {
  return generateQuestion(item.templateId, item.seed, item.difficulty);
}

/** The questions items stand for: generated ones made again, authors' ones read at the revision asked. */
export async function loadQuestions(db: Kysely<Database>, items: readonly ItemPlan[]): Promise<Question[]> {
  const refs = items.flatMap((item) => {
    const questionId = fixedQuestionIdOf(item.templateId);
    return questionId === null ? [] : [{ questionId, revision: item.seed }];
  });
  const contents = await findQuestionRevisions(db, refs);
  return items.map((item) => {
    const questionId = fixedQuestionIdOf(item.templateId);
    if (questionId === null) return questionOf(item);
    const content = contents.get(`${questionId}:${item.seed}`);
    // Questions and their revisions are never deleted, so this is a broken database, not a user's doing.
    if (!content) throw new Error(`Revision ${item.seed} of question ${questionId} is missing.`);
    return fixedQuestion(questionId, item.seed, content);
  });
}

/** Which question an item is, in words for the editors who read a report about it. */
export function describeItemQuestion(item: ItemPlan): string {
  const questionId = fixedQuestionIdOf(item.templateId);
  return questionId === null
    ? `${item.templateId}, seed ${item.seed}, difficulty ${item.difficulty}`
    : `an author's question, revision ${item.seed}, /admin/content/questions/${questionId}`;
}

/** A question not (yet) answered, outside any attempt: for previews, problem sets and the sample quiz. */
export function unansweredItem(plan: ItemPlan, id: string, position: number, hintsUsed = 0): QuizItem {
  return {
    ...plan,
    id,
    position,
    hintsUsed,
    answers: null,
    partResults: null,
    correct: null,
    timeMs: null,
    answeredAt: null,
  };
}

/** A part's answer from the form: typed text, or the chosen options' indices ("0,2"); null when malformed. */
function givenAnswer(value: unknown): string | null {
  if (value === undefined) return "";
  if (typeof value === "string") return value.length <= MAX_ANSWER_LENGTH ? value : null;
  if (Array.isArray(value) && value.every((entry) => typeof entry === "string" && /^\d{1,2}$/.test(entry))) {
    return value.join(",");
  }
  return null;
}

/** The letter a part goes by on the page: (a), (b), … */
export const partLetter = (index: number) => String.fromCharCode(97 + index);

export type AnswersOfForm =
  | { ok: true; answers: string[] }
  /** Why the answers cannot be checked: one message, and one per field (`part-<n>`) at fault. */
  | { ok: false; error: string; fieldErrors: Record<string, string> };

/**
 * The answers a question card posted (fields `part-<n>`), one per part. Refused, with the fields at
 * fault, when an answer is too long or not a single answer, or when any part is left blank: a
 * question is checked whole, so checking it with a part blank would mark that part wrong for good.
 */
export function answersOfForm(values: Record<string, unknown>, partCount: number): AnswersOfForm {
  const answers: string[] = [];
  const malformed: number[] = [];
  const blank: number[] = [];
  for (let index = 0; index < partCount; index++) {
    const given = givenAnswer(values[`part-${index}`]);
    if (given === null) malformed.push(index);
    else if (given.trim() === "") blank.push(index);
    answers.push(given ?? "");
  }
  const name = (index: number) => (partCount > 1 ? `part ${partLetter(index)}` : "the answer");
  if (malformed.length > 0) {
    return {
      ok: false,
      error: `The answer to ${name(malformed[0]!)} is too long or not a single answer.`,
      fieldErrors: Object.fromEntries(malformed.map((index) => [`part-${index}`, "Too long or not a single answer."])),
    };
  }
  if (blank.length > 0) {
    const error =
      partCount === 1
        ? "Give an answer before checking it."
        : blank.length === partCount
          ? "Answer every part before checking."
          : `Answer every part before checking: ${blank.map(name).join(" and ")} ${blank.length === 1 ? "is" : "are"} blank.`;
    return {
      ok: false,
      error,
      fieldErrors: Object.fromEntries(blank.map((index) => [`part-${index}`, "Give an answer to this part."])),
    };
  }
  return { ok: true, answers };
}

/** Each part's verdict; a missing answer is an empty one (refused by answersOfForm before grading). */
export function gradeParts(question: Question, answers: readonly string[]): Verdict[] {
  return question.parts.map((part, index) => gradeAnswer(part.key, answers[index] ?? ""));
}

/** What the page may show of a question: everything public, and once it is answered, the verdicts and solution. */
export function itemView(item: QuizItem, question: Question): ItemView {
  const shown = publicQuestion(question);
  const answered = item.answeredAt !== null && item.answers !== null;
  return {
    id: item.id,
    position: item.position,
    skillId: question.skillId,
    skillTitle: skillById(question.skillId)?.title ?? question.skillId,
    promptHtml: markdownBlockHtml(shown.prompt),
    parts: shown.parts.map((part) => ({
      promptHtml: part.prompt === "" ? "" : markdownInlineHtml(part.prompt),
      kind: part.kind,
      ...(part.options ? { optionsHtml: part.options.map(markdownInlineHtml), multiple: part.multiple ?? false } : {}),
      ...(part.variables ? { variables: part.variables } : {}),
    })),
    hintCount: shown.hintCount,
    hintsHtml: question.hints.slice(0, item.hintsUsed).map(markdownBlockHtml),
    result: answered ? resultOf(question, item.answers!) : null,
  };
}

function resultOf(question: Question, answers: string[]): ItemResult {
  const verdicts = gradeParts(question, answers);
  return {
    correct: verdicts.every((verdict) => verdict.correct),
    answers,
    answersHtml: question.parts.map((part, index) => {
      const given = answers[index] ?? "";
      return part.key.kind === "choice" || given.trim() === "" ? null : givenAnswerHtml(given, isLatexAnswer(given));
    }),
    parts: verdicts.map(({ correct, feedback }) => ({ correct, feedback })),
    solutionHtml: markdownBlockHtml(question.solution),
  };
}

/** A key in words as HTML, its choice options typeset. */
export function keyHtml(key: AnswerKey): string {
  return describeKey(key, { text: escapeHtml, option: markdownInlineHtml });
}

/** A question as authors preview it: every hint open, with its keys in words and its solution. */
export function questionPreview(
  question: Question,
  itemId: string,
  progress: Partial<QuizItem> = {},
): QuestionPreviewView {
  const { templateId, skillId, seed, difficulty } = question;
  const plan = { templateId, skillId, seed, difficulty };
  const item = { ...unansweredItem(plan, itemId, 0, question.hints.length), ...progress };
  return {
    item: itemView(item, question),
    keysHtml: question.parts.map((part) => keyHtml(part.key)),
    solutionHtml: markdownBlockHtml(question.solution),
  };
}
