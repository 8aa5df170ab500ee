import { byLine, lessonEnv, newLessonState } from "./lesson-state";
import { lessonMarkdown } from "./lesson-markdown";
import type { LessonExercise } from "./exercise-check";
import type { LessonTerm, TermLinks } from "./term-plugin";
import type { WidgetMeta } from "./widget-plugin";

export interface LessonHeading {
  id: string;
  level: 2 | 3 | 4;
  text: string;
}

export type LessonBlock =
  { kind: "html"; html: string } | { kind: "widget"; name: string; attributes: Record<string, string>; line: number };

/**
 * A block as a chapter page's data carries it: HTML by key only (its text reaches the page once, in
 * the document or in the tab's cache: components/lesson/lesson-html.tsx), widgets as they are.
 */
export type LessonBlockRef = { kind: "html-ref"; key: string } | Extract<LessonBlock, { kind: "widget" }>;

export interface LessonProblem {
  severity: "error" | "warning";
  /** 1-based line in the Markdown source. */
  line: number;
  message: string;
  /** The offending source text (formula, directive…), when there is one. */
  source?: string;
}

export interface RenderedLesson {
  blocks: LessonBlock[];
  headings: LessonHeading[];
  problems: LessonProblem[];
  /** The exercises in order, with their keys: for grading on the server, never for the page's data. */
  exercises: LessonExercise[];
  /** The terms it defines (`:dfn[…]`), for the glossary. */
  terms: LessonTerm[];
}

export interface RenderLessonOptions {
  /** null when the widget exists and its attributes are valid; otherwise why not ("unknown widget …"). */
  checkWidget(name: string, attributes: Record<string, string>): string | null;
  /** Prefix for heading ids, so ids are unique across a page with several sections (e.g. "primes-"). */
  idPrefix?: string;
  /** Show each exercise check's keys and skill in words: the editor's preview, for authors. */
  showKeys?: boolean;
  /** Other sections' defined terms, linked at their first use in this text. */
  termLinks?: TermLinks;
}

/**
 * Lesson Markdown (docs/content-format.md) as HTML blocks with the widgets between them, the outline of its
 * headings, and the problems met on the way: boxes (unknown kind, unclosed, stray closer), widgets (unknown,
 * bad attributes, misplaced), headings (`#`, bad or repeated ids) and formulas KaTeX cannot typeset. Delimiters
 * that open nothing or close nothing render as plain text silently: lintLesson reports those, so the two lists
 * never overlap. Runs on the server and in the browser; never throws.
 */
export function renderLesson(markdown: string, options: RenderLessonOptions): RenderedLesson {
  const lesson = newLessonState({
    checkWidget: options.checkWidget,
    idPrefix: options.idPrefix ?? "",
    lint: null,
    showKeys: options.showKeys ?? false,
    termLinks: options.termLinks ?? null,
  });
  const env = lessonEnv(lesson);
  const tokens = lessonMarkdown.parse(markdown, env);
  const blocks: LessonBlock[] = [];
  let from = 0;
  // Widgets only stand at the top level, so the tokens between two of them are whole blocks of HTML.
  const renderUpTo = (to: number) => {
    const html = lessonMarkdown.renderer.render(tokens.slice(from, to), lessonMarkdown.options, env);
    if (html !== "") blocks.push({ kind: "html", html });
  };
  tokens.forEach((token, index) => {
    if (token.type !== "lesson_widget") return;
    renderUpTo(index);
    blocks.push({ kind: "widget", ...(token.meta as WidgetMeta) });
    from = index + 1;
  });
  renderUpTo(tokens.length);
  return {
    blocks,
    headings: lesson.headings,
    problems: byLine(lesson.problems),
    exercises: lesson.exercises,
    terms: lesson.terms,
  };
}
