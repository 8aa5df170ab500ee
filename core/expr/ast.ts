/**
 * The syntax tree of a typed expression, shared by everything that reads maths input: the
 * expansion checker and the equation balance, the plotter and the quizzes.
 *
 * The tree records what was written, not what it means: numbers stay exact decimal strings,
 * a function call keeps its name (as written: `arcsin` stays `arcsin`) and arguments without
 * knowing the function, and implicit multiplication is marked so a printer can reproduce `2x`
 * rather than `2·x`. Meaning lives in the consumers (core/algebra turns a tree into a polynomial;
 * the compilers in this folder map calls to functions through ./functions.ts). To extend the
 * language, add a node kind here and a case to each consumer's switch: TypeScript's
 * exhaustiveness checks then point at every place that must learn it.
 */

/** Where a node was written: UTF-16 offsets into the input, `start` inclusive, `end` exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** A number as written, e.g. "12" or "0.25": digits with at most one decimal point, no sign. */
export interface NumberNode {
  kind: "number";
  value: string;
  span: Span;
}

/** A letter (`x`), a subscripted name (`x_1`), a Greek name (`theta`), or a name the parser was told about. */
export interface VariableNode {
  kind: "variable";
  name: string;
  span: Span;
}

export type ConstantName = "pi" | "e" | "tau";

/** π, e or τ = 2π, read as constants only when the parser is asked to (otherwise `e` is a letter). */
export interface ConstantNode {
  kind: "constant";
  name: ConstantName;
  span: Span;
}

/** A sign in front of an operand: `-x`, `+3`. */
export interface UnaryNode {
  kind: "unary";
  operator: "-" | "+";
  operand: ExprNode;
  span: Span;
}

/** `n!`: defined for whole numbers n ≥ 0 only. */
export interface FactorialNode {
  kind: "factorial";
  operand: ExprNode;
  span: Span;
}

export type BinaryOperator = "+" | "-" | "*" | "/" | "^";

/** Two operands joined by an operator. `×`, `·` and `*` are all "*"; `−` (U+2212) is "-". */
export interface BinaryNode {
  kind: "binary";
  operator: BinaryOperator;
  left: ExprNode;
  right: ExprNode;
  /** True for a product written by juxtaposition: `2x`, `3(x+1)`, `ab`. */
  implicit: boolean;
  span: Span;
}

/** `name(arg, …)`: parsed for any name in the parser's function list; `|x|` is `abs(x)`. */
export interface CallNode {
  kind: "call";
  name: string;
  args: ExprNode[];
  span: Span;
}

/** `log_b(x)`, `log_{10}(x)`: a logarithm with its base written (plain `log(x)` is a call, base 10). */
export interface LogBaseNode {
  kind: "logBase";
  base: ExprNode;
  argument: ExprNode;
  span: Span;
}

export type RelationOperator = "=" | "<" | "<=" | ">" | ">=";

/**
 * A comparison: `y = x^2`, `y < sin(x)`. Operands are joined pairwise by the operators, so a chain
 * `0 < x < 1` has three operands and two operators; the parser allows chains only in piecewise
 * conditions, so a whole input always has exactly two operands.
 */
export interface RelationNode {
  kind: "relation";
  operators: RelationOperator[];
  operands: ExprNode[];
  span: Span;
}

export interface PiecewiseBranch {
  condition: RelationNode;
  value: ExprNode;
}

/** `{x<0: -x, x}`: the first branch whose condition holds; else `otherwise`; else undefined. */
export interface PiecewiseNode {
  kind: "piecewise";
  branches: PiecewiseBranch[];
  otherwise: ExprNode | null;
  span: Span;
}

/** `(1, 2)`, `(cos(t), sin(t))`: a point or a parametric curve; two or more items, only as a whole input or list item. */
export interface TupleNode {
  kind: "tuple";
  items: ExprNode[];
  span: Span;
}

/** `[1, 2, 3]`: one or more items, only as a whole input. */
export interface ListNode {
  kind: "list";
  items: ExprNode[];
  span: Span;
}

export type ExprNode =
  | NumberNode
  | VariableNode
  | ConstantNode
  | UnaryNode
  | FactorialNode
  | BinaryNode
  | CallNode
  | LogBaseNode
  | RelationNode
  | PiecewiseNode
  | TupleNode
  | ListNode;

/** The direct sub-trees of a node, in reading order. */
export function childrenOf(node: ExprNode): ExprNode[] {
  switch (node.kind) {
    case "number":
    case "variable":
    case "constant":
      return [];
    case "unary":
    case "factorial":
      return [node.operand];
    case "binary":
      return [node.left, node.right];
    case "call":
      return node.args;
    case "logBase":
      return [node.base, node.argument];
    case "relation":
      return node.operands;
    case "piecewise":
      return [
        ...node.branches.flatMap((branch) => [branch.condition, branch.value]),
        ...(node.otherwise ? [node.otherwise] : []),
      ];
    case "tuple":
    case "list":
      return node.items;
  }
}

/** The names of the variables in a tree, sorted, each once. */
export function variablesOf(node: ExprNode): string[] {
  const names = new Set<string>();
  const visit = (n: ExprNode): void => {
    if (n.kind === "variable") names.add(n.name);
    else childrenOf(n).forEach(visit);
  };
  visit(node);
  return [...names].sort();
}

/**
 * Whether two trees are the same, ignoring where they were written (spans), and with
 * `ignoreImplicit` also whether products were written side by side. Function names are compared
 * as written.
 */
export function sameTree(a: ExprNode, b: ExprNode, ignoreImplicit = false): boolean {
  const same = (x: ExprNode, y: ExprNode) => sameTree(x, y, ignoreImplicit);
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "number":
      return Number(a.value) === Number((b as typeof a).value);
    case "variable":
    case "constant":
      return a.name === (b as typeof a).name;
    case "unary":
      return a.operator === (b as typeof a).operator && same(a.operand, (b as typeof a).operand);
    case "binary": {
      const other = b as typeof a;
      return (
        a.operator === other.operator && (ignoreImplicit || a.implicit === other.implicit) && sameChildren(a, b, same)
      );
    }
    case "call":
      return a.name === (b as typeof a).name && sameChildren(a, b, same);
    case "relation":
      return a.operators.join() === (b as typeof a).operators.join() && sameChildren(a, b, same);
    case "piecewise":
      return (
        a.branches.length === (b as typeof a).branches.length &&
        (a.otherwise === null) === ((b as typeof a).otherwise === null) &&
        sameChildren(a, b, same)
      );
    case "factorial":
    case "logBase":
    case "tuple":
    case "list":
      return sameChildren(a, b, same);
  }
}

function sameChildren(a: ExprNode, b: ExprNode, same: (x: ExprNode, y: ExprNode) => boolean): boolean {
  const left = childrenOf(a);
  const right = childrenOf(b);
  return left.length === right.length && left.every((child, i) => same(child, right[i]!));
}
