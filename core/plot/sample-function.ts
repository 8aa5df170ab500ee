/**
 * y = f(x) over a view, sampled adaptively so the drawn polyline stays within half a device pixel
 * of the curve, and never drawn across a discontinuity.
 *
 * The view is cut into segments of about INITIAL_SEGMENT_PX, at points fixed in the plane (a grid
 * of a power-of-two step, jittered by a hash of the grid index, so panning does not make the curve
 * shimmer and periodic functions do not alias with the grid). Each segment is refined recursively,
 * guided by an interval enclosure of f over it:
 * - f undefined on the whole segment, or the enclosure entirely above or below the view: nothing
 *   to draw (a chord between two off-screen points on one side stays off-screen).
 * - f maybe discontinuous or maybe undefined in part: bisect down to BREAK_WIDTH_PX, then locate
 *   the break (./locate-break.ts): a jump gets its dots, a pole or a domain edge is approached
 *   until the curve leaves the view or reaches the edge within a tiny fraction of a pixel.
 * - f continuous: accept the segment when its midpoint lies within FLATNESS_PX of the chord and
 *   the enclosure hides no detail the three samples missed; otherwise bisect. A segment narrower
 *   than FILL_COLUMN_PX that is still not flat (sin(1/x) near 0) is drawn as a vertical stroke over
 *   its enclosure: correct to within half its width, at the cost of one interval evaluation.
 * Work is bounded: MAX_EVALUATIONS_PER_PIXEL × the width in device pixels, MAX_DEPTH levels,
 * MAX_POLYLINES strokes and MAX_DOTS dots per curve.
 *
 * Output is in maths coordinates (viewport.ts's pointsToPixels turns it into canvas pixels).
 */
import type { CurveSample, Interval, IntervalFunction, RealFunction } from "./curve-types";
import { hashUnit } from "./hash-jitter";
import { locateBreak, type BreakContext } from "./locate-break";
import { clipToBox, PolylineBuilder, type Box } from "./polyline";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

/** The promise, checked by the tests: the drawn curve is within this of the true one. */
export const MAX_DEVIATION_PX = 0.5;
/** A segment is accepted when its midpoint is this close to its chord (the halves are then ~4× closer). */
export const FLATNESS_PX = 0.25;
/** The width of the first segments. */
export const INITIAL_SEGMENT_PX = 8;
/** The extra samples of a segment whose enclosure looks too tall sit at this share of each half (off the dyadic grid). */
const QUARTER_AT = 0.4142;
/** Grid points move by up to this share of the grid step (a hash of their index decides). */
const GRID_JITTER = 0.2;
/** A continuous segment this narrow that is still not flat is filled as a vertical stroke. */
export const FILL_COLUMN_PX = 0.5;
/** A column's halves enclosed this much tighter than the whole show overestimation, not detail… */
export const OVERESTIMATE_SHRINK = 0.75;
/** …if its samples span at most this (device pixels): a curve flat at the column's scale. */
export const SHALLOW_COLUMN_PX = 1;
/** Suspected discontinuities and domain edges are bisected with intervals down to this width. */
export const BREAK_WIDTH_PX = 0.25;
/** A segment whose enclosure exceeds its samples' span by more than this is checked with more samples. */
export const DETAIL_SLACK_PX = 2;
/** Segments this narrow are accepted only if their enclosure exceeds their samples by at most LEAF_SLACK_PX. */
export const LEAF_WIDTH_PX = 1;
export const LEAF_SLACK_PX = 0.5;
/** Polylines are clipped this far beyond the view, so strokes reach its border. */
export const CLIP_MARGIN_PX = 4;
/** The evaluation budget: this many (real or interval) evaluations per device pixel of width. */
export const MAX_EVALUATIONS_PER_PIXEL = 8;
/** A first segment's least cost (its right end, its enclosure, its midpoint, one more): the grid is coarsened to leave room for it. */
const MIN_COST_PER_SEGMENT = 4;
export const MAX_DEPTH = 40;
export const MAX_POLYLINES = 2000;
export const MAX_DOTS = 500;
/** Values farther than this many view heights from the view are clamped (their chords are vertical anyway). */
const VALUE_LIMIT_VIEWS = 1e6;

export interface SampleFunctionOptions {
  /** Overrides MAX_EVALUATIONS_PER_PIXEL × device width. */
  maxEvaluations?: number;
}

/** A sampled curve before clipping: pieces may run far outside the view. The inequality fills use it. */
export interface CurvePieces extends Omit<CurveSample, "polylines"> {
  pieces: Float64Array[];
}

interface FunctionSampler extends BreakContext {
  /** The band where enclosures and samples are compared (holdsNoDetail). */
  detailLo: number;
  detailHi: number;
}

export function sampleFunction(
  f: RealFunction,
  F: IntervalFunction,
  view: PlotView,
  options: SampleFunctionOptions = {},
): CurveSample {
  const { pieces, ...rest } = sampleFunctionPieces(f, F, view, options);
  const box = clipBox(view);
  return { polylines: pieces.flatMap((piece) => clipToBox(piece, box)), ...rest };
}

/** The view's y range widened by CLIP_MARGIN_PX on each side. */
export function viewBand(view: PlotView): [number, number] {
  const margin = (CLIP_MARGIN_PX * (view.yMax - view.yMin)) / deviceHeight(view);
  return [view.yMin - margin, view.yMax + margin];
}

/** The view widened by CLIP_MARGIN_PX on each side: where drawn polylines are clipped. */
export function clipBox(view: PlotView): Box {
  const [yLo, yHi] = viewBand(view);
  const margin = (CLIP_MARGIN_PX * (view.xMax - view.xMin)) / deviceWidth(view);
  return { xLo: view.xMin - margin, xHi: view.xMax + margin, yLo, yHi };
}

export function sampleFunctionPieces(
  f: RealFunction,
  F: IntervalFunction,
  view: PlotView,
  options: SampleFunctionOptions = {},
): CurvePieces {
  const s = createSampler(f, F, view, options);
  const segments = Math.max(1, Math.min(deviceWidth(view) / INITIAL_SEGMENT_PX, s.cap / MIN_COST_PER_SEGMENT));
  const grid = initialGrid(view.xMin, view.xMax, (view.xMax - view.xMin) / segments);
  let a = grid[0]!;
  let fa = s.evaluate(a);
  s.out.point(a, fa);
  for (let i = 1; i < grid.length; i++) {
    if (s.evaluations >= s.cap) {
      s.truncated = true;
      break;
    }
    const b = grid[i]!;
    const fb = s.evaluate(b);
    refine(s, a, fa, b, fb, 0);
    a = b;
    fa = fb;
  }
  s.out.end();
  const truncated = s.truncated || s.out.full || s.dots.length >= MAX_DOTS;
  return { pieces: s.out.polylines, dots: s.dots, breaks: s.breaks, evaluations: s.evaluations, truncated };
}

function createSampler(f: RealFunction, F: IntervalFunction, view: PlotView, options: SampleFunctionOptions) {
  const kx = deviceWidth(view) / (view.xMax - view.xMin);
  const ky = deviceHeight(view) / (view.yMax - view.yMin);
  const [bandLo, bandHi] = viewBand(view);
  const limit = VALUE_LIMIT_VIEWS * (view.yMax - view.yMin);
  const [lowest, highest] = [view.yMin - limit, view.yMax + limit];
  const s: FunctionSampler = {
    kx,
    ky,
    bandLo,
    bandHi,
    detailLo: 2 * view.yMin - view.yMax,
    detailHi: 2 * view.yMax - view.yMin,
    cap: options.maxEvaluations ?? Math.ceil(MAX_EVALUATIONS_PER_PIXEL * deviceWidth(view)),
    evaluations: 0,
    truncated: false,
    out: new PolylineBuilder(MAX_POLYLINES),
    dots: [],
    breaks: [],
    maxDots: MAX_DOTS,
    evaluate(x: number): number {
      s.evaluations++;
      return clampFinite(f(x), lowest, highest);
    },
    value(x: number): number {
      s.evaluations++;
      return f(x);
    },
    enclose(lo: number, hi: number): Interval {
      s.evaluations++;
      return F(lo, hi);
    },
  };
  return s;
}

/** Huge finite values are clamped so pixel arithmetic cannot overflow; ±Infinity and NaN stay as they are. */
function clampFinite(y: number, lo: number, hi: number): number {
  if (y > hi && y < Infinity) return hi;
  if (y < lo && y > -Infinity) return lo;
  return y;
}

/**
 * Points from xMin to xMax about `step` apart: multiples of a power of two near `step`, each moved
 * by a hash of its index, so the same x values are sampled wherever the view is panned.
 */
export function initialGrid(xMin: number, xMax: number, step: number): number[] {
  const gridStep = 2 ** Math.round(Math.log2(step));
  const points = [xMin];
  const first = Math.ceil(xMin / gridStep);
  const last = Math.floor(xMax / gridStep);
  for (let k = first; k <= last; k++) {
    const x = (k + GRID_JITTER * (2 * hashUnit(k) - 1)) * gridStep;
    // Points closer than a quarter step to an end would make a needlessly thin segment.
    if (x - points[points.length - 1]! > gridStep / 4 && xMax - x > gridStep / 4) points.push(x);
  }
  points.push(xMax);
  return points;
}

/** Draws the curve on (a, b]: the caller has drawn (a, fa); this draws up to (b, fb). */
function refine(s: FunctionSampler, a: number, fa: number, b: number, fb: number, depth: number): void {
  if (s.evaluations >= s.cap) return giveUp(s, b, fb);
  const enclosure = s.enclose(a, b);
  if (enclosure.defined === "none") {
    s.out.end();
    return s.out.point(b, fb);
  }
  if (enclosure.defined === "all" && (enclosure.hi < s.bandLo || enclosure.lo > s.bandHi)) {
    return s.out.point(b, fb);
  }
  // An unbounded enclosure of a "continuous" function is a pole at a domain edge (ln|x| at 0): located too.
  const unbounded = !Number.isFinite(enclosure.lo) || !Number.isFinite(enclosure.hi);
  const suspect = enclosure.defined !== "all" || !enclosure.continuous || unbounded || !isFinite(fa) || !isFinite(fb);
  if (suspect) return refineSuspect(s, a, fa, b, fb, enclosure, depth);
  refineContinuous(s, a, fa, b, fb, enclosure, depth);
}

/** Out of budget: leave a gap rather than draw a chord no test has vouched for. */
function giveUp(s: FunctionSampler, b: number, fb: number): void {
  s.truncated = true;
  s.out.end();
  s.out.point(b, fb);
}

function refineSuspect(
  s: FunctionSampler,
  a: number,
  fa: number,
  b: number,
  fb: number,
  enclosure: Interval,
  depth: number,
): void {
  const m = a + (b - a) / 2;
  if ((b - a) * s.kx > BREAK_WIDTH_PX && depth < MAX_DEPTH && m > a && m < b) {
    const fm = s.evaluate(m);
    refine(s, a, fa, m, fm, depth + 1);
    return refine(s, m, fm, b, fb, depth + 1);
  }
  locateBreak(s, a, fa, b, fb, enclosure);
}

function refineContinuous(
  s: FunctionSampler,
  a: number,
  fa: number,
  b: number,
  fb: number,
  enclosure: Interval,
  depth: number,
): void {
  const m = a + (b - a) / 2;
  if (!(m > a && m < b)) return s.out.point(b, fb);
  const fm = s.evaluate(m);
  if (!isFinite(fm)) return refineSuspect(s, a, fa, b, fb, enclosure, depth);
  const flat = isFlat(s, a, fa, m, fm, b, fb);
  if (flat && holdsNoDetail(s, a, fa, m, fm, b, fb, enclosure)) {
    s.out.point(m, fm);
    return s.out.point(b, fb);
  }
  if ((b - a) * s.kx <= FILL_COLUMN_PX || depth >= MAX_DEPTH) {
    const shallow = (Math.max(fa, fm, fb) - Math.min(fa, fm, fb)) * s.ky <= SHALLOW_COLUMN_PX;
    if (flat && shallow && overestimates(s, a, m, b, enclosure) && quartersAreFlat(s, a, fa, m, fm, b, fb)) {
      s.out.point(m, fm);
      return s.out.point(b, fb);
    }
    return fillColumn(s, m, fa, enclosure, b, fb);
  }
  refine(s, a, fa, m, fm, depth + 1);
  refine(s, m, fm, b, fb, depth + 1);
}

/**
 * The enclosure is taller than the samples: either it overestimates (interval arithmetic loses the
 * correlation between the uses of x) or the samples missed detail. Two more samples, off the
 * dyadic grid, tell: on a smooth curve they lie on the chords; the first is drawn if accepted.
 */
function quartersAreFlat(
  s: FunctionSampler,
  a: number,
  fa: number,
  m: number,
  fm: number,
  b: number,
  fb: number,
): boolean {
  const q1 = a + (m - a) * QUARTER_AT;
  const q3 = m + (b - m) * (1 - QUARTER_AT);
  const f1 = s.evaluate(q1);
  const f3 = s.evaluate(q3);
  if (!isFlat(s, a, fa, q1, f1, m, fm) || !isFlat(s, m, fm, q3, f3, b, fb)) return false;
  // The caller goes on with m and b: q3, which lies between them, would be drawn out of order.
  s.out.point(q1, f1);
  return true;
}

/**
 * Whether (m, fm) is within FLATNESS_PX of the chord from (a, fa) to (b, fb), in device pixels. The
 * distance is to the chord as a segment: on a steep chord, a sample beyond its end is not "on" it.
 */
function isFlat(s: FunctionSampler, a: number, fa: number, m: number, fm: number, b: number, fb: number): boolean {
  const dx = (b - a) * s.kx;
  const dy = (fb - fa) * s.ky;
  const px = (m - a) * s.kx;
  const py = (fm - fa) * s.ky;
  const t = Math.min(1, Math.max(0, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - t * dx, py - t * dy) <= FLATNESS_PX;
}

/**
 * Whether a flat-looking segment is really flat. Its enclosure may be taller than its samples for
 * two reasons: interval arithmetic lost the correlation between the uses of x (a smooth curve), or
 * the samples missed detail. Both are compared within the detail band, a view height beyond the
 * view on each side: a wiggle that leaves the view and comes back must still be seen. A segment a pixel wide or less must fit its enclosure: there, a
 * smooth curve's enclosure is tight, and a sub-pixel wiggle is exactly what the samples can miss.
 * A wider one is checked with two more samples, which a smooth curve keeps on the chords.
 */
function holdsNoDetail(
  s: FunctionSampler,
  a: number,
  fa: number,
  m: number,
  fm: number,
  b: number,
  fb: number,
  enclosure: Interval,
): boolean {
  const [lo, hi] = [s.detailLo, s.detailHi];
  const enclosed = Math.min(enclosure.hi, hi) - Math.max(enclosure.lo, lo);
  const sampled = Math.min(Math.max(fa, fm, fb), hi) - Math.max(Math.min(fa, fm, fb), lo);
  const excessPx = (enclosed - Math.max(sampled, 0)) * s.ky;
  if ((b - a) * s.kx <= LEAF_WIDTH_PX) return excessPx <= LEAF_SLACK_PX;
  return excessPx <= DETAIL_SLACK_PX || quartersAreFlat(s, a, fa, m, fm, b, fb);
}

/**
 * Whether a column's enclosure is taller than its samples only because interval arithmetic lost
 * the correlation between the uses of x: then each half's enclosure is at most OVERESTIMATE_SHRINK
 * of the whole's, as the overestimate shrinks with the box. Detail the samples missed (a spike,
 * sin(1/x)'s wiggles) stays in a half at its full height. Wiggles about as wide as the column,
 * whose halves may shrink too, are told by the caller: it asks this only of a column whose samples
 * span at most SHALLOW_COLUMN_PX and lie on their chords, two more included (quartersAreFlat). Next
 * to a hole this is what the enclosures do (sin(x)/x near 0 is enclosed by about [a/b, b/a] on
 * [a, b]), and filling the columns there would draw a false spike.
 */
function overestimates(s: FunctionSampler, a: number, m: number, b: number, enclosure: Interval): boolean {
  const whole = enclosure.hi - enclosure.lo;
  const left = s.enclose(a, m);
  const right = s.enclose(m, b);
  return Math.max(left.hi - left.lo, right.hi - right.lo) <= OVERESTIMATE_SHRINK * whole;
}

/** A vertical stroke at m over the visible part of the enclosure, entered from the end nearer fa. */
function fillColumn(s: FunctionSampler, m: number, fa: number, enclosure: Interval, b: number, fb: number): void {
  const lo = Math.max(enclosure.lo, s.bandLo);
  const hi = Math.min(enclosure.hi, s.bandHi);
  const [first, second] = Math.abs(fa - lo) <= Math.abs(fa - hi) ? [lo, hi] : [hi, lo];
  s.out.point(m, first);
  s.out.point(m, second);
  s.out.point(b, fb);
}
