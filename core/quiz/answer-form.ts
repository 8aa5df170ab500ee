/**
 * Whether an answer is written in the form a question asks for, judged on the tree as written
 * (its value is checked elsewhere):
 *
 * - factored: a product (or a power) of factors with letters in them, with a sign or a number
 *   in front or below allowed: (x−1)(x+1), 2(x+1)², −x(x−3)/2. A sum is not factored (x²−1),
 *   nor a product with a quadratic factor in one letter that has rational zeros ((x²−1)·3 can be
 *   factored further); other factors are not tested for splitting further.
 * - expanded: a sum of terms with no sum inside a product or a power, and no sum divided by
 *   anything: x² + 2x + 1, x/2 − 3. Like terms need not be collected, nor numbers multiplied.
 *
 * Function arguments are not looked into: sin(x+1)·2 is a product, and 3 + sqrt(x+1) is expanded.
 */
import { childrenOf, type ExprNode } from "../expr/ast";
import { rational } from "../algebra/rational";
import { polynomialVariables, toPolynomial } from "../algebra/polynomial";
import { expressionText } from "./answer-text";
import { coefficientsIn, rationalZeros } from "./rational-zeros";

export type AnswerForm = "factored" | "expanded";

export type FormCheck = { ok: true } | { ok: false; reason: string };

/** Work a split test of one factor may take (term products, see core/algebra/polynomial.ts). */
const SPLIT_TEST_BUDGET = 2_000;

const isSum = (node: ExprNode) => node.kind === "binary" && (node.operator === "+" || node.operator === "-");

function hasLetter(node: ExprNode): boolean {
  return node.kind === "variable" || childrenOf(node).some(hasLetter);
}

const quote = (node: ExprNode) => `“${expressionText(node)}”`;

/** The factors of a product, through signs and divisions by numbers; a division by letters is one factor. */
function factorsOf(node: ExprNode): ExprNode[] {
  if (node.kind === "unary") return factorsOf(node.operand);
  if (node.kind === "binary" && node.operator === "*") return [...factorsOf(node.left), ...factorsOf(node.right)];
  if (node.kind === "binary" && node.operator === "/" && !hasLetter(node.right)) return factorsOf(node.left);
  return [node];
}

/** Whether a factor is a quadratic in one letter with rational zeros, such as x² − 1. */
function splitsFurther(factor: ExprNode): boolean {
  const polynomial = toPolynomial(factor, { budget: { remaining: SPLIT_TEST_BUDGET } });
  if (!polynomial.ok) return false;
  const letters = polynomialVariables(polynomial.polynomial);
  if (letters.length !== 1) return false;
  const coefficients = coefficientsIn(polynomial.polynomial, letters[0]!, rational(0n));
  return coefficients.length === 3 && rationalZeros(coefficients).length > 0;
}

function checkFactored(ast: ExprNode): FormCheck {
  const factors = factorsOf(ast);
  const lettered = factors.filter(hasLetter);
  if (lettered.length === 0) return { ok: false, reason: `${quote(ast)} has no factor with a letter` };
  if (factors.length === 1 && isSum(factors[0]!)) {
    return { ok: false, reason: `${quote(factors[0]!)} is a sum, not a product of factors` };
  }
  for (const factor of lettered) {
    const base = factor.kind === "binary" && factor.operator === "^" ? factor.left : factor;
    if (splitsFurther(base)) return { ok: false, reason: `the factor ${quote(base)} can be factored further` };
  }
  return { ok: true };
}

/** Why a term of a sum is not expanded, or null. */
function unexpandedTerm(term: ExprNode): string | null {
  if (term.kind === "unary") {
    return isSum(term.operand)
      ? `the sign in front of ${quote(term.operand)} still has to be multiplied in`
      : unexpandedTerm(term.operand);
  }
  if (term.kind !== "binary") return null;
  switch (term.operator) {
    case "+":
    case "-":
      return `the brackets around ${quote(term)} can still be removed`;
    case "*":
      if (isSum(term.left) || isSum(term.right)) return `${quote(term)} multiplies a sum: multiply it out`;
      return unexpandedTerm(term.left) ?? unexpandedTerm(term.right);
    case "/":
      if (isSum(term.left)) return `${quote(term)} divides a sum: divide each term`;
      return unexpandedTerm(term.left);
    case "^":
      if (isSum(term.left)) return `${quote(term)} is a power of a sum: multiply it out`;
      if (term.left.kind === "binary" && (term.left.operator === "*" || term.left.operator === "/")) {
        return `in ${quote(term)} the power still has to be applied to each factor`;
      }
      return unexpandedTerm(term.left);
  }
}

/** The terms of a sum; a sum on the right of + or − was bracketed by the writer and is one term. */
function termsOf(node: ExprNode): ExprNode[] {
  if (isSum(node) && node.kind === "binary") return [...termsOf(node.left), node.right];
  return [node];
}

function checkExpanded(ast: ExprNode): FormCheck {
  for (const term of termsOf(ast)) {
    const reason = unexpandedTerm(term);
    if (reason !== null) return { ok: false, reason };
  }
  return { ok: true };
}

/** Whether `ast` is written in `form`, and if not, why (a phrase for the learner). */
export function checkForm(ast: ExprNode, form: AnswerForm): FormCheck {
  return form === "factored" ? checkFactored(ast) : checkExpanded(ast);
}
