/**
 * What a learner typed, read into syntax trees: plain text from a keyboard (`2(x+1)`, `3/4`,
 * `x ≡ 3 (mod 7)`) or LaTeX from a MathLive field (`\frac{3}{4}`, `x\equiv3\pmod{7}`). Input is
 * LaTeX when it has a backslash or a brace. Both go through the expression core's parsers with
 * the formula language (FORMULA_OPTIONS), so messages say what and where (`unexpected ")" at 7`),
 * counting characters of what was typed.
 *
 * Congruences are split here, not in the expression language: an optional `x ≡` (or `x =`,
 * `x \equiv`), a residue, and an optional modulus written `(mod m)`, `mod m`, `\pmod{m}`,
 * `\mod m`, `\bmod m` or `\left(\mathrm{mod}\ m\right)`. Each part is parsed on a copy of the
 * input with everything else blanked to spaces, so positions in messages stay those of the input.
 */
import type { ExprNode } from "../expr/ast";
import { parseLatex } from "../expr/latex";
import { FORMULA_OPTIONS, parseTokens, type ParseOptions } from "../expr/parse";
import { ExprSyntaxError, resolveSyntax, tokenizePlain } from "../expr/tokens";
import { rational, type Rational } from "../algebra/rational";
import { MAX_ANSWER_LENGTH } from "./answer-limits";

export type ReadResult = { ok: true; ast: ExprNode; latex: boolean } | { ok: false; message: string };

export interface CongruenceAnswer {
  /** The letter before ≡ or =, or null for a bare residue. */
  variable: string | null;
  residue: ExprNode;
  /** Null when no modulus is written (a single representative). */
  modulus: ExprNode | null;
}

export type CongruenceReadResult = ({ ok: true } & CongruenceAnswer) | { ok: false; message: string };

/** Whether an answer is LaTeX: MathLive's output always has a command or a group when it is not plain. */
export function isLatexAnswer(text: string): boolean {
  return /[\\{}]/.test(text);
}

function parseOptions(variables: readonly string[]): ParseOptions {
  // Multi-letter variable names (theta) must be known to the tokenizer; subscripted ones (x_1) read as such anyway.
  return { ...FORMULA_OPTIONS, names: variables.filter((name) => /^[A-Za-z]{2,}$/.test(name)) };
}

/** A constant the question uses as a variable (a letter e among the variables) becomes that variable. */
function constantsAsVariables(node: ExprNode, variables: ReadonlySet<string>): ExprNode {
  const visit = (n: ExprNode): ExprNode => {
    if (n.kind === "constant") return variables.has(n.name) ? { kind: "variable", name: n.name, span: n.span } : n;
    switch (n.kind) {
      case "number":
      case "variable":
        return n;
      case "unary":
      case "factorial":
        return { ...n, operand: visit(n.operand) };
      case "binary":
        return { ...n, left: visit(n.left), right: visit(n.right) };
      case "call":
        return { ...n, args: n.args.map(visit) };
      case "logBase":
        return { ...n, base: visit(n.base), argument: visit(n.argument) };
      case "relation":
        return { ...n, operands: n.operands.map(visit) };
      case "piecewise":
        return {
          ...n,
          branches: n.branches.map((branch) => ({
            condition: { ...branch.condition, operands: branch.condition.operands.map(visit) },
            value: visit(branch.value),
          })),
          otherwise: n.otherwise === null ? null : visit(n.otherwise),
        };
      case "tuple":
      case "list":
        return { ...n, items: n.items.map(visit) };
    }
  };
  return visit(node);
}

function parsePlain(text: string, options: ParseOptions): ExprNode {
  const syntax = resolveSyntax(options);
  return parseTokens(tokenizePlain(text, syntax), syntax);
}

/**
 * One expression, plain or LaTeX; `variables` are the letters the answer may use (they only
 * affect reading where a name is longer than a letter, or is `e`). Never throws.
 */
export function readExpressionAnswer(text: string, variables: readonly string[] = []): ReadResult {
  if (text.length > MAX_ANSWER_LENGTH) {
    return { ok: false, message: `the answer is longer than ${MAX_ANSWER_LENGTH} characters` };
  }
  if (text.trim() === "") return { ok: false, message: "the answer is empty" };
  const latex = isLatexAnswer(text);
  const options = parseOptions(variables);
  let ast: ExprNode;
  if (latex) {
    const result = parseLatex(text, options);
    if (!result.ok) return { ok: false, message: result.error.message };
    ast = result.ast;
  } else {
    try {
      ast = parsePlain(text, options);
    } catch (error) {
      if (error instanceof ExprSyntaxError) return { ok: false, message: error.message };
      throw error;
    }
  }
  return { ok: true, ast: constantsAsVariables(ast, new Set(variables)), latex };
}

const MIXED_PLAIN = /^\s*([+\-\u2212]?)\s*(\d+)\s+(\d+)\s*\/\s*(\d+)\s*$/;
const MIXED_LATEX = /^\s*([+\-\u2212]?)\s*(\d+)\s*\\[dt]?frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}\s*$/;

/**
 * A mixed number, `1 1/2` or `1\frac{1}{2}` (with an optional sign in front of it all), as its
 * value; null for anything else. Only a proper fraction after a whole number counts: `2 3/2`
 * is not a mixed number. (The expression parser refuses `1 1/2` and reads `1\frac{1}{2}` as
 * 1·½, so number answers ask this first.)
 */
export function readMixedNumber(text: string): Rational | null {
  if (text.length > MAX_ANSWER_LENGTH) return null;
  const match = (isLatexAnswer(text) ? MIXED_LATEX : MIXED_PLAIN).exec(text);
  if (!match) return null;
  const [, sign, whole, numerator, denominator] = match as unknown as [string, string, string, string, string];
  const [w, n, d] = [BigInt(whole), BigInt(numerator), BigInt(denominator)];
  if (d === 0n || n >= d || n === 0n) return null;
  const value = rational(w * d + n, d);
  return sign === "" || sign === "+" ? value : { num: -value.num, den: value.den };
}

// ---------------------------------------------------------------- congruences

interface Range {
  start: number;
  end: number;
}

/** "mod" (or "modulo") as a word, or as a LaTeX command or upright text: \pmod, \bmod, \mod, \mathrm{mod}, \operatorname{mod}. */
const MOD_MARKER =
  /\\pmod(?![A-Za-z])|\\b?mod(?![A-Za-z])|\\(?:operatorname|mathrm|textrm|text|mathit)\s*\{\s*mod(?:ulo)?\s*\}|(?<![A-Za-z\\])mod(?:ulo)?(?![A-Za-z])/gi;
const RELATION = /\\equiv(?![A-Za-z])|\u2261|==|=/;
/** Brackets and spacing that may stand around "(mod m)". */
const OPENING_BRACKET = /(?:\\left\s*\(|\\mleft\s*\(|\()(?:\s|\\[ ,;:]|\\quad(?![A-Za-z]))*$/;
const CLOSING_BRACKET = /(?:\\right\s*\)|\\mright\s*\)|\))(?:\s|\\[ ,;:]|\\quad(?![A-Za-z]))*$/;

/** Only text[range] is kept, the rest turned into spaces, so the parsers' positions are the input's. */
function blankOutside(text: string, range: Range): string {
  return " ".repeat(range.start) + text.slice(range.start, range.end) + " ".repeat(text.length - range.end);
}

/** The index of the "}" closing the "{" at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let k = open; k < text.length; k += 1) {
    if (text[k] === "\\") k += 1;
    else if (text[k] === "{") depth += 1;
    else if (text[k] === "}" && --depth === 0) return k;
  }
  return -1;
}

const at = (position: number) => `at ${position + 1}`;

type Located = { ok: true; residue: Range; modulus: Range | null } | { ok: false; message: string };

/** Where the residue and the modulus are written, from the position of "mod". */
function locateModulus(text: string): Located {
  const markers = [...text.matchAll(MOD_MARKER)];
  if (markers.length === 0) return { ok: true, residue: { start: 0, end: text.length }, modulus: null };
  if (markers.length > 1) {
    return { ok: false, message: `a second "mod" ${at(markers[1]!.index)}: write one modulus` };
  }
  const marker = markers[0]!;
  const markerStart = marker.index;
  const markerEnd = markerStart + marker[0].length;
  if (marker[0].toLowerCase() === "\\pmod") {
    // \pmod{m} brackets itself: the modulus is its argument, and it ends the answer.
    const open = text.slice(markerEnd).search(/\S/) + markerEnd;
    if (text[open] === "{") {
      const close = closingBrace(text, open);
      if (close < 0) return { ok: false, message: `the "{" ${at(open)} is never closed` };
      const rest = text.slice(close + 1).search(/\S/);
      if (rest >= 0) return { ok: false, message: `unexpected text after the modulus ${at(close + 1 + rest)}` };
      return { ok: true, residue: { start: 0, end: markerStart }, modulus: { start: open + 1, end: close } };
    }
    return { ok: true, residue: { start: 0, end: markerStart }, modulus: { start: markerEnd, end: text.length } };
  }
  const opening = OPENING_BRACKET.exec(text.slice(0, markerStart));
  if (opening === null) {
    return { ok: true, residue: { start: 0, end: markerStart }, modulus: { start: markerEnd, end: text.length } };
  }
  const closing = CLOSING_BRACKET.exec(text.slice(markerEnd));
  if (closing === null) return { ok: false, message: `the "(" ${at(opening.index)} is never closed` };
  return {
    ok: true,
    residue: { start: 0, end: opening.index },
    modulus: { start: markerEnd, end: markerEnd + closing.index },
  };
}

function readPart(text: string, range: Range, what: string, variables: readonly string[]): ReadResult {
  const part = text.slice(range.start, range.end);
  // LaTeX spacing alone (\, \;) is as empty as spaces.
  if (part.replace(/\\[ ,;:]|\\quad(?![A-Za-z])|\s/g, "") === "") {
    return { ok: false, message: `${what} is missing ${at(range.start)}` };
  }
  return readExpressionAnswer(blankOutside(text, range), variables);
}

/**
 * A congruence answer: `x ≡ 3 (mod 7)`, `x = 3 mod 7`, `3 (mod 7)`, `3 mod 7`, `3`, `x = 3 + 7k`,
 * or the LaTeX of any of these. `variables` are read as in readExpressionAnswer (the question's
 * variable, so that a name such as "theta" is one letter). Never throws.
 */
export function readCongruenceAnswer(text: string, variables: readonly string[] = []): CongruenceReadResult {
  if (text.length > MAX_ANSWER_LENGTH) {
    return { ok: false, message: `the answer is longer than ${MAX_ANSWER_LENGTH} characters` };
  }
  const located = locateModulus(text);
  if (!located.ok) return located;
  let residueRange = located.residue;
  let variable: string | null = null;
  const relation = RELATION.exec(text.slice(residueRange.start, residueRange.end));
  if (relation !== null) {
    const left = readPart(text, { start: 0, end: relation.index }, "the letter before the sign", variables);
    if (!left.ok) return left;
    if (left.ast.kind !== "variable") {
      return { ok: false, message: `only the letter may stand before "${relation[0]}", as in x ≡ 3 (mod 7)` };
    }
    variable = left.ast.name;
    residueRange = { start: relation.index + relation[0].length, end: residueRange.end };
  }
  const residue = readPart(text, residueRange, "the residue", variables);
  if (!residue.ok) return residue;
  if (located.modulus === null) return { ok: true, variable, residue: residue.ast, modulus: null };
  const modulus = readPart(text, located.modulus, "the modulus", variables);
  if (!modulus.ok) return modulus;
  return { ok: true, variable, residue: residue.ast, modulus: modulus.ast };
}
