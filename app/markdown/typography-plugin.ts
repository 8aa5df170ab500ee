import type { MarkdownIt, StateCore } from "markdown-it";

/**
 * markdown-it's typographic replacements (dashes, ellipses, ±) without its (c) → ©, (r) → ® and (tm) → ™:
 * exercises label their parts (a), (b), (c), and a lesson never needs a copyright sign written that way.
 * Takes the place of the `replacements` rule; smart quotes are left to markdown-it.
 */
export function typographyPlugin(md: MarkdownIt): void {
  md.core.ruler.at("replacements", replaceTypography);
}

function replaceTypography(state: StateCore): void {
  if (!state.md.options.typographer) return;
  for (const block of state.tokens) {
    if (block.type !== "inline") continue;
    let insideAutolink = 0;
    for (const token of block.children ?? []) {
      if (token.type === "link_open" && token.info === "auto") insideAutolink++;
      if (token.type === "link_close" && token.info === "auto") insideAutolink--;
      if (token.type === "text" && insideAutolink === 0) token.content = typographic(token.content);
    }
  }
}

/** The dashes, ellipses and ± of a text, as markdown-it's typographer makes them. */
export function typographic(text: string): string {
  return text
    .replace(/\+-/g, "±")
    .replace(/\.{2,}/g, "…")
    .replace(/([?!])…/g, "$1..")
    .replace(/([?!]){4,}/g, "$1$1$1")
    .replace(/,{2,}/g, ",")
    .replace(/(^|[^-])---(?=[^-]|$)/gm, "$1\u2014")
    .replace(/(^|\s)--(?=\s|$)/gm, "$1\u2013")
    .replace(/(^|[^-\s])--(?=[^-\s]|$)/gm, "$1\u2013");
}
