import { lessonEnv, newLessonState } from "../markdown/lesson-state";
import { lessonMarkdown } from "../markdown/lesson-markdown";

/** Questions have no widgets: a directive in a question's text is shown as a problem, not run. */
const noWidgets = () => "questions cannot hold widgets";

const stateFor = () => lessonEnv(newLessonState({ checkWidget: noWidgets, idPrefix: "q-", lint: null }));

/** A question's Markdown (prompt, hint, solution) as HTML, formulas typeset by KaTeX on the server. */
export function quizBlockHtml(markdown: string): string {
  return lessonMarkdown.render(markdown, stateFor());
}

/** A short text (a choice's option, a part's prompt) as inline HTML, fit to stand inside a label. */
export function quizInlineHtml(markdown: string): string {
  return lessonMarkdown.renderInline(markdown, stateFor());
}

/**
 * A learner's typed answer as inline HTML: LaTeX from the maths field typeset (what KaTeX cannot read stays
 * visible as source), plain typing shown as it was typed.
 */
export function givenAnswerHtml(given: string, latex: boolean): string {
  if (latex) return quizInlineHtml(`\\(${given}\\)`);
  return `<code>${lessonMarkdown.utils.escapeHtml(given)}</code>`;
}
