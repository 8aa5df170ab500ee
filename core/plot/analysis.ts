/**
 * Points of interest of y = f(x) within a view: roots, extrema, intersections with another
 * function; with the breaks the sampler found (asymptotes, holes, jumps, ends of the domain),
 * `analyseGraph` gathers everything the plotter tells its reader. Each search is bounded
 * (MAX_ANALYSIS_POINTS points, an evaluation budget) and says when it stopped early.
 *
 * The view's x range is first cut into runs on which f is certified continuous: segments of
 * SCAN_SEGMENT_PX whose enclosure is continuous and defined, with the maybe-discontinuous ones
 * bisected down to BREAK_WIDTH_PX and dropped. A sign change inside a run is then a true root,
 * never a pole (tan x changes sign at π/2 but no run spans π/2), and is refined with Brent's
 * method to a few ulps. Within a run, a segment whose end values agree in sign but whose enclosure
 * contains 0 may hide two close roots or a touching one: it is bisected (with intervals) until the
 * roots separate or it is MIN_SPLIT_PX wide, where a touching root is sought as a zero of the
 * derivative (if given) or a minimum of |f|, and kept if |f| there is below TOUCHING_TOLERANCE_PX.
 *
 * Nothing is reported that rounding could have made. A root or an extremum is kept only where
 * the sign of f (or f′) CERTAIN_SIGN_PX either side of it is certain, as the interval enclosure of
 * f (or f′) at those points shows, and f is continuous between them: near a hole the runs end in
 * values that cancellation has ruined (sin(x)/x's derivative, or (x² − 1)/(x − 1) itself, near
 * the hole), and their sign changes are noise. An extremum found without a derivative must stand
 * out from its neighbours by more than their rounding. Each position is then snapped to the
 * simplest number in the bracket the solver left (./simplest-number.ts): a root of sin at the float
 * nearest π, an extremum of x² at 0, not a float some ulps away.
 */
import { subtract } from "../expr/interval";
import { snapped } from "./classify-break";
import type { CurveBreak, CurveSample, Interval, IntervalFunction, RealFunction } from "./curve-types";
import { hashUnit } from "./hash-jitter";
import { simpleNumberIn } from "./simplest-number";
import { brentBracket, goldenMinimum, type BracketedRoot } from "./solve-1d";
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
/** A root or extremum is certified by the signs this far (device pixels) either side of it, or 10 or 100 times as far. */
export const CERTAIN_SIGN_PX = 1e-3;
/** The value at a snapped x is enclosed over this many ulps either side, which hold the number x stands for. */
const NEIGHBOUR_ULPS = 2;
/** Golden-section search leaves x uncertain by about this share of |x| (√ε), or this much near 0. */
const SEARCH_PRECISION = 2 * Math.sqrt(Number.EPSILON);

/** f′ with its enclosure, for touching roots, extrema and their certificates. */
export interface Slope {
  f: RealFunction;
  F: IntervalFunction;
}

export interface AnalysisOptions {
  /** f′ (without it, golden-section search stands in, and extrema are certified by their prominence). */
  derivative?: Slope;
  maxPoints?: number;
}

export interface Root {
  x: number;
  /**
   * "crossing": f changes sign; "touching": f reaches 0 and turns back; "edge": f is 0 where its
   * domain ends (√x at 0); "jump": f is 0 at a point where it jumps (mod(x, 3) at 3).
   */
  kind: "crossing" | "touching" | "edge" | "jump";
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

function enclose(scan: Scan, F: IntervalFunction, lo: number, hi: number): Interval {
  scan.evaluations++;
  return F(lo, hi);
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
  const enclosure = enclose(scan, scan.F, a, b);
  if (enclosure.continuous && enclosure.defined === "all" && Number.isFinite(fa) && Number.isFinite(fb)) {
    extend(a, fa);
    return extend(b, fb);
  }
  // Beyond the largest double throughout (e^(1/x) just right of 0): no run, and nothing to bisect.
  if (enclosure.lo >= Number.MAX_VALUE || enclosure.hi <= -Number.MAX_VALUE) return cut();
  const m = a + (b - a) / 2;
  if (enclosure.defined === "none" || (b - a) * scan.kx <= BREAK_WIDTH_PX || m === a || m === b) return cut();
  const fm = evaluate(scan, m);
  splitIntoRuns(scan, a, fa, m, fm, extend, cut);
  splitIntoRuns(scan, m, fm, b, fb, extend, cut);
}

/** The sign of g at x if its enclosure there excludes 0 (or is exactly 0), else NaN: rounding cannot tell. */
function certainSign(scan: Scan, G: IntervalFunction, x: number): number {
  const at = enclose(scan, G, x, x);
  if (at.defined !== "all") return Number.NaN;
  if (at.lo > 0) return 1;
  if (at.hi < 0) return -1;
  return at.lo === 0 && at.hi === 0 ? 0 : Number.NaN;
}

/**
 * The signs of g either side of x, at the nearest of CERTAIN_SIGN_PX, ×10, ×100 where rounding
 * leaves both certain (NaN if none does); null if f is not certified continuous between them.
 */
function signsAround(scan: Scan, G: IntervalFunction, x: number): [number, number] | null {
  let signs: [number, number] = [Number.NaN, Number.NaN];
  for (let px = CERTAIN_SIGN_PX; px <= CERTAIN_SIGN_PX * 100 * (1 + 1e-9); px *= 10) {
    const d = px / scan.kx;
    const between = enclose(scan, scan.F, x - d, x + d);
    if (!between.continuous || between.defined !== "all") return null;
    signs = [certainSign(scan, G, x - d), certainSign(scan, G, x + d)];
    if (!Number.isNaN(signs[0]) && !Number.isNaN(signs[1])) return signs;
  }
  return signs;
}

/** The simplest number in a solver's bracket, or its x. */
function snappedRoot({ x, lo, hi }: BracketedRoot): number {
  return simpleNumberIn(lo, hi)?.value ?? x;
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
      if (ys[i] === 0) {
        const root = exactZero(scan, xs[i]!);
        if (root) roots.push(root);
      }
      if (i + 1 < xs.length) rootsBetween(scan, xs[i]!, ys[i]!, xs[i + 1]!, ys[i + 1]!, options.derivative, roots);
    }
  }
  return finish(dedupe(roots, scan.kx), max, scan.truncated);
}

/**
 * A sample that is exactly 0: a root unless its enclosure shows the 0 to be rounding's, or f is 0
 * beside it too (a stretch of zeros: floor x on [0, 1), or e^(1/x) underflowing left of 0).
 */
function exactZero(scan: Scan, x: number): Root | null {
  if (certainSign(scan, scan.F, x) !== 0 && !isTinyAt(scan, x)) return null;
  const d = CERTAIN_SIGN_PX / scan.kx;
  const [before, after] = [evaluate(scan, x - d), evaluate(scan, x + d)];
  if (before === 0 || after === 0) return null;
  if (Number.isNaN(before) || Number.isNaN(after)) return { x, kind: "edge" };
  return { x, kind: before * after < 0 ? "crossing" : "touching" };
}

/** Whether f's enclosure at x is within TOUCHING_TOLERANCE_PX of 0. */
function isTinyAt(scan: Scan, x: number): boolean {
  const at = enclose(scan, scan.F, x, x);
  return Math.max(Math.abs(at.lo), Math.abs(at.hi)) * scan.ky <= TOUCHING_TOLERANCE_PX;
}

/** Roots strictly inside a continuous segment: a sign change, or, if the enclosure allows, a closer look. */
function rootsBetween(
  scan: Scan,
  a: number,
  fa: number,
  b: number,
  fb: number,
  derivative: Slope | undefined,
  roots: Root[],
): void {
  if ((fa < 0 && fb > 0) || (fa > 0 && fb < 0)) {
    const bracket = brentBracket(scan.f, a, fa, b, fb);
    const signs = signsAround(scan, scan.F, bracket.x);
    if (signs && signs[0]! * signs[1]! < 0) roots.push({ x: snappedRoot(bracket), kind: "crossing" });
    return;
  }
  if (scan.evaluations >= scan.cap) return;
  // Zero at both ends: a stretch of zeros (floor x on [0, 1)), or a touching root inside the stretch
  // where rounding gives exactly 0 (cos x + 1 within 1e-8 of π), told by f′ changing sign across it.
  // Zero at one end only (a bisection point in such a stretch) is narrowed like any other segment.
  if (fa === 0 && fb === 0) {
    const slopes = derivative ? [derivative.f(a), derivative.f(b)] : [0, 0];
    scan.evaluations += 2;
    const turns = (slopes[0]! < 0 && slopes[1]! > 0) || (slopes[0]! > 0 && slopes[1]! < 0);
    const touching = turns ? touchingRoot(scan, derivative, a, b) : null;
    if (touching !== null) roots.push({ x: touching, kind: "touching" });
    return;
  }
  const enclosure = enclose(scan, scan.F, a, b);
  if (enclosure.lo > 0 || enclosure.hi < 0) return;
  if ((b - a) * scan.kx > MIN_SPLIT_PX) {
    const m = a + (b - a) / 2;
    const fm = evaluate(scan, m);
    rootsBetween(scan, a, fa, m, fm, derivative, roots);
    return rootsBetween(scan, m, fm, b, fb, derivative, roots);
  }
  const touching = touchingRoot(scan, derivative, a, b);
  if (touching !== null) roots.push({ x: touching, kind: "touching" });
}

/**
 * A root where f touches 0 in [a, b] and turns back: a zero of f′ (or a minimum of |f|) where |f|
 * is below TOUCHING_TOLERANCE_PX, with f of one certain sign either side; snapped to the simplest
 * number f′ changes sign across (or where |f| is no larger).
 */
function touchingRoot(scan: Scan, derivative: Slope | undefined, a: number, b: number): number | null {
  const bracket = derivative
    ? derivativeZero(scan, derivative.f, a, b)
    : searchBracket(goldenMinimum((t) => Math.abs(scan.f(t)), a, b));
  if (bracket === null) return null;
  const signs = signsAround(scan, scan.F, bracket.x);
  if (!signs || !(signs[0]! * signs[1]! > 0)) return null;
  const candidate = simpleNumberIn(bracket.lo, bracket.hi)?.value;
  const better = (x: number) => Math.abs(evaluate(scan, x)) <= Math.abs(evaluate(scan, bracket.x));
  const x = candidate !== undefined && (derivative || better(candidate)) ? candidate : bracket.x;
  return Math.abs(evaluate(scan, x)) * scan.ky <= TOUCHING_TOLERANCE_PX ? x : null;
}

/** Where golden-section search left x: within about √ε of it. */
function searchBracket(x: number): BracketedRoot {
  const tolerance = SEARCH_PRECISION * Math.max(1, Math.abs(x));
  return { x, lo: x - tolerance, hi: x + tolerance };
}

/** A zero of the derivative in [a, b] (widened by a segment each side), or null if it keeps its sign. */
function derivativeZero(scan: Scan, derivative: RealFunction, a: number, b: number): BracketedRoot | null {
  const [lo, hi] = [a - (b - a), b + (b - a)];
  const [dLo, dHi] = [derivative(lo), derivative(hi)];
  scan.evaluations += 2;
  if (!((dLo <= 0 && dHi >= 0) || (dLo >= 0 && dHi <= 0))) return null;
  return brentBracket(derivative, lo, dLo, hi, dHi);
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

/**
 * An extremum at x: f's value there, snapped to the simplest number f's enclosure over the floats
 * next to x allows (x = π stands for π itself, where sin² is 0, though it is not 0 at the float).
 */
function extremumAt(scan: Scan, x: number, kind: Extremum["kind"]): Extremum {
  const y = evaluate(scan, x);
  const step = NEIGHBOUR_ULPS * Math.max(Math.abs(x) * Number.EPSILON, Number.MIN_VALUE);
  const around = enclose(scan, scan.F, x - step, x + step);
  return { x, y: around.defined === "all" ? snapped(around.lo, around.hi, y) : y, kind };
}

function extremaByDerivative(scan: Scan, run: Run, derivative: Slope, out: Extremum[]): void {
  const slopes = run.xs.map((x) => derivative.f(x));
  scan.evaluations += slopes.length;
  for (let i = 0; i + 1 < run.xs.length; i++) {
    const [d0, d1] = [slopes[i]!, slopes[i + 1]!];
    const rising = d0 < 0 && d1 >= 0;
    const falling = d0 > 0 && d1 <= 0;
    if (!rising && !falling) continue;
    const bracket = brentBracket(derivative.f, run.xs[i]!, d0, run.xs[i + 1]!, d1);
    const signs = signsAround(scan, derivative.F, bracket.x);
    if (!signs || signs[0] !== (rising ? -1 : 1) || signs[1] !== (rising ? 1 : -1)) continue;
    out.push(extremumAt(scan, snappedRoot(bracket), rising ? "minimum" : "maximum"));
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
    const fx = evaluate(scan, x);
    if (!standsOut(scan, sign, x, fx, xs[i - 1]!, before) || !standsOut(scan, sign, x, fx, xs[i + 1]!, after)) continue;
    const { lo, hi } = searchBracket(x);
    const candidate = simpleNumberIn(lo, hi)?.value;
    const snappedX = candidate !== undefined && sign * evaluate(scan, candidate) <= sign * fx ? candidate : x;
    out.push(extremumAt(scan, snappedX, isMin ? "minimum" : "maximum"));
  }
}

/** Whether f(x) is beyond f at a neighbour (below it for sign 1) by more than the rounding of both. */
function standsOut(scan: Scan, sign: number, x: number, fx: number, neighbour: number, fNeighbour: number): boolean {
  const [here, there] = [enclose(scan, scan.F, x, x), enclose(scan, scan.F, neighbour, neighbour)];
  const rounding = here.hi - here.lo + (there.hi - there.lo);
  return sign * (fNeighbour - fx) > rounding;
}

/** Points where y = f(x) meets y = g(x): roots of f − g, whose enclosure is F − G. */
export function findIntersections(
  f: RealFunction,
  F: IntervalFunction,
  g: RealFunction,
  G: IntervalFunction,
  view: PlotView,
  options: { derivatives?: [Slope, Slope]; maxPoints?: number } = {},
): Found<{ x: number; y: number }> {
  const difference: RealFunction = (x) => f(x) - g(x);
  const enclosure: IntervalFunction = (lo, hi) => subtract(F(lo, hi), G(lo, hi));
  const slopes = options.derivatives;
  const derivative: Slope | undefined = slopes && {
    f: (x) => slopes[0].f(x) - slopes[1].f(x),
    F: (lo, hi) => subtract(slopes[0].F(lo, hi), slopes[1].F(lo, hi)),
  };
  const roots = findRoots(difference, enclosure, view, { derivative, maxPoints: options.maxPoints });
  return { points: roots.points.map(({ x }) => ({ x, y: f(x) })), truncated: roots.truncated };
}

/** Everything the plotter says about a graph of x in a view. */
export interface GraphFindings {
  roots: Found<Root>;
  extrema: Found<Extremum>;
  asymptotes: number[];
  holes: Extract<CurveBreak, { kind: "hole" }>[];
  jumps: Extract<CurveBreak, { kind: "jump" }>[];
  edges: Extract<CurveBreak, { kind: "edge" }>[];
  /** Points where no claim is made: rounding swamps the values, or f oscillates without settling. */
  unresolved: Extract<CurveBreak, { kind: "unresolved" }>[];
}

function ofKind<K extends CurveBreak["kind"]>(breaks: readonly CurveBreak[], kind: K) {
  return breaks.filter((b): b is Extract<CurveBreak, { kind: K }> => b.kind === kind);
}

/**
 * The analysis the plotter shows for y = f(x): the breaks of the sampled curve (`sample`, sampled
 * for this view), and the roots and extrema. A jump or an end of the domain where f is 0 is a
 * root too; f on a whole stretch of 0 (floor x on [0, 1)) has no root marked.
 */
export function analyseGraph(
  f: RealFunction,
  F: IntervalFunction,
  view: PlotView,
  sample: CurveSample,
  options: AnalysisOptions = {},
): GraphFindings {
  const max = options.maxPoints ?? MAX_ANALYSIS_POINTS;
  const found = findRoots(f, F, view, options);
  const jumps = ofKind(sample.breaks, "jump");
  const edges = ofKind(sample.breaks, "edge");
  const atBreaks: Root[] = [
    ...jumps.filter((j) => j.value === 0).map((j) => ({ x: j.x, kind: "jump" as const })),
    ...edges.filter((e) => e.value === 0).map((e) => ({ x: e.x, kind: "edge" as const })),
  ];
  const pixel = 1 / (deviceWidth(view) / (view.xMax - view.xMin));
  const isolated = (x: number) => f(x - pixel) !== 0 && f(x + pixel) !== 0;
  // A root at a break is named for the break: it comes first, so it is the one kept.
  const all = dedupe([...atBreaks, ...found.points], 1 / pixel).filter((root) => isolated(root.x));
  return {
    roots: finish(all, max, found.truncated),
    extrema: findExtrema(f, F, view, options),
    asymptotes: ofKind(sample.breaks, "asymptote").map((b) => b.x),
    holes: ofKind(sample.breaks, "hole"),
    jumps,
    edges,
    unresolved: ofKind(sample.breaks, "unresolved"),
  };
}

function dedupe<T extends { x: number }>(points: T[], kx: number): T[] {
  const sorted = [...points].sort((p, q) => p.x - q.x);
  return sorted.filter((p, i) => i === 0 || (p.x - sorted[i - 1]!.x) * kx > SAME_POINT_PX);
}

function finish<T>(points: T[], max: number, truncated: boolean): Found<T> {
  return { points: points.slice(0, max), truncated: truncated || points.length > max };
}
