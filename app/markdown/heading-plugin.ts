import type { MarkdownIt, StateCore, Token } from "markdown-it";
import { claimId, lessonStateOf } from "./lesson-state";
import { plainText } from "./plain-text";
import type { LessonHeading } from "./render-lesson";
import { SLUG_PATTERN, slugify } from "#app/utils/slug";

/** `{#id}` at the end of a heading's text. */
export const EXPLICIT_ID = /[ \t]*\{#([^{}]*)\}[ \t]*$/;

/** An id chosen with `{#id}`, read before the text is parsed. */
type HeadingMeta = { explicitId: string };

/**
 * Headings: `##`–`####` get ids (from `{#id}` or the text, prefixed, made unique) and are listed in the outline;
 * a `#` heading is shown as `##`, since the page has its own title.
 */
export function headingPlugin(md: MarkdownIt): void {
  md.core.ruler.before("inline", "lesson_heading_explicit_ids", readExplicitIds);
  // Last, so the text is the one the reader sees (typographer quotes included).
  md.core.ruler.push("lesson_heading_ids", assignIds);
}

function readExplicitIds(state: StateCore): void {
  const lesson = lessonStateOf(state.env);
  state.tokens.forEach((token, index) => {
    const inline = state.tokens[index + 1];
    if (token.type !== "heading_open" || inline?.type !== "inline") return;
    const match = EXPLICIT_ID.exec(inline.content);
    if (!match) return;
    inline.content = inline.content.slice(0, match.index);
    const id = match[1]!;
    if (SLUG_PATTERN.test(id)) {
      token.meta = { explicitId: id } satisfies HeadingMeta;
    } else {
      lesson.problems.push({
        severity: "warning",
        line: lineOf(token),
        message: `Heading id {#${id}} is not lowercase letters and digits joined by hyphens; an id is made from the text`,
        source: match[0].trim(),
      });
    }
  });
}

function assignIds(state: StateCore): void {
  const lesson = lessonStateOf(state.env);
  state.tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    if (token.tag === "h1") {
      lesson.problems.push({
        severity: "warning",
        line: lineOf(token),
        message: "A # heading is shown as ##: the page has its own title, so sections use ## and deeper",
      });
      token.tag = "h2";
      state.tokens[index + 2]!.tag = "h2";
    }
    const level = Number(token.tag.slice(1));
    if (level !== 2 && level !== 3 && level !== 4) return;
    const text = plainText(state.tokens[index + 1]?.children ?? []);
    const explicitId = (token.meta as HeadingMeta | null)?.explicitId;
    const id = claimId(lesson, `${lesson.idPrefix}${explicitId ?? (slugify(text) || "section")}`);
    if (explicitId && id !== `${lesson.idPrefix}${explicitId}`) {
      lesson.problems.push({
        severity: "warning",
        line: lineOf(token),
        message: `Heading id {#${explicitId}} is used twice; this one becomes #${id}`,
      });
    }
    token.attrSet("id", id);
    lesson.headings.push({ id, level, text } satisfies LessonHeading);
  });
}

const lineOf = (token: Token) => (token.map?.[0] ?? 0) + 1;
