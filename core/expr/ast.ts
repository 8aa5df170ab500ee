/**
 * The syntax tree of a typed expression, shared by everything that reads maths input: the
 * expansion checker and the equation balance now, the plotter and the quizzes later.
 *
 * The tree records what was written, not what it means: numbers stay exact decimal strings,
 * a function call keeps its name and arguments without knowing the function, and implicit
 * multiplication is marked so a printer can reproduce `2x` rather than `2·x`. Meaning lives in
 * the consumers (core/algebra turns a tree into a polynomial; an evaluator can map calls to
 * functions). To extend the language, add a node kind here and a case to each consumer's
 * switch: TypeScript's exhaustiveness checks then point at every place that must learn it.
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

/** A letter (`x`), or a multi-letter name the parser was told about (e.g. "theta"). */
export interface VariableNode {
  kind: "variable";
  name: string;
  span: Span;
}

/** A sign in front of an operand: `-x`, `+3`. */
export interface UnaryNode {
  kind: "unary";
  operator: "-" | "+";
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

/** `name(arg, …)`: parsed for any name in the parser's function list; what it means is up to the consumer. */
export interface CallNode {
  kind: "call";
  name: string;
  args: ExprNode[];
  span: Span;
}

export type ExprNode = NumberNode | VariableNode | UnaryNode | BinaryNode | CallNode;

/** The names of the variables in a tree, sorted, each once. */
export function variablesOf(node: ExprNode): string[] {
  const names = new Set<string>();
  const visit = (n: ExprNode): void => {
    switch (n.kind) {
      case "number":
        return;
      case "variable":
        names.add(n.name);
        return;
      case "unary":
        return visit(n.operand);
      case "binary":
        visit(n.left);
        return visit(n.right);
      case "call":
        return n.args.forEach(visit);
    }
  };
  visit(node);
  return [...names].sort();
}
