/**
 * An answer of the assistant as the admin reviews it: rendered by the lesson renderer (KaTeX on the
 * server), with the content editor's problems (lintLesson's delimiters, renderLesson's boxes, widgets
 * and formulas), the number claims core/ can check, and for quiz questions each question as the
 * question editor reads and previews it.
 */
import { checkNumberClaims, type ClaimVerdict } from "#core/numtheory/number-claim-check";
import { fixedQuestion } from "#core/quiz/fixed-question";
import { checkWidget } from "../components/lesson-widgets/catalog";
import { sectionSlug } from "../markdown/chapter-file";
import { EXPLICIT_ID } from "../markdown/heading-plugin";
import { lintLesson } from "../markdown/lint-delimiters";
import { renderLesson, type LessonBlock, type LessonProblem } from "../markdown/render-lesson";
import { contentFromDraft, draftFieldName } from "../quiz/question-draft";
import { questionPreview } from "../quiz/quiz.server";
import type { QuestionPreviewView } from "../quiz/quiz-view";
import { draftKindOf, type AssistantTask } from "./assistant-vocabulary";
import { readQuestionDrafts, type QuestionDraftSource } from "./question-format";

export interface ClaimView {
  line: number;
  label: string;
  text: string;
  verdict: ClaimVerdict;
  message: string;
}

export interface QuestionReview {
  /** 1-based line of its heading in the answer. */
  line: number;
  /** Why the question editor would refuse it, field by field; empty when it may be saved. */
  problems: string[];
  /** As learners see it, when it may be saved. */
  preview: QuestionPreviewView | null;
}

export interface AnswerReview {
  kind: "section" | "questions";
  /** The answer rendered as a lesson (sections only). */
  blocks: LessonBlock[];
  problems: LessonProblem[];
  claims: ClaimView[];
  questions: QuestionReview[];
  /** Text outside any question, which a save leaves out. */
  leftOver: boolean;
  /** The title and section id a saved section starts with, from the answer's "## " line. */
  section: { title: string; slug: string } | null;
}

/** Questions hold no widgets: a directive in one is a problem, as on the quiz pages. */
const noWidgets = () => "quiz questions cannot hold widgets";

export function reviewAnswer(task: AssistantTask, answer: string): AnswerReview {
  const kind = draftKindOf(task);
  const rendered = renderLesson(answer, {
    checkWidget: kind === "section" ? checkWidget : noWidgets,
    idPrefix: "draft-",
  });
  const problems = [...lintLesson(answer), ...rendered.problems].sort((a, b) => a.line - b.line);
  const claims = checkNumberClaims(answer).map(({ claim, label, verdict, message }) => ({
    line: claim.line,
    label,
    text: claim.text,
    verdict,
    message,
  }));
  if (kind === "section") {
    const { title, slug } = sectionOfAnswer(answer);
    return {
      kind,
      blocks: rendered.blocks,
      problems,
      claims,
      questions: [],
      leftOver: false,
      section: { title, slug },
    };
  }
  const read = readQuestionDrafts(answer);
  return {
    kind,
    blocks: [],
    problems,
    claims,
    questions: read.questions.map(reviewQuestion),
    leftOver: read.leftOver,
    section: null,
  };
}

function reviewQuestion({ line, draft, notes }: QuestionDraftSource, index: number): QuestionReview {
  const checked = contentFromDraft(draft);
  if (!checked.ok) {
    const problems = Object.entries(checked.errors).map(([path, message]) => `${draftFieldName(path)}: ${message}`);
    return { line, problems: [...problems, ...notes], preview: null };
  }
  const question = fixedQuestion(`draft-${index + 1}`, 1, checked.content);
  return { line, problems: notes, preview: questionPreview(question, `draft-${index + 1}`) };
}

/**
 * The section in an answer: its title and id from the first line when it is a "## " heading (with an
 * optional {#id}), and the text after it. Without a heading, the title is left for the admin to give.
 */
export function sectionOfAnswer(answer: string): { title: string; slug: string; body: string } {
  const lines = answer.replace(/\r\n?/g, "\n").split("\n");
  const first = lines.findIndex((line) => line.trim() !== "");
  const heading = first < 0 ? null : /^##\s+(.+)$/.exec(lines[first]!.trim());
  if (!heading) return { title: "", slug: "", body: answer.trim() };
  const explicit = EXPLICIT_ID.exec(heading[1]!);
  const title = (explicit ? heading[1]!.slice(0, explicit.index) : heading[1]!).trim();
  return {
    title,
    slug: explicit?.[1] ?? sectionSlug(title),
    body: lines
      .slice(first + 1)
      .join("\n")
      .trim(),
  };
}
