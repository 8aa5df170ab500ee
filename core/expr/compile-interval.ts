/**
 * A syntax tree to an interval function: given a box (an interval per variable), an enclosure of
 * the expression over it with whether it is defined and continuous there (./interval.ts says what
 * each field guarantees). The plotter subdivides boxes with it to find curves, gaps and
 * asymptotes. Closures as in ./compile-real.ts, constant sub-trees folded, whole-number powers
 * specialised; each operation allocates one small result object.
 *
 * Meaning follows compileReal: a relation `L op R` is the enclosure of L − R; a piecewise is the
 * union of the branches that may be active (a condition undecided on the box makes it
 * discontinuous there); tuples, lists and chained relations are refused.
 */
import type { ExprNode, RelationNode, RelationOperator } from "./ast";
import { CONSTANT_VALUES, noSingleValue, resolveCall, variableSlots } from "./compile-support";
import type { FunctionName } from "./functions";
import * as I from "./interval";
import type { Definedness, Interval } from "./interval";

export { ExprCompileError } from "./compile-support";

type IntervalFunction = (env: readonly Interval[]) => Interval;
/** A compiled sub-tree: an Interval when it is constant (folded), else a closure. */
type Compiled = Interval | IntervalFunction;

const NO_VARIABLES: readonly Interval[] = [];

const UNARY: Partial<Record<FunctionName, (a: Interval) => Interval>> = {
  sin: I.sin,
  cos: I.cos,
  tan: I.tan,
  cot: I.cot,
  sec: I.sec,
  csc: I.csc,
  asin: I.asin,
  acos: I.acos,
  atan: I.atan,
  sinh: I.sinh,
  cosh: I.cosh,
  tanh: I.tanh,
  asinh: I.asinh,
  acosh: I.acosh,
  atanh: I.atanh,
  exp: I.exp,
  ln: (a) => I.ln(a),
  log: I.log10,
  sqrt: I.sqrt,
  cbrt: I.cbrt,
  abs: I.abs,
  floor: I.floor,
  ceil: I.ceil,
  round: I.round,
  sign: I.sign,
};

/** The bounds of both (definedness and continuity are the caller's to combine). */
const unite = (a: Interval, b: Interval): Interval =>
  a.defined === "none" ? b : b.defined === "none" ? a : I.interval(Math.min(a.lo, b.lo), Math.max(a.hi, b.hi));

const asFunction = (c: Compiled): IntervalFunction => (typeof c === "function" ? c : () => c);

const folded = (f: IntervalFunction, parts: readonly Compiled[]): Compiled =>
  parts.every((part) => typeof part !== "function") ? f(NO_VARIABLES) : f;

/** Whether `L op R` holds everywhere on the box, nowhere, or maybe. */
type Truth = "true" | "false" | "maybe";

function compare(operator: RelationOperator, l: Interval, r: Interval): Truth {
  switch (operator) {
    case "<":
      return l.hi < r.lo ? "true" : l.lo >= r.hi ? "false" : "maybe";
    case "<=":
      return l.hi <= r.lo ? "true" : l.lo > r.hi ? "false" : "maybe";
    case ">":
      return compare("<", r, l);
    case ">=":
      return compare("<=", r, l);
    case "=":
      if (l.hi < r.lo || r.hi < l.lo) return "false";
      return l.lo === l.hi && r.lo === r.hi ? "true" : "maybe";
  }
}

interface ConditionValue {
  truth: Truth;
  /** Where the sides are defined: where they are not, the piecewise is undefined. */
  defined: Definedness;
}

class IntervalCompiler {
  private readonly slot: (name: string, span: ExprNode["span"]) => number;

  constructor(variables: readonly string[]) {
    this.slot = variableSlots(variables);
  }

  compile(node: ExprNode): Compiled {
    switch (node.kind) {
      case "number": {
        const v = Number(node.value);
        return Number.isSafeInteger(v) ? I.point(v) : I.interval(I.lowerBound(v), I.upperBound(v));
      }
      case "constant": {
        const v = CONSTANT_VALUES[node.name];
        return I.interval(I.lowerBound(v), I.upperBound(v));
      }
      case "variable": {
        const i = this.slot(node.name, node.span);
        return (env) => env[i]!;
      }
      case "unary":
        return node.operator === "+" ? this.compile(node.operand) : this.unary(I.negate, this.compile(node.operand));
      case "factorial":
        return this.unary(I.factorialOf, this.compile(node.operand));
      case "binary":
        return this.binary(node.operator, this.compile(node.left), this.compile(node.right));
      case "call":
        return this.call(
          resolveCall(node),
          node.args.map((arg) => this.compile(arg)),
        );
      case "logBase":
        return this.pair(I.logBase, this.compile(node.argument), this.compile(node.base));
      case "relation":
        if (node.operands.length !== 2) throw noSingleValue(node);
        return this.pair(I.subtract, this.compile(node.operands[0]!), this.compile(node.operands[1]!));
      case "piecewise":
        return this.piecewise(node);
      case "tuple":
      case "list":
        throw noSingleValue(node);
    }
  }

  private unary(f: (a: Interval) => Interval, a: Compiled): Compiled {
    if (typeof a !== "function") return f(a);
    return (env) => f(a(env));
  }

  private pair(f: (a: Interval, b: Interval) => Interval, a: Compiled, b: Compiled): Compiled {
    if (typeof a !== "function" && typeof b !== "function") return f(a, b);
    const fa = asFunction(a);
    const fb = asFunction(b);
    return (env) => f(fa(env), fb(env));
  }

  private binary(operator: "+" | "-" | "*" | "/" | "^", a: Compiled, b: Compiled): Compiled {
    switch (operator) {
      case "+":
        return this.pair(I.add, a, b);
      case "-":
        return this.pair(I.subtract, a, b);
      case "*":
        return this.pair(I.multiply, a, b);
      case "/":
        return this.pair(I.divide, a, b);
      case "^":
        if (typeof b !== "function" && b.lo === b.hi && Number.isInteger(b.lo) && b.defined === "all") {
          const n = b.lo;
          return this.unary((base) => I.powInteger(base, n), a);
        }
        return this.pair(I.pow, a, b);
    }
  }

  private call(name: FunctionName, args: Compiled[]): Compiled {
    const unary = UNARY[name];
    if (unary !== undefined) return this.unary(unary, args[0]!);
    switch (name) {
      case "nthroot":
        return this.pair(I.nthRootOf, args[0]!, args[1]!);
      case "mod":
        return this.pair(I.mod, args[0]!, args[1]!);
      case "min":
      case "max": {
        const f = name === "min" ? I.min : I.max;
        return args.slice(1).reduce<Compiled>((acc, arg) => this.pair(f, acc, arg), args[0]!);
      }
      case "gcd":
      case "lcm": {
        const fs = args.map(asFunction);
        return folded(
          (env) =>
            I.wholeNumberFunction(
              name,
              fs.map((f) => f(env)),
            ),
          args,
        );
      }
      default:
        throw new Error(`no interval form for ${name}`);
    }
  }

  private condition(node: RelationNode): (env: readonly Interval[]) => ConditionValue {
    const operands = node.operands.map((operand) => asFunction(this.compile(operand)));
    const operators = node.operators;
    const count = operators.length;
    return (env) => {
      let left = operands[0]!(env);
      let defined = left.defined;
      let truth: Truth = "true";
      for (let i = 0; i < count; i += 1) {
        const right = operands[i + 1]!(env);
        defined = I.meet(defined, right.defined);
        if (defined === "none") return { truth: "false", defined };
        const pair = compare(operators[i]!, left, right);
        if (pair === "false") truth = "false";
        else if (pair === "maybe" && truth === "true") truth = "maybe";
        left = right;
      }
      return { truth, defined };
    };
  }

  private piecewise(node: ExprNode & { kind: "piecewise" }): Compiled {
    const conditions = node.branches.map((branch) => this.condition(branch.condition));
    const values = node.branches.map((branch) => asFunction(this.compile(branch.value)));
    const otherwise = node.otherwise === null ? null : asFunction(this.compile(node.otherwise));
    const count = conditions.length;
    return (env) => {
      // The union of the branches that may be taken somewhere on the box.
      let union: Interval = I.nowhere();
      let allDefined = true;
      let continuous = true;
      let undecided = false;
      let settled = false;
      for (let i = 0; i < count && !settled; i += 1) {
        const condition = conditions[i]!(env);
        if (condition.defined !== "all") allDefined = false;
        if (condition.defined === "none") {
          // Every point that gets this far is undefined.
          settled = true;
        } else if (condition.truth !== "false") {
          const value = values[i]!(env);
          union = unite(union, value);
          allDefined &&= value.defined === "all";
          continuous &&= value.continuous;
          if (condition.truth === "true") settled = true;
          else undecided = true;
        }
      }
      if (!settled && otherwise === null) allDefined = false;
      if (!settled && otherwise !== null) {
        const value = otherwise(env);
        union = unite(union, value);
        allDefined &&= value.defined === "all";
        continuous &&= value.continuous;
      }
      if (union.defined === "none") return union;
      return I.interval(union.lo, union.hi, allDefined ? "all" : "some", continuous && !undecided);
    };
  }
}

/** env[i] is the box's interval for variables[i]. Throws ExprCompileError for an unknown variable or function, a tuple, list or chain. */
export function compileInterval(ast: ExprNode, variables: readonly string[]): (env: readonly Interval[]) => Interval {
  const compiled = new IntervalCompiler(variables).compile(ast);
  if (typeof compiled === "function") return compiled;
  return () => ({ ...compiled });
}
