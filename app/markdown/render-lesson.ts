import type { Token } from "markdown-it";
import type { BoxMeta } from "./box-plugin";
import { byLine, lessonEnv, newLessonState } from "./lesson-state";
import { plainText } from "./plain-text";
import { lessonMarkdown } from "./lesson-markdown";
import type { LessonExercise } from "./exercise-check";
import type { LessonTerm, TermLinks } from "./term-plugin";
import type { WidgetMeta } from "./widget-plugin";

export interface LessonHeading {
  id: string;
  level: 2 | 3 | 4;
  text: string;
}

/** `part`: the step of the section it belongs to (see LessonPart). */
export type LessonBlock =
  | { kind: "html"; html: string; part: number }
  | { kind: "widget"; name: string; attributes: Record<string, string>; line: number; part: number };

/**
 * A block as a chapter page's data carries it: HTML by key only (its text reaches the page once, in
 * the document or in the tab's cache: components/lesson/lesson-html.tsx), widgets as they are.
 */
export type LessonBlockRef = { kind: "html-ref"; key: string; part: number } | Extract<LessonBlock, { kind: "widget" }>;

/**
 * A part of a section read as one step: the whole section, unless it has sub-sections (`###`) that end with
 * their own check. Then a sub-section heading right after an exercise with a check starts a new part, so
 * every step ends with a question.
 */
export interface LessonPart {
  /** The heading that opens it; null for the part that opens the section. */
  title: string | null;
  /** The ids of the headings, boxes and defined terms in it, so a link to one opens its step. */
  anchors: string[];
}

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
  /** Its steps, in order: at least one. */
  parts: LessonPart[];
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
  const starts = partStarts(tokens);
  const blocks: LessonBlock[] = [];
  const parts: LessonPart[] = [{ title: null, anchors: [] }];
  let from = 0;
  // Widgets and part starts only stand at the top level, so the tokens between two are whole blocks of HTML.
  const renderUpTo = (to: number) => {
    const html = lessonMarkdown.renderer.render(tokens.slice(from, to), lessonMarkdown.options, env);
    if (html !== "") blocks.push({ kind: "html", html, part: parts.length - 1 });
  };
  tokens.forEach((token, index) => {
    if (starts.has(index)) {
      renderUpTo(index);
      parts.push({ title: plainText(tokens[index + 1]?.children ?? []), anchors: [] });
      from = index;
    }
    parts[parts.length - 1]!.anchors.push(...anchorsOf(token));
    if (token.type !== "lesson_widget") return;
    renderUpTo(index);
    blocks.push({ kind: "widget", ...(token.meta as WidgetMeta), part: parts.length - 1 });
    from = index + 1;
  });
  renderUpTo(tokens.length);
  return {
    blocks,
    headings: lesson.headings,
    problems: byLine(lesson.problems),
    exercises: lesson.exercises,
    terms: lesson.terms,
    parts,
  };
}

/**
 * Where parts start: at a top-level `###` heading whose previous top-level block is an exercise with a check
 * (LessonPart).
 */
function partStarts(tokens: Token[]): Set<number> {
  const starts = new Set<number>();
  let exerciseWithCheck = false;
  let previous: "checked-exercise" | "other" = "other";
  tokens.forEach((token, index) => {
    if (token.type === "lesson_check_open") exerciseWithCheck = true;
    if (token.level !== 0 || token.nesting === -1) {
      if (token.level === 0 && token.type === "lesson_box_close") {
        previous = (token.meta as BoxMeta).kind === "exercise" && exerciseWithCheck ? "checked-exercise" : "other";
      }
      return;
    }
    if (token.type === "heading_open" && token.tag === "h3" && previous === "checked-exercise") starts.add(index);
    if (token.type === "lesson_box_open") exerciseWithCheck = false;
    previous = "other";
  });
  return starts;
}

/** The ids a token gives the page: a heading's, a box's, a defined term's. */
function anchorsOf(token: Token): string[] {
  if (token.type === "heading_open") return [String(token.attrGet("id") ?? "")].filter(Boolean);
  if (token.type === "lesson_box_open") return [(token.meta as BoxMeta).id ?? ""].filter(Boolean);
  if (token.type !== "inline") return [];
  return (token.children ?? [])
    .filter((child) => child.type === "lesson_dfn_open")
    .map((child) => (child.meta as { anchor: string }).anchor);
}
