import { lessonEnv, newLessonState } from "../markdown/lesson-state";
import { lessonMarkdown } from "../markdown/lesson-markdown";

/**
 * Short Markdown texts outside lessons (quiz questions, the cards of the prime discoveries page) as HTML,
 * with the lesson renderer's formulas typeset by KaTeX on the server.
 */

/** These texts have no widgets: a directive in one is shown as a problem, not run. */
const noWidgets = () => "only lessons can hold widgets";

const stateFor = () => lessonEnv(newLessonState({ checkWidget: noWidgets, idPrefix: "q-", lint: null }));

/** A block of Markdown (a question's prompt, hint or solution; a card) as HTML. */
export function markdownBlockHtml(markdown: string): string {
  return lessonMarkdown.render(markdown, stateFor());
}

/** A short text (a choice's option, a part's prompt) as inline HTML, fit to stand inside a label. */
export function markdownInlineHtml(markdown: string): string {
  return lessonMarkdown.renderInline(markdown, stateFor());
}

export const escapeHtml = (text: string): string => lessonMarkdown.utils.escapeHtml(text);

/**
 * A learner's typed answer as inline HTML: LaTeX from the maths field typeset (what KaTeX cannot read stays
 * visible as source), plain typing shown as it was typed.
 */
export function givenAnswerHtml(given: string, latex: boolean): string {
  if (latex) return markdownInlineHtml(`\\(${given}\\)`);
  return `<code>${escapeHtml(given)}</code>`;
}
