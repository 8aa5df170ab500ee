/**
 * Grading of expression answers: the given expression must be the same function of the key's
 * variables as the expected one (./equivalence.ts), use no other letters, and, when the key asks
 * for a form, be written in it (./answer-form.ts). `y = 2x + 1` is read as its right-hand side
 * when y is not one of the variables.
 */
import { variablesOf, type ExprNode } from "../expr/ast";
import { checkForm } from "./answer-form";
import { expressionText } from "./answer-text";
import { compareExpressions } from "./equivalence";
import type { AnswerKey, Verdict } from "./question";
import { readExpressionAnswer } from "./read-answer";
import { correct, faultyKey, incorrect, unreadable } from "./verdicts";

const list = (names: readonly string[]) => names.join(", ");

/** Why a tree cannot be compared as one expression, or null. */
function notAnExpression(ast: ExprNode): string | null {
  if (ast.kind === "relation") return "The answer should be an expression, not an equation or inequality.";
  if (ast.kind === "tuple" || ast.kind === "list") return "The answer should be a single expression.";
  return null;
}

export function gradeExpression(key: AnswerKey & { kind: "expression" }, given: string): Verdict {
  const { variables } = key;
  const expected = readExpressionAnswer(key.expected, variables);
  if (!expected.ok) return faultyKey(`the expected "${key.expected}" cannot be read: ${expected.message}`);
  const expectedProblem = notAnExpression(expected.ast);
  if (expectedProblem !== null) return faultyKey(`the expected "${key.expected}" is not one expression`);
  const strayInKey = variablesOf(expected.ast).filter((name) => !variables.includes(name));
  if (strayInKey.length > 0) return faultyKey(`the expected answer uses ${list(strayInKey)}, not among the variables`);

  const read = readExpressionAnswer(given, variables);
  if (!read.ok) return unreadable(read.message);
  const steps: string[] = [];
  let ast = read.ast;
  const [left, right] = ast.kind === "relation" ? ast.operands : [];
  if (
    ast.kind === "relation" &&
    ast.operators.join() === "=" &&
    left?.kind === "variable" &&
    !variables.includes(left.name) &&
    right !== undefined
  ) {
    steps.push(`Took the right-hand side of "${left.name} =".`);
    ast = right;
  }
  const problem = notAnExpression(ast);
  if (problem !== null) return incorrect(problem, [`Read the answer as ${expressionText(ast)}.`]);
  steps.push(`Read the answer as ${expressionText(ast)}.`);
  const stray = variablesOf(ast).filter((name) => !variables.includes(name));
  if (stray.length > 0) {
    const allowed = variables.length === 0 ? "no letters may appear in it" : `only ${list(variables)} may appear in it`;
    return incorrect(`The answer uses ${list(stray)}, but ${allowed}.`, [...steps, `Unknown letters: ${list(stray)}.`]);
  }

  const comparison = compareExpressions(expected.ast, ast, variables);
  steps.push(...comparison.steps);
  if (!comparison.equal) return incorrect(comparison.feedback, steps);
  if (key.form === undefined) return correct("Correct.", steps);
  const form = checkForm(ast, key.form);
  if (!form.ok) {
    return incorrect(`Equal, but not in ${key.form} form: ${form.reason}.`, [...steps, `Form: ${form.reason}.`]);
  }
  return correct("Correct.", [...steps, `Written in ${key.form} form.`]);
}
