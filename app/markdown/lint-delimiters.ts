import { byLine, lessonEnv, newLessonState } from "./lesson-state";
import { lessonMarkdown } from "./lesson-markdown";
import type { LessonProblem } from "./render-lesson";

/**
 * Problems with formula delimiters, which the renderer silently shows as plain text: an opening `$`, `$$`, `\(`
 * or `\[` never closed (error), a `\)` or `\]` closing nothing (error), `$` followed by a digit (money) in a
 * paragraph that also has `$` formulas (warning), and a `$…$` formula of digits and punctuation only (warning).
 * Everything else (boxes, widgets, headings, formulas KaTeX refuses) is renderLesson's: an editor shows both
 * lists, which never overlap. The text is parsed exactly as the renderer parses it (code is not looked into),
 * without typesetting, so it is cheap enough to run on every keystroke.
 */
export function lintLesson(markdown: string): LessonProblem[] {
  const lesson = newLessonState({ checkWidget: null, idPrefix: "", lint: [] });
  lessonMarkdown.parse(markdown, lessonEnv(lesson));
  return byLine(lesson.lint ?? []);
}
