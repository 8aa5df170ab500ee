/**
 * The tokens both readers of maths input produce, and the plain-text tokenizer: ./parse.ts turns
 * tokens into a tree, ./latex.ts produces the same tokens from LaTeX, so one parser gives one
 * tree for `\frac{1}{2}x` and `(1)/(2)x`. The pieces both readers share (numbers, letter runs with
 * names and subscripts, operator symbols) live here.
 *
 * A letter run is read left to right, taking at each place the longest known name (a function,
 * one of `names`, or with `constants` pi and tau) and otherwise a single letter: `sinx` is refused
 * (a function needs its parentheses), `thetax` with names ["theta"] is θ·x, `ab` is a·b. A name
 * may carry a subscript: `x_1`, `x_12`, `x_a`, `x_{ab}` (only letters and digits; `x_ab` is x_a·b).
 * Greek letters (θ, α, …) are variables named "theta", "alpha", …; π and τ are constants when
 * `constants` is on and variables "pi" and "tau" otherwise.
 */
import type { BinaryOperator, ConstantName, RelationOperator, Span } from "./ast";

/** Inputs longer than this are refused before any work. */
export const MAX_EXPRESSION_LENGTH = 1000;

/** Function names recognised by default (the expansion checker's and equation balance's language). */
export const DEFAULT_FUNCTIONS: readonly string[] = [
  "sin",
  "cos",
  "tan",
  "cot",
  "sec",
  "csc",
  "arcsin",
  "arccos",
  "arctan",
  "sinh",
  "cosh",
  "tanh",
  "sqrt",
  "exp",
  "ln",
  "log",
  "abs",
  "floor",
  "ceil",
  "min",
  "max",
  "gcd",
  "lcm",
];

/** What the parser accepts beyond the default language; every addition is off unless asked for. */
export interface ParseOptions {
  /** Names parsed as calls `name(…)`; defaults to DEFAULT_FUNCTIONS (MATH_FUNCTIONS has them all). */
  functions?: readonly string[];
  /** Multi-letter variable names, e.g. ["theta"]; none by default. */
  names?: readonly string[];
  /** Postfix `n!`. */
  factorial?: boolean;
  /** `|x|` as abs(x). */
  absoluteBars?: boolean;
  /** `log_2(x)`, `log_{10}(x)`, `log_b(x)`. */
  logBases?: boolean;
  /** pi, π, tau, τ and e as constants (otherwise `e` is a letter and `pi` is p·i). */
  constants?: boolean;
  /** One top-level comparison: `y = x^2`, `y < sin(x)`, with = < <= > >= ≤ ≥. */
  relations?: boolean;
  /** `{x<0: -x, x}`, conditions may chain: `{0<x<1: 1, 0}`. */
  piecewise?: boolean;
  /** `(1, 2)` as a whole input or list item. */
  tuples?: boolean;
  /** `[1, 2, 3]` as a whole input. */
  lists?: boolean;
  /**
   * Calls are checked: a run of two or more unknown letters right before "(" is an unknown
   * function (`foo(x)`, and also `ax(x-1)`: write `a x(x-1)` or `a·x(x-1)` for a product), and a
   * function of ./functions.ts must get the number of arguments it takes.
   */
  strictCalls?: boolean;
}

/** The options resolved once per parse. */
export interface Syntax {
  functions: ReadonlySet<string>;
  names: ReadonlySet<string>;
  /** Functions, names and constant words, longest first. */
  words: readonly string[];
  factorial: boolean;
  absoluteBars: boolean;
  logBases: boolean;
  constants: boolean;
  relations: boolean;
  piecewise: boolean;
  tuples: boolean;
  lists: boolean;
  strictCalls: boolean;
}

export function resolveSyntax(options: ParseOptions): Syntax {
  const functions = new Set(options.functions ?? DEFAULT_FUNCTIONS);
  const names = new Set(options.names ?? []);
  const constants = options.constants ?? false;
  const words = [...functions, ...names, ...(constants ? ["pi", "tau"] : [])].sort((x, y) => y.length - x.length);
  return {
    functions,
    names,
    words,
    factorial: options.factorial ?? false,
    absoluteBars: options.absoluteBars ?? false,
    logBases: options.logBases ?? false,
    constants,
    relations: options.relations ?? false,
    piecewise: options.piecewise ?? false,
    tuples: options.tuples ?? false,
    lists: options.lists ?? false,
    strictCalls: options.strictCalls ?? false,
  };
}

/** A reason the input is not an expression. `position` is a 0-based UTF-16 offset; the message counts from 1. */
export class ExprSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = "ExprSyntaxError";
  }
}

/** "at 7": error messages count characters from 1, as a reader does. */
export const at = (position: number) => `at ${position + 1}`;

export type Bracket = "(" | "[" | "{";

export interface OpenToken {
  kind: "open";
  bracket: Bracket;
  text: string;
  span: Span;
}

export type Token =
  | { kind: "number"; value: string; text: string; span: Span }
  | { kind: "variable"; name: string; span: Span }
  | { kind: "constant"; name: ConstantName; text: string; span: Span }
  | { kind: "function"; name: string; span: Span }
  | { kind: "operator"; operator: BinaryOperator; text: string; span: Span }
  | { kind: "superscript"; digits: string; span: Span }
  | { kind: "relation"; operator: RelationOperator; text: string; span: Span }
  | OpenToken
  | { kind: "close"; bracket: Bracket; text: string; span: Span }
  /** A bar `|`: LaTeX's \left| and \right| say which side they are; a plain `|` is "either". */
  | { kind: "bar"; side: "open" | "close" | "either"; text: string; span: Span }
  | { kind: "comma" | "colon" | "bang" | "subscript"; text: string; span: Span }
  | { kind: "end"; span: Span };

const OPERATORS: Record<string, BinaryOperator> = {
  "+": "+",
  "-": "-",
  "\u2212": "-", // minus sign
  "\u2013": "-", // en dash, which word processors put in place of a hyphen
  "*": "*",
  "\u00d7": "*", // ×
  "\u00b7": "*", // middle dot
  "\u22c5": "*", // dot operator
  "\u2217": "*", // asterisk operator
  "/": "/",
  "\u00f7": "/", // ÷
  "^": "^",
};

const SUPERSCRIPT_DIGITS: Record<string, string> = {
  "\u2070": "0",
  "\u00b9": "1",
  "\u00b2": "2",
  "\u00b3": "3",
  "\u2074": "4",
  "\u2075": "5",
  "\u2076": "6",
  "\u2077": "7",
  "\u2078": "8",
  "\u2079": "9",
};

/** Lower-case Greek letters and the names they are read as (the names of their TeX commands). */
export const GREEK_LETTERS: Readonly<Record<string, string>> = {
  α: "alpha",
  β: "beta",
  γ: "gamma",
  δ: "delta",
  ε: "epsilon",
  ζ: "zeta",
  η: "eta",
  θ: "theta",
  ι: "iota",
  κ: "kappa",
  λ: "lambda",
  μ: "mu",
  ν: "nu",
  ξ: "xi",
  π: "pi",
  ρ: "rho",
  σ: "sigma",
  τ: "tau",
  φ: "phi",
  ϕ: "phi",
  χ: "chi",
  ψ: "psi",
  ω: "omega",
};

export const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
export const isLetter = (ch: string | undefined) => ch !== undefined && /^[A-Za-z]$/.test(ch);
const isGreek = (ch: string | undefined) => ch !== undefined && GREEK_LETTERS[ch] !== undefined;

function describeCharacter(ch: string): string {
  return /\s/.test(ch) || ch.charCodeAt(0) < 32 ? `U+${ch.charCodeAt(0).toString(16).toUpperCase()}` : `"${ch}"`;
}

export function unexpectedCharacter(input: string, i: number): ExprSyntaxError {
  const symbol = String.fromCodePoint(input.codePointAt(i)!);
  return new ExprSyntaxError(`unexpected character ${describeCharacter(symbol)} ${at(i)}`, i);
}

/** A variable or a constant: the name a Greek letter, a word or a letter stands for. */
function nameToken(name: string, text: string, span: Span, syntax: Syntax): Token {
  if (syntax.constants && (name === "pi" || name === "tau" || name === "e")) {
    return { kind: "constant", name, text, span };
  }
  return { kind: "variable", name, span };
}

/** `12`, `0.25`, `.5` at `start`, read no further than `limit`; returns the index after it. */
export function readNumber(input: string, start: number, tokens: Token[], limit = input.length): number {
  let i = start;
  const digit = (k: number) => k < limit && isDigit(input[k]);
  while (digit(i)) i += 1;
  if (i < limit && input[i] === ".") {
    i += 1;
    if (!digit(i)) throw new ExprSyntaxError(`a digit must follow the "." ${at(i - 1)}`, i - 1);
    while (digit(i)) i += 1;
  }
  const text = input.slice(start, i);
  tokens.push({ kind: "number", value: text.startsWith(".") ? `0${text}` : text, text, span: { start, end: i } });
  return i;
}

/** The subscript after the "_" at `underscore`: its text and the index after it. */
export function readSubscript(input: string, underscore: number): { text: string; end: number } {
  let i = underscore + 1;
  if (isDigit(input[i])) {
    while (isDigit(input[i])) i += 1;
    return { text: input.slice(underscore + 1, i), end: i };
  }
  if (isLetter(input[i])) return { text: input[i]!, end: i + 1 };
  if (input[i] === "{") {
    const close = input.indexOf("}", i);
    const text = close < 0 ? "" : input.slice(i + 1, close).trim();
    if (/^[A-Za-z0-9]+$/.test(text)) return { text, end: close + 1 };
    throw new ExprSyntaxError(`a subscript ${at(i)} may only hold letters and digits, in braces: x_{12}`, i);
  }
  throw new ExprSyntaxError(`a subscript must follow the "_" ${at(underscore)}`, underscore);
}

/**
 * The letters (and Greek letters) from `start` as names, functions and constants, read no further
 * than `limit`; returns the index after the run. `opensCall(i)` says whether a call's "(" begins
 * at or after i (after spaces).
 */
export function readLetterRun(
  input: string,
  start: number,
  syntax: Syntax,
  tokens: Token[],
  opensCall: (i: number) => boolean,
  limit = input.length,
): number {
  let i = start;
  // Consecutive single letters that are not names: with strictCalls, two or more right before "(" are an unknown function.
  let stretchStart = -1;
  while (i < limit && (isLetter(input[i]) || isGreek(input[i]))) {
    const pieceStart = i;
    const greek = GREEK_LETTERS[input[i]!];
    const word =
      greek === undefined ? syntax.words.find((w) => i + w.length <= limit && input.startsWith(w, i)) : undefined;
    if (word !== undefined && syntax.functions.has(word)) {
      stretchStart = -1;
      i += word.length;
      const base = word === "log" && syntax.logBases && input[i] === "_";
      if (!base && !opensCall(i)) {
        throw new ExprSyntaxError(
          `"${word}" ${at(pieceStart)} needs its argument in parentheses: ${word}(…)`,
          pieceStart,
        );
      }
      tokens.push({ kind: "function", name: word, span: { start: pieceStart, end: i } });
      if (base) {
        tokens.push({ kind: "subscript", text: "_", span: { start: i, end: i + 1 } });
        i += 1;
      }
      continue;
    }
    const name = greek ?? word ?? input[i]!;
    i += greek === undefined ? name.length : 1;
    if (input[i] === "_") {
      const subscript = readSubscript(input, i);
      i = subscript.end;
      tokens.push({ kind: "variable", name: `${name}_${subscript.text}`, span: { start: pieceStart, end: i } });
      stretchStart = -1;
      continue;
    }
    tokens.push(nameToken(name, input.slice(pieceStart, i), { start: pieceStart, end: i }, syntax));
    const single = greek === undefined && word === undefined;
    if (!single) stretchStart = -1;
    else if (stretchStart < 0) stretchStart = pieceStart;
  }
  if (syntax.strictCalls && stretchStart >= 0 && i - stretchStart >= 2 && opensCall(i)) {
    const name = input.slice(stretchStart, i);
    throw new ExprSyntaxError(
      `unknown function "${name}" ${at(stretchStart)} (for a product, put a space or · between the letters)`,
      stretchStart,
    );
  }
  return i;
}

/**
 * One symbol at i (an operator, a bracket, a comparison, …) if the syntax has it; returns the
 * index after it, or -1 if the character is none of these.
 */
export function readSymbol(input: string, i: number, syntax: Syntax, tokens: Token[]): number {
  const ch = input[i]!;
  const span = (length: number): Span => ({ start: i, end: i + length });
  const comparisons = syntax.relations || syntax.piecewise;
  if (OPERATORS[ch] !== undefined) {
    tokens.push({ kind: "operator", operator: OPERATORS[ch], text: ch, span: span(1) });
    return i + 1;
  }
  if (SUPERSCRIPT_DIGITS[ch] !== undefined) {
    let end = i;
    let digits = "";
    while (input[end] !== undefined && SUPERSCRIPT_DIGITS[input[end]!] !== undefined) {
      digits += SUPERSCRIPT_DIGITS[input[end]!];
      end += 1;
    }
    tokens.push({ kind: "superscript", digits, span: { start: i, end } });
    return end;
  }
  if (ch === "(" || (ch === "[" && syntax.lists) || (ch === "{" && (syntax.piecewise || syntax.logBases))) {
    tokens.push({ kind: "open", bracket: ch, text: ch, span: span(1) });
    return i + 1;
  }
  const closing = ({ ")": "(", "]": "[", "}": "{" } as const)[ch as ")" | "]" | "}"];
  if (
    closing === "(" ||
    (closing === "[" && syntax.lists) ||
    (closing === "{" && (syntax.piecewise || syntax.logBases))
  ) {
    tokens.push({ kind: "close", bracket: closing, text: ch, span: span(1) });
    return i + 1;
  }
  if (ch === ",") {
    tokens.push({ kind: "comma", text: ch, span: span(1) });
    return i + 1;
  }
  if (ch === "|" && syntax.absoluteBars) {
    tokens.push({ kind: "bar", side: "either", text: ch, span: span(1) });
    return i + 1;
  }
  if (ch === ":" && syntax.piecewise) {
    tokens.push({ kind: "colon", text: ch, span: span(1) });
    return i + 1;
  }
  if (comparisons && (ch === "\u2260" || (ch === "!" && input[i + 1] === "="))) throw notEqualRefused(i);
  if (ch === "!" && syntax.factorial) {
    tokens.push({ kind: "bang", text: ch, span: span(1) });
    return i + 1;
  }
  if (comparisons) {
    const orEqual = input[i + 1] === "=";
    const relation = (operator: RelationOperator, length: number) => {
      tokens.push({ kind: "relation", operator, text: input.slice(i, i + length), span: span(length) });
      return i + length;
    };
    if (ch === "=") return relation("=", 1);
    if (ch === "<") return orEqual ? relation("<=", 2) : relation("<", 1);
    if (ch === ">") return orEqual ? relation(">=", 2) : relation(">", 1);
    if (ch === "\u2264") return relation("<=", 1);
    if (ch === "\u2265") return relation(">=", 1);
  }
  return -1;
}

export function notEqualRefused(position: number): ExprSyntaxError {
  return new ExprSyntaxError(
    `"≠" ${at(position)} is not supported: a plot or an answer needs =, <, ≤, > or ≥`,
    position,
  );
}

/** Plain text to tokens, ending with an "end" token. */
export function tokenizePlain(input: string, syntax: Syntax): Token[] {
  const tokens: Token[] = [];
  const opensCall = (from: number) => {
    let next = from;
    while (next < input.length && /\s/.test(input[next]!)) next += 1;
    return input[next] === "(";
  };
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (isDigit(ch) || (ch === "." && isDigit(input[i + 1]))) {
      i = readNumber(input, i, tokens);
    } else if (isLetter(ch) || isGreek(ch)) {
      i = readLetterRun(input, i, syntax, tokens, opensCall);
    } else {
      const next = readSymbol(input, i, syntax, tokens);
      if (next < 0) throw unexpectedCharacter(input, i);
      i = next;
    }
  }
  tokens.push({ kind: "end", span: { start: input.length, end: input.length } });
  return tokens;
}
