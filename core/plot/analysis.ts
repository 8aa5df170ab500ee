/**
 * Points of interest of y = f(x) within a view: roots, extrema, intersections with another
 * function, vertical asymptotes. Each search is bounded (MAX_ANALYSIS_POINTS points, an evaluation
 * budget) and says when it stopped early.
 *
 * The view's x range is first cut into runs on which f is certified continuous: segments of
 * SCAN_SEGMENT_PX whose enclosure is continuous and defined, with the maybe-discontinuous ones
 * bisected down to BREAK_WIDTH_PX and dropped. A sign change inside a run is then a true root,
 * never a pole (tan x changes sign at π/2 but no run spans π/2), and is refined with Brent's
 * method to a few ulps. Within a run, a segment whose end values agree in sign but whose enclosure
 * contains 0 may hide two close roots or a touching one: it is bisected (with intervals) until the
 * roots separate or it is MIN_SPLIT_PX wide, where a touching root is sought as a zero of the
 * derivative (if given) or a minimum of |f|, and kept if |f| there is below TOUCHING_TOLERANCE_PX.
 */
import { subtract } from "../expr/interval";
import type { IntervalFunction, RealFunction } from "./curve-types";
import { hashUnit } from "./hash-jitter";
import { sampleFunctionPieces } from "./sample-function";
import { brentRoot, goldenMinimum } from "./solve-1d";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

export const MAX_ANALYSIS_POINTS = 200;
/** The scan's segment width, device pixels. */
export const SCAN_SEGMENT_PX = 2;
/** Maybe-discontinuous segments are bisected to this width before being dropped from the runs. */
const BREAK_WIDTH_PX = 1e-6;
/** Segments that may hide roots are bisected down to this width. */
export const MIN_SPLIT_PX = 1e-3;
/** A touching root is where |f| is below this many device pixels (in y) at a minimum of |f|. */
export const TOUCHING_TOLERANCE_PX = 1e-9;
/** The evaluation budget of one search, per device pixel of width. */
export const ANALYSIS_EVALUATIONS_PER_PIXEL = 32;
/** Candidates closer than this (device pixels) are one point. */
const SAME_POINT_PX = 0.5;
/** Interval bisection steps when narrowing a pole: enough to reach an ulp from a pixel. */
const MAX_NARROWING_STEPS = 128;
/** An asymptote is kept if |f| grows by this many device pixels from 1e-3 to 1e-6 px of the pole. */
const ASYMPTOTE_GROWTH_PX = 1;

export interface AnalysisOptions {
  /** f′, for touching roots and extrema (without it, golden-section search stands in). */
  derivative?: RealFunction;
  maxPoints?: number;
}

export interface Root {
  x: number;
  /** "crossing": f changes sign; "touching": f reaches 0 and turns back. */
  kind: "crossing" | "touching";
}

export interface Extremum {
  x: number;
  y: number;
  kind: "minimum" | "maximum";
}

export interface Found<T> {
  points: T[];
  /** True if the budget or MAX_ANALYSIS_POINTS stopped the search. */
  truncated: boolean;
}

interface Run {
  xs: number[];
  ys: number[];
}

interface Scan {
  f: RealFunction;
  F: IntervalFunction;
  kx: number;
  ky: number;
  evaluations: number;
  cap: number;
  truncated: boolean;
}

function createScan(f: RealFunction, F: IntervalFunction, view: PlotView): Scan {
  return {
    f,
    F,
    kx: deviceWidth(view) / (view.xMax - view.xMin),
    ky: deviceHeight(view) / (view.yMax - view.yMin),
    evaluations: 0,
    cap: ANALYSIS_EVALUATIONS_PER_PIXEL * deviceWidth(view),
    truncated: false,
  };
}

/** The view's x range as runs of samples between which f is certified continuous. */
function continuousRuns(scan: Scan, view: PlotView): Run[] {
  const count = Math.max(1, Math.ceil(deviceWidth(view) / SCAN_SEGMENT_PX));
  const step = (view.xMax - view.xMin) / count;
  const runs: Run[] = [];
  let run: Run = { xs: [], ys: [] };
  const cut = () => {
    if (run.xs.length >= 2) runs.push(run);
    run = { xs: [], ys: [] };
  };
  const extend = (x: number, y: number) => {
    if (run.xs[run.xs.length - 1] !== x) {
      run.xs.push(x);
      run.ys.push(y);
    }
  };
  let a = view.xMin;
  let fa = evaluate(scan, a);
  for (let i = 1; i <= count; i++) {
    const b = i === count ? view.xMax : view.xMin + step * (i + 0.25 * (2 * hashUnit(i) - 1));
    const fb = evaluate(scan, b);
    splitIntoRuns(scan, a, fa, b, fb, extend, cut);
    [a, fa] = [b, fb];
  }
  cut();
  return runs;
}

function evaluate(scan: Scan, x: number): number {
  scan.evaluations++;
  return scan.f(x);
}

/** Adds [a, b] to the current run if f is continuous there; else bisects, cutting the run at breaks. */
function splitIntoRuns(
  scan: Scan,
  a: number,
  fa: number,
  b: number,
  fb: number,
  extend: (x: number, y: number) => void,
  cut: () => void,
): void {
  if (scan.evaluations >= scan.cap) {
    scan.truncated = true;
    return cut();
  }
  scan.evaluations++;
  const enclosure = scan.F(a, b);
  if (enclosure.continuous && enclosure.defined === "all" && Number.isFinite(fa) && Number.isFinite(fb)) {
    extend(a, fa);
    return extend(b, fb);
  }
  const m = a + (b - a) / 2;
  if (enclosure.defined === "none" || (b - a) * scan.kx <= BREAK_WIDTH_PX || m === a || m === b) return cut();
  const fm = evaluate(scan, m);
  splitIntoRuns(scan, a, fa, m, fm, extend, cut);
  splitIntoRuns(scan, m, fm, b, fb, extend, cut);
}

/** Roots of f in the view, ascending. */
export function findRoots(
  f: RealFunction,
  F: IntervalFunction,
  view: PlotView,
  options: AnalysisOptions = {},
): Found<Root> {
  const scan = createScan(f, F, view);
  const max = options.maxPoints ?? MAX_ANALYSIS_POINTS;
  const roots: Root[] = [];
  for (const { xs, ys } of continuousRuns(scan, view)) {
    for (let i = 0; i < xs.length && roots.length <= max; i++) {
      if (ys[i] === 0) roots.push({ x: xs[i]!, kind: ys[i - 1]! * ys[i + 1]! < 0 ? "crossing" : "touching" });
      if (i + 1 < xs.length) rootsBetween(scan, xs[i]!, ys[i]!, xs[i + 1]!, ys[i + 1]!, options.derivative, roots);
    }
  }
  return finish(dedupe(roots, scan.kx), max, scan.truncated);
}

/** Roots strictly inside a continuous segment: a sign change, or, if the enclosure allows, a closer look. */
function rootsBetween(
  scan: Scan,
  a: number,
  fa: number,
  b: number,
  fb: number,
  derivative: RealFunction | undefined,
  roots: Root[],
): void {
  if ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)) {
    roots.push({ x: brentRoot(scan.f, a, fa, b, fb), kind: "crossing" });
    return;
  }
  if (fa === 0 || fb === 0 || scan.evaluations >= scan.cap) return;
  scan.evaluations++;
  const enclosure = scan.F(a, b);
  if (enclosure.lo > 0 || enclosure.hi < 0) return;
  if ((b - a) * scan.kx > MIN_SPLIT_PX) {
    const m = a + (b - a) / 2;
    const fm = evaluate(scan, m);
    rootsBetween(scan, a, fa, m, fm, derivative, roots);
    return rootsBetween(scan, m, fm, b, fb, derivative, roots);
  }
  const x = derivative ? derivativeZero(scan, derivative, a, b) : goldenMinimum((t) => Math.abs(scan.f(t)), a, b);
  if (x !== null && Math.abs(scan.f(x)) * scan.ky <= TOUCHING_TOLERANCE_PX) roots.push({ x, kind: "touching" });
}

/** A zero of the derivative in [a, b] (widened by a segment each side), or null if it keeps its sign. */
function derivativeZero(scan: Scan, derivative: RealFunction, a: number, b: number): number | null {
  const [lo, hi] = [a - (b - a), b + (b - a)];
  const [dLo, dHi] = [derivative(lo), derivative(hi)];
  scan.evaluations += 2;
  if (!((dLo <= 0 && dHi >= 0) || (dLo >= 0 && dHi <= 0))) return null;
  return brentRoot(derivative, lo, dLo, hi, dHi);
}

/** Extrema of f in the view, ascending: sign changes of f′ if given, else local extremes of the samples refined by golden-section search. */
export function findExtrema(
  f: RealFunction,
  F: IntervalFunction,
  view: PlotView,
  options: AnalysisOptions = {},
): Found<Extremum> {
  const scan = createScan(f, F, view);
  const max = options.maxPoints ?? MAX_ANALYSIS_POINTS;
  const extrema: Extremum[] = [];
  for (const run of continuousRuns(scan, view)) {
    if (extrema.length > max) break;
    if (options.derivative) extremaByDerivative(scan, run, options.derivative, extrema);
    else extremaBySearch(scan, run, extrema);
  }
  return finish(dedupe(extrema, scan.kx), max, scan.truncated);
}

function extremaByDerivative(scan: Scan, run: Run, derivative: RealFunction, out: Extremum[]): void {
  const slopes = run.xs.map((x) => derivative(x));
  scan.evaluations += slopes.length;
  for (let i = 0; i + 1 < run.xs.length; i++) {
    const [d0, d1] = [slopes[i]!, slopes[i + 1]!];
    const rising = d0 < 0 && d1 >= 0;
    const falling = d0 > 0 && d1 <= 0;
    if (!rising && !falling) continue;
    const x = brentRoot(derivative, run.xs[i]!, d0, run.xs[i + 1]!, d1);
    out.push({ x, y: evaluate(scan, x), kind: rising ? "minimum" : "maximum" });
  }
}

function extremaBySearch(scan: Scan, run: Run, out: Extremum[]): void {
  const { xs, ys } = run;
  for (let i = 1; i + 1 < xs.length; i++) {
    const [before, here, after] = [ys[i - 1]!, ys[i]!, ys[i + 1]!];
    const isMax = here >= before && here > after;
    const isMin = here <= before && here < after;
    if (!isMax && !isMin) continue;
    const sign = isMin ? 1 : -1;
    const x = goldenMinimum((t) => sign * scan.f(t), xs[i - 1]!, xs[i + 1]!);
    out.push({ x, y: evaluate(scan, x), kind: isMin ? "minimum" : "maximum" });
  }
}

/** Points where y = f(x) meets y = g(x): roots of f − g, whose enclosure is F − G. */
export function findIntersections(
  f: RealFunction,
  F: IntervalFunction,
  g: RealFunction,
  G: IntervalFunction,
  view: PlotView,
  options: { derivatives?: [RealFunction, RealFunction]; maxPoints?: number } = {},
): Found<{ x: number; y: number }> {
  const difference: RealFunction = (x) => f(x) - g(x);
  const enclosure: IntervalFunction = (lo, hi) => subtract(F(lo, hi), G(lo, hi));
  const slopes = options.derivatives;
  const derivative = slopes ? (x: number) => slopes[0](x) - slopes[1](x) : undefined;
  const roots = findRoots(difference, enclosure, view, { derivative, maxPoints: options.maxPoints });
  return { points: roots.points.map(({ x }) => ({ x, y: f(x) })), truncated: roots.truncated };
}

/**
 * Vertical asymptotes in the view: the poles the sampler breaks the curve at, each confirmed by |f|
 * growing as x approaches it (a removable point, whose sides meet off-screen, does not grow).
 */
export function findVerticalAsymptotes(f: RealFunction, F: IntervalFunction, view: PlotView): Found<number> {
  const sample = sampleFunctionPieces(f, F, view);
  const kx = deviceWidth(view) / (view.xMax - view.xMin);
  const ky = deviceHeight(view) / (view.yMax - view.yMin);
  const poles = sample.breaks
    .filter((b) => b.kind === "asymptote")
    .map((b) => narrowPole(f, F, b.x, kx))
    .filter((x) => grows(f, x, kx, ky));
  return finish(poles, MAX_ANALYSIS_POINTS, sample.truncated);
}

/**
 * The pole within a pixel of x. Where f is defined on both sides: by sign, as a zero of 1/f, if f
 * changes sign through the pole, else as the maximum of |f|. At the edge of f's domain (ln at 0):
 * by bisecting with intervals towards the unbounded half.
 */
function narrowPole(f: RealFunction, F: IntervalFunction, x: number, kx: number): number {
  let [a, b] = [x - 1 / kx, x + 1 / kx];
  const [fa, fb] = [f(a), f(b)];
  if (Number.isFinite(fa) && Number.isFinite(fb)) {
    return fa * fb < 0 ? brentRoot((t) => 1 / f(t), a, 1 / fa, b, 1 / fb) : goldenMinimum((t) => -Math.abs(f(t)), a, b);
  }
  for (let i = 0; i < MAX_NARROWING_STEPS; i++) {
    const m = a + (b - a) / 2;
    if (m === a || m === b) break;
    const left = F(a, m);
    if (left.defined !== "none" && (!Number.isFinite(left.lo) || !Number.isFinite(left.hi) || !left.continuous)) b = m;
    else a = m;
  }
  return a + (b - a) / 2;
}

function grows(f: RealFunction, x: number, kx: number, ky: number): boolean {
  const [far, near] = [1e-3 / kx, 1e-6 / kx];
  const growth = (side: number) => (Math.abs(f(x + side * near)) - Math.abs(f(x + side * far))) * ky;
  // A side where f is undefined (NaN) does not count.
  return growth(-1) > ASYMPTOTE_GROWTH_PX || growth(1) > ASYMPTOTE_GROWTH_PX;
}

function dedupe<T extends { x: number }>(points: T[], kx: number): T[] {
  const sorted = [...points].sort((p, q) => p.x - q.x);
  return sorted.filter((p, i) => i === 0 || (p.x - sorted[i - 1]!.x) * kx > SAME_POINT_PX);
}

function finish<T>(points: T[], max: number, truncated: boolean): Found<T> {
  return { points: points.slice(0, max), truncated: truncated || points.length > max };
}
