/**
 * Syntax trees to the closures the samplers read: core/expr compiles a tree once into a real
 * function and an interval function of an environment array; these adapters fix the parameters
 * (slider values) and expose the plotted variables as plain arguments.
 */
import type { ExprNode } from "../expr/ast";
import { compileInterval } from "../expr/compile-interval";
import { compileReal } from "../expr/compile-real";
import { point, type Interval } from "../expr/interval";
import type { IntervalFunction, IntervalFunction2, RealFunction, RealFunction2 } from "./curve-types";

/** Values of an expression's other names (sliders), held fixed while it is plotted. */
export type Parameters = Readonly<Record<string, number>>;

export interface FunctionClosures {
  f: RealFunction;
  F: IntervalFunction;
}

export interface FunctionClosures2 {
  F: RealFunction2;
  FI: IntervalFunction2;
}

/** f(v) and its enclosure over [lo, hi] for an expression in one variable v. */
export function functionOf(ast: ExprNode, variable: string, parameters: Parameters = {}): FunctionClosures {
  const names = Object.keys(parameters);
  const real = compileReal(ast, [variable, ...names]);
  const enclosure = compileInterval(ast, [variable, ...names]);
  const env = new Float64Array([0, ...names.map((name) => parameters[name]!)]);
  const fixed = names.map((name) => point(parameters[name]!));
  return {
    f: (v) => {
      env[0] = v;
      return real(env);
    },
    // A fresh argument each call: a compiled identity may return its argument itself.
    F: fixed.length === 0 ? (lo, hi) => enclosure([box(lo, hi)]) : (lo, hi) => enclosure([box(lo, hi), ...fixed]),
  };
}

/** F(u, v) and its enclosure over a box, for an expression in two variables (usually x and y). */
export function functionOf2(
  ast: ExprNode,
  variables: readonly [string, string],
  parameters: Parameters = {},
): FunctionClosures2 {
  const names = Object.keys(parameters);
  const real = compileReal(ast, [...variables, ...names]);
  const enclosure = compileInterval(ast, [...variables, ...names]);
  const env = new Float64Array([0, 0, ...names.map((name) => parameters[name]!)]);
  const fixed = names.map((name) => point(parameters[name]!));
  return {
    F: (u, v) => {
      env[0] = u;
      env[1] = v;
      return real(env);
    },
    FI: (uLo, uHi, vLo, vHi) => enclosure([box(uLo, uHi), box(vLo, vHi), ...fixed]),
  };
}

function box(lo: number, hi: number): Interval {
  return { lo, hi, defined: "all", continuous: true };
}
