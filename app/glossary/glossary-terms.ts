import type { Token } from "markdown-it";
import type { BoxMeta } from "#app/markdown/box-plugin";
import { lessonEnv, newLessonState } from "#app/markdown/lesson-state";
import { lessonMarkdown } from "#app/markdown/lesson-markdown";
import { plainText } from "#app/markdown/plain-text";
import type { LessonTerm } from "#app/markdown/term-plugin";

/** A defined term with its definition: the sentence that defines it, or the whole definition box around it. */
export interface TermDefinition extends LessonTerm {
  /** The definition as HTML (formulas typeset), without the page's ids. */
  html: string;
  /** The same in plain words (formulas as TeX). */
  text: string;
}

/** Periods that end an abbreviation, not a sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|cf|vs|resp)\.$/i;
const SENTENCE_END = /[.!?](?=\s|$)/g;

/**
 * The terms a section defines (`:dfn[…]`, docs/content-format.md) with their definitions. Inside a definition
 * box the box's body is the definition (it was written to be one); in prose it is the sentence around the term.
 * `sectionSlug` prefixes the anchors as on the chapter page.
 */
export function termDefinitionsOf(sectionSlug: string, markdown: string): TermDefinition[] {
  const lesson = newLessonState({ checkWidget: () => null, idPrefix: `${sectionSlug}-`, lint: null });
  const env = lessonEnv(lesson);
  const tokens = lessonMarkdown.parse(markdown, env);
  lesson.excerpt = true;
  const definitions: TermDefinition[] = [];
  const boxes: number[] = [];
  tokens.forEach((token, index) => {
    if (token.type === "lesson_box_open") boxes.push(index);
    if (token.type === "lesson_box_close") boxes.pop();
    if (token.type !== "inline") return;
    for (const child of token.children ?? []) {
      if (child.type !== "lesson_dfn_open") continue;
      const term = lesson.terms.find((entry) => entry.anchor === (child.meta as { anchor: string }).anchor);
      // A second definition of the same term in the section: the glossary keeps the first.
      if (!term || definitions.some((entry) => entry.slug === term.slug)) continue;
      const box = boxes.findLast((at) => (tokens[at]!.meta as BoxMeta).kind === "definition");
      if (box !== undefined) {
        const body = boxBody(tokens, box);
        const html = lessonMarkdown.renderer.render(body, lessonMarkdown.options, env);
        const text = body.map((part) => (part.type === "inline" ? plainText(part.children ?? []) : part.content));
        definitions.push({ ...term, html, text: text.filter(Boolean).join(" ").replace(/\s+/g, " ").trim() });
      } else {
        const html = sentenceHtml(tokens, index, child, env);
        definitions.push({ ...term, html: html.html, text: html.text });
      }
    }
  });
  return definitions;
}

type Env = ReturnType<typeof lessonEnv>;

/** A sentence's tokens, and whether it starts where its paragraph starts and ends where it ends. */
interface Sentence {
  tokens: Token[];
  fromStart: boolean;
  toEnd: boolean;
}

/**
 * The sentence around `dfn` in the paragraph whose inline token is `tokens[at]`, as HTML. A sentence may run
 * across a display formula set on lines of its own ("… the generator: $$x_{n+1} = …$$ with a seed …"): the
 * paragraph before lends its last sentence when this one goes on in lowercase, and the one after its first
 * when this one stops without a full stop.
 */
function sentenceHtml(tokens: Token[], at: number, dfn: Token, env: Env): { html: string; text: string } {
  const children = tokens[at]!.children!;
  const sentence = sentenceAround(children, children.indexOf(dfn));
  const parts: (Token[] | Token)[] = [sentence.tokens];
  const before = tokens[at - 4];
  if (
    sentence.fromStart &&
    /^[a-z]/.test(textOf(sentence.tokens[0])) &&
    tokens[at - 2]?.type === "lesson_math_block" &&
    before?.type === "inline"
  ) {
    parts.unshift(sentenceAround(before.children!, before.children!.length).tokens, tokens[at - 2]!);
  }
  const after = tokens[at + 4];
  const stops = /[.!?]$/.test(textOf(sentence.tokens[sentence.tokens.length - 1]).trimEnd());
  if (sentence.toEnd && !stops && tokens[at + 2]?.type === "lesson_math_block") {
    parts.push(tokens[at + 2]!);
    if (after?.type === "inline" && /^[a-z]/.test(textOf(after.children![0]))) {
      parts.push(sentenceAround(after.children!, -1).tokens);
    }
  }
  const html = parts
    .map((part) =>
      Array.isArray(part)
        ? `<p>${lessonMarkdown.renderer.renderInline(part, lessonMarkdown.options, env)}</p>`
        : lessonMarkdown.renderer.render([part], lessonMarkdown.options, env),
    )
    .join("");
  const text = parts.map((part) => (Array.isArray(part) ? plainText(part) : part.content.trim())).join(" ");
  return { html, text };
}

const textOf = (token: Token | undefined) => (token?.type === "text" ? token.content : "");

/** The tokens inside the box opened at `open`, after its title. */
function boxBody(tokens: Token[], open: number): Token[] {
  let depth = 0;
  let start = open + 1;
  for (let index = open; index < tokens.length; index++) {
    const type = tokens[index]!.type;
    if (type === "lesson_box_title_close" && depth === 1) start = index + 1;
    if (type === "lesson_box_open") depth++;
    if (type === "lesson_box_close" && --depth === 0) return tokens.slice(start, index);
  }
  return tokens.slice(start);
}

/**
 * The sentence of `children` (one paragraph's inline tokens) around position `at`: from the end of the sentence
 * before to the next sentence end (`at` = -1: the first sentence; `at` = length: the last). The whole paragraph
 * when cutting there would split a bold or a link.
 */
function sentenceAround(children: Token[], at: number): Sentence {
  let start = { index: 0, offset: 0 };
  for (let index = Math.min(at, children.length) - 1; index >= 0; index--) {
    const content = children[index]!.content;
    // The last sentence: the paragraph's own final stop does not start it.
    const limit =
      at >= children.length && index === children.length - 1 ? content.trimEnd().length - 1 : content.length;
    const offset = lastSentenceEnd(children[index]!, limit);
    if (offset !== null) {
      start = { index, offset };
      break;
    }
  }
  let end = { index: children.length - 1, offset: Infinity };
  for (let index = at + 1; index < children.length; index++) {
    const offset = firstSentenceEnd(children[index]!);
    if (offset !== null) {
      end = { index, offset };
      break;
    }
  }
  const toEnd = end.index === children.length - 1 && children[end.index]!.content.slice(end.offset).trim() === "";
  const slice = children.slice(start.index, end.index + 1).map((token) => copyOf(token));
  const last = slice[slice.length - 1]!;
  if (last.type === "text") last.content = last.content.slice(0, end.offset).trimEnd();
  const first = slice[0]!;
  if (first.type === "text") first.content = first.content.slice(start.offset).trimStart();
  const trimmed = slice.filter((token) => !(token.type === "text" && token.content === ""));
  while (trimmed[0]?.type === "softbreak") trimmed.shift();
  const whole = { tokens: children, fromStart: true, toEnd: true };
  if (!balanced(trimmed)) return whole;
  return {
    tokens: trimmed,
    fromStart: start.index === 0 && start.offset === 0,
    toEnd,
  };
}
function lastSentenceEnd(token: Token, limit: number): number | null {
  if (token.type !== "text") return null;
  let found: number | null = null;
  for (const match of token.content.slice(0, limit).matchAll(SENTENCE_END)) {
    if (!ABBREVIATION.test(token.content.slice(0, match.index + 1))) found = match.index + 1;
  }
  return found;
}

function firstSentenceEnd(token: Token): number | null {
  if (token.type !== "text") return null;
  for (const match of token.content.matchAll(SENTENCE_END)) {
    if (!ABBREVIATION.test(token.content.slice(0, match.index + 1))) return match.index + 1;
  }
  return null;
}

function balanced(tokens: Token[]): boolean {
  let depth = 0;
  for (const token of tokens) {
    depth += token.nesting;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function copyOf(token: Token): Token {
  return Object.assign(Object.create(Object.getPrototypeOf(token) as object) as Token, token);
}
