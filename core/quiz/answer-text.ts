/**
 * How the grader writes numbers and expressions for people: Unicode minus (−), a centred dot for
 * every product (so `2(x+1)` shows as 2·(x + 1), which says how it was read), only the brackets
 * the tree needs, and huge numbers shortened to their ends and length.
 */
import type { ExprNode, RelationOperator } from "../expr/ast";
import { GREEK_LETTERS } from "../expr/tokens";
import type { Rational } from "../algebra/rational";

/** Whole numbers with more digits than this are shown as their first and last digits. */
export const MAX_SHOWN_DIGITS = 30;
const SHOWN_END_DIGITS = 10;

const MINUS = "\u2212";

const GREEK_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(GREEK_LETTERS).map(([symbol, name]) => [name, symbol]),
);

const RELATION_TEXT: Readonly<Record<RelationOperator, string>> = {
  "=": "=",
  "<": "<",
  "<=": "\u2264",
  ">": ">",
  ">=": "\u2265",
};

/** Digits as written, shortened past MAX_SHOWN_DIGITS: "1234567890…0987654321 (2000 digits)". */
function shortDigits(digits: string): string {
  const whole = digits.split(".")[0]!;
  if (whole.length <= MAX_SHOWN_DIGITS) return digits;
  return `${whole.slice(0, SHOWN_END_DIGITS)}…${whole.slice(-SHOWN_END_DIGITS)} (${whole.length} digits)`;
}

/** "−1234", shortened when huge. */
export function integerText(n: bigint): string {
  return n < 0n ? `${MINUS}${shortDigits((-n).toString())}` : shortDigits(n.toString());
}

/** "3", "−3/2". */
export function rationalText(x: Rational): string {
  return x.den === 1n ? integerText(x.num) : `${integerText(x.num)}/${integerText(x.den)}`;
}

/** A double with four significant digits: "2.318", "−0.0451". */
export function approximateText(x: number): string {
  const text = Number(x.toPrecision(4)).toString();
  return text.startsWith("-") ? `${MINUS}${text.slice(1)}` : text;
}

const isSum = (node: ExprNode) => node.kind === "binary" && (node.operator === "+" || node.operator === "-");
const isProductOrQuotient = (node: ExprNode) =>
  node.kind === "binary" && (node.operator === "*" || node.operator === "/");
/** Operands shown without brackets as the base of a power, before `!`, or as an exponent. */
const isAtom = (node: ExprNode) =>
  node.kind === "number" || node.kind === "variable" || node.kind === "constant" || node.kind === "call";

const bracket = (text: string) => `(${text})`;

function variableText(name: string): string {
  const underscore = name.indexOf("_");
  const base = underscore < 0 ? name : name.slice(0, underscore);
  return (GREEK_SYMBOLS[base] ?? base) + (underscore < 0 ? "" : name.slice(underscore));
}

function binaryText(node: ExprNode & { kind: "binary" }): string {
  const left = expressionText(node.left);
  const right = expressionText(node.right);
  const signed = node.right.kind === "unary";
  switch (node.operator) {
    case "+":
    case "-": {
      const wrap = isSum(node.right) || signed;
      return `${left} ${node.operator === "+" ? "+" : MINUS} ${wrap ? bracket(right) : right}`;
    }
    case "*": {
      // The parser leans products to the left, so a product on the right was bracketed by the writer.
      const wrapRight = isSum(node.right) || signed || isProductOrQuotient(node.right);
      return `${isSum(node.left) ? bracket(left) : left}·${wrapRight ? bracket(right) : right}`;
    }
    case "/": {
      const wrapRight = isSum(node.right) || signed || isProductOrQuotient(node.right);
      return `${isSum(node.left) ? bracket(left) : left}/${wrapRight ? bracket(right) : right}`;
    }
    case "^":
      return `${isAtom(node.left) ? left : bracket(left)}^${isAtom(node.right) ? right : bracket(right)}`;
  }
}

/** The tree as a person would type it, with Unicode signs: 2·(x + 1), −x^2, |x|, sqrt(x^2). */
export function expressionText(node: ExprNode): string {
  switch (node.kind) {
    case "number":
      return shortDigits(node.value);
    case "variable":
      return variableText(node.name);
    case "constant":
      return node.name === "e" ? "e" : (GREEK_SYMBOLS[node.name] ?? node.name);
    case "unary": {
      const operand = expressionText(node.operand);
      const sign = node.operator === "-" ? MINUS : "+";
      return sign + (isSum(node.operand) || node.operand.kind === "unary" ? bracket(operand) : operand);
    }
    case "factorial": {
      const operand = expressionText(node.operand);
      return `${isAtom(node.operand) ? operand : bracket(operand)}!`;
    }
    case "binary":
      return binaryText(node);
    case "call": {
      const args = node.args.map(expressionText);
      return node.name === "abs" && args.length === 1 ? `|${args[0]}|` : `${node.name}(${args.join(", ")})`;
    }
    case "logBase": {
      const base = expressionText(node.base);
      return `log_${isAtom(node.base) ? base : bracket(base)}(${expressionText(node.argument)})`;
    }
    case "relation":
      return node.operands
        .map((operand, i) => (i === 0 ? "" : ` ${RELATION_TEXT[node.operators[i - 1]!]} `) + expressionText(operand))
        .join("");
    case "piecewise": {
      const branches = node.branches.map(
        (branch) => `${expressionText(branch.condition)}: ${expressionText(branch.value)}`,
      );
      if (node.otherwise) branches.push(expressionText(node.otherwise));
      return `{${branches.join(", ")}}`;
    }
    case "tuple":
      return bracket(node.items.map(expressionText).join(", "));
    case "list":
      return `[${node.items.map(expressionText).join(", ")}]`;
  }
}
