/**
 * Where formulas start and end in lesson text (docs/content-format.md, "Formulas"). A backslash always takes the
 * next character with it, so `\$` inside a formula never closes it.
 */

export const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** The end of the text counts as a space. */
export const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** A `$` opens a formula when a non-space follows it; a digit makes it money instead. */
export function dollarOpens(src: string, position: number): boolean {
  const next = src[position + 1];
  return !isSpace(next) && !isDigit(next);
}

/**
 * The `$` that closes an inline formula opened at `open`, or -1: the first one before `end` that follows a
 * non-space and is not followed by a digit.
 */
export function findDollarCloser(src: string, open: number, end: number): number {
  for (let i = open + 1; i < end; i++) {
    const char = src[i];
    if (char === "\\") i++;
    else if (char === "$" && i > open + 1 && !isSpace(src[i - 1]) && !isDigit(src[i + 1])) return i;
  }
  return -1;
}

export type PairCloser = "$$" | "\\)" | "\\]";

/** The first `$$`, `\)` or `\]` at or after `from` that ends before `end`, or -1. */
export function findPairCloser(src: string, from: number, end: number, closer: PairCloser): number {
  for (let i = from; i + 1 < end; i++) {
    const char = src[i];
    if (char === "\\") {
      if (closer[0] === "\\" && src[i + 1] === closer[1]) return i;
      i++;
    } else if (closer === "$$" && char === "$" && src[i + 1] === "$") return i;
  }
  return -1;
}

/**
 * A `$…$` formula holding only digits, spaces and the punctuation of prices (", 10" in "5$, 10$") was probably
 * meant as money. A signed number such as `$-1$` is ordinary maths and passes.
 */
export function looksLikeMoney(tex: string): boolean {
  const text = tex.trim();
  return /\d/.test(text) && /^[\d\s.,;:!?'"()%-]*$/.test(text) && !/^-?\d+(?:[.,]\d+)*$/.test(text);
}
