/**
 * The input language of the factorization page: whole numbers, written plainly or with digit
 * groups, combined with + − × / ^, n!, n#, F(n), L(n), M(p), gcd and lcm. Parsing is one linear
 * pass (recursive descent with a depth limit) that evaluates as it goes, so every size guard runs
 * before the big computation it protects.
 *
 * Digit groups: a space (also no-break or thin), "_", "'", "’", "." or "," joins two digit runs
 * into one number only when it stands alone between digits, every group after the first has
 * exactly three digits, the first one to three, and one number uses one kind of separator.
 * A comma never groups digits inside a function's parentheses, where it separates arguments:
 * gcd(12,18) is gcd(12, 18), (1,000) is 1000, and gcd(1,000) is refused (the argument "000"
 * starts with a zero, which no number may: that is what keeps the reading unambiguous).
 */
import { abs, gcd } from "./bigint";
import { factorial, fibonacci, lucas, primorial } from "./special-sequences";

export const MAX_INPUT_DIGITS = 1000;
/** Parentheses, function calls, unary signs and exponents nested deeper than this are refused. */
export const MAX_NESTING_DEPTH = 200;
export const MAX_FACTORIAL_ARGUMENT = 500;
export const MAX_PRIMORIAL_ARGUMENT = 2500;

export type IntegerExpressionResult =
  | { ok: true; value: bigint; normalized: string }
  | { ok: false; message: string; /** 0-based index into the input (UTF-16 units) */ position: number };

class ExpressionError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

type Operator = "+" | "-" | "*" | "/" | "^" | "!" | "#" | "(" | ")" | ",";

type Token =
  | { kind: "number"; value: bigint; digits: string; position: number }
  | { kind: "name"; name: string; position: number }
  | { kind: "symbol"; symbol: Operator; source: string; position: number }
  | { kind: "end"; position: number };

const SYMBOLS: Record<string, Operator> = {
  "+": "+",
  "-": "-",
  "\u2212": "-",
  "*": "*",
  "\u00d7": "*",
  "\u00b7": "*",
  "/": "/",
  "\u00f7": "/",
  "^": "^",
  "!": "!",
  "#": "#",
  "(": "(",
  ")": ")",
  ",": ",",
};

/** Digit-group separators; the spaces count as one kind, as do the two apostrophes. */
const SEPARATOR_KIND: Record<string, string> = {
  " ": " ",
  "\u00a0": " ",
  "\u2009": " ",
  "\u202f": " ",
  _: "_",
  "'": "'",
  "\u2019": "'",
  ".": ".",
  ",": ",",
};

const isAsciiDigit = (ch: string | undefined) => ch !== undefined && ch >= "0" && ch <= "9";
const isAsciiLetter = (ch: string | undefined) => ch !== undefined && /^[A-Za-z]$/.test(ch);
const SUPERSCRIPT_DIGIT = /^[\u00b2\u00b3\u00b9\u2070\u2074-\u2079]$/;
const OTHER_DIGIT = /^\p{Nd}$/u;

function shortNumber(value: bigint): string {
  const text = value.toString();
  const digits = abs(value).toString().length;
  return digits <= 24 ? text : `${text.slice(0, 10)}…${text.slice(-10)} (${digits} digits)`;
}

function tokenize(input: string, maxDigits: number): Token[] {
  const tokens: Token[] = [];
  // For each open "(", whether it opens a function's arguments (where "," separates).
  const openers: boolean[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (isAsciiDigit(ch)) {
      const start = i;
      const inArguments = openers.at(-1) === true;
      const afterComma = input[start - 1] === ",";
      const groups: string[] = [];
      let separator: string | undefined;
      for (;;) {
        const groupStart = i;
        while (isAsciiDigit(input[i])) i += 1;
        groups.push(input.slice(groupStart, i));
        const next = input[i];
        const kind = next === undefined ? undefined : SEPARATOR_KIND[next];
        if (kind === undefined || !isAsciiDigit(input[i + 1]) || (kind === "," && inArguments)) break;
        if (separator !== undefined && kind !== separator) {
          throw new ExpressionError(`"${next}" at position ${i} mixes digit-group separators in one number`, i);
        }
        separator = kind;
        i += 1;
      }
      const written = input.slice(start, i);
      if (separator !== undefined && groups.some((group, k) => (k === 0 ? group.length > 3 : group.length !== 3))) {
        const why =
          separator === "."
            ? `"${written}" at position ${start} is not a whole number: a "." may only separate groups of three digits`
            : `Digit groups must have three digits: "${written}" at position ${start}` +
              (separator === " " ? " (write * to multiply)" : "");
        throw new ExpressionError(why, start);
      }
      const digits = groups.join("");
      if (digits.length > 1 && digits.startsWith("0")) {
        const hint =
          inArguments && afterComma
            ? `; inside a function's parentheses a comma separates arguments, so group digits with a space or "_"`
            : "";
        throw new ExpressionError(`The number "${written}" at position ${start} starts with 0${hint}`, start);
      }
      if (digits.length > maxDigits) {
        throw new ExpressionError(
          `The number at position ${start} has ${digits.length} digits; the limit is ${maxDigits}`,
          start,
        );
      }
      tokens.push({ kind: "number", value: BigInt(digits), digits, position: start });
    } else if (isAsciiLetter(ch)) {
      const start = i;
      while (isAsciiLetter(input[i])) i += 1;
      tokens.push({ kind: "name", name: input.slice(start, i), position: start });
    } else if (SYMBOLS[ch] !== undefined) {
      const symbol = SYMBOLS[ch];
      if (symbol === "(") openers.push(tokens.at(-1)?.kind === "name");
      if (symbol === ")") openers.pop();
      tokens.push({ kind: "symbol", symbol, source: ch, position: i });
      i += 1;
    } else {
      const character = String.fromCodePoint(input.codePointAt(i)!);
      if (SUPERSCRIPT_DIGIT.test(character)) {
        throw new ExpressionError(`Superscript "${character}" at position ${i}: write powers with ^, as in 2^10`, i);
      }
      if (OTHER_DIGIT.test(character)) {
        throw new ExpressionError(
          `Only the digits 0–9 are accepted: "${character}" at position ${i} is a digit of another script`,
          i,
        );
      }
      throw new ExpressionError(`Unexpected character "${character}" at position ${i}`, i);
    }
  }
  tokens.push({ kind: "end", position: input.length });
  return tokens;
}

/** How tightly a piece binds; normalized text adds parentheses only where these require them. */
const SUM = 1;
const PRODUCT = 2;
const UNARY = 3;
const POWER = 4;
const POSTFIX = 5;
const ATOM = 6;

interface Piece {
  value: bigint;
  text: string;
  precedence: number;
}

function wrap(piece: Piece, least: number): string {
  return piece.precedence >= least ? piece.text : `(${piece.text})`;
}

/** log₁₀|x| for x ≠ 0, from its leading digits: good to ~15 significant digits at any size. */
function log10(x: bigint): number {
  const text = abs(x).toString();
  return Math.log10(Number(text.slice(0, 15))) + Math.max(0, text.length - 15);
}

function formatCount(x: number): string {
  return x < 1e15 ? String(Math.floor(x)) : x.toExponential(2);
}

const LOG10_GOLDEN_RATIO = Math.log10((1 + Math.sqrt(5)) / 2);

interface FunctionSpec {
  name: string;
  arity: "one" | "two-or-more";
}

const FUNCTIONS: Record<string, FunctionSpec> = {
  f: { name: "F", arity: "one" },
  l: { name: "L", arity: "one" },
  m: { name: "M", arity: "one" },
  gcd: { name: "gcd", arity: "two-or-more" },
  lcm: { name: "lcm", arity: "two-or-more" },
};

class Parser {
  private index = 0;
  /** 10^maxDigits: anything this large has too many digits (a comparison, cheaper than counting). */
  private readonly tooLarge: bigint;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly maxDigits: number,
  ) {
    this.tooLarge = 10n ** BigInt(maxDigits);
  }

  parse(): Piece {
    const piece = this.sum(0);
    const token = this.peek();
    if (token.kind !== "end") this.unexpected(token);
    return piece;
  }

  private peek(): Token {
    return this.tokens[this.index]!;
  }

  private takeSymbol(...symbols: Operator[]): Extract<Token, { kind: "symbol" }> | undefined {
    const token = this.peek();
    if (token.kind === "symbol" && symbols.includes(token.symbol)) {
      this.index += 1;
      return token;
    }
    return undefined;
  }

  private unexpected(token: Token): never {
    const what =
      token.kind === "end"
        ? "Unexpected end of input"
        : token.kind === "number"
          ? `Unexpected number "${token.digits}"`
          : token.kind === "name"
            ? `Unexpected "${token.name}"`
            : `Unexpected "${token.source}"`;
    throw new ExpressionError(`${what} at position ${token.position}`, token.position);
  }

  private enter(depth: number, position: number): number {
    if (depth >= MAX_NESTING_DEPTH) {
      throw new ExpressionError(
        `The expression is nested too deeply (more than ${MAX_NESTING_DEPTH} levels) at position ${position}`,
        position,
      );
    }
    return depth + 1;
  }

  private checkSize(value: bigint, what: string, position: number): bigint {
    if (abs(value) >= this.tooLarge) {
      const digits = abs(value).toString().length;
      throw new ExpressionError(
        `${what} at position ${position} has ${digits} digits; the limit is ${this.maxDigits}`,
        position,
      );
    }
    return value;
  }

  /** Refuses before computing when an estimate of the digits is clearly over the limit. */
  private checkEstimate(estimatedDigits: number, what: string, position: number): void {
    if (estimatedDigits > this.maxDigits + 1) {
      throw new ExpressionError(
        `${what} at position ${position} would have about ${formatCount(estimatedDigits)} digits; the limit is ${this.maxDigits}`,
        position,
      );
    }
  }

  private sum(depth: number): Piece {
    let left = this.product(depth);
    for (let op = this.takeSymbol("+", "-"); op; op = this.takeSymbol("+", "-")) {
      const right = this.product(depth);
      const value = op.symbol === "+" ? left.value + right.value : left.value - right.value;
      left = {
        value: this.checkSize(value, `The result of "${op.source}"`, op.position),
        text: `${wrap(left, SUM)} ${op.symbol} ${wrap(right, SUM + 1)}`,
        precedence: SUM,
      };
    }
    return left;
  }

  private product(depth: number): Piece {
    let left = this.unary(depth);
    for (let op = this.takeSymbol("*", "/"); op; op = this.takeSymbol("*", "/")) {
      const right = this.unary(depth);
      let value: bigint;
      if (op.symbol === "*") {
        value = left.value * right.value;
      } else if (right.value === 0n) {
        throw new ExpressionError(`Division by zero at position ${op.position}`, op.position);
      } else if (left.value % right.value !== 0n) {
        throw new ExpressionError(
          `${shortNumber(left.value)} is not divisible by ${shortNumber(right.value)} ("${op.source}" at position ${op.position} is exact division)`,
          op.position,
        );
      } else {
        value = left.value / right.value;
      }
      left = {
        value: this.checkSize(value, `The result of "${op.source}"`, op.position),
        text: `${wrap(left, PRODUCT)} ${op.symbol} ${wrap(right, PRODUCT + 1)}`,
        precedence: PRODUCT,
      };
    }
    return left;
  }

  private unary(depth: number): Piece {
    const sign = this.takeSymbol("+", "-");
    if (!sign) return this.power(depth);
    const operand = this.unary(this.enter(depth, sign.position));
    if (sign.symbol === "+") return operand;
    return { value: -operand.value, text: `-${wrap(operand, POWER)}`, precedence: UNARY };
  }

  private power(depth: number): Piece {
    const base = this.postfix(depth);
    const caret = this.takeSymbol("^");
    if (!caret) return base;
    // Right-associative, and the exponent may carry a sign: 2^3^2 = 2^9, 2^-1 is refused below.
    const exponent = this.unary(this.enter(depth, caret.position));
    const text = `${wrap(base, POSTFIX)}^${wrap(exponent, POWER)}`;
    const at = caret.position;
    if (exponent.value < 0n) {
      throw new ExpressionError(`Negative exponent at position ${at}: the result would not be a whole number`, at);
    }
    let value: bigint;
    if (abs(base.value) <= 1n) {
      // 0, 1 and −1 stay small whatever the exponent (and 0^0 = 1).
      const odd = exponent.value % 2n === 1n;
      value = exponent.value === 0n ? 1n : base.value === -1n && !odd ? 1n : base.value;
    } else {
      const what = `${shortNumber(base.value)}^${shortNumber(exponent.value)}`;
      this.checkEstimate(Number(exponent.value) * log10(base.value), what, at);
      value = this.checkSize(base.value ** exponent.value, what, at);
    }
    return { value, text, precedence: POWER };
  }

  private postfix(depth: number): Piece {
    let piece = this.primary(depth);
    for (let op = this.takeSymbol("!", "#"); op; op = this.takeSymbol("!", "#")) {
      const n = piece.value;
      const [limit, label] = op.symbol === "!" ? [MAX_FACTORIAL_ARGUMENT, "n!"] : [MAX_PRIMORIAL_ARGUMENT, "n#"];
      if (n < 0n || n > BigInt(limit)) {
        throw new ExpressionError(
          `${label} is defined here for 0 ≤ n ≤ ${limit}, not ${shortNumber(n)} ("${op.source}" at position ${op.position})`,
          op.position,
        );
      }
      const value = op.symbol === "!" ? factorial(Number(n)) : primorial(Number(n));
      piece = {
        value: this.checkSize(value, `${n}${op.symbol}`, op.position),
        text: `${wrap(piece, POSTFIX)}${op.symbol}`,
        precedence: POSTFIX,
      };
    }
    return piece;
  }

  private primary(depth: number): Piece {
    const token = this.peek();
    if (token.kind === "number") {
      this.index += 1;
      return { value: token.value, text: token.digits, precedence: ATOM };
    }
    if (token.kind === "name") return this.call(token, depth);
    const open = this.takeSymbol("(");
    if (!open) this.unexpected(token);
    const inner = this.sum(this.enter(depth, open.position));
    this.closing(open);
    return inner;
  }

  private closing(open: { position: number }): void {
    if (this.takeSymbol(")")) return;
    const token = this.peek();
    if (token.kind === "end") {
      throw new ExpressionError(`Missing ")" for the "(" at position ${open.position}`, token.position);
    }
    this.unexpected(token);
  }

  private call(token: Extract<Token, { kind: "name" }>, depth: number): Piece {
    this.index += 1;
    const spec = FUNCTIONS[token.name.toLowerCase()];
    if (!spec) {
      const next = this.peek();
      const what = next.kind === "symbol" && next.symbol === "(" ? "Unknown function" : "Unknown name";
      throw new ExpressionError(`${what} "${token.name}" at position ${token.position}`, token.position);
    }
    const open = this.takeSymbol("(");
    if (!open) {
      const { position } = this.peek();
      throw new ExpressionError(`Expected "(" after ${spec.name} at position ${position}`, position);
    }
    const inner = this.enter(depth, open.position);
    const args = [this.sum(inner)];
    while (this.takeSymbol(",")) args.push(this.sum(inner));
    this.closing(open);
    const text = `${spec.name}(${args.map(({ text }) => text).join(", ")})`;
    const at = token.position;
    if (spec.arity === "one" && args.length !== 1) {
      throw new ExpressionError(`${spec.name} takes one argument, not ${args.length} (at position ${at})`, at);
    }
    if (spec.arity === "two-or-more" && args.length < 2) {
      throw new ExpressionError(`${spec.name} needs at least two arguments (at position ${at})`, at);
    }
    return { value: this.evaluate(spec.name, args, at), text, precedence: ATOM };
  }

  private evaluate(name: string, args: readonly Piece[], at: number): bigint {
    const values = args.map(({ value }) => value);
    if (name === "gcd") return values.reduce((a, b) => gcd(a, b));
    if (name === "lcm") {
      const lcm = values.reduce((a, b) => (a === 0n || b === 0n ? 0n : abs(a / gcd(a, b)) * abs(b)));
      return this.checkSize(lcm, "The lcm", at);
    }
    const n = values[0]!;
    if (n < 0n) throw new ExpressionError(`${name}(n) needs n ≥ 0, not ${shortNumber(n)} (at position ${at})`, at);
    const what = `${name}(${shortNumber(n)})`;
    const log10PerStep = name === "M" ? Math.log10(2) : LOG10_GOLDEN_RATIO;
    this.checkEstimate(Number(n) * log10PerStep, what, at);
    const index = Number(n);
    const value = name === "F" ? fibonacci(index) : name === "L" ? lucas(index) : (1n << n) - 1n;
    return this.checkSize(value, what, at);
  }
}

/** Evaluates what a user typed into the factorization box; every error names a position in the input. */
export function evaluateIntegerExpression(
  input: string,
  options: { maxDigits?: number } = {},
): IntegerExpressionResult {
  const maxDigits = options.maxDigits ?? MAX_INPUT_DIGITS;
  if (input.trim() === "") {
    return { ok: false, message: "Enter a whole number or an expression, such as 2^128 + 1", position: 0 };
  }
  try {
    const { value, text } = new Parser(tokenize(input, maxDigits), maxDigits).parse();
    return { ok: true, value, normalized: text };
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, message: error.message, position: error.position };
    throw error;
  }
}
