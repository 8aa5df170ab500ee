import type { MarkdownIt, StateCore, StateInline, Token } from "markdown-it";
import { parseAttributes } from "./directive-syntax";
import { claimId, inlineLine, lessonStateOf } from "./lesson-state";
import { plainText } from "./plain-text";
import { slugify } from "#app/utils/slug";

/** A term a lesson defines with `:dfn[…]`: the glossary's entry, and what the text links to it. */
export interface LessonTerm {
  /** The glossary's key, unique in the course: "carmichael-number". */
  slug: string;
  /** The headword: "Carmichael number". */
  term: string;
  /** Lowercase words that link to the term where the text uses them; empty: never linked. */
  forms: string[];
  /** The `<dfn>`'s id on the chapter page. */
  anchor: string;
  line: number;
}

/** What the text of a section links defined terms to (terms of other sections: their own is the dfn). */
export interface TermLinks {
  /** Names this set of targets: rendered text is cached by revision and version. */
  version: string;
  targets: { slug: string; forms: string[]; href: string }[];
}

type DfnMeta = { slug: string; term: string; forms: string[]; anchor: string; line: number };

const OPENER = ":dfn[";

/**
 * Defined terms: `:dfn[Carmichael number]` marks the place a term is defined, shown as `<dfn>` with an anchor.
 * `{term="…"}` names the headword when the text shown differs (a plural, a formula); `{forms="a|b"}` lists the
 * words that link to it elsewhere (default: the term and its plural; `forms=""` for a common word that must
 * never be linked). With `termLinks` given, the first use of each other section's term in a paragraph, list or
 * table cell of this section links to its definition (components/lesson/glossary-cards.tsx shows it on hover).
 */
export function termPlugin(md: MarkdownIt): void {
  md.inline.ruler.before("link", "lesson_dfn", definedTerm);
  // After the headings' and boxes' ids, so a term never moves their anchors; after the typographer's quotes.
  md.core.ruler.push("lesson_term_ids", assignTermIds);
  md.core.ruler.push("lesson_term_links", linkTerms);
  md.renderer.rules.lesson_dfn_open = (tokens, idx, _options, env) => {
    const { anchor } = tokens[idx]!.meta as DfnMeta;
    // An excerpt (the glossary's copy of a definition) must not repeat the page's id.
    return lessonStateOf(env).excerpt ? "<dfn>" : `<dfn id="${md.utils.escapeHtml(anchor)}">`;
  };
  md.renderer.rules.lesson_dfn_close = () => "</dfn>";
}

function definedTerm(state: StateInline, silent: boolean): boolean {
  if (!state.src.startsWith(OPENER, state.pos)) return false;
  const labelStart = state.pos + OPENER.length;
  const labelEnd = state.md.helpers.parseLinkLabel(state, labelStart - 1, true);
  if (labelEnd < 0) return false;
  let end = labelEnd + 1;
  let attributes: Record<string, string> = {};
  let attributeError: string | null = null;
  if (state.src[end] === "{") {
    const close = state.src.indexOf("}", end);
    if (close < 0) return false;
    const parsed = parseAttributes(state.src.slice(end, close + 1));
    if ("error" in parsed) attributeError = parsed.error;
    else attributes = parsed.attributes;
    end = close + 1;
  }
  if (silent) {
    state.pos = end;
    return true;
  }
  const lesson = lessonStateOf(state.env);
  const line = lesson.inline ? inlineLine(lesson.inline, state.src, state.pos) : 1;
  const source = state.src.slice(state.pos, end);
  const open = state.push("lesson_dfn_open", "dfn", 1);
  const first = state.tokens.length;
  const [pos, posMax] = [state.pos, state.posMax];
  state.pos = labelStart;
  state.posMax = labelEnd;
  state.md.inline.tokenize(state);
  state.pos = pos;
  state.posMax = posMax;
  const label = state.tokens.slice(first);
  state.push("lesson_dfn_close", "dfn", -1);
  state.pos = end;

  const problem = (message: string) => lesson.problems.push({ severity: "warning", line, message, source });
  const unknown = Object.keys(attributes).filter((key) => key !== "term" && key !== "forms");
  if (attributeError) problem(`Defined term: ${attributeError}`);
  else if (unknown.length > 0) problem(`Defined term: unknown attribute "${unknown[0]}" (only term and forms)`);
  const hasFormula = label.some((token) => token.type === "lesson_math");
  if (hasFormula && !attributes.term) problem('A defined term with a formula needs its words as term="…"');
  const term = (attributes.term ?? plainText(label)).trim();
  const forms =
    attributes.forms === undefined
      ? hasFormula && !attributes.term
        ? []
        : [term, pluralOf(term)]
      : attributes.forms.split("|").map((form) => form.trim());
  const meta: DfnMeta = {
    slug: slugify(term) || "term",
    term,
    forms: [...new Set(forms.filter((form) => form !== "").map(normalizedForm))],
    anchor: "",
    line,
  };
  open.meta = meta;
  return true;
}

/** English plurals of a noun phrase's last word: "number" → "numbers", "class" → "classes", "modulus" → "moduli", "body" → "bodies". */
export function pluralOf(term: string): string {
  if (/us$/i.test(term)) return `${term.slice(0, -2)}i`;
  if (/(s|x|z|ch|sh)$/i.test(term)) return `${term}es`;
  if (/[^aeiou]y$/i.test(term)) return `${term.slice(0, -1)}ies`;
  return `${term}s`;
}

/** Forms and text compare lowercased and with straight apostrophes (the typographer curls them). */
const normalizedForm = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, " ");

function* dfnTokens(state: StateCore): Generator<Token> {
  for (const token of state.tokens) {
    if (token.type !== "inline") continue;
    for (const child of token.children ?? []) if (child.type === "lesson_dfn_open") yield child;
  }
}

function assignTermIds(state: StateCore): void {
  const lesson = lessonStateOf(state.env);
  for (const token of dfnTokens(state)) {
    const meta = token.meta as DfnMeta;
    meta.anchor = claimId(lesson, `${lesson.idPrefix}term-${meta.slug}`);
    if (lesson.terms.some((term) => term.slug === meta.slug)) {
      lesson.problems.push({
        severity: "warning",
        line: meta.line,
        message: `"${meta.term}" is defined twice in this section; the glossary keeps the first`,
      });
      continue;
    }
    lesson.terms.push({ slug: meta.slug, term: meta.term, forms: meta.forms, anchor: meta.anchor, line: meta.line });
  }
}

/** Blocks whose text may link terms: not headings, box titles, table headers or check labels. */
const LINKED_PARENTS = new Set(["paragraph_open", "td_open"]);

interface CompiledLinks {
  pattern: RegExp;
  targetOf: Map<string, TermLinks["targets"][number]>;
}

const compiled = new WeakMap<TermLinks, CompiledLinks | null>();

function compile(links: TermLinks): CompiledLinks | null {
  if (compiled.has(links)) return compiled.get(links)!;
  const targetOf = new Map<string, TermLinks["targets"][number]>();
  for (const target of links.targets)
    for (const form of target.forms) if (!targetOf.has(form)) targetOf.set(form, target);
  const forms = [...targetOf.keys()].sort((a, b) => b.length - a.length);
  const source = forms
    .map((form) =>
      form
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace(/'/g, "['’]")
        .replace(/ /g, "\\s+"),
    )
    .join("|");
  // Whole words only: "prime" not inside "E-prime" or "primes" (a plural is a form of its own); and not after a
  // possessive, which names something else ("Bézout's identity" is not an identity of algebra).
  const result =
    forms.length === 0
      ? null
      : {
          pattern: new RegExp(`(?<![\\p{L}\\p{N}'’-])(?<!['’]s\\s)(?:${source})(?![\\p{L}\\p{N}'’-])`, "giu"),
          targetOf,
        };
  compiled.set(links, result);
  return result;
}

function linkTerms(state: StateCore): void {
  const lesson = lessonStateOf(state.env);
  const links = lesson.termLinks && compile(lesson.termLinks);
  if (!links) return;
  const linked = new Set<string>();
  state.tokens.forEach((token, index) => {
    const parent = state.tokens[index - 1];
    if (token.type !== "inline" || !parent || !LINKED_PARENTS.has(parent.type) || !token.children) return;
    token.children = linkedChildren(state, token.children, links, linked);
  });
}

function linkedChildren(state: StateCore, children: Token[], links: CompiledLinks, linked: Set<string>): Token[] {
  const result: Token[] = [];
  let inside = 0;
  for (const child of children) {
    if (child.type === "link_open" || child.type === "lesson_dfn_open") inside++;
    if (child.type === "link_close" || child.type === "lesson_dfn_close") inside--;
    if (child.type !== "text" || inside > 0) {
      result.push(child);
      continue;
    }
    result.push(...splitAtTerms(state, child.content, links, linked));
  }
  return result;
}

function splitAtTerms(state: StateCore, text: string, links: CompiledLinks, linked: Set<string>): Token[] {
  const tokens: Token[] = [];
  const pushText = (content: string) => {
    if (content === "") return;
    const token = new state.Token("text", "", 0);
    token.content = content;
    tokens.push(token);
  };
  let from = 0;
  links.pattern.lastIndex = 0;
  for (let match = links.pattern.exec(text); match; match = links.pattern.exec(text)) {
    const target = links.targetOf.get(normalizedForm(match[0]));
    if (!target || linked.has(target.slug)) continue;
    linked.add(target.slug);
    pushText(text.slice(from, match.index));
    const open = new state.Token("link_open", "a", 1);
    open.attrs = [
      ["href", target.href],
      ["class", "term"],
      ["data-term", target.slug],
    ];
    tokens.push(open);
    pushText(match[0]);
    tokens.push(new state.Token("link_close", "a", -1));
    from = match.index + match[0].length;
  }
  pushText(text.slice(from));
  return tokens;
}
