import { checkWidget } from "#app/components/lesson-widgets/catalog";
import { lintLesson } from "#app/markdown/lint-delimiters";
import { renderLesson, type LessonBlock, type LessonProblem } from "#app/markdown/render-lesson";

/** A todo's notes or a comment, typeset on the server, with what the author should fix. */
export interface RenderedTodoText {
  blocks: LessonBlock[];
  problems: LessonProblem[];
}

/**
 * Notes and comments are lesson Markdown (docs/content-format.md), rendered like a section: formulas by
 * KaTeX, widgets in place. The problems are the content editor's: the delimiter linter's and the
 * renderer's, by line. `idPrefix` keeps heading ids apart when a page shows several texts.
 */
export function renderTodoText(markdown: string, idPrefix: string): RenderedTodoText {
  const rendered = renderLesson(markdown, { checkWidget, idPrefix });
  const problems = [...lintLesson(markdown), ...rendered.problems].sort((a, b) => a.line - b.line);
  return { blocks: rendered.blocks, problems };
}
