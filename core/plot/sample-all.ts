/**
 * Every entry of a plot sampled for one view, in order: the one call a worker (or the Chromium
 * benchmark, once per frame while panning) makes. Entries are plain closures; ./from-expression.ts
 * builds them from syntax trees.
 */
import type { CurveSample, IntervalFunction, IntervalFunction2, RealFunction, RealFunction2 } from "./curve-types";
import { sampleImplicit, type ImplicitSample } from "./implicit";
import {
  functionInequality,
  implicitInequality,
  type FunctionInequalityRegion,
  type ImplicitInequalityRegion,
  type InequalityRelation,
} from "./inequality";
import { sampleFunction } from "./sample-function";
import { sampleParametric, samplePolar, type ParametricCurve } from "./sample-parametric";
import type { PlotView } from "./viewport";

/**
 * `axis` "y" (the default) is y = f(x); "x" is x = f(y), sampled with the axes swapped (its
 * polylines and dots come back in x, y order; its breaks' `x` is then a y value).
 */
export type PlotEntry =
  | { kind: "function"; f: RealFunction; F: IntervalFunction; axis?: "x" | "y" }
  | { kind: "parametric"; curve: ParametricCurve; tMin: number; tMax: number }
  | { kind: "polar"; r: RealFunction; R: IntervalFunction; thetaMin: number; thetaMax: number }
  | { kind: "implicit"; F: RealFunction2; FI: IntervalFunction2 }
  | {
      kind: "function-inequality";
      f: RealFunction;
      F: IntervalFunction;
      relation: InequalityRelation;
      axis?: "x" | "y";
    }
  | { kind: "implicit-inequality"; F: RealFunction2; FI: IntervalFunction2; relation: InequalityRelation };

export type PlotResult =
  | { kind: "curve"; curve: CurveSample }
  | { kind: "implicit"; curve: ImplicitSample }
  | { kind: "function-region"; region: FunctionInequalityRegion }
  | { kind: "implicit-region"; region: ImplicitInequalityRegion };

/** Samples each entry for the view; throws the signal's reason if it is aborted between entries. */
export function sampleAll(entries: readonly PlotEntry[], view: PlotView, signal?: AbortSignal): PlotResult[] {
  return entries.map((entry) => {
    signal?.throwIfAborted();
    return sampleEntry(entry, view);
  });
}

export function sampleEntry(entry: PlotEntry, view: PlotView): PlotResult {
  switch (entry.kind) {
    case "function":
      return entry.axis === "x"
        ? { kind: "curve", curve: transposeCurve(sampleFunction(entry.f, entry.F, transposeView(view))) }
        : { kind: "curve", curve: sampleFunction(entry.f, entry.F, view) };
    case "parametric":
      return { kind: "curve", curve: sampleParametric(entry.curve, entry.tMin, entry.tMax, view) };
    case "polar":
      return { kind: "curve", curve: samplePolar(entry.r, entry.R, entry.thetaMin, entry.thetaMax, view) };
    case "implicit":
      return { kind: "implicit", curve: sampleImplicit(entry.F, entry.FI, view) };
    case "function-inequality":
      return { kind: "function-region", region: functionRegion(entry.f, entry.F, entry.relation, entry.axis, view) };
    case "implicit-inequality":
      return { kind: "implicit-region", region: implicitInequality(entry.F, entry.FI, view, entry.relation) };
  }
}

function functionRegion(
  f: RealFunction,
  F: IntervalFunction,
  relation: InequalityRelation,
  axis: "x" | "y" | undefined,
  view: PlotView,
): FunctionInequalityRegion {
  if (axis !== "x") return functionInequality(f, F, view, relation);
  const region = functionInequality(f, F, transposeView(view), relation);
  return { ...region, boundary: transposeCurve(region.boundary), fills: region.fills.map(swapPairs) };
}

/** The view with x and y exchanged (for x = f(y)). */
export function transposeView(view: PlotView): PlotView {
  const { xMin, xMax, yMin, yMax, width, height, pixelRatio } = view;
  return { xMin: yMin, xMax: yMax, yMin: xMin, yMax: xMax, width: height, height: width, pixelRatio };
}

function transposeCurve(curve: CurveSample): CurveSample {
  return {
    ...curve,
    polylines: curve.polylines.map(swapPairs),
    dots: curve.dots.map(({ x, y, filled }) => ({ x: y, y: x, filled })),
  };
}

function swapPairs(points: Float64Array): Float64Array {
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 2) {
    out[i] = points[i + 1]!;
    out[i + 1] = points[i]!;
  }
  return out;
}
