import type { MarkdownIt, StateBlock, StateCore, StateInline, Token } from "markdown-it";
import { inlineLine, lessonStateOf, type InlineSource, type LessonState } from "./lesson-state";
import type { LessonProblem } from "./render-lesson";
import {
  dollarOpens,
  findDollarCloser,
  findPairCloser,
  isDigit,
  looksLikeMoney,
  type PairCloser,
} from "./math-delimiters";
import { typesetFormula } from "./typeset-formula";

/** What a formula token carries from the parser to the renderer. */
type FormulaMeta = { display: boolean; source: string; line: number };

/** A display formula longer than this is a forgotten closer, not maths (and bounds the search for one). */
const MAX_DISPLAY_LINES = 100;
/** How much of the line after an unclosed opener a problem quotes. */
const QUOTE_LENGTH = 40;

/** Formulas: inline `$…$`, `\(…\)`; display `$$…$$`, `\[…\]`, as blocks of their own or inside a paragraph. */
export function mathPlugin(md: MarkdownIt): void {
  // Before `escape`, which would turn `\(` into a plain parenthesis.
  md.inline.ruler.before("escape", "lesson_math", formulaInline);
  md.block.ruler.before("fence", "lesson_math_block", formulaBlock, {
    alt: ["paragraph", "reference", "blockquote", "list"],
  });
  md.core.ruler.at("inline", parseInlineWithLines);
  const escape = md.utils.escapeHtml;
  md.renderer.rules.lesson_math = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    const meta = token.meta as FormulaMeta;
    const html = formulaHtml(token.content, meta, lessonStateOf(env), escape);
    return meta.display ? `<span class="lesson-display-math">${html}</span>` : html;
  };
  md.renderer.rules.lesson_math_block = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    return `<div class="lesson-display-math">${formulaHtml(token.content, token.meta as FormulaMeta, lessonStateOf(env), escape)}</div>\n`;
  };
}

function formulaHtml(tex: string, meta: FormulaMeta, lesson: LessonState, escape: (text: string) => string): string {
  const result = typesetFormula(tex, meta.display);
  if ("html" in result) return result.html;
  lesson.problems.push({
    severity: "error",
    line: meta.line,
    message: `Formula cannot be typeset: ${result.error}`,
    source: meta.source,
  });
  return `<code class="lesson-error" title="${escape(result.error)}">${escape(meta.source)}</code>`;
}

/**
 * markdown-it's own `inline` core rule, plus the context the formula rule needs: where each inline text starts in
 * the source (for line numbers) and, once it is parsed, the money check that needs the whole paragraph.
 */
function parseInlineWithLines(state: StateCore): void {
  const lesson = lessonStateOf(state.env);
  let line = 0;
  for (const token of state.tokens) {
    // Table cells have no map of their own: the row's is the one before them.
    if (token.map) line = token.map[0];
    if (token.type !== "inline") continue;
    const source: InlineSource = {
      src: token.content,
      line,
      lineStarts: null,
      dollarFormulas: 0,
      money: [],
      noCloserFrom: new Map(),
    };
    lesson.inline = source;
    state.md.inline.parse(token.content, state.md, state.env, (token.children ??= []));
    if (lesson.lint && source.dollarFormulas > 0) reportMoney(lesson.lint, source);
  }
  lesson.inline = null;
}

function reportMoney(lint: LessonProblem[], source: InlineSource): void {
  for (const position of source.money) {
    const money = /^\$[\d.,]*\d/.exec(source.src.slice(position))![0];
    lint.push({
      severity: "warning",
      line: inlineLine(source, source.src, position),
      message: `${money} is read as money; write \\$ for a dollar sign or \\(…\\) for a formula starting with a digit`,
      source: money,
    });
  }
}

function formulaInline(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  const char = src[pos];
  if (char === "$") return dollarFormula(state, silent);
  if (char !== "\\") return false;
  const next = src[pos + 1];
  if (next === "(") return pairFormula(state, silent, "\\(", "\\)", false);
  if (next === "[") return pairFormula(state, silent, "\\[", "\\]", true);
  if ((next === ")" || next === "]") && !silent) {
    const opener = next === ")" ? "\\(" : "\\[";
    lintProblem(state, pos, "error", `Closing \\${next} on line {line} has no opening ${opener}`);
  }
  // `escape` renders the character itself.
  return false;
}

function dollarFormula(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src[pos + 1] === "$") return pairFormula(state, silent, "$$", "$$", true);
  if (!dollarOpens(src, pos)) {
    const inline = lessonStateOf(state.env).inline;
    // Money in an image description (parsed as a text of its own) is not worth a warning.
    if (!silent && inline?.src === src && isDigit(src[pos + 1])) inline.money.push(pos);
    return literal(state, silent, "$");
  }
  const close = searchCloser(state, "$", (from) => findDollarCloser(src, from, state.posMax));
  if (close === -1) {
    if (!silent) lintProblem(state, pos, "error", "Opening $ on line {line} is never closed", true);
    return literal(state, silent, "$");
  }
  const tex = src.slice(pos + 1, close);
  if (!silent) {
    pushFormula(state, tex, "$", "$", false);
    const inline = lessonStateOf(state.env).inline;
    if (inline) inline.dollarFormulas++;
    if (looksLikeMoney(tex)) {
      lintProblem(
        state,
        pos,
        "warning",
        `$${tex}$ holds only digits and punctuation: if it is money, write \\$; if it is a formula, write \\(${tex}\\)`,
      );
    }
  }
  state.pos = close + 1;
  return true;
}

function pairFormula(state: StateInline, silent: boolean, open: string, close: PairCloser, display: boolean) {
  const { src, pos } = state;
  const end = searchCloser(state, close, (from) => findPairCloser(src, from, state.posMax, close));
  const tex = end === -1 ? "" : src.slice(pos + open.length, end);
  if (end === -1) {
    if (!silent) lintProblem(state, pos, "error", `Opening ${open} on line {line} is never closed`, true);
    return open === "$$" ? literal(state, silent, "$$") : false;
  }
  if (open === "$$" && tex.trim() === "") return literal(state, silent, src.slice(pos, end + 2));
  if (!silent) {
    pushFormula(state, tex, open, close, display);
    const inline = lessonStateOf(state.env).inline;
    if (inline && open === "$$") inline.dollarFormulas++;
  }
  state.pos = end + close.length;
  return true;
}

/**
 * Looks for a closer from just after the opener. A search that fails from one position fails from every later one
 * (closers do not depend on their opener), so a paragraph of unclosed openers costs one scan, not one per opener.
 */
function searchCloser(state: StateInline, closer: string, search: (from: number) => number): number {
  const inline = lessonStateOf(state.env).inline;
  // Link texts are parsed with a shorter end: what fails there may succeed in the whole paragraph.
  const memo = inline !== null && inline.src === state.src && state.posMax === state.src.length ? inline : null;
  const from = state.pos + (closer === "$" ? 0 : 2);
  const failedFrom = memo?.noCloserFrom.get(closer);
  if (failedFrom !== undefined && from >= failedFrom) return -1;
  const found = search(from);
  if (found === -1 && memo) memo.noCloserFrom.set(closer, Math.min(from, failedFrom ?? from));
  return found;
}

function literal(state: StateInline, silent: boolean, text: string): boolean {
  if (!silent) state.pending += text;
  state.pos += text.length;
  return true;
}

function pushFormula(state: StateInline, tex: string, open: string, close: string, display: boolean): void {
  const inline = lessonStateOf(state.env).inline;
  const token = state.push("lesson_math", "", 0);
  token.content = tex;
  token.markup = open;
  const line = inline ? inlineLine(inline, state.src, state.pos) : 1;
  token.meta = { display, source: `${open}${tex}${close}`, line } satisfies FormulaMeta;
}

/** A problem for lintLesson only; `{line}` in the message becomes the line number. */
function lintProblem(
  state: StateInline,
  position: number,
  severity: LessonProblem["severity"],
  message: string,
  quote = false,
): void {
  const lesson = lessonStateOf(state.env);
  if (!lesson.lint || !lesson.inline) return;
  const line = inlineLine(lesson.inline, state.src, position);
  // Only a short stretch is read, so a paragraph of many unclosed openers stays cheap.
  const rest = state.src.slice(position, position + QUOTE_LENGTH + 1).split("\n", 1)[0]!;
  lesson.lint.push({
    severity,
    line,
    message: message.replace("{line}", String(line)),
    ...(quote ? { source: rest.length > QUOTE_LENGTH ? `${rest.slice(0, QUOTE_LENGTH)}…` : rest } : {}),
  });
}

/** `$$…$$` or `\[…\]` starting a line and ending one, possibly lines later, with nothing else on either. */
function formulaBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const src = state.src;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const open = src.startsWith("$$", start) ? "$$" : src.startsWith("\\[", start) ? "\\[" : null;
  if (!open) return false;
  const close: PairCloser = open === "$$" ? "$$" : "\\]";
  let line = startLine;
  let at = findPairCloser(src, start + 2, state.eMarks[line]!, close);
  while (at === -1) {
    line++;
    const outside = line >= endLine || state.isEmpty(line) || state.sCount[line]! < state.blkIndent;
    if (outside || line - startLine >= MAX_DISPLAY_LINES) return false;
    at = findPairCloser(src, state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!, close);
  }
  if (src.slice(at + 2, state.eMarks[line]).trim() !== "") return false;
  // Each line without its indentation, which means nothing in TeX.
  const lines = [src.slice(start + 2, line === startLine ? at : state.eMarks[startLine])];
  for (let middle = startLine + 1; middle <= line; middle++) {
    const from = state.bMarks[middle]! + state.tShift[middle]!;
    lines.push(src.slice(from, middle === line ? at : state.eMarks[middle]));
  }
  const tex = lines.join("\n");
  if (tex.trim() === "") return false;
  if (silent) return true;
  const token: Token = state.push("lesson_math_block", "div", 0);
  token.block = true;
  token.content = tex;
  token.markup = open;
  token.map = [startLine, line + 1];
  token.meta = { display: true, source: `${open}${tex}${close}`, line: startLine + 1 } satisfies FormulaMeta;
  state.line = line + 1;
  return true;
}
