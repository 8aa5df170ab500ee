import type { MarkdownIt, StateBlock } from "markdown-it";
import { parseAttributes } from "./directive-syntax";
import { lessonStateOf } from "./lesson-state";
import { lineText, pushSourceBlock } from "./source-block";

/** What a widget token carries; renderLesson turns it into a widget block. */
export type WidgetMeta = { name: string; attributes: Record<string, string>; line: number };

/**
 * Widgets: a line `::widget{name="…" key="value"}` at the top level. A line starting `::word{` is taken as a
 * directive too, so a misspelt one is reported rather than shown as a paragraph.
 */
export function widgetPlugin(md: MarkdownIt): void {
  md.block.ruler.before("fence", "lesson_widget", widget, { alt: ["paragraph", "reference", "blockquote", "list"] });
}

function widget(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const text = lineText(state, startLine).trimEnd();
  const match = /^::([a-z][a-z0-9-]*)(.*)$/.exec(text);
  if (!match) return false;
  const [, directive, rest] = match as unknown as [string, string, string];
  if (directive !== "widget" && !rest.startsWith("{")) return false;
  if (silent) return true;

  const lesson = lessonStateOf(state.env);
  const line = startLine + 1;
  state.line = startLine + 1;
  const refuse = (subject: string, reason: string) => {
    lesson.problems.push({ severity: "error", line, message: `${subject}: ${reason}`, source: text });
    pushSourceBlock(state, startLine, startLine + 1, reason);
    return true;
  };

  if (directive !== "widget") return refuse(`Directive ::${directive}`, 'unknown; a widget is ::widget{name="…"}');
  const parsed = parseAttributes(rest.trim());
  if ("error" in parsed) return refuse("Widget", parsed.error);
  const { name, ...attributes } = parsed.attributes;
  if (!name) return refuse("Widget", 'the name="…" attribute is missing');
  if (state.level > 0) {
    return refuse(`Widget ${name}`, "a widget stands at the top level of a section, not inside a box, list or quote");
  }
  const reason = lesson.checkWidget?.(name, attributes) ?? null;
  if (reason !== null) return refuse(`Widget ${name}`, reason);

  const token = state.push("lesson_widget", "", 0);
  token.block = true;
  token.map = [startLine, startLine + 1];
  token.meta = { name, attributes, line } satisfies WidgetMeta;
  return true;
}
