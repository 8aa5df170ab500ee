/**
 * Typed maths to a syntax tree (./ast.ts): a tokenizer and a Pratt parser.
 *
 * The language: numbers (`12`, `0.25`, `.5`), single-letter variables, + − × · * / ^, superscript
 * exponents (`x²`), unary signs, parentheses, function calls `name(a, b)` for the names in
 * `functions`, and implicit multiplication: `2x`, `3(x+1)`, `(x+1)(x-1)`, `ab` = a·b, `x^2y` = x²·y.
 *
 * Precedence, loosest first: + and − (left), × / and juxtaposition (left, one level, so `1/2x` is
 * (1/2)·x), unary sign, ^ (right: `2^3^2` = 2^9). A sign binds looser than ^, so `-x^2` = −(x²).
 * Two numbers side by side (`2 3`, `(x+1)2`) are refused rather than multiplied: it is almost
 * always a typo.
 *
 * A letter run is read left to right, taking at each place the longest known name (a function or
 * one of `names`) and otherwise a single letter: `sinx` is refused (a function needs its
 * parentheses), `thetax` with names ["theta"] is θ·x, `ab` is a·b.
 */
import type { BinaryOperator, ExprNode, Span } from "./ast";

/** Inputs longer than this are refused before any work. */
export const MAX_EXPRESSION_LENGTH = 1000;
/** Parentheses, signs and exponents nested deeper than this are refused (keeps recursion bounded). */
export const MAX_NESTING_DEPTH = 100;

/** Function names recognised by default; a consumer decides which it can evaluate. */
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

export interface ParseOptions {
  /** Names parsed as calls `name(…)`; defaults to DEFAULT_FUNCTIONS. */
  functions?: readonly string[];
  /** Multi-letter variable names, e.g. ["theta", "pi"]; none by default. */
  names?: readonly string[];
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

export type ParseResult = { ok: true; ast: ExprNode } | { ok: false; error: ExprSyntaxError };

type Token =
  | { kind: "number"; value: string; text: string; span: Span }
  | { kind: "variable"; name: string; span: Span }
  | { kind: "function"; name: string; span: Span }
  | { kind: "operator"; operator: BinaryOperator; text: string; span: Span }
  | { kind: "superscript"; digits: string; span: Span }
  | { kind: "open" | "close" | "comma"; text: string; span: Span }
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

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
const isLetter = (ch: string | undefined) => ch !== undefined && /^[A-Za-z]$/.test(ch);

/** "at 7": error messages count characters from 1, as a reader does. */
const at = (position: number) => `at ${position + 1}`;

function describeCharacter(ch: string): string {
  return /\s/.test(ch) || ch.charCodeAt(0) < 32 ? `U+${ch.charCodeAt(0).toString(16).toUpperCase()}` : `"${ch}"`;
}

function tokenize(input: string, functions: ReadonlySet<string>, names: ReadonlySet<string>): Token[] {
  const words = [...functions, ...names].sort((x, y) => y.length - x.length);
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    const start = i;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (isDigit(ch) || (ch === "." && isDigit(input[i + 1]))) {
      while (isDigit(input[i])) i += 1;
      if (input[i] === ".") {
        i += 1;
        if (!isDigit(input[i])) throw new ExprSyntaxError(`a digit must follow the "." ${at(i - 1)}`, i - 1);
        while (isDigit(input[i])) i += 1;
      }
      const text = input.slice(start, i);
      tokens.push({ kind: "number", value: text.startsWith(".") ? `0${text}` : text, text, span: { start, end: i } });
    } else if (isLetter(ch)) {
      while (isLetter(input[i])) {
        const word = words.find((w) => input.startsWith(w, i));
        if (word === undefined) {
          tokens.push({ kind: "variable", name: input[i]!, span: { start: i, end: i + 1 } });
          i += 1;
        } else if (functions.has(word)) {
          let next = i + word.length;
          while (next < input.length && /\s/.test(input[next]!)) next += 1;
          if (input[next] !== "(") {
            throw new ExprSyntaxError(`"${word}" ${at(i)} needs its argument in parentheses: ${word}(…)`, i);
          }
          tokens.push({ kind: "function", name: word, span: { start: i, end: i + word.length } });
          i += word.length;
        } else {
          tokens.push({ kind: "variable", name: word, span: { start: i, end: i + word.length } });
          i += word.length;
        }
      }
    } else if (SUPERSCRIPT_DIGITS[ch] !== undefined) {
      let digits = "";
      while (input[i] !== undefined && SUPERSCRIPT_DIGITS[input[i]!] !== undefined) {
        digits += SUPERSCRIPT_DIGITS[input[i]!];
        i += 1;
      }
      tokens.push({ kind: "superscript", digits, span: { start, end: i } });
    } else if (OPERATORS[ch] !== undefined) {
      tokens.push({ kind: "operator", operator: OPERATORS[ch], text: ch, span: { start, end: i + 1 } });
      i += 1;
    } else if (ch === "(" || ch === ")" || ch === ",") {
      const kind = ch === "(" ? "open" : ch === ")" ? "close" : "comma";
      tokens.push({ kind, text: ch, span: { start, end: i + 1 } });
      i += 1;
    } else {
      const symbol = String.fromCodePoint(input.codePointAt(i)!);
      throw new ExprSyntaxError(`unexpected character ${describeCharacter(symbol)} ${at(i)}`, i);
    }
  }
  tokens.push({ kind: "end", span: { start: input.length, end: input.length } });
  return tokens;
}

/** Binding powers: an infix operator continues an expression only if its left power ≥ the caller's minimum. */
const ADDITIVE = 10;
const MULTIPLICATIVE = 20;
const SIGN = 30;
const POWER = 40;

const join = (a: Span, b: Span): Span => ({ start: a.start, end: b.end });

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseAll(): ExprNode {
    const ast = this.expression(0);
    const next = this.peek();
    if (next.kind !== "end") throw this.unexpected(next);
    return ast;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private take(): Token {
    const token = this.tokens[this.index]!;
    if (token.kind !== "end") this.index += 1;
    return token;
  }

  private unexpected(token: Token): ExprSyntaxError {
    const position = token.span.start;
    switch (token.kind) {
      case "end":
        return new ExprSyntaxError(`unexpected end ${at(position)}: expected a number, a letter or "("`, position);
      case "number":
        return new ExprSyntaxError(`unexpected number "${token.text}" ${at(position)} (write * to multiply)`, position);
      case "variable":
      case "function":
        return new ExprSyntaxError(`unexpected "${token.name}" ${at(position)}`, position);
      case "superscript":
        return new ExprSyntaxError(`unexpected exponent ${at(position)}`, position);
      case "operator":
      case "open":
      case "close":
      case "comma":
        return new ExprSyntaxError(`unexpected "${token.text}" ${at(position)}`, position);
    }
  }

  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw new ExprSyntaxError(`nested too deeply ${at(token.span.start)}`, token.span.start);
    }
  }

  private expression(minPower: number): ExprNode {
    this.enter(this.peek());
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      if (token.kind === "superscript") {
        if (POWER < minPower) break;
        this.take();
        const exponent: ExprNode = { kind: "number", value: token.digits, span: token.span };
        left = {
          kind: "binary",
          operator: "^",
          left,
          right: exponent,
          implicit: false,
          span: join(left.span, token.span),
        };
      } else if (token.kind === "operator") {
        const [leftPower, rightPower] =
          token.operator === "^"
            ? [POWER, POWER - 1]
            : token.operator === "*" || token.operator === "/"
              ? [MULTIPLICATIVE, MULTIPLICATIVE + 1]
              : [ADDITIVE, ADDITIVE + 1];
        if (leftPower < minPower) break;
        this.take();
        const right = this.expression(rightPower);
        left = {
          kind: "binary",
          operator: token.operator,
          left,
          right,
          implicit: false,
          span: join(left.span, right.span),
        };
      } else if (token.kind === "variable" || token.kind === "function" || token.kind === "open") {
        if (MULTIPLICATIVE < minPower) break;
        const right = this.expression(MULTIPLICATIVE + 1);
        left = { kind: "binary", operator: "*", left, right, implicit: true, span: join(left.span, right.span) };
      } else if (token.kind === "number") {
        throw this.unexpected(token);
      } else {
        break;
      }
    }
    this.depth -= 1;
    return left;
  }

  private prefix(): ExprNode {
    const token = this.take();
    switch (token.kind) {
      case "number":
        return { kind: "number", value: token.value, span: token.span };
      case "variable":
        return { kind: "variable", name: token.name, span: token.span };
      case "function": {
        const open = this.take(); // the tokenizer checked that "(" follows
        const args: ExprNode[] = [this.expression(0)];
        while (this.peek().kind === "comma") {
          this.take();
          args.push(this.expression(0));
        }
        const close = this.closeParenthesis(open);
        return { kind: "call", name: token.name, args, span: join(token.span, close.span) };
      }
      case "open": {
        const inner = this.expression(0);
        const close = this.closeParenthesis(token);
        // Parentheses only group, so they leave no node; the span grows to take them in.
        return { ...inner, span: join(token.span, close.span) };
      }
      case "operator":
        if (token.operator === "-" || token.operator === "+") {
          const operand = this.expression(SIGN);
          return { kind: "unary", operator: token.operator, operand, span: join(token.span, operand.span) };
        }
        throw this.unexpected(token);
      default:
        throw this.unexpected(token);
    }
  }

  private closeParenthesis(open: Token): Token {
    const token = this.peek();
    if (token.kind === "close") return this.take();
    if (token.kind === "end") {
      throw new ExprSyntaxError(`the "(" ${at(open.span.start)} is never closed`, open.span.start);
    }
    throw this.unexpected(token);
  }
}

/** Parses one expression; never throws. */
export function parseExpression(input: string, options: ParseOptions = {}): ParseResult {
  try {
    if (input.length > MAX_EXPRESSION_LENGTH) {
      throw new ExprSyntaxError(`longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
    }
    if (input.trim() === "") throw new ExprSyntaxError("the expression is empty", 0);
    const functions = new Set(options.functions ?? DEFAULT_FUNCTIONS);
    const names = new Set(options.names ?? []);
    const tokens = tokenize(input, functions, names);
    return { ok: true, ast: new Parser(tokens).parseAll() };
  } catch (error) {
    if (error instanceof ExprSyntaxError) return { ok: false, error };
    throw error;
  }
}
