/**
 * Typed maths to a syntax tree (./ast.ts): a Pratt parser over the tokens of ./tokens.ts (plain
 * text) or ./latex.ts (LaTeX).
 *
 * The default language: numbers (`12`, `0.25`, `.5`), letters, + − × · * / ^, superscript
 * exponents (`x²`), unary signs, parentheses, function calls `name(a, b)` for the names in
 * `functions`, and implicit multiplication: `2x`, `3(x+1)`, `(x+1)(x-1)`, `ab` = a·b, `x^2y` = x²·y.
 * ParseOptions add, each only when asked: factorial, absolute-value bars, log bases, constants,
 * relations, piecewise, tuples, lists and checked calls (FORMULA_OPTIONS turns them all on).
 *
 * Precedence, loosest first: a comparison (one per input; chains only inside piecewise
 * conditions), + and − (left), × / and juxtaposition (left, one level, so `1/2x` is (1/2)·x),
 * unary sign, ^ (right: `2^3^2` = 2^9), postfix ! (on the operand just before it: `2x!` = 2·(x!),
 * `n!^2` = (n!)², `2^n!` = 2^(n!)). A sign binds looser than ^, so `-x^2` = −(x²). Two numbers
 * side by side (`2 3`, `(x+1)2`) are refused rather than multiplied: it is almost always a typo.
 *
 * Absolute-value bars: a `|` right after an operand closes the innermost open bar if there is
 * one; anywhere else it opens a bar (after an operand, as an implicit product). So `||x|-1|` is
 * ||x|−1|, `2|x|` is 2·|x|, and `|a|b|c|` is |a|·b·|c|. Brackets start afresh: inside `(…)` a bar
 * cannot close one opened outside. LaTeX's \left| and \right| say which side they are.
 */
import { childrenOf, type ExprNode, type PiecewiseBranch, type RelationNode, type Span } from "./ast";
import { arityProblem, functionNamed, MATH_FUNCTIONS } from "./functions";
import {
  at,
  ExprSyntaxError,
  MAX_EXPRESSION_LENGTH,
  resolveSyntax,
  tokenizePlain,
  type OpenToken,
  type ParseOptions,
  type Syntax,
  type Token,
} from "./tokens";

export { DEFAULT_FUNCTIONS, ExprSyntaxError, MAX_EXPRESSION_LENGTH, type ParseOptions } from "./tokens";
export { MATH_FUNCTIONS } from "./functions";

/** Parentheses, signs and exponents nested deeper than this are refused (keeps recursion bounded). */
export const MAX_NESTING_DEPTH = 100;

/** Everything on: the language of the plotter and of quiz answers. */
export const FORMULA_OPTIONS: Readonly<ParseOptions> = {
  functions: MATH_FUNCTIONS,
  factorial: true,
  absoluteBars: true,
  logBases: true,
  constants: true,
  relations: true,
  piecewise: true,
  tuples: true,
  lists: true,
  strictCalls: true,
};

export type ParseResult = { ok: true; ast: ExprNode } | { ok: false; error: ExprSyntaxError };

/** Binding powers: an infix operator continues an expression only if its left power ≥ the caller's minimum. */
const ADDITIVE = 10;
const MULTIPLICATIVE = 20;
const SIGN = 30;
const POWER = 40;

const join = (a: Span, b: Span): Span => ({ start: a.start, end: b.end });

class Parser {
  private index = 0;
  private depth = 0;
  /** Bars opened and not yet closed, counted afresh inside each bracket. */
  private openBars = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly syntax: Syntax,
  ) {}

  parseAll(): ExprNode {
    const first = this.expression(0);
    let ast = first;
    if (this.peek().kind === "relation") {
      if (!this.syntax.relations) throw this.unexpected(this.peek());
      ast = this.relation(first, false);
    }
    const next = this.peek();
    if (next.kind !== "end") throw this.unexpected(next);
    checkCollections(ast, "root");
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
      default:
        return new ExprSyntaxError(`unexpected "${token.text}" ${at(position)}`, position);
    }
  }

  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH) {
      throw new ExprSyntaxError(`nested too deeply ${at(token.span.start)}`, token.span.start);
    }
  }

  /** Whether `token`, right after an operand, starts a product written side by side. */
  private startsImplicitProduct(token: Token): boolean {
    switch (token.kind) {
      case "variable":
      case "constant":
      case "function":
        return true;
      case "open":
        return token.bracket !== "[";
      case "bar":
        return token.side === "open" || (token.side === "either" && this.openBars === 0);
      default:
        return false;
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
      } else if (token.kind === "bang") {
        // ! binds tighter than anything, so it always takes the operand just before it.
        this.take();
        left = { kind: "factorial", operand: left, span: join(left.span, token.span) };
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
      } else if (this.startsImplicitProduct(token)) {
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

  /** Runs `read` with no bar open, so brackets nest cleanly inside bars. */
  private bracketed<T>(read: () => T): T {
    const saved = this.openBars;
    this.openBars = 0;
    const result = read();
    this.openBars = saved;
    return result;
  }

  private prefix(): ExprNode {
    const token = this.take();
    switch (token.kind) {
      case "number":
        return { kind: "number", value: token.value, span: token.span };
      case "variable":
        return { kind: "variable", name: token.name, span: token.span };
      case "constant":
        return { kind: "constant", name: token.name, span: token.span };
      case "function":
        return this.call(token);
      case "open":
        if (token.bracket === "(") return this.bracketed(() => this.parenthesized(token));
        if (token.bracket === "[" && this.syntax.lists) return this.bracketed(() => this.list(token));
        if (token.bracket === "{" && this.syntax.piecewise) return this.bracketed(() => this.piecewise(token));
        throw this.unexpected(token);
      case "bar":
        if (token.side === "close") throw this.unexpected(token);
        return this.absoluteValue(token);
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

  private call(name: Token & { kind: "function" }): ExprNode {
    let base: ExprNode | null = null;
    if (this.peek().kind === "subscript") {
      this.take();
      base = this.logBase();
    }
    const open = this.peek();
    if (open.kind !== "open" || open.bracket !== "(") {
      const written = base === null ? name.name : `${name.name}_…`;
      throw new ExprSyntaxError(
        `"${name.name}" ${at(name.span.start)} needs its argument in parentheses: ${written}(…)`,
        name.span.start,
      );
    }
    this.take();
    const args = this.bracketed(() => this.items());
    const close = this.closeBracket(open);
    const span = join(name.span, close.span);
    if (base !== null) {
      if (args.length !== 1) {
        throw new ExprSyntaxError(
          `"log_…" ${at(name.span.start)} takes 1 argument, not ${args.length}`,
          name.span.start,
        );
      }
      return { kind: "logBase", base, argument: args[0]!, span };
    }
    const known = functionNamed(name.name);
    const problem = this.syntax.strictCalls && known !== undefined ? arityProblem(known, args.length) : null;
    if (problem !== null) {
      throw new ExprSyntaxError(`"${name.name}" ${at(name.span.start)} ${problem}`, name.span.start);
    }
    return { kind: "call", name: name.name, args, span };
  }

  /** After `log_`: a number, a letter or constant, or a bracketed expression. */
  private logBase(): ExprNode {
    const token = this.peek();
    if (token.kind === "open" && (token.bracket === "{" || token.bracket === "(")) {
      this.take();
      const inner = this.bracketed(() => this.expression(0));
      const close = this.closeBracket(token);
      return { ...inner, span: join(token.span, close.span) };
    }
    if (token.kind === "number" || token.kind === "variable" || token.kind === "constant") return this.prefix();
    throw new ExprSyntaxError(`a base must follow "log_" ${at(token.span.start)}`, token.span.start);
  }

  /** Expressions separated by commas, up to (not including) the closing bracket. */
  private items(): ExprNode[] {
    const items: ExprNode[] = [this.expression(0)];
    while (this.peek().kind === "comma") {
      this.take();
      items.push(this.expression(0));
    }
    return items;
  }

  private parenthesized(open: OpenToken): ExprNode {
    const items = this.syntax.tuples ? this.items() : [this.expression(0)];
    const close = this.closeBracket(open);
    const span = join(open.span, close.span);
    if (items.length > 1) return { kind: "tuple", items, span };
    // Parentheses only group, so they leave no node; the span grows to take them in.
    return { ...items[0]!, span };
  }

  private list(open: OpenToken): ExprNode {
    const items = this.items();
    const close = this.closeBracket(open);
    return { kind: "list", items, span: join(open.span, close.span) };
  }

  private absoluteValue(open: Token & { kind: "bar" }): ExprNode {
    const neverClosed = () =>
      new ExprSyntaxError(`the "${open.text}" ${at(open.span.start)} is never closed`, open.span.start);
    if (this.peek().kind === "end") throw neverClosed();
    this.openBars += 1;
    const inner = this.expression(0);
    const close = this.peek();
    if (close.kind === "end") throw neverClosed();
    if (close.kind !== "bar" || close.side === "open") throw this.unexpected(close);
    this.take();
    this.openBars -= 1;
    return { kind: "call", name: "abs", args: [inner], span: join(open.span, close.span) };
  }

  /** `first op second (op third …)`; a chain of more than one operator only if `chain`. */
  private relation(first: ExprNode, chain: boolean): RelationNode {
    const operands = [first];
    const operators: RelationNode["operators"] = [];
    for (let token = this.peek(); token.kind === "relation"; token = this.peek()) {
      if (operators.length === 1 && !chain) {
        throw new ExprSyntaxError(
          `a second comparison "${token.text}" ${at(token.span.start)}: only one is allowed`,
          token.span.start,
        );
      }
      this.take();
      operators.push(token.operator);
      operands.push(this.expression(0));
    }
    return { kind: "relation", operators, operands, span: join(first.span, operands.at(-1)!.span) };
  }

  private piecewise(open: OpenToken): ExprNode {
    const branches: PiecewiseBranch[] = [];
    let otherwise: ExprNode | null = null;
    for (;;) {
      const first = this.expression(0);
      if (this.peek().kind === "relation") {
        const condition = this.relation(first, true);
        const colon = this.peek();
        if (colon.kind !== "colon") {
          throw new ExprSyntaxError(
            `expected ":" and a value after the condition ${at(colon.span.start)}`,
            colon.span.start,
          );
        }
        this.take();
        branches.push({ condition, value: this.expression(0) });
      } else if (this.peek().kind === "colon") {
        throw new ExprSyntaxError(
          `the condition ${at(first.span.start)} has no comparison (=, <, ≤, >, ≥)`,
          first.span.start,
        );
      } else {
        otherwise = first;
      }
      const next = this.peek();
      if (next.kind !== "comma") break;
      if (otherwise !== null) {
        throw new ExprSyntaxError(
          `the value without a condition ${at(otherwise.span.start)} must come last`,
          otherwise.span.start,
        );
      }
      this.take();
    }
    const close = this.closeBracket(open);
    if (branches.length === 0) {
      throw new ExprSyntaxError(`the "{" ${at(open.span.start)} has no condition: write {x<0: -x, x}`, open.span.start);
    }
    return { kind: "piecewise", branches, otherwise, span: join(open.span, close.span) };
  }

  private closeBracket(open: OpenToken): Token {
    const token = this.peek();
    if (token.kind === "close" && token.bracket === open.bracket) return this.take();
    if (token.kind === "end") {
      throw new ExprSyntaxError(`the "${open.text}" ${at(open.span.start)} is never closed`, open.span.start);
    }
    throw this.unexpected(token);
  }
}

/** Tuples stand alone or in a list; lists stand alone. */
function checkCollections(node: ExprNode, place: "root" | "list item" | "inside"): void {
  if (node.kind === "tuple" && place === "inside") {
    throw new ExprSyntaxError(
      `a tuple ${at(node.span.start)} can only be the whole input or an item of a list`,
      node.span.start,
    );
  }
  if (node.kind === "list" && place !== "root") {
    throw new ExprSyntaxError(`a list ${at(node.span.start)} can only be the whole input`, node.span.start);
  }
  if (node.kind === "list") return node.items.forEach((item) => checkCollections(item, "list item"));
  childrenOf(node).forEach((child) => checkCollections(child, "inside"));
}

/** Tokens (from ./tokens.ts or ./latex.ts) to a tree; throws ExprSyntaxError. */
export function parseTokens(tokens: Token[], syntax: Syntax): ExprNode {
  return new Parser(tokens, syntax).parseAll();
}

/** Parses one expression; never throws. */
export function parseExpression(input: string, options: ParseOptions = {}): ParseResult {
  try {
    if (input.length > MAX_EXPRESSION_LENGTH) {
      throw new ExprSyntaxError(`longer than ${MAX_EXPRESSION_LENGTH} characters`, MAX_EXPRESSION_LENGTH);
    }
    if (input.trim() === "") throw new ExprSyntaxError("the expression is empty", 0);
    const syntax = resolveSyntax(options);
    return { ok: true, ast: parseTokens(tokenizePlain(input, syntax), syntax) };
  } catch (error) {
    if (error instanceof ExprSyntaxError) return { ok: false, error };
    throw error;
  }
}
