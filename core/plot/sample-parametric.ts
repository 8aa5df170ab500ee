/**
 * Parametric curves (x(t), y(t)) and polar curves r(θ), sampled adaptively in t with the same care
 * as y = f(x) (./sample-function.ts), measured in device pixels:
 * - a t-segment whose enclosure box [X] × [Y] misses the view is not refined (its chord, inside
 *   the box, is off-screen too);
 * - a segment that may be discontinuous or partly undefined is bisected; a break is kept where the
 *   two sides stay apart once the bracket is tiny, and joined where they meet (JOIN_PX);
 * - a continuous segment is accepted when its midpoint is within FLATNESS_PX of the chord, the
 *   curve turns by at most MAX_TURN_RADIANS there (or the chord is under TURN_FREE_PX long), the
 *   chord is at most MAX_CHORD_PX long, and the enclosure box hides no detail; or when the
 *   whole enclosure box is smaller than FILL_BOX_PX, so any chord inside it is close enough.
 * Output is in maths coordinates, clipped like the function sampler's.
 */
import { cos, interval, multiply, sin } from "../expr/interval";
import type { CurveSample, Interval, IntervalFunction, RealFunction } from "./curve-types";
import { hashUnit } from "./hash-jitter";
import { clipToBox, PolylineBuilder, type Box } from "./polyline";
import { clipBox, FLATNESS_PX, MAX_POLYLINES } from "./sample-function";
import { JOIN_PX } from "./locate-break";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

export const PARAMETRIC_INITIAL_SEGMENTS = 256;
/** Each evaluation of x(t) or y(t) (real or interval) counts once against this budget per device pixel of width. */
export const PARAMETRIC_EVALUATIONS_PER_PIXEL = 24;
export const MAX_TURN_RADIANS = 0.15;
export const TURN_FREE_PX = 2;
export const MAX_CHORD_PX = 64;
/** A segment whose enclosure box is at most this wide and tall is drawn as its chord. */
export const FILL_BOX_PX = 0.35;
/** The enclosure box may exceed the samples' box by this much before more samples are taken. */
const DETAIL_SLACK_PX = 2;
/** Breaks are located to this share of the t range. */
const T_LOCATE_SHARE = 1e-12;
const MAX_DEPTH = 48;
const T_JITTER = 0.2;
const MIN_COST_PER_SEGMENT = 8;

export interface ParametricCurve {
  x: RealFunction;
  y: RealFunction;
  /** Enclosures of x and y over a t interval. */
  X: IntervalFunction;
  Y: IntervalFunction;
}

export interface ParametricOptions {
  maxEvaluations?: number;
}

interface Point {
  t: number;
  /** Maths coordinates (NaN where undefined). */
  x: number;
  y: number;
}

interface ParametricSampler {
  curve: ParametricCurve;
  kx: number;
  ky: number;
  /** The view and a margin: enclosure boxes outside it are not refined. */
  box: Box;
  tLocate: number;
  evaluations: number;
  cap: number;
  truncated: boolean;
  out: PolylineBuilder;
}

export function sampleParametric(
  curve: ParametricCurve,
  tMin: number,
  tMax: number,
  view: PlotView,
  options: ParametricOptions = {},
): CurveSample {
  const s = createSampler(curve, tMin, tMax, view, options);
  // Each first segment costs at least its end and its enclosures (four evaluations) and a midpoint: a small budget gets fewer.
  const n = Math.max(1, Math.min(PARAMETRIC_INITIAL_SEGMENTS, Math.floor(s.cap / MIN_COST_PER_SEGMENT)));
  let previous = evaluateAt(s, tMin);
  s.out.point(previous.x, previous.y);
  for (let i = 1; i <= n; i++) {
    if (s.evaluations >= s.cap) {
      s.truncated = true;
      break;
    }
    const jitter = i === n ? 0 : T_JITTER * (2 * hashUnit(i) - 1);
    const next = evaluateAt(s, tMin + ((tMax - tMin) * (i + jitter)) / n);
    refine(s, previous, next, 0);
    previous = next;
  }
  s.out.end();
  const box = clipBox(view);
  return {
    polylines: s.out.polylines.flatMap((line) => clipToBox(line, box)),
    dots: [],
    breaks: [],
    evaluations: s.evaluations,
    truncated: s.truncated || s.out.full,
  };
}

/**
 * r = r(θ) for θ in [θmin, θmax], as the parametric curve (r cos θ, r sin θ); the enclosures
 * multiply r's enclosure by those of cos and sin.
 */
export function samplePolar(
  r: RealFunction,
  R: IntervalFunction,
  thetaMin: number,
  thetaMax: number,
  view: PlotView,
  options: ParametricOptions = {},
): CurveSample {
  const curve: ParametricCurve = {
    x: (theta) => r(theta) * Math.cos(theta),
    y: (theta) => r(theta) * Math.sin(theta),
    X: (lo, hi) => multiply(R(lo, hi), cos(interval(lo, hi))),
    Y: (lo, hi) => multiply(R(lo, hi), sin(interval(lo, hi))),
  };
  return sampleParametric(curve, thetaMin, thetaMax, view, options);
}

function createSampler(
  curve: ParametricCurve,
  tMin: number,
  tMax: number,
  view: PlotView,
  options: ParametricOptions,
): ParametricSampler {
  const box = clipBox(view);
  return {
    curve,
    kx: deviceWidth(view) / (view.xMax - view.xMin),
    ky: deviceHeight(view) / (view.yMax - view.yMin),
    box,
    tLocate: Math.abs(tMax - tMin) * T_LOCATE_SHARE,
    evaluations: 0,
    cap: options.maxEvaluations ?? Math.ceil(PARAMETRIC_EVALUATIONS_PER_PIXEL * deviceWidth(view)),
    truncated: false,
    out: new PolylineBuilder(MAX_POLYLINES),
  };
}

function evaluateAt(s: ParametricSampler, t: number): Point {
  s.evaluations += 2;
  return { t, x: s.curve.x(t), y: s.curve.y(t) };
}

function isFinitePoint(p: Point): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y);
}

/** Draws the curve on (a.t, b.t]: the caller has drawn a. */
function refine(s: ParametricSampler, a: Point, b: Point, depth: number): void {
  if (s.evaluations >= s.cap) {
    s.truncated = true;
    s.out.end();
    return s.out.point(b.x, b.y);
  }
  s.evaluations += 2;
  const X = s.curve.X(a.t, b.t);
  const Y = s.curve.Y(a.t, b.t);
  if (X.defined === "none" || Y.defined === "none") {
    s.out.end();
    return s.out.point(b.x, b.y);
  }
  const allDefined = X.defined === "all" && Y.defined === "all";
  if (allDefined && (X.hi < s.box.xLo || X.lo > s.box.xHi || Y.hi < s.box.yLo || Y.lo > s.box.yHi)) {
    return s.out.point(b.x, b.y);
  }
  const suspect = !allDefined || !X.continuous || !Y.continuous || !isFinitePoint(a) || !isFinitePoint(b);
  if (suspect) return refineSuspect(s, a, b, depth);
  refineContinuous(s, a, b, X, Y, depth);
}

function refineContinuous(s: ParametricSampler, a: Point, b: Point, X: Interval, Y: Interval, depth: number): void {
  if (boxPx(s, X, Y) <= FILL_BOX_PX) return s.out.point(b.x, b.y);
  const tm = a.t + (b.t - a.t) / 2;
  if (!(tm > Math.min(a.t, b.t) && tm < Math.max(a.t, b.t))) return s.out.point(b.x, b.y);
  const m = evaluateAt(s, tm);
  if (!isFinitePoint(m)) return refineSuspect(s, a, b, depth);
  if (depth >= MAX_DEPTH || (isSmooth(s, a, m, b) && holdsNoDetail(s, a, m, b, X, Y))) {
    s.out.point(m.x, m.y);
    return s.out.point(b.x, b.y);
  }
  refine(s, a, m, depth + 1);
  refine(s, m, b, depth + 1);
}

/** The larger side of an enclosure box, in device pixels. */
function boxPx(s: ParametricSampler, X: Interval, Y: Interval): number {
  return Math.max((X.hi - X.lo) * s.kx, (Y.hi - Y.lo) * s.ky);
}

/** Close to the chord, turning gently, and not too long. */
function isSmooth(s: ParametricSampler, a: Point, m: Point, b: Point): boolean {
  const [ax, ay, mx, my, bx, by] = [a.x * s.kx, a.y * s.ky, m.x * s.kx, m.y * s.ky, b.x * s.kx, b.y * s.ky];
  const chord = Math.hypot(bx - ax, by - ay);
  if (chord > MAX_CHORD_PX && crossesView(s, a, b)) return false;
  if (distanceToSegment(mx, my, ax, ay, bx, by) > FLATNESS_PX) return false;
  if (chord <= TURN_FREE_PX) return true;
  const turn = Math.abs(
    Math.atan2((mx - ax) * (by - my) - (my - ay) * (bx - mx), (mx - ax) * (bx - mx) + (my - ay) * (by - my)),
  );
  return turn <= MAX_TURN_RADIANS;
}

function crossesView(s: ParametricSampler, a: Point, b: Point): boolean {
  const outside =
    (a.x < s.box.xLo && b.x < s.box.xLo) ||
    (a.x > s.box.xHi && b.x > s.box.xHi) ||
    (a.y < s.box.yLo && b.y < s.box.yLo) ||
    (a.y > s.box.yHi && b.y > s.box.yHi);
  return !outside;
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** The enclosure box is no more than DETAIL_SLACK_PX bigger than the samples' box, or two more samples agree. */
function holdsNoDetail(s: ParametricSampler, a: Point, m: Point, b: Point, X: Interval, Y: Interval): boolean {
  const excessX =
    (clampedSpan(X.lo, X.hi, s.box.xLo, s.box.xHi) -
      clampedSpan(Math.min(a.x, m.x, b.x), Math.max(a.x, m.x, b.x), s.box.xLo, s.box.xHi)) *
    s.kx;
  const excessY =
    (clampedSpan(Y.lo, Y.hi, s.box.yLo, s.box.yHi) -
      clampedSpan(Math.min(a.y, m.y, b.y), Math.max(a.y, m.y, b.y), s.box.yLo, s.box.yHi)) *
    s.ky;
  if (Math.max(excessX, excessY) <= DETAIL_SLACK_PX) return true;
  const q1 = evaluateAt(s, a.t + (m.t - a.t) * 0.4142);
  const q3 = evaluateAt(s, m.t + (b.t - m.t) * 0.5858);
  return isFinitePoint(q1) && isFinitePoint(q3) && isSmooth(s, a, q1, m) && isSmooth(s, m, q3, b);
}

/** The length of [lo, hi] ∩ [viewLo − span, viewHi + span]: a view beyond the view on each side still counts. */
function clampedSpan(lo: number, hi: number, viewLo: number, viewHi: number): number {
  const span = viewHi - viewLo;
  return Math.max(0, Math.min(hi, viewHi + span) - Math.max(lo, viewLo - span));
}

/** Maybe discontinuous or undefined: bisect while the sides are apart; break where they stay apart. */
function refineSuspect(s: ParametricSampler, a: Point, b: Point, depth: number): void {
  if (isFinitePoint(a) && isFinitePoint(b) && pixelDistance(s, a, b) <= JOIN_PX) return s.out.point(b.x, b.y);
  const tm = a.t + (b.t - a.t) / 2;
  if (Math.abs(b.t - a.t) > s.tLocate && depth < MAX_DEPTH && tm !== a.t && tm !== b.t) {
    const m = evaluateAt(s, tm);
    refine(s, a, m, depth + 1);
    return refine(s, m, b, depth + 1);
  }
  s.out.end();
  s.out.point(b.x, b.y);
}

function pixelDistance(s: ParametricSampler, a: Point, b: Point): number {
  return Math.hypot((a.x - b.x) * s.kx, (a.y - b.y) * s.ky);
}
