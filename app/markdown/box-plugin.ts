import type { MarkdownIt, StateBlock, Token } from "markdown-it";
import {
  boxFenceOf,
  closesBox,
  closesCodeFence,
  codeFenceOf,
  parseAttributes,
  type CodeFence,
} from "./directive-syntax";
import { lessonStateOf } from "./lesson-state";
import { plainText } from "./plain-text";
import { lineText, pushSourceBlock } from "./source-block";

const BOX_NAMES = {
  definition: "Definition",
  theorem: "Theorem",
  lemma: "Lemma",
  proof: "Proof",
  example: "Example",
  exercise: "Exercise",
  note: "Note",
  hint: "Hint",
  answer: "Answer",
} as const;
type BoxKind = keyof typeof BOX_NAMES;

/** Hints and answers are folded: the reader opens them. */
const isFolded = (kind: BoxKind) => kind === "hint" || kind === "answer";

/** What the box tokens carry to the renderer; `label` is "Theorem", "Exercise 3"… */
type BoxMeta = { kind: BoxKind; label: string; hasTitle: boolean };

const isBoxKind = (kind: string): kind is BoxKind => Object.hasOwn(BOX_NAMES, kind);

/** Boxes: `:::kind{title="…"}` … `:::`, nested by giving the outer box more colons. */
export function boxPlugin(md: MarkdownIt): void {
  md.block.ruler.before("fence", "lesson_box", box, { alt: ["paragraph", "reference", "blockquote", "list"] });
  const escape = md.utils.escapeHtml;
  const metaOf = (token: Token) => token.meta as BoxMeta;
  md.renderer.rules.lesson_box_open = (tokens, idx) => {
    const { kind, label, hasTitle } = metaOf(tokens[idx]!);
    if (isFolded(kind)) return `<details class="lesson-${kind}">\n`;
    // The title is the inline token after the title's opening token.
    const title = hasTitle ? plainText(tokens[idx + 2]?.children ?? []) : "";
    const name = title ? `${label}: ${title}` : label;
    return `<section class="lesson-box lesson-${kind}" aria-label="${escape(name)}">\n`;
  };
  md.renderer.rules.lesson_box_title_open = (tokens, idx) => {
    const { kind, label, hasTitle } = metaOf(tokens[idx]!);
    const opening = isFolded(kind) ? `<summary>${label}` : `<p class="lesson-box-title"><strong>${label}</strong>`;
    return hasTitle ? `${opening} (` : opening;
  };
  md.renderer.rules.lesson_box_title_close = (tokens, idx) => {
    const { kind, hasTitle } = metaOf(tokens[idx]!);
    return `${hasTitle ? ")" : ""}${isFolded(kind) ? "</summary>" : "</p>"}\n`;
  };
  md.renderer.rules.lesson_box_close = (tokens, idx) => {
    const { kind } = metaOf(tokens[idx]!);
    if (isFolded(kind)) return "</details>\n";
    const qed = kind === "proof" ? '<span class="lesson-qed" role="img" aria-label="end of proof">∎</span>\n' : "";
    return `${qed}</section>\n`;
  };
}

function box(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const opening = lineText(state, startLine);
  const fence = boxFenceOf(opening);
  if (!fence) return false;
  if (silent) return true;
  const problems = lessonStateOf(state.env).problems;
  const line = startLine + 1;

  if (fence.info === "") {
    const reason = `${":".repeat(fence.colons)} closes no box (a box closes with as many colons as opened it)`;
    problems.push({ severity: "error", line, message: reason, source: opening });
    pushSourceBlock(state, startLine, startLine + 1, reason);
    state.line = startLine + 1;
    return true;
  }

  const { closeLine, end } = findBoxEnd(state, startLine, endLine, fence.colons);
  if (closeLine === null) {
    problems.push({
      severity: "error",
      line,
      message: `The box opened on line ${line} is never closed: end it with a line of ${fence.colons} colons`,
      source: opening,
    });
  }
  const after = closeLine === null ? end : closeLine + 1;
  const parsed = parseOpening(fence.info);
  if ("error" in parsed) {
    problems.push({ severity: "error", line, message: parsed.error, source: opening });
    pushSourceBlock(state, startLine, after, parsed.error);
    state.line = after;
    return true;
  }

  const { kind, title } = parsed;
  const lesson = lessonStateOf(state.env);
  const label = kind === "exercise" ? `${BOX_NAMES[kind]} ${++lesson.exercises}` : BOX_NAMES[kind];
  const meta: BoxMeta = { kind, label, hasTitle: title !== "" };
  const tag = isFolded(kind) ? "details" : "section";

  const open = state.push("lesson_box_open", tag, 1);
  open.block = true;
  open.map = [startLine, after];
  open.meta = meta;
  state.push("lesson_box_title_open", isFolded(kind) ? "summary" : "p", 1).meta = meta;
  if (title) {
    const inline = state.push("inline", "", 0);
    inline.content = title;
    inline.map = [startLine, startLine + 1];
    inline.children = [];
  }
  state.push("lesson_box_title_close", isFolded(kind) ? "summary" : "p", -1).meta = meta;

  const { parentType, lineMax } = state;
  state.parentType = "lesson_box";
  state.lineMax = end;
  state.md.block.tokenize(state, startLine + 1, end);
  state.parentType = parentType;
  state.lineMax = lineMax;

  const close = state.push("lesson_box_close", tag, -1);
  close.block = true;
  close.meta = meta;
  state.line = after;
  return true;
}

/**
 * The line closing a box (exactly as many colons, outside code fences), or null when the box runs to the end of
 * what contains it; `end` is where its content stops.
 */
function findBoxEnd(state: StateBlock, startLine: number, endLine: number, colons: number) {
  let codeFence: CodeFence | null = null;
  for (let line = startLine + 1; line < endLine; line++) {
    if (!state.isEmpty(line) && state.sCount[line]! < state.blkIndent) return { closeLine: null, end: line };
    if (state.sCount[line]! - state.blkIndent >= 4) continue;
    const text = lineText(state, line);
    if (codeFence) {
      if (closesCodeFence(text, codeFence)) codeFence = null;
    } else if (closesBox(text, colons)) {
      return { closeLine: line, end: line };
    } else {
      codeFence = codeFenceOf(text);
    }
  }
  return { closeLine: null, end: endLine };
}

type Opening = { kind: BoxKind; title: string } | { error: string };

function parseOpening(info: string): Opening {
  const match = /^([A-Za-z][\w-]*)\s*(\{.*\})?$/.exec(info);
  if (!match) return { error: `Cannot read the box opening "${info}": write :::kind or :::kind{title="…"}` };
  const [, kind, attributeText] = match as unknown as [string, string, string | undefined];
  if (!isBoxKind(kind)) {
    return { error: `Unknown box kind "${kind}": use one of ${Object.keys(BOX_NAMES).join(", ")}` };
  }
  if (attributeText === undefined) return { kind, title: "" };
  const parsed = parseAttributes(attributeText);
  if ("error" in parsed) return { error: `Box ${kind}: ${parsed.error}` };
  const { title = "", ...others } = parsed.attributes;
  const unknown = Object.keys(others)[0];
  if (unknown !== undefined) return { error: `Box ${kind}: boxes take a title only, not "${unknown}"` };
  return { kind, title: title.trim() };
}
