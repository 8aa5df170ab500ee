/**
 * Whether an expression is written fully expanded: a sum of terms, each a number times powers of
 * distinct letters, with no brackets left to multiply out and no like terms left to collect.
 * This looks at how the expression is written, not at its value: (a+b)^2 and a^2+2ab+b^2 are
 * equal, and only the second is expanded.
 */
import type { ExprNode } from "../expr/ast";

export type ExpandedCheck = { expanded: true } | { expanded: false; reason: string };

class NotExpanded extends Error {}

const isSum = (node: ExprNode) => node.kind === "binary" && (node.operator === "+" || node.operator === "-");

/** The terms of a sum written without brackets around sums. */
function termsOf(node: ExprNode, quote: (n: ExprNode) => string): ExprNode[] {
  if (node.kind === "binary" && (node.operator === "+" || node.operator === "-")) {
    // The parser leans sums to the left, so a sum on the right was bracketed by the writer.
    if (isSum(node.right)) throw new NotExpanded(`the brackets around ${quote(node.right)} can still be removed`);
    return [...termsOf(node.left, quote), ...termsOf(node.right, quote)];
  }
  if (node.kind === "unary" && isSum(node.operand)) {
    throw new NotExpanded(`the sign in front of ${quote(node.operand)} still has to be multiplied in`);
  }
  return [node];
}

interface Factors {
  numbers: number;
  /** Letter → its exponent in the term (x·x^2 counts 3). */
  letters: Map<string, number>;
}

function collectFactors(node: ExprNode, term: ExprNode, factors: Factors, quote: (n: ExprNode) => string): void {
  switch (node.kind) {
    case "number":
      factors.numbers += 1;
      return;
    case "variable":
      factors.letters.set(node.name, (factors.letters.get(node.name) ?? 0) + 1);
      return;
    case "call":
      throw new NotExpanded(`${quote(node)} is a function, not a polynomial`);
    case "unary":
      if (isSum(node.operand)) throw new NotExpanded(`${quote(term)} still has a bracket to multiply out`);
      return collectFactors(node.operand, term, factors, quote);
    case "binary":
      switch (node.operator) {
        case "+":
        case "-":
          throw new NotExpanded(`${quote(term)} multiplies a sum: multiply it out`);
        case "*":
          collectFactors(node.left, term, factors, quote);
          return collectFactors(node.right, term, factors, quote);
        case "/":
          if (node.right.kind !== "number") throw new NotExpanded(`${quote(node)} divides by more than a number`);
          if (isSum(node.left))
            throw new NotExpanded(`in ${quote(node)} each term of the sum can be divided separately`);
          factors.numbers += 1;
          return collectFactors(node.left, term, factors, quote);
        case "^": {
          const { left: base, right: exponent } = node;
          if (isSum(base)) throw new NotExpanded(`${quote(node)} is a power of a sum: multiply it out`);
          if (base.kind === "binary" && (base.operator === "*" || base.operator === "/")) {
            throw new NotExpanded(`in ${quote(node)} the power still has to be applied to each factor`);
          }
          if (exponent.kind !== "number" || !/^\d+$/.test(exponent.value)) {
            throw new NotExpanded(`the exponent in ${quote(node)} is not a plain whole number`);
          }
          if (base.kind === "number") throw new NotExpanded(`${quote(node)} is a number that can be worked out`);
          if (base.kind !== "variable") throw new NotExpanded(`${quote(node)} can be simplified`);
          const n = Number(exponent.value);
          if (n === 0) throw new NotExpanded(`${quote(node)} equals 1`);
          factors.letters.set(base.name, (factors.letters.get(base.name) ?? 0) + n);
          return;
        }
      }
  }
}

/** `quote` shows a part of the input to the reader, e.g. by slicing the source at the node's span. */
export function isExpanded(ast: ExprNode, quote: (node: ExprNode) => string): ExpandedCheck {
  try {
    const seen = new Map<string, ExprNode>();
    for (const term of termsOf(ast, quote)) {
      const factors: Factors = { numbers: 0, letters: new Map() };
      collectFactors(term, term, factors, quote);
      if (factors.numbers > 1) throw new NotExpanded(`the numbers in ${quote(term)} can be multiplied together`);
      for (const [name] of factors.letters) {
        if (countFactors(term, name) > 1) {
          throw new NotExpanded(`${name} appears more than once in ${quote(term)}: write it as one power`);
        }
      }
      const key = [...factors.letters]
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
        .map(([n, e]) => `${n}^${e}`)
        .join("*");
      const earlier = seen.get(key);
      if (earlier) throw new NotExpanded(`${quote(earlier)} and ${quote(term)} are like terms: collect them`);
      seen.set(key, term);
    }
    return { expanded: true };
  } catch (error) {
    if (error instanceof NotExpanded) return { expanded: false, reason: error.message };
    throw error;
  }
}

/** How many separate factors of a term are the letter `name` or a power of it. */
function countFactors(node: ExprNode, name: string): number {
  switch (node.kind) {
    case "variable":
      return node.name === name ? 1 : 0;
    case "unary":
      return countFactors(node.operand, name);
    case "binary":
      if (node.operator === "^") return node.left.kind === "variable" && node.left.name === name ? 1 : 0;
      return countFactors(node.left, name) + countFactors(node.right, name);
    default:
      return 0;
  }
}
