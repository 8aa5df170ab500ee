/**
 * LaTeX, as a MathLive field emits it, to the same syntax tree the plain-text parser gives for
 * the equivalent input: `\frac{1}{2}x` and `1/2x` are one tree. The LaTeX is turned into the
 * tokens of ./tokens.ts (a `\frac{a}{b}` becomes `((a)/(b))`, `x^{2}` becomes `x^(2)`, `\sqrt[n]{x}`
 * becomes `nthroot(x, n)`, `\sqrt[3]{x}` becomes `cbrt(x)`) and parsed by ./parse.ts, so
 * precedence, options and messages are the plain parser's. Positions count in the LaTeX string.
 *
 * Understood: \frac \dfrac \tfrac, \sqrt, ^ and _ (a subscript is part of a name: `x_{1}` is the
 * variable "x_1"; after \log it is the base), \cdot \times \ast \div, \left \right \mleft \mright
 * with ( ) [ ] \{ \} | \vert \lvert \rvert \lfloor \rfloor \lceil \rceil, function commands
 * (\sin, \arcsin, \ln, …) and \operatorname{…}, Greek letters, \pi \tau \exponentialE \mathrm{e},
 * \le \leq \ge \geq \lt \gt, \colon, and spacing (\, \; \: \! \quad \qquad ~). `\ne` is refused.
 */
import type { RelationOperator } from "./ast";
import { TEX_FUNCTION_COMMANDS } from "./functions";
import { parseTokens, type ParseResult } from "./parse";
import {
  at,
  ExprSyntaxError,
  GREEK_LETTERS,
  isDigit,
  isLetter,
  MAX_EXPRESSION_LENGTH,
  notEqualRefused,
  readLetterRun,
  readNumber,
  readSubscript,
  readSymbol,
  resolveSyntax,
  unexpectedCharacter,
  type Bracket,
  type ParseOptions,
  type Syntax,
  type Token,
} from "./tokens";

/** LaTeX says more per symbol than plain text, so it may be this much longer. */
export const MAX_LATEX_LENGTH = 4 * MAX_EXPRESSION_LENGTH;
/** Braces nested deeper than this are refused. */
const MAX_GROUP_DEPTH = 100;

const GREEK_COMMANDS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.values(GREEK_LETTERS).map((name) => [name, name])),
  varepsilon: "epsilon",
  vartheta: "theta",
  varphi: "phi",
  varpi: "pi",
  varrho: "rho",
  varsigma: "sigma",
};

const RELATION_COMMANDS: Readonly<Record<string, RelationOperator>> = {
  le: "<=",
  leq: "<=",
  leqslant: "<=",
  ge: ">=",
  geq: ">=",
  geqslant: ">=",
  lt: "<",
  gt: ">",
};

const SPACING = new Set([",", ";", ":", "!", " ", "quad", "qquad", "enspace", "thinspace"]);

/** What \left and \right may be followed by, as the token each side makes. */
type Delimiter = { bracket: Bracket } | { bar: true } | { floor: "floor" | "ceil" };

const OPENING: Readonly<Record<string, Delimiter>> = {
  "(": { bracket: "(" },
  "[": { bracket: "[" },
  "\\{": { bracket: "{" },
  "\\lbrace": { bracket: "{" },
  "|": { bar: true },
  "\\vert": { bar: true },
  "\\lvert": { bar: true },
  "\\lfloor": { floor: "floor" },
  "\\lceil": { floor: "ceil" },
};

const CLOSING: Readonly<Record<string, Delimiter>> = {
  ")": { bracket: "(" },
  "]": { bracket: "[" },
  "\\}": { bracket: "{" },
  "\\rbrace": { bracket: "{" },
  "|": { bar: true },
  "\\vert": { bar: true },
  "\\rvert": { bar: true },
  "\\rfloor": { floor: "floor" },
  "\\rceil": { floor: "ceil" },
};

class LatexTokenizer {
  readonly tokens: Token[] = [];
  private groupDepth = 0;

  constructor(
    private readonly input: string,
    private readonly syntax: Syntax,
  ) {}

  /** Tokens for input[from, to); returns where reading stopped (past `to` if a command there read its arguments). */
  scan(from: number, to: number): number {
    let i = from;
    while (i < to) i = this.scanOne(i, to);
    return i;
  }

  private push(token: Token): void {
    this.tokens.push(token);
  }

  /** The command at i (which holds "\"): its name and the index after it. */
  private command(i: number): { name: string; end: number } {
    let end = i + 1;
    if (isLetter(this.input[end])) {
      while (isLetter(this.input[end])) end += 1;
    } else if (end < this.input.length) {
      end += 1;
    } else {
      throw new ExprSyntaxError(`a command name must follow the "\\" ${at(i)}`, i);
    }
    return { name: this.input.slice(i + 1, end), end };
  }

  /** The index of the "}" matching the "{" at i. */
  private groupEnd(i: number): number {
    let depth = 0;
    for (let k = i; k < this.input.length; k += 1) {
      const ch = this.input[k];
      if (ch === "\\") k += 1;
      else if (ch === "{") depth += 1;
      else if (ch === "}" && --depth === 0) return k;
    }
    throw new ExprSyntaxError(`the "{" ${at(i)} is never closed`, i);
  }

  private skipSpaces(i: number): number {
    let k = i;
    while (k < this.input.length && /\s/.test(this.input[k]!)) k += 1;
    return k;
  }

  /** A command's argument at i: a {group}, one command, or one character; [start, end) is what to read, next is after it. */
  private argument(i: number, owner: string, ownerAt: number): { start: number; end: number; next: number } {
    const k = this.skipSpaces(i);
    const ch = this.input[k];
    if (ch === undefined || ch === "}") {
      throw new ExprSyntaxError(`"${owner}" ${at(ownerAt)} needs an argument in braces`, ownerAt);
    }
    if (ch === "{") {
      const close = this.groupEnd(k);
      return { start: k + 1, end: close, next: close + 1 };
    }
    if (ch === "\\") {
      const { end } = this.command(k);
      return { start: k, end, next: end };
    }
    return { start: k, end: k + 1, next: k + 1 };
  }

  /**
   * Tokens for an argument, bracketed so it stays one operand: `x^{a+b}` is x^(a+b). Returns the
   * index after it (past its own arguments if it is a command such as `x^\frac{1}{2}`).
   */
  private bracketedArgument(arg: { start: number; end: number; next: number }, text: string): number {
    const left = arg.start > 0 && this.input[arg.start - 1] === "{" ? arg.start - 1 : arg.start;
    this.push({ kind: "open", bracket: "(", text, span: { start: left, end: arg.start } });
    const reached = this.group(() => this.scan(arg.start, arg.end), left);
    const next = Math.max(arg.next, reached);
    this.push({ kind: "close", bracket: "(", text: "}", span: { start: next - 1, end: next } });
    return next;
  }

  private group(read: () => number, position: number): number {
    this.groupDepth += 1;
    if (this.groupDepth > MAX_GROUP_DEPTH) throw new ExprSyntaxError(`nested too deeply ${at(position)}`, position);
    const reached = read();
    this.groupDepth -= 1;
    return reached;
  }

  /** Whether a call's "(" (plain or \left() comes at or after i. */
  private opensCall = (i: number): boolean => {
    let k = i;
    for (;;) {
      k = this.skipSpaces(k);
      if (this.input[k] !== "\\") break;
      const { name, end } = this.command(k);
      if (!SPACING.has(name)) break;
      k = end;
    }
    return (
      this.input[k] === "(" ||
      this.input.startsWith("\\left(", k) ||
      this.input.startsWith("\\mleft(", k) ||
      this.input.startsWith("\\left (", k)
    );
  };

  private scanOne(i: number, to: number): number {
    const ch = this.input[i]!;
    if (/\s/.test(ch) || ch === "~") return i + 1;
    if (ch === "\\") return this.scanCommand(i);
    if (ch === "{") {
      const close = this.groupEnd(i);
      if (close > to) throw new ExprSyntaxError(`the "{" ${at(i)} is never closed`, i);
      // An empty group is TeX's empty atom: nothing to read.
      if (this.input.slice(i + 1, close).trim() === "") return close + 1;
      return this.bracketedArgument({ start: i + 1, end: close, next: close + 1 }, "{");
    }
    if (ch === "}") throw new ExprSyntaxError(`unexpected "}" ${at(i)}`, i);
    if (ch === "^") {
      this.push({ kind: "operator", operator: "^", text: "^", span: { start: i, end: i + 1 } });
      return this.bracketedArgument(this.argument(i + 1, "^", i), "{");
    }
    if (isDigit(ch) || (ch === "." && isDigit(this.input[i + 1]))) return readNumber(this.input, i, this.tokens, to);
    if (isLetter(ch) || GREEK_LETTERS[ch] !== undefined) {
      const end = readLetterRun(this.input, i, this.syntax, this.tokens, this.opensCall, to);
      return this.afterFunction(end);
    }
    const next = readSymbol(this.input, i, this.syntax, this.tokens);
    if (next < 0) throw unexpectedCharacter(this.input, i);
    return next;
  }

  /** After `\log_` or `log_`: the base as a bracketed argument (the subscript token is already out). */
  private afterFunction(i: number): number {
    const last = this.tokens.at(-1);
    if (last?.kind !== "subscript") return i;
    return this.bracketedArgument(this.argument(i, "log_", last.span.start), "{");
  }

  /** A name from a command (Greek letter, \mathrm{…}), with a subscript if one follows. */
  private name(name: string, start: number, end: number): number {
    if (this.input[end] === "_") {
      const subscript = readSubscript(this.input, end);
      this.push({ kind: "variable", name: `${name}_${subscript.text}`, span: { start, end: subscript.end } });
      return subscript.end;
    }
    const text = this.input.slice(start, end);
    if (this.syntax.constants && (name === "pi" || name === "tau" || name === "e")) {
      this.push({ kind: "constant", name, text, span: { start, end } });
    } else {
      this.push({ kind: "variable", name, span: { start, end } });
    }
    return end;
  }

  private functionToken(name: string, start: number, end: number): number {
    this.push({ kind: "function", name, span: { start, end } });
    if (name === "log" && this.syntax.logBases && this.input[end] === "_") {
      this.push({ kind: "subscript", text: "_", span: { start: end, end: end + 1 } });
      return this.afterFunction(end + 1);
    }
    return end;
  }

  private scanCommand(i: number): number {
    const { name, end } = this.command(i);
    const text = this.input.slice(i, end);
    const span = { start: i, end };
    if (SPACING.has(name)) return end;
    if (TEX_FUNCTION_COMMANDS.has(name)) return this.functionToken(name, i, end);
    if (GREEK_COMMANDS[name] !== undefined) return this.name(GREEK_COMMANDS[name], i, end);
    if (name === "exponentialE") return this.name("e", i, end);
    if (RELATION_COMMANDS[name] !== undefined && (this.syntax.relations || this.syntax.piecewise)) {
      this.push({ kind: "relation", operator: RELATION_COMMANDS[name], text, span });
      return end;
    }
    switch (name) {
      case "cdot":
      case "times":
      case "ast":
        this.push({ kind: "operator", operator: "*", text, span });
        return end;
      case "div":
        this.push({ kind: "operator", operator: "/", text, span });
        return end;
      case "ne":
      case "neq":
        throw notEqualRefused(i);
      case "colon":
        if (!this.syntax.piecewise) break;
        this.push({ kind: "colon", text, span });
        return end;
      case "frac":
      case "dfrac":
      case "tfrac":
        return this.fraction(text, i, end);
      case "sqrt":
        return this.root(text, i, end);
      case "operatorname":
      case "mathrm":
      case "mathit":
      case "text":
        return this.namedCommand(text, i, end);
      case "left":
      case "mleft":
      case "right":
      case "mright":
        return this.delimiter(name.endsWith("left") ? OPENING : CLOSING, text, i, end);
      case "{":
      case "lbrace":
      case "}":
      case "rbrace":
      case "lvert":
      case "rvert":
      case "vert":
      case "lfloor":
      case "rfloor":
      case "lceil":
      case "rceil":
        return this.delimiterToken(name.startsWith("r") || name === "}" ? CLOSING : OPENING, text, i, end, i);
    }
    throw new ExprSyntaxError(`unknown command "${text}" ${at(i)}`, i);
  }

  /** `\frac{a}{b}` as `((a)/(b))`: one operand, so `2\frac{1}{2}` is 2·½. */
  private fraction(text: string, start: number, end: number): number {
    const numerator = this.argument(end, text, start);
    const denominator = this.argument(numerator.next, text, start);
    this.push({ kind: "open", bracket: "(", text, span: { start, end } });
    this.bracketedArgument(numerator, "{");
    const slash = denominator.start > 0 ? denominator.start - 1 : denominator.start;
    this.push({ kind: "operator", operator: "/", text, span: { start: slash, end: slash } });
    const next = this.bracketedArgument(denominator, "{");
    this.push({ kind: "close", bracket: "(", text: "}", span: { start: next - 1, end: next } });
    return next;
  }

  /** `\sqrt{x}`, `\sqrt[3]{x}` (cbrt), `\sqrt[n]{x}` (nthroot(x, n)). */
  private root(text: string, start: number, end: number): number {
    let index: { start: number; end: number } | null = null;
    let k = this.skipSpaces(end);
    if (this.input[k] === "[") {
      const close = this.input.indexOf("]", k);
      if (close < 0) throw new ExprSyntaxError(`the "[" ${at(k)} is never closed`, k);
      index = { start: k + 1, end: close };
      k = close + 1;
    }
    const radicand = this.argument(k, text, start);
    const indexText = index === null ? "" : this.input.slice(index.start, index.end).trim();
    const name = index === null ? "sqrt" : indexText === "3" ? "cbrt" : "nthroot";
    this.push({ kind: "function", name, span: { start, end } });
    this.push({ kind: "open", bracket: "(", text, span: { start, end } });
    this.group(() => this.scan(radicand.start, radicand.end), radicand.start);
    if (name === "nthroot" && index !== null) {
      const degree = index;
      this.push({ kind: "comma", text: "[", span: { start: degree.start - 1, end: degree.start } });
      this.group(() => this.scan(degree.start, degree.end), degree.start);
    }
    this.push({ kind: "close", bracket: "(", text: "}", span: { start: radicand.end, end: radicand.next } });
    return radicand.next;
  }

  /** `\operatorname{sign}`, `\mathrm{e}`: a function, the constant e, or a variable name. */
  private namedCommand(text: string, start: number, end: number): number {
    let k = end;
    if (this.input[k] === "*") k += 1;
    const arg = this.argument(k, text, start);
    const name = this.input.slice(arg.start, arg.end).trim();
    if (this.syntax.functions.has(name)) return this.functionToken(name, start, arg.next);
    if (name === "e" || name.length === 1 || this.syntax.names.has(name)) return this.name(name, start, arg.next);
    throw new ExprSyntaxError(`unknown function "${name}" ${at(start)}`, start);
  }

  /** `\left(`, `\right|`, …: the delimiter after \left or \right. */
  private delimiter(table: Readonly<Record<string, Delimiter>>, text: string, start: number, end: number): number {
    const k = this.skipSpaces(end);
    const delimiterEnd = this.input[k] === "\\" ? this.command(k).end : k + 1;
    return this.delimiterToken(table, `${text}${this.input.slice(k, delimiterEnd)}`, k, delimiterEnd, start);
  }

  private delimiterToken(
    table: Readonly<Record<string, Delimiter>>,
    text: string,
    delimiterStart: number,
    end: number,
    start: number,
  ): number {
    const delimiter = table[this.input.slice(delimiterStart, end)];
    const span = { start, end };
    if (delimiter === undefined) throw new ExprSyntaxError(`unknown delimiter "${text}" ${at(start)}`, start);
    const opening = table === OPENING;
    if ("bracket" in delimiter) {
      this.push({ kind: opening ? "open" : "close", bracket: delimiter.bracket, text, span });
    } else if ("bar" in delimiter) {
      const either = text === "|" || text === "\\vert";
      if (!this.syntax.absoluteBars) throw new ExprSyntaxError(`unexpected "${text}" ${at(start)}`, start);
      this.push({ kind: "bar", side: either ? "either" : opening ? "open" : "close", text, span });
    } else if (opening) {
      this.push({ kind: "function", name: delimiter.floor, span });
      this.push({ kind: "open", bracket: "(", text, span });
    } else {
      this.push({ kind: "close", bracket: "(", text, span });
    }
    return end;
  }
}

/** Parses the LaTeX of one expression; never throws. */
export function parseLatex(latex: string, options: ParseOptions = {}): ParseResult {
  try {
    if (latex.length > MAX_LATEX_LENGTH) {
      throw new ExprSyntaxError(`longer than ${MAX_LATEX_LENGTH} characters`, MAX_LATEX_LENGTH);
    }
    const syntax = resolveSyntax(options);
    const tokenizer = new LatexTokenizer(latex, syntax);
    tokenizer.scan(0, latex.length);
    if (tokenizer.tokens.length === 0) throw new ExprSyntaxError("the expression is empty", 0);
    tokenizer.tokens.push({ kind: "end", span: { start: latex.length, end: latex.length } });
    return { ok: true, ast: parseTokens(tokenizer.tokens, syntax) };
  } catch (error) {
    if (error instanceof ExprSyntaxError) return { ok: false, error };
    throw error;
  }
}
