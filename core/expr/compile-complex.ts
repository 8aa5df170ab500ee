/**
 * A syntax tree to a complex function for domain colouring: z ↦ f(z), evaluated per pixel. Each
 * node of the tree owns two registers of one Float64Array (./complex.ts) and an instruction (a
 * closure) that writes its value there; the tree becomes a flat list of instructions run in
 * order, so an evaluation allocates nothing (nested closures, once inlined by the JIT, were
 * measured to allocate). Constant sub-trees are computed once at compile time and whole-number
 * powers use repeated squaring. The functions are on the principal
 * branch and agree with compileReal on the real axis wherever the real value exists (cbrt and
 * nthroot are the principal roots off the non-negative axis, so cbrt(−8) = 1 + 1.732i, not −2).
 *
 * What has no meaning on C (floor, ceil, round, mod, min, max, gcd, lcm, factorial, the
 * comparisons of piecewise conditions) is computed when every argument is real (imaginary part
 * exactly 0) and is NaN otherwise. abs(z) = |z| and sign(z) = z/|z|. A relation is L − R; tuples,
 * lists and chained relations are refused. There is no imaginary unit in the language: pass `i`
 * as a variable with value 0 + 1i.
 */
import { childrenOf, type ExprNode, type RelationNode, type RelationOperator } from "./ast";
import { CONSTANT_VALUES, noSingleValue, resolveCall, variableSlots } from "./compile-support";
import * as C from "./complex";
import type { FunctionName } from "./functions";
import { factorial, gcd, lcm, mathMod, roundHalfAway } from "./real-math";

export { ExprCompileError } from "./compile-support";

type Instruction = (re: ArrayLike<number>, im: ArrayLike<number>) => void;

/** A compiled sub-tree: the register its value is written to, and the instructions that compute it (none when constant). */
interface Compiled {
  at: number;
  code: Instruction[];
}

/** A complex function of one argument: registers, argument, result, temporaries. */
type UnaryComplex = (r: C.Registers, z: number, out: number, t: number) => void;

const UNARY: Readonly<Partial<Record<FunctionName, UnaryComplex>>> = {
  sin: C.sin,
  cos: C.cos,
  tan: C.tan,
  cot: C.cot,
  sec: C.sec,
  csc: C.csc,
  sinh: C.sinh,
  cosh: C.cosh,
  tanh: C.tanh,
  asin: C.asin,
  acos: C.acos,
  atan: C.atan,
  asinh: C.asinh,
  acosh: C.acosh,
  atanh: C.atanh,
  exp: C.exp,
  ln: C.ln,
  log: C.log10,
  sqrt: C.sqrt,
  cbrt: C.cbrt,
  abs: C.abs,
  sign: C.sign,
};

/** Functions with meaning only on the real axis, and how their arguments combine (folded from the left). */
const REAL_ONLY_UNARY: Readonly<Partial<Record<FunctionName, (x: number) => number>>> = {
  floor: Math.floor,
  ceil: Math.ceil,
  round: roundHalfAway,
};

const REAL_FOLDS: Readonly<Partial<Record<FunctionName, (x: number, y: number) => number>>> = {
  min: Math.min,
  max: Math.max,
  gcd,
  lcm,
  mod: mathMod,
};

/** Whether registers l and m (real parts) satisfy the comparison; registers, not numbers, cross the call so nothing is boxed. */
function holds(r: C.Registers, operator: RelationOperator, l: number, m: number): boolean {
  switch (operator) {
    case "=":
      return r[l] === r[m];
    case "<":
      return r[l]! < r[m]!;
    case "<=":
      return r[l]! <= r[m]!;
    case ">":
      return r[l]! > r[m]!;
    case ">=":
      return r[l]! >= r[m]!;
  }
}

/** What a condition says at a point: holds, does not, or cannot tell (a side not real or undefined). */
const HOLDS = 1;
const FAILS = 0;
const UNDECIDED = 2;

const countNodes = (node: ExprNode): number => 1 + childrenOf(node).reduce((sum, child) => sum + countNodes(child), 0);

function run(code: readonly Instruction[], re: ArrayLike<number>, im: ArrayLike<number>): void {
  for (let i = 0; i < code.length; i += 1) code[i]!(re, im);
}

class ComplexCompiler {
  private readonly slotOf: (name: string, span: ExprNode["span"]) => number;
  /** Registers 0 … TEMPORARY_REGISTERS − 1 are the temporaries; nodes take theirs after. */
  private next = C.TEMPORARY_REGISTERS;
  private readonly temporaries = 0;

  constructor(
    variables: readonly string[],
    readonly r: C.Registers,
  ) {
    this.slotOf = variableSlots(variables);
  }

  private register(): number {
    const at = this.next;
    this.next += 2;
    return at;
  }

  /** A node computed by `write` into its register after its children, computed now if they are all constant. */
  private node(children: readonly Compiled[], write: (out: number) => void): Compiled {
    const at = this.register();
    const code = children.flatMap((child) => child.code);
    if (code.length === 0) {
      write(at);
      return { at, code };
    }
    code.push(() => write(at));
    return { at, code };
  }

  private constant(re: number): Compiled {
    const at = this.register();
    this.r[at] = re;
    this.r[at + 1] = 0;
    return { at, code: [] };
  }

  compile(node: ExprNode): Compiled {
    const r = this.r;
    switch (node.kind) {
      case "number":
        return this.constant(Number(node.value));
      case "constant":
        return this.constant(CONSTANT_VALUES[node.name]);
      case "variable": {
        const i = this.slotOf(node.name, node.span);
        const at = this.register();
        const load: Instruction = (re, im) => {
          r[at] = re[i]!;
          r[at + 1] = im[i]!;
        };
        return { at, code: [load] };
      }
      case "unary": {
        const operand = this.compile(node.operand);
        if (node.operator === "+") return operand;
        return this.node([operand], (out) => C.negate(r, operand.at, out));
      }
      case "factorial": {
        const operand = this.compile(node.operand);
        return this.node([operand], (out) => this.realOnly(factorial, operand.at, out));
      }
      case "binary":
        return this.binary(node.operator, this.compile(node.left), this.compile(node.right));
      case "call":
        return this.call(
          resolveCall(node),
          node.args.map((arg) => this.compile(arg)),
        );
      case "logBase": {
        const argument = this.compile(node.argument);
        const base = this.compile(node.base);
        const t = this.temporaries;
        return this.node([argument, base], (out) => C.logBase(r, argument.at, base.at, out, t));
      }
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

  private realOnly(f: (x: number) => number, z: number, out: number): void {
    if (this.r[z + 1] === 0) {
      this.r[out] = f(this.r[z]!);
      this.r[out + 1] = 0;
    } else {
      this.r[out] = NaN;
      this.r[out + 1] = NaN;
    }
  }

  private binary(operator: "+" | "-" | "*" | "/" | "^", left: Compiled, right: Compiled): Compiled {
    const r = this.r;
    const [u, v] = [left.at, right.at];
    switch (operator) {
      case "+":
        return this.node([left, right], (out) => C.add(r, u, v, out));
      case "-":
        return this.node([left, right], (out) => C.subtract(r, u, v, out));
      case "*":
        return this.node([left, right], (out) => C.multiply(r, u, v, out));
      case "/":
        return this.node([left, right], (out) => C.divide(r, u, v, out));
      case "^": {
        if (right.code.length === 0 && r[v + 1] === 0 && Number.isInteger(r[v])) {
          const n = r[v]!;
          if (n === 2) return this.node([left], (out) => C.multiply(r, u, u, out));
          return this.node([left], (out) => C.powInteger(r, u, n, out));
        }
        if (left.code.length === 0 && r[u] === Math.E && r[u + 1] === 0)
          return this.node([right], (out) => C.exp(r, v, out));
        const t = this.temporaries;
        return this.node([left, right], (out) => C.pow(r, u, v, out, t));
      }
    }
  }

  private call(name: FunctionName, args: Compiled[]): Compiled {
    const r = this.r;
    const t = this.temporaries;
    const unary = UNARY[name];
    if (unary !== undefined) {
      const z = args[0]!.at;
      return this.node(args, (out) => unary(r, z, out, t));
    }
    const realUnary = REAL_ONLY_UNARY[name];
    if (realUnary !== undefined) {
      const z = args[0]!.at;
      return this.node(args, (out) => this.realOnly(realUnary, z, out));
    }
    if (name === "nthroot") {
      const [z, n] = [args[0]!.at, args[1]!.at];
      return this.node(args, (out) => C.nthRoot(r, z, n, out, t));
    }
    const fold = REAL_FOLDS[name]!;
    const at = args.map((arg) => arg.at);
    const count = at.length;
    // gcd(x) and lcm(x) of one argument are |x| for whole x, as gcd(x, 0).
    const single = count === 1 && (name === "gcd" || name === "lcm");
    return this.node(args, (out) => {
      let real = true;
      let acc = single ? gcd(r[at[0]!]!, 0) : r[at[0]!]!;
      for (let i = 0; i < count; i += 1) {
        if (r[at[i]! + 1] !== 0) real = false;
        if (i > 0) acc = fold(acc, r[at[i]!]!);
      }
      if (real) {
        r[out] = acc;
        r[out + 1] = 0;
      } else {
        r[out] = NaN;
        r[out + 1] = NaN;
      }
    });
  }

  /** The condition's operands, compiled, and a test: HOLDS, FAILS or UNDECIDED. */
  private condition(node: RelationNode): { code: Instruction[]; decide: () => number } {
    const r = this.r;
    const parts = node.operands.map((operand) => this.compile(operand));
    const at = parts.map((part) => part.at);
    const operators = node.operators;
    const decide = () => {
      let result = HOLDS;
      for (let i = 0; i < operators.length; i += 1) {
        const l = at[i]!;
        const m = at[i + 1]!;
        if (r[l + 1] !== 0 || r[m + 1] !== 0 || r[l] !== r[l] || r[m] !== r[m]) return UNDECIDED;
        if (!holds(r, operators[i]!, l, m)) result = FAILS;
      }
      return result;
    };
    return { code: parts.flatMap((part) => part.code), decide };
  }

  private piecewise(node: ExprNode & { kind: "piecewise" }): Compiled {
    const r = this.r;
    const conditions = node.branches.map((branch) => this.condition(branch.condition));
    const values = node.branches.map((branch) => this.compile(branch.value));
    const otherwise = node.otherwise === null ? null : this.compile(node.otherwise);
    const at = this.register();
    const count = conditions.length;
    // Only the branch taken is evaluated, as in compileReal.
    const choose: Instruction = (re, im) => {
      let taken: Compiled | null = otherwise;
      for (let i = 0; i < count; i += 1) {
        const condition = conditions[i]!;
        run(condition.code, re, im);
        const decision = condition.decide();
        if (decision !== FAILS) {
          taken = decision === HOLDS ? values[i]! : null;
          break;
        }
      }
      // Plain branches rather than `taken ? value : NaN`: merging NaN with a loaded double boxed it.
      if (taken === null) {
        r[at] = NaN;
        r[at + 1] = NaN;
      } else {
        run(taken.code, re, im);
        r[at] = r[taken.at]!;
        r[at + 1] = r[taken.at + 1]!;
      }
    };
    const constant = [...conditions, ...values, ...(otherwise ? [otherwise] : [])].every(
      (part) => part.code.length === 0,
    );
    if (constant) {
      choose([], []);
      return { at, code: [] };
    }
    return { at, code: [choose] };
  }
}

/**
 * re[i] + i·im[i] is the value of variables[i]; the result is written to `out`. Throws
 * ExprCompileError for an unknown variable or function, a tuple, list or chain. Not re-entrant:
 * each compiled function owns its registers.
 */
export function compileComplex(
  ast: ExprNode,
  variables: readonly string[],
): (re: ArrayLike<number>, im: ArrayLike<number>, out: { re: number; im: number }) => void {
  const r = new Float64Array(C.TEMPORARY_REGISTERS + 2 * countNodes(ast));
  const { at, code } = new ComplexCompiler(variables, r).compile(ast);
  return (re, im, out) => {
    run(code, re, im);
    out.re = r[at]!;
    out.im = r[at + 1]!;
  };
}
