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
 * Where a function curve's polyline was broken: a vertical asymptote, a finite jump, or an end of its
 * domain. `x` is located to a small fraction of a device pixel (a jump's, to the simplest number in
 * its tiny bracket). Parametric and polar curves report no breaks.
 */
export interface CurveBreak {
  kind: "asymptote" | "jump" | "edge";
  x: number;
}

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
