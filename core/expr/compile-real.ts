/**
 * A syntax tree to a fast real function, for the plotter's millions of evaluations a second and
 * for checking quiz answers. The tree becomes nested closures (no eval or new Function: the CSP
 * forbids them), built once: constant sub-trees are folded at compile time, `x^2`, `x^3`, `x^4`,
 * `x^-1`, `x^-2`, `e^x` and log bases 2 and 10 get their own closures, and evaluating allocates
 * nothing.
 *
 * Meaning: undefined results are NaN (ln(−1), sqrt(−1), 0/0, asin(2)); 1/0 and 0^-1 are
 * ±Infinity, as in Math. `x^y` for x < 0 is defined only for whole y (Math.pow), so
 * `x^(1/3)` is NaN for x < 0: cbrt and nthroot give real odd roots. Factorial, gcd and lcm take
 * whole numbers only (NaN otherwise); mod(a, b) has the sign of b; round goes half away from 0.
 * A relation `L op R` evaluates to L − R (the function whose zero set is the curve `L = R`, and
 * whose sign says where `L < R` holds); a piecewise takes the first branch whose condition holds,
 * is NaN if a condition it reads is undefined, and NaN where no branch applies and there is no
 * otherwise. Tuples, lists and chained relations have no single value and are refused.
 */
import type { ExprNode, RelationNode, RelationOperator } from "./ast";
import { CONSTANT_VALUES, noSingleValue, resolveCall, variableSlots } from "./compile-support";
import type { FunctionName } from "./functions";
import { factorial, gcd, lcm, mathMod, nthRoot, roundHalfAway } from "./real-math";

export { ExprCompileError } from "./compile-support";

export type RealFunction = (env: ArrayLike<number>) => number;

/** A compiled sub-tree: a number when it is constant (folded), else a closure. */
type Compiled = number | RealFunction;

const NO_VARIABLES: readonly number[] = [];

const UNARY: Partial<Record<FunctionName, (x: number) => number>> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  cot: (x) => Math.cos(x) / Math.sin(x),
  sec: (x) => 1 / Math.cos(x),
  csc: (x) => 1 / Math.sin(x),
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  asinh: Math.asinh,
  acosh: Math.acosh,
  atanh: Math.atanh,
  exp: Math.exp,
  ln: Math.log,
  log: Math.log10,
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  abs: Math.abs,
  floor: Math.floor,
  ceil: Math.ceil,
  round: roundHalfAway,
  sign: Math.sign,
};

const BINARY: Partial<Record<FunctionName, (x: number, y: number) => number>> = {
  nthroot: nthRoot,
  mod: mathMod,
  gcd,
  lcm,
  min: (x, y) => Math.min(x, y),
  max: (x, y) => Math.max(x, y),
};

/** 1 if `left op right` holds, 0 if not, NaN if either side is undefined. */
function compare(operator: RelationOperator, left: number, right: number): number {
  if (left !== left || right !== right) return NaN;
  switch (operator) {
    case "=":
      return left === right ? 1 : 0;
    case "<":
      return left < right ? 1 : 0;
    case "<=":
      return left <= right ? 1 : 0;
    case ">":
      return left > right ? 1 : 0;
    case ">=":
      return left >= right ? 1 : 0;
  }
}

const asFunction = (c: Compiled): RealFunction => (typeof c === "number" ? () => c : c);

/** Folds `f` to its value when every part is constant. */
const folded = (f: RealFunction, parts: readonly Compiled[]): Compiled =>
  parts.every((part) => typeof part === "number") ? f(NO_VARIABLES) : f;

class RealCompiler {
  private readonly slot: (name: string, span: ExprNode["span"]) => number;

  constructor(variables: readonly string[]) {
    this.slot = variableSlots(variables);
  }

  compile(node: ExprNode): Compiled {
    switch (node.kind) {
      case "number":
        return Number(node.value);
      case "constant":
        return CONSTANT_VALUES[node.name];
      case "variable": {
        const i = this.slot(node.name, node.span);
        return (env) => env[i]!;
      }
      case "unary": {
        const operand = this.compile(node.operand);
        if (node.operator === "+") return operand;
        if (typeof operand === "number") return -operand;
        return (env) => -operand(env);
      }
      case "factorial": {
        const operand = this.compile(node.operand);
        if (typeof operand === "number") return factorial(operand);
        return (env) => factorial(operand(env));
      }
      case "binary":
        return this.binary(node.operator, this.compile(node.left), this.compile(node.right));
      case "call":
        return this.call(
          resolveCall(node),
          node.args.map((arg) => this.compile(arg)),
        );
      case "logBase":
        return this.logBase(this.compile(node.base), this.compile(node.argument));
      case "relation":
        if (node.operands.length !== 2) throw noSingleValue(node);
        return this.binary("-", this.compile(node.operands[0]!), this.compile(node.operands[1]!));
      case "piecewise":
        return this.piecewise(node);
      case "tuple":
      case "list":
        throw noSingleValue(node);
    }
  }

  private binary(operator: "+" | "-" | "*" | "/" | "^", a: Compiled, b: Compiled): Compiled {
    switch (operator) {
      case "+":
        if (typeof a === "number" && typeof b === "number") return a + b;
        if (typeof a === "number") return (env) => a + (b as RealFunction)(env);
        if (typeof b === "number") return (env) => a(env) + b;
        return (env) => a(env) + b(env);
      case "-":
        if (typeof a === "number" && typeof b === "number") return a - b;
        if (typeof a === "number") return (env) => a - (b as RealFunction)(env);
        if (typeof b === "number") return (env) => a(env) - b;
        return (env) => a(env) - b(env);
      case "*":
        if (typeof a === "number" && typeof b === "number") return a * b;
        if (typeof a === "number") return (env) => a * (b as RealFunction)(env);
        if (typeof b === "number") return (env) => a(env) * b;
        return (env) => a(env) * b(env);
      case "/":
        if (typeof a === "number" && typeof b === "number") return a / b;
        if (typeof a === "number") return (env) => a / (b as RealFunction)(env);
        if (typeof b === "number") return (env) => a(env) / b;
        return (env) => a(env) / b(env);
      case "^":
        return this.power(a, b);
    }
  }

  private power(base: Compiled, exponent: Compiled): Compiled {
    if (typeof base === "number" && typeof exponent === "number") return Math.pow(base, exponent);
    if (typeof exponent === "number") {
      const f = base as RealFunction;
      switch (exponent) {
        case 1:
          return f;
        case 2:
          return (env) => {
            const v = f(env);
            return v * v;
          };
        case 3:
          return (env) => {
            const v = f(env);
            return v * v * v;
          };
        case 4:
          return (env) => {
            const v = f(env);
            const square = v * v;
            return square * square;
          };
        case -1:
          return (env) => 1 / f(env);
        case -2:
          return (env) => {
            const v = f(env);
            return 1 / (v * v);
          };
        default:
          return (env) => Math.pow(f(env), exponent);
      }
    }
    if (base === Math.E) return (env) => Math.exp(exponent(env));
    if (typeof base === "number") return (env) => Math.pow(base, exponent(env));
    return (env) => Math.pow(base(env), exponent(env));
  }

  private call(name: FunctionName, args: Compiled[]): Compiled {
    const unary = UNARY[name];
    if (unary !== undefined) {
      const arg = args[0]!;
      if (typeof arg === "number") return unary(arg);
      // The commonest get a closure naming Math's function, which the JIT can inline.
      switch (name) {
        case "sin":
          return (env) => Math.sin(arg(env));
        case "cos":
          return (env) => Math.cos(arg(env));
        case "exp":
          return (env) => Math.exp(arg(env));
        case "sqrt":
          return (env) => Math.sqrt(arg(env));
        case "abs":
          return (env) => Math.abs(arg(env));
        case "ln":
          return (env) => Math.log(arg(env));
        default:
          return (env) => unary(arg(env));
      }
    }
    const binary = BINARY[name]!;
    if (args.length === 1) {
      // min(x) = max(x) = x; gcd(x) = lcm(x) = gcd(x, 0) = |x| for whole x.
      const only = args[0]!;
      if (name === "min" || name === "max") return only;
      const f = asFunction(only);
      return folded((env) => gcd(f(env), 0), [only]);
    }
    if (args.length === 2) {
      const [a, b] = args as [Compiled, Compiled];
      if (typeof a === "number" && typeof b === "number") return binary(a, b);
      const f = asFunction(a);
      const g = asFunction(b);
      return (env) => binary(f(env), g(env));
    }
    // Three or more: folded pairwise from the left (NaN propagates through every function here).
    const fs = args.map(asFunction);
    const count = fs.length;
    return folded((env) => {
      let result = fs[0]!(env);
      for (let i = 1; i < count; i += 1) result = binary(result, fs[i]!(env));
      return result;
    }, args);
  }

  private logBase(base: Compiled, argument: Compiled): Compiled {
    if (typeof base === "number" && typeof argument === "number") return Math.log(argument) / Math.log(base);
    if (typeof base === "number") {
      const f = argument as RealFunction;
      if (base === 2) return (env) => Math.log2(f(env));
      if (base === 10) return (env) => Math.log10(f(env));
      const scale = 1 / Math.log(base);
      return (env) => Math.log(f(env)) * scale;
    }
    const b = base;
    const f = asFunction(argument);
    return (env) => Math.log(f(env)) / Math.log(b(env));
  }

  /** 1, 0 or NaN (a side undefined), for a relation or chain. */
  condition(node: RelationNode): Compiled {
    const parts = node.operands.map((operand) => this.compile(operand));
    const operands = parts.map(asFunction);
    const operators = node.operators;
    const count = operators.length;
    return folded((env) => {
      let left = operands[0]!(env);
      let holds = 1;
      for (let i = 0; i < count; i += 1) {
        const right = operands[i + 1]!(env);
        const pair = compare(operators[i]!, left, right);
        if (pair !== 1) {
          if (pair !== pair) return NaN;
          holds = 0;
        }
        left = right;
      }
      return holds;
    }, parts);
  }

  private piecewise(node: ExprNode & { kind: "piecewise" }): Compiled {
    const conditions = node.branches.map((branch) => this.condition(branch.condition));
    const values = node.branches.map((branch) => this.compile(branch.value));
    const otherwise = node.otherwise === null ? NaN : this.compile(node.otherwise);
    const conditionFs = conditions.map(asFunction);
    const valueFs = values.map(asFunction);
    const otherwiseF = asFunction(otherwise);
    const count = conditionFs.length;
    return folded(
      (env) => {
        for (let i = 0; i < count; i += 1) {
          const holds = conditionFs[i]!(env);
          if (holds === 1) return valueFs[i]!(env);
          if (holds !== 0) return NaN;
        }
        return otherwiseF(env);
      },
      [...conditions, ...values, otherwise],
    );
  }
}

/** env[i] is the value of variables[i]. Throws ExprCompileError for an unknown variable or function, a tuple, list or chain. */
export function compileReal(ast: ExprNode, variables: readonly string[]): (env: ArrayLike<number>) => number {
  return asFunction(new RealCompiler(variables).compile(ast));
}

/**
 * Whether a relation holds (chains too: `0 < x < 1`), for piecewise conditions and region
 * shading; false where a side is undefined. `=` is exact equality, so it is for discrete checks,
 * not for drawing curves (use compileReal's L − R for those).
 */
export function compileCondition(ast: RelationNode, variables: readonly string[]): (env: ArrayLike<number>) => boolean {
  const condition = asFunction(new RealCompiler(variables).condition(ast));
  return (env) => condition(env) === 1;
}
