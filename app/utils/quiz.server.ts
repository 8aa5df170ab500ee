import { gradeAnswer } from "../../core/quiz/grade-answer";
import { isLatexAnswer } from "../../core/quiz/read-answer";
import { publicQuestion, type Question, type Verdict } from "../../core/quiz/question";
import { skillById } from "../../core/quiz/skills";
import { generateQuestion } from "../../core/quiz/templates/index";
import type { ItemPlan, QuizItem } from "../models/quiz.server";
import type { ItemResult, ItemView } from "../components/quiz/quiz-view";
import { givenAnswerHtml, quizBlockHtml, quizInlineHtml } from "./quiz-text.server";

/** The question an item stands for, made again from its template, seed and difficulty. */
export function questionOf(item: ItemPlan): Question {
  return generateQuestion(item.templateId, item.seed, item.difficulty);
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

/** Each part's verdict; a missing answer is an empty one. */
export function gradeParts(question: Question, answers: readonly string[]): Verdict[] {
  return question.parts.map((part, index) => gradeAnswer(part.key, answers[index] ?? ""));
}

/** What the page may show of a question: everything public, and once it is answered, the verdicts and solution. */
export function itemView(item: QuizItem, question: Question = questionOf(item)): ItemView {
  const shown = publicQuestion(question);
  const answered = item.answeredAt !== null && item.answers !== null;
  return {
    id: item.id,
    position: item.position,
    skillTitle: skillById(question.skillId)?.title ?? question.skillId,
    promptHtml: quizBlockHtml(shown.prompt),
    parts: shown.parts.map((part) => ({
      promptHtml: part.prompt === "" ? "" : quizInlineHtml(part.prompt),
      kind: part.kind,
      ...(part.options ? { optionsHtml: part.options.map(quizInlineHtml), multiple: part.multiple ?? false } : {}),
      ...(part.variables ? { variables: part.variables } : {}),
    })),
    hintCount: shown.hintCount,
    hintsHtml: question.hints.slice(0, item.hintsUsed).map(quizBlockHtml),
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
    solutionHtml: quizBlockHtml(question.solution),
  };
}
