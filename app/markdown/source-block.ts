import type { MarkdownIt, StateBlock } from "markdown-it";

/** A line of the source without its indentation. */
export function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!);
}

/** Lines the renderer cannot make sense of, shown as marked source with the reason as a tooltip. */
export function pushSourceBlock(state: StateBlock, startLine: number, endLine: number, reason: string): void {
  const token = state.push("lesson_source", "pre", 0);
  token.block = true;
  token.map = [startLine, endLine];
  token.content = state.getLines(startLine, endLine, state.blkIndent, false);
  token.info = reason;
}

export function sourceBlockPlugin(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;
  md.renderer.rules.lesson_source = (tokens, idx) => {
    const token = tokens[idx]!;
    return `<pre class="lesson-error" title="${escape(token.info)}"><code>${escape(token.content)}</code></pre>\n`;
  };
}
