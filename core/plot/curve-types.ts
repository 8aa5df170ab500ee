/**
 * The shapes the plot samplers take and give. The samplers read functions as plain closures, so
 * they do not depend on how an expression was written or compiled (./from-expression.ts adapts
 * core/expr's compilers to these shapes).
 */
import type { Interval } from "../expr/interval";

export type { Interval };

/** f(x); NaN where f is undefined, ±Infinity where it overflows. */
export type RealFunction = (x: number) => number;
/** An enclosure of f over [lo, hi] with whether f is defined and continuous there. */
export type IntervalFunction = (lo: number, hi: number) => Interval;
/** F(x, y). */
export type RealFunction2 = (x: number, y: number) => number;
/** An enclosure of F over the box [xLo, xHi] × [yLo, yHi]. */
export type IntervalFunction2 = (xLo: number, xHi: number, yLo: number, yHi: number) => Interval;

/** A point where a curve jumps: a filled dot where the function takes its value, an open one at a limit it does not take. */
export interface Dot {
  x: number;
  y: number;
  filled: boolean;
}

/**
 * What a function curve does at a point where it breaks or has a hole, `x` at the simplest number
 * in the tiny bracket that holds it (0, 1, π/2 where that is what the bracket holds):
 * - a vertical asymptote;
 * - a finite jump, with the one-sided limits and f's value there (NaN where f is undefined);
 * - an end of its domain, with f's value there (or its limit, where f is undefined there);
 * - a hole: f undefined at one point (or defined apart from the curve: `value`) with the same limit
 *   from both sides; the curve is drawn through it with an open dot;
 * - unresolved: rounding swamps the values near x, or f oscillates without settling; no claim.
 * Parametric and polar curves report no breaks.
 */
export type CurveBreak =
  | { kind: "asymptote"; x: number }
  | { kind: "jump"; x: number; left: number; right: number; value: number }
  | { kind: "edge"; x: number; value: number }
  | { kind: "hole"; x: number; limit: number; value: number }
  | { kind: "unresolved"; x: number; reason: "rounding" | "oscillation" };

/** A sampled curve, in maths coordinates. */
export interface CurveSample {
  /** Interleaved points x0, y0, x1, y1, …; each polyline is drawn as one stroke. */
  polylines: Float64Array[];
  dots: Dot[];
  breaks: CurveBreak[];
  /** Real and interval evaluations spent, each counted once. */
  evaluations: number;
  /** True if a budget (evaluations, polylines, dots) ran out and the curve may be incomplete. */
  truncated: boolean;
}
