/**
 * What a typed plot entry asks to draw, read from its syntax tree the way a
 * person means it: `y = x^2` and a bare `x^2` are graphs of x; `x = y^2` is a
 * graph of y; `r = 1 + cos(θ)` is polar; `(cos(t), sin(t))` is parametric;
 * `(1, 2)` and `[(0,0), (1,1)]` are points; `a = 3` defines a slider value;
 * anything else with an `=` in x and y is an implicit curve, and `<`, `≤`,
 * `>`, `≥` shade a region. The names left over are the entry's parameters,
 * which the plotter turns into sliders.
 */
import { variablesOf, type ExprNode, type RelationOperator } from "../expr/ast";

/** The variables a plot reads from the picture rather than from a slider. */
export const PARAMETRIC_VARIABLE = "t";
export const POLAR_RADIUS = "r";
export const POLAR_ANGLES = ["theta", "θ"] as const;

export type Relation = RelationOperator;

export type ClassifiedEntry =
  /** `axis` = "y": y (relation) body(x); axis = "x": x (relation) body(y). */
  | { kind: "explicit"; axis: "x" | "y"; body: ExprNode; relation: Relation; parameters: string[] }
  /** r (relation) body(θ). */
  | { kind: "polar"; angle: string; body: ExprNode; relation: Relation; parameters: string[] }
  | { kind: "parametric"; x: ExprNode; y: ExprNode; parameters: string[] }
  /** body(x, y) (relation) 0. */
  | { kind: "implicit"; body: ExprNode; relation: Relation; parameters: string[] }
  | { kind: "points"; points: [ExprNode, ExprNode][]; parameters: string[] }
  | { kind: "definition"; name: string; value: ExprNode; parameters: string[] }
  | { kind: "unsupported"; message: string };

/** Turns `L op R` around so the variable being solved for is on the left: `x^2 > y` is `y < x^2`. */
const FLIPPED: Record<Relation, Relation> = { "=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<=" };

const isVariable = (node: ExprNode, name: string) => node.kind === "variable" && node.name === name;
const uses = (node: ExprNode, name: string) => variablesOf(node).includes(name);
const without = (names: readonly string[], taken: readonly string[]) => names.filter((n) => !taken.includes(n));

function difference(left: ExprNode, right: ExprNode): ExprNode {
  const span = { start: left.span.start, end: right.span.end };
  return { kind: "binary", operator: "-", left, right, implicit: false, span };
}

function polarAngleOf(node: ExprNode): string | null {
  return POLAR_ANGLES.find((angle) => uses(node, angle)) ?? null;
}

/** A bare expression: a graph of x, or of θ is refused (it needs `r =`), or a pair of x and y needs a relation. */
function classifyExpression(node: ExprNode): ClassifiedEntry {
  const names = variablesOf(node);
  if (names.includes("y")) {
    return { kind: "unsupported", message: 'an expression in x and y needs a relation, e.g. "… = 0" or "y = …"' };
  }
  return { kind: "explicit", axis: "y", body: node, relation: "=", parameters: without(names, ["x"]) };
}

function classifyTuple(items: ExprNode[]): ClassifiedEntry {
  if (items.length !== 2) return { kind: "unsupported", message: `a point has two coordinates, not ${items.length}` };
  const [x, y] = items as [ExprNode, ExprNode];
  const names = [...new Set([...variablesOf(x), ...variablesOf(y)])].sort();
  if (names.includes(PARAMETRIC_VARIABLE)) {
    return { kind: "parametric", x, y, parameters: without(names, [PARAMETRIC_VARIABLE]) };
  }
  if (names.includes("x") || names.includes("y")) {
    return { kind: "unsupported", message: "a point's coordinates cannot use x or y; a curve (x(t), y(t)) uses t" };
  }
  return { kind: "points", points: [[x, y]], parameters: names };
}

function classifyList(items: ExprNode[]): ClassifiedEntry {
  const points: [ExprNode, ExprNode][] = [];
  const names = new Set<string>();
  for (const item of items) {
    if (item.kind !== "tuple" || item.items.length !== 2) {
      return { kind: "unsupported", message: "a list of points is written [(x1, y1), (x2, y2), …]" };
    }
    points.push([item.items[0]!, item.items[1]!]);
    for (const name of variablesOf(item)) names.add(name);
  }
  if (names.has("x") || names.has("y") || names.has(PARAMETRIC_VARIABLE)) {
    return { kind: "unsupported", message: "a point's coordinates cannot use x, y or t" };
  }
  return { kind: "points", points, parameters: [...names].sort() };
}

/** `L op R` with one side a lone variable solved for, tried on the left first, then on the right. */
function solvedFor(left: ExprNode, right: ExprNode, operator: Relation, name: string) {
  if (isVariable(left, name) && !uses(right, name)) return { body: right, relation: operator };
  if (isVariable(right, name) && !uses(left, name)) return { body: left, relation: FLIPPED[operator] };
  return null;
}

function classifyRelation(operators: Relation[], operands: ExprNode[]): ClassifiedEntry {
  if (operators.length !== 1 || operands.length !== 2) {
    return { kind: "unsupported", message: "a chain of comparisons belongs in a piecewise condition, e.g. {0<x<1: 1}" };
  }
  const operator = operators[0]!;
  const [left, right] = operands as [ExprNode, ExprNode];
  const names = [...new Set([...variablesOf(left), ...variablesOf(right)])].sort();

  const y = solvedFor(left, right, operator, "y");
  if (y) return { kind: "explicit", axis: "y", ...y, parameters: without(variablesOf(y.body), ["x"]) };
  const x = solvedFor(left, right, operator, "x");
  if (x) return { kind: "explicit", axis: "x", ...x, parameters: without(variablesOf(x.body), ["y"]) };
  const r = solvedFor(left, right, operator, POLAR_RADIUS);
  if (r) {
    const angle = polarAngleOf(r.body) ?? POLAR_ANGLES[0];
    return { kind: "polar", angle, ...r, parameters: without(variablesOf(r.body), [angle]) };
  }
  // `a = 3`: a name outside the plane, given a value that uses neither the plane nor itself.
  if (operator === "=" && left.kind === "variable") {
    const valueNames = variablesOf(right);
    if (!valueNames.some((name) => name === "x" || name === "y" || name === left.name)) {
      return { kind: "definition", name: left.name, value: right, parameters: valueNames };
    }
  }
  return {
    kind: "implicit",
    body: difference(left, right),
    relation: operator,
    parameters: without(names, ["x", "y"]),
  };
}

export function classifyEntry(node: ExprNode): ClassifiedEntry {
  switch (node.kind) {
    case "relation":
      return classifyRelation(node.operators, node.operands);
    case "tuple":
      return classifyTuple(node.items);
    case "list":
      return classifyList(node.items);
    default:
      return classifyExpression(node);
  }
}
