/**
 * Symbolic differentiation: the derivative of a tree with respect to one variable, as a tree,
 * simplified (./simplify.ts), for showing f′ beside f and plotting it. Sum, product, quotient,
 * power and chain rules, and the derivative of every function of ./functions.ts: the steps
 * floor, ceil, round, sign and mod have derivative 0 (and mod's a′ − b′⌊a/b⌋) where they are
 * continuous; abs′ is sign; min and max become a piecewise choice of the derivative of the
 * argument that is least or greatest. A piecewise is differentiated branch by branch, a tuple
 * item by item (the velocity of a parametric curve).
 *
 * Refused with ExprCompileError: relations (differentiate each side instead), and factorial, gcd
 * and lcm of something that depends on the variable (they are defined at whole numbers only).
 */
import { childrenOf, type ExprNode, type RelationNode, type Span } from "./ast";
import { ExprCompileError } from "./compile-support";
import { functionNamed } from "./functions";
import { simplify } from "./simplify";

/** Whether the value depends on the variable; a piecewise's conditions only choose a branch, so they do not count. */
const dependsOn = (node: ExprNode, variable: string): boolean => {
  switch (node.kind) {
    case "variable":
      return node.name === variable;
    case "piecewise":
      return [...node.branches.map((branch) => branch.value), ...(node.otherwise ? [node.otherwise] : [])].some(
        (value) => dependsOn(value, variable),
      );
    default:
      return childrenOf(node).some((child) => dependsOn(child, variable));
  }
};

/** Builders for the raw derivative; simplify tidies what they make. */
class Builder {
  constructor(private readonly span: Span) {}
  number = (value: number): ExprNode => ({ kind: "number", value: String(value), span: this.span });
  private binary = (operator: "+" | "-" | "*" | "/" | "^", left: ExprNode, right: ExprNode): ExprNode => ({
    kind: "binary",
    operator,
    left,
    right,
    implicit: false,
    span: this.span,
  });
  add = (a: ExprNode, b: ExprNode) => this.binary("+", a, b);
  subtract = (a: ExprNode, b: ExprNode) => this.binary("-", a, b);
  multiply = (a: ExprNode, b: ExprNode) => this.binary("*", a, b);
  divide = (a: ExprNode, b: ExprNode) => this.binary("/", a, b);
  power = (a: ExprNode, b: ExprNode) => this.binary("^", a, b);
  negate = (a: ExprNode): ExprNode => ({ kind: "unary", operator: "-", operand: a, span: this.span });
  call = (name: string, ...args: ExprNode[]): ExprNode => ({ kind: "call", name, args, span: this.span });
  square = (a: ExprNode) => this.power(a, this.number(2));
  relation = (operator: ">=" | "<=", a: ExprNode, b: ExprNode): RelationNode => ({
    kind: "relation",
    operators: [operator],
    operands: [a, b],
    span: this.span,
  });
}

function refuse(what: string, node: ExprNode): never {
  throw new ExprCompileError(what, node.span);
}

/** The raw (unsimplified) derivative. */
function differentiate(node: ExprNode, variable: string): ExprNode {
  const b = new Builder(node.span);
  if (node.kind !== "relation" && node.kind !== "tuple" && node.kind !== "list" && !dependsOn(node, variable)) {
    return b.number(0);
  }
  const d = (n: ExprNode) => differentiate(n, variable);
  switch (node.kind) {
    case "number":
    case "constant":
      return b.number(0);
    case "variable":
      return b.number(node.name === variable ? 1 : 0);
    case "unary":
      return node.operator === "-" ? b.negate(d(node.operand)) : d(node.operand);
    case "factorial":
      return refuse(`n! is defined at whole numbers only, so it has no derivative`, node);
    case "binary":
      return differentiateBinary(node, variable, b);
    case "call":
      return differentiateCall(node, variable, b);
    case "logBase": {
      const { base, argument } = node;
      if (!dependsOn(base, variable)) return b.divide(d(argument), b.multiply(argument, b.call("ln", base)));
      return d(b.divide(b.call("ln", argument), b.call("ln", base)));
    }
    case "relation":
      return refuse("a relation has no derivative: differentiate each side", node);
    case "piecewise":
      return {
        ...node,
        branches: node.branches.map((branch) => ({ condition: branch.condition, value: d(branch.value) })),
        otherwise: node.otherwise === null ? null : d(node.otherwise),
      };
    case "tuple":
    case "list":
      return { ...node, items: node.items.map(d) };
  }
}

/** Sum, difference, product, quotient and power rules. */
function differentiateBinary(node: ExprNode & { kind: "binary" }, variable: string, b: Builder): ExprNode {
  const d = (n: ExprNode) => differentiate(n, variable);
  const { left: u, right: v } = node;
  switch (node.operator) {
    case "+":
      return b.add(d(u), d(v));
    case "-":
      return b.subtract(d(u), d(v));
    case "*":
      return b.add(b.multiply(d(u), v), b.multiply(u, d(v)));
    case "/":
      return b.divide(b.subtract(b.multiply(d(u), v), b.multiply(u, d(v))), b.square(v));
    case "^":
      if (!dependsOn(v, variable)) return b.multiply(b.multiply(v, b.power(u, b.subtract(v, b.number(1)))), d(u));
      if (!dependsOn(u, variable)) return b.multiply(b.multiply(node, b.call("ln", u)), d(v));
      // (u^v)′ = u^v (v′ ln u + v u′/u)
      return b.multiply(node, b.add(b.multiply(d(v), b.call("ln", u)), b.divide(b.multiply(v, d(u)), u)));
  }
}

/** f(u)′ = f′(u)·u′ for the one-argument functions; the others by their own rules. */
function differentiateCall(node: ExprNode & { kind: "call" }, variable: string, b: Builder): ExprNode {
  const d = (n: ExprNode) => differentiate(n, variable);
  const name = functionNamed(node.name);
  if (name === undefined) return refuse(`unknown function "${node.name}"`, node);
  const [u, w] = node.args as [ExprNode, ExprNode | undefined];
  const chain = (outer: ExprNode) => b.multiply(outer, d(u));
  const one = b.number(1);
  switch (name) {
    case "sin":
      return chain(b.call("cos", u));
    case "cos":
      return chain(b.negate(b.call("sin", u)));
    case "tan":
      return chain(b.divide(one, b.square(b.call("cos", u))));
    case "cot":
      return chain(b.negate(b.divide(one, b.square(b.call("sin", u)))));
    case "sec":
      return chain(b.multiply(b.call("sec", u), b.call("tan", u)));
    case "csc":
      return chain(b.negate(b.multiply(b.call("csc", u), b.call("cot", u))));
    case "asin":
      return chain(b.divide(one, b.call("sqrt", b.subtract(one, b.square(u)))));
    case "acos":
      return chain(b.negate(b.divide(one, b.call("sqrt", b.subtract(one, b.square(u))))));
    case "atan":
      return chain(b.divide(one, b.add(one, b.square(u))));
    case "sinh":
      return chain(b.call("cosh", u));
    case "cosh":
      return chain(b.call("sinh", u));
    case "tanh":
      return chain(b.divide(one, b.square(b.call("cosh", u))));
    case "asinh":
      return chain(b.divide(one, b.call("sqrt", b.add(b.square(u), one))));
    case "acosh":
      return chain(b.divide(one, b.call("sqrt", b.subtract(b.square(u), one))));
    case "atanh":
      return chain(b.divide(one, b.subtract(one, b.square(u))));
    case "exp":
      return chain(b.call("exp", u));
    case "ln":
      return chain(b.divide(one, u));
    case "log":
      return chain(b.divide(one, b.multiply(u, b.call("ln", b.number(10)))));
    case "sqrt":
      return chain(b.divide(one, b.multiply(b.number(2), b.call("sqrt", u))));
    case "cbrt":
      return chain(b.divide(one, b.multiply(b.number(3), b.square(b.call("cbrt", u)))));
    case "nthroot": {
      const degree = w!;
      // nthroot(u, n)′ = nthroot(u, n)/(n·u)·u′ (odd roots of negatives too); a varying n through u^(1/n).
      if (dependsOn(degree, variable)) return d(b.power(u, b.divide(one, degree)));
      return chain(b.divide(node, b.multiply(degree, u)));
    }
    case "abs":
      return chain(b.call("sign", u));
    case "floor":
    case "ceil":
    case "round":
    case "sign":
      return b.number(0);
    case "mod":
      // mod(a, b) = a − b⌊a/b⌋, and ⌊a/b⌋ is constant between its jumps.
      return b.subtract(d(u), b.multiply(d(w!), b.call("floor", b.divide(u, w!))));
    case "min":
    case "max":
      return extremum(node.args, name === "max" ? ">=" : "<=", variable, b);
    case "gcd":
    case "lcm":
      return refuse(`${node.name} is defined at whole numbers only, so it has no derivative`, node);
  }
}

/** max(a, b, …)′ as {a ≥ max(b, …): a′, (max(b, …))′}, and likewise for min with ≤. */
function extremum(args: readonly ExprNode[], operator: ">=" | "<=", variable: string, b: Builder): ExprNode {
  const [first, ...rest] = args as [ExprNode, ...ExprNode[]];
  if (rest.length === 0) return differentiate(first, variable);
  const others = rest.length === 1 ? rest[0]! : b.call(operator === ">=" ? "max" : "min", ...rest);
  return {
    kind: "piecewise",
    branches: [{ condition: b.relation(operator, first, others), value: differentiate(first, variable) }],
    otherwise: extremum(rest, operator, variable, b),
    span: first.span,
  };
}

/** d/d`variable` of the tree, simplified. Throws ExprCompileError for what has no derivative (see above). */
export function derivative(ast: ExprNode, variable: string): ExprNode {
  return simplify(differentiate(ast, variable));
}
