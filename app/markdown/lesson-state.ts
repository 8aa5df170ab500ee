import type { Env } from "markdown-it";
import type { LessonExercise } from "./exercise-check";
import type { LessonHeading, LessonProblem, RenderLessonOptions } from "./render-lesson";
import type { LessonTerm, TermLinks } from "./term-plugin";

/** What one parse (and render) of a lesson collects; markdown-it carries it to every rule through `env`. */
export interface LessonState {
  /** Problems found while rendering: boxes, widgets, headings, formulas KaTeX refuses. */
  problems: LessonProblem[];
  /** Delimiter problems (unclosed `$`, money), collected only when linting. */
  lint: LessonProblem[] | null;
  checkWidget: RenderLessonOptions["checkWidget"] | null;
  idPrefix: string;
  showKeys: boolean;
  headings: LessonHeading[];
  usedIds: Set<string>;
  exercises: LessonExercise[];
  /** The exercise whose box is being parsed: its checks and hints belong to it. */
  openExercise: LessonExercise | null;
  /** The inline text being parsed, for line numbers and the money check. */
  inline: InlineSource | null;
  /** Terms the lesson defines (`:dfn[…]`), in order. */
  terms: LessonTerm[];
  /** Other sections' terms, linked where this lesson's text uses them; null: no links. */
  termLinks: TermLinks | null;
  /** Rendering a glossary excerpt: no ids, which belong to the chapter page. */
  excerpt: boolean;
}

export interface InlineSource {
  src: string;
  /** 0-based line of the text's first line in the Markdown source. */
  line: number;
  lineStarts: number[] | null;
  dollarFormulas: number;
  /** Positions of `$` read as money. */
  money: number[];
  /** Per closing delimiter, a position from which a search found no closer, so neither will any later one. */
  noCloserFrom: Map<string, number>;
}

const STATE_KEY = "numberlabLesson";

export function newLessonState(
  options: Pick<LessonState, "checkWidget" | "idPrefix" | "lint"> &
    Partial<Pick<LessonState, "showKeys" | "termLinks">>,
): LessonState {
  return {
    ...options,
    showKeys: options.showKeys ?? false,
    termLinks: options.termLinks ?? null,
    terms: [],
    excerpt: false,
    problems: [],
    headings: [],
    usedIds: new Set(),
    exercises: [],
    openExercise: null,
    inline: null,
  };
}

/** `id`, or `id-2`, `id-3`… when a heading or box of the lesson has it already. */
export function claimId(lesson: LessonState, id: string): string {
  let unique = id;
  for (let count = 2; lesson.usedIds.has(unique); count++) unique = `${id}-${count}`;
  lesson.usedIds.add(unique);
  return unique;
}

export function lessonEnv(state: LessonState): Env {
  return { [STATE_KEY]: state };
}

export function lessonStateOf(env: Env | undefined): LessonState {
  const state = env?.[STATE_KEY];
  if (!state) throw new Error("The lesson Markdown parser needs an env made by lessonEnv()");
  return state as LessonState;
}

/** 1-based source line of a position in the inline text being parsed. */
export function inlineLine(source: InlineSource, src: string, position: number): number {
  // Image descriptions are parsed as a separate text: its first line is the best we know.
  if (src !== source.src) return source.line + 1;
  source.lineStarts ??= lineStartsOf(src);
  let low = 0;
  let high = source.lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (source.lineStarts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return source.line + low + 1;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

export function byLine(problems: LessonProblem[]): LessonProblem[] {
  return [...problems].sort((a, b) => a.line - b.line);
}
