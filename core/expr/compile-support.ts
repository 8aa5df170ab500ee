/**
 * What the three compilers (real, interval, complex) share: the error they throw for a tree they
 * cannot evaluate, the meaning of a call's name, numbers and constants, and variable lookup.
 */
import type { CallNode, ConstantName, ExprNode, Span } from "./ast";
import { arityProblem, functionNamed, type FunctionName } from "./functions";

/** A tree that parses but cannot be evaluated: an unknown variable or function, a tuple, a chain. */
export class ExprCompileError extends Error {
  constructor(
    message: string,
    readonly span: Span,
  ) {
    super(message);
    this.name = "ExprCompileError";
  }
}

export const CONSTANT_VALUES: Readonly<Record<ConstantName, number>> = { pi: Math.PI, e: Math.E, tau: 2 * Math.PI };

/** The function a call means, with its argument count checked. */
export function resolveCall(node: CallNode): FunctionName {
  const name = functionNamed(node.name);
  if (name === undefined) throw new ExprCompileError(`unknown function "${node.name}"`, node.span);
  const problem = arityProblem(name, node.args.length);
  if (problem !== null) throw new ExprCompileError(`"${node.name}" ${problem}`, node.span);
  return name;
}

/** A lookup from a variable's name to its index in the environment, throwing for names not listed. */
export function variableSlots(variables: readonly string[]): (name: string, span: Span) => number {
  const slots = new Map<string, number>();
  variables.forEach((name, i) => {
    if (!slots.has(name)) slots.set(name, i);
  });
  return (name, span) => {
    const slot = slots.get(name);
    if (slot === undefined) {
      const known = variables.length === 0 ? "no variables" : `only ${variables.join(", ")}`;
      throw new ExprCompileError(`unknown variable "${name}" (this expression may use ${known})`, span);
    }
    return slot;
  };
}

/** Refuses what has no single value, naming what to do instead. */
export function noSingleValue(node: ExprNode & { kind: "tuple" | "list" | "relation" }): ExprCompileError {
  const what =
    node.kind === "relation"
      ? "a chain of comparisons has no single value: compile it with compileCondition"
      : `a ${node.kind} has no single value: compile each item`;
  return new ExprCompileError(what, node.span);
}
