/**
 * The functions the formula language knows, in one table: the parser checks calls against it
 * (with `strictCalls`), and every compiler, the derivative and the printer look names up here, so
 * an alias (`arcsin` for `asin`) means the same everywhere.
 */
import { DEFAULT_FUNCTIONS } from "./tokens";

export type FunctionName =
  | "sin"
  | "cos"
  | "tan"
  | "cot"
  | "sec"
  | "csc"
  | "asin"
  | "acos"
  | "atan"
  | "sinh"
  | "cosh"
  | "tanh"
  | "asinh"
  | "acosh"
  | "atanh"
  | "exp"
  | "ln"
  | "log"
  | "sqrt"
  | "cbrt"
  | "nthroot"
  | "abs"
  | "floor"
  | "ceil"
  | "round"
  | "sign"
  | "min"
  | "max"
  | "mod"
  | "gcd"
  | "lcm";

export interface FunctionArity {
  min: number;
  /** Infinity for min, max, gcd and lcm. */
  max: number;
}

const ONE: FunctionArity = { min: 1, max: 1 };
const TWO: FunctionArity = { min: 2, max: 2 };
const ANY: FunctionArity = { min: 1, max: Infinity };

export const FUNCTION_ARITY: Readonly<Record<FunctionName, FunctionArity>> = {
  sin: ONE,
  cos: ONE,
  tan: ONE,
  cot: ONE,
  sec: ONE,
  csc: ONE,
  asin: ONE,
  acos: ONE,
  atan: ONE,
  sinh: ONE,
  cosh: ONE,
  tanh: ONE,
  asinh: ONE,
  acosh: ONE,
  atanh: ONE,
  exp: ONE,
  ln: ONE,
  log: ONE,
  sqrt: ONE,
  cbrt: ONE,
  nthroot: TWO,
  abs: ONE,
  floor: ONE,
  ceil: ONE,
  round: ONE,
  sign: ONE,
  min: ANY,
  max: ANY,
  mod: TWO,
  gcd: ANY,
  lcm: ANY,
};

/** Other spellings people type. */
export const FUNCTION_ALIASES: Readonly<Record<string, FunctionName>> = {
  arcsin: "asin",
  arccos: "acos",
  arctan: "atan",
};

/** Every name the formula language calls, aliases included: the `functions` option for plotter and quiz input. */
export const MATH_FUNCTIONS: readonly string[] = [...Object.keys(FUNCTION_ARITY), ...Object.keys(FUNCTION_ALIASES)];

/** The function a written name means, or undefined if it is none of ours. */
export function functionNamed(name: string): FunctionName | undefined {
  if (Object.hasOwn(FUNCTION_ARITY, name)) return name as FunctionName;
  return FUNCTION_ALIASES[name];
}

/** Why `count` arguments do not suit the function, or null if they do. */
export function arityProblem(name: FunctionName, count: number): string | null {
  const { min, max } = FUNCTION_ARITY[name];
  if (count >= min && count <= max) return null;
  const plural = (n: number) => (n === 1 ? "1 argument" : `${n} arguments`);
  if (max === Infinity) return `needs at least ${plural(min)}`;
  return `takes ${plural(min)}, not ${count}`;
}

/** Default functions written without a LaTeX command of their own: \\sqrt{…}, |…|, ⌊…⌋, ⌈…⌉, and lcm (none in KaTeX). */
const WITHOUT_TEX_COMMAND = new Set(["sqrt", "abs", "floor", "ceil", "lcm"]);

/** Functions with a LaTeX command of their own (`\\sin`), upright in KaTeX: printed so, and read so from a maths field. */
export const TEX_FUNCTION_COMMANDS = new Set(DEFAULT_FUNCTIONS.filter((name) => !WITHOUT_TEX_COMMAND.has(name)));
