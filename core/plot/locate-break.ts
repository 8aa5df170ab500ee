/**
 * What happens inside a bracket [a, b] narrower than a pixel where the interval enclosure says f
 * may be discontinuous or undefined. One of:
 * - a domain edge or an exact pole (one end undefined or infinite): approach it by bisection until
 *   the curve leaves the view or is within LOCATE_WIDTH_PX of the edge;
 * - a finite jump (bounded enclosure): bisect towards the larger change down to LOCATE_WIDTH_PX,
 *   then evaluate f at the simplest number in the bracket to decide which dot is filled;
 * - a pole (unbounded enclosure): bisect with intervals towards the unbounded half until both
 *   sides leave the view (the jump's fallback too, when its cheaper bisection followed a wiggle);
 * - nothing (the enclosure overestimated, or a removable point): both halves turn out continuous,
 *   or the two sides meet within JOIN_PX, and the curve is joined.
 * The points met on the way are real samples of the curve and are drawn.
 */
import type { CurveBreak, Dot, Interval } from "./curve-types";
import type { PolylineBuilder } from "./polyline";
import { simplestBetween } from "./simplest-number";

/** Breaks are located to this width (device pixels) before they are classified. */
export const LOCATE_WIDTH_PX = 1e-7;
/** Two sides of a located break closer than this are one curve (a removable point, an invisible step). */
export const JOIN_PX = 0.5;
/** A side of a jump has a limit if f this far (device pixels) outside the bracket is within JOIN_PX of its end. */
export const LIMIT_PROBE_PX = 1e-3;

/** What the locator needs from a sampler: scales, the visible band, evaluation, and where to draw. */
export interface BreakContext {
  /** Device pixels per unit along x and along y. */
  kx: number;
  ky: number;
  /** The visible band of y values, margin included. */
  bandLo: number;
  bandHi: number;
  evaluations: number;
  /** The evaluation budget: narrowing stops when it is spent, leaving a plain gap. */
  cap: number;
  truncated: boolean;
  maxDots: number;
  out: PolylineBuilder;
  dots: Dot[];
  breaks: CurveBreak[];
  evaluate(x: number): number;
  enclose(lo: number, hi: number): Interval;
}

/** Samples met while narrowing a bracket: those left of the break, and those right of it (right to left). */
interface Sides {
  left: number[];
  right: number[];
}

export function locateBreak(s: BreakContext, a: number, fa: number, b: number, fb: number, enclosure: Interval): void {
  if (!Number.isFinite(fa) || !Number.isFinite(fb)) return approachBreak(s, a, fa, b, fb);
  if (Number.isFinite(enclosure.lo) && Number.isFinite(enclosure.hi)) return locateJump(s, a, fa, b, fb);
  narrowByIntervals(s, { a, fa, b, fb }, true);
}

/** Whether y is beyond the visible band (or infinite). NaN is not: it is undefined, not far. */
function escapes(s: BreakContext, y: number): boolean {
  return y > s.bandHi || y < s.bandLo;
}

function widthPx(s: BreakContext, a: number, b: number): number {
  return (b - a) * s.kx;
}

/** One end is undefined or infinite: walk from the finite end towards the other. */
function approachBreak(s: BreakContext, a: number, fa: number, b: number, fb: number): void {
  const fromLeft = Number.isFinite(fa);
  if (!fromLeft && !Number.isFinite(fb)) {
    s.out.end();
    return;
  }
  const samples: number[] = [];
  let [near, fNear, far, fFar] = fromLeft ? [a, fa, b, fb] : [b, fb, a, fa];
  while (Math.abs(widthPx(s, near, far)) > LOCATE_WIDTH_PX && !escapes(s, fNear) && !spent(s)) {
    const m = near + (far - near) / 2;
    if (m === near || m === far) break;
    const fm = s.evaluate(m);
    if (Number.isFinite(fm)) {
      [near, fNear] = [m, fm];
      samples.push(m, fm);
    } else {
      [far, fFar] = [m, fm];
    }
  }
  const kind = escapes(s, fNear) || Math.abs(fFar) === Infinity ? "asymptote" : "edge";
  if (fromLeft) {
    drawPoints(s, samples);
    s.out.end();
    recordBreak(s, kind, near);
  } else {
    s.out.end();
    recordBreak(s, kind, near);
    drawPoints(s, reversePairs(samples));
    s.out.point(b, fb);
  }
}

/**
 * A bounded enclosure: any break is a finite jump. Bisect towards the side that changes more (one
 * evaluation a step), then confirm with an interval that the bracket holds the break; if it does
 * not (the bisection followed a wiggle, as in sin(1/x) near 0), narrow again with intervals.
 */
function locateJump(s: BreakContext, a: number, fa: number, b: number, fb: number): void {
  const sides: Sides = { left: [], right: [] };
  const start: Bracket = { a, fa, b, fb };
  while (widthPx(s, a, b) > LOCATE_WIDTH_PX) {
    if (spent(s)) return leaveGap(s, sides, start);
    const m = a + (b - a) / 2;
    if (m === a || m === b) break;
    const fm = s.evaluate(m);
    if (!Number.isFinite(fm)) return narrowByIntervals(s, start, false);
    const changeLeft = Math.abs(fm - fa);
    const changeRight = Math.abs(fb - fm);
    if (changeLeft === changeRight && changeLeft * s.ky > JOIN_PX) {
      // f at m is apart from both sides (sign(x) at 0): m is the jump point.
      return finishJump(s, sides, { a, fa, b, fb }, { x: m, y: fm }, start);
    }
    if (changeRight > changeLeft) {
      [a, fa] = [m, fm];
      sides.left.push(m, fm);
    } else {
      [b, fb] = [m, fm];
      sides.right.push(m, fm);
    }
  }
  const meets = Math.abs(fa - fb) * s.ky <= JOIN_PX;
  if (!meets && !isSuspicious(s.enclose(a, b))) return narrowByIntervals(s, start, false);
  finishBracket(s, sides, { a, fa, b, fb }, start, false);
}

/**
 * Bisect with intervals towards the half that is unbounded, discontinuous or partly undefined, until
 * both sides have left the view or the bracket is LOCATE_WIDTH_PX wide.
 */
function narrowByIntervals(s: BreakContext, start: Bracket, unbounded: boolean): void {
  const sides: Sides = { left: [], right: [] };
  let { a, fa, b, fb } = start;
  while (widthPx(s, a, b) > LOCATE_WIDTH_PX && !(escapes(s, fa) && escapes(s, fb))) {
    if (spent(s)) return leaveGap(s, sides, start);
    const m = a + (b - a) / 2;
    if (m === a || m === b) break;
    const fm = s.evaluate(m);
    if (!Number.isFinite(fm)) {
      drawPoints(s, sides.left);
      approachBreak(s, a, fa, m, fm);
      approachBreak(s, m, fm, b, fb);
      drawPoints(s, reversePairs(sides.right));
      return s.out.point(start.b, start.fb);
    }
    const left = s.enclose(a, m);
    const right = s.enclose(m, b);
    if (!isSuspicious(left) && !isSuspicious(right)) {
      // Continuous on both halves, so on the whole bracket: the enclosure overestimated.
      drawPoints(s, sides.left);
      s.out.point(m, fm);
      drawPoints(s, reversePairs(sides.right));
      return s.out.point(start.b, start.fb);
    }
    if (choosesLeft(left, right)) {
      [b, fb] = [m, fm];
      sides.right.push(m, fm);
    } else {
      [a, fa] = [m, fm];
      sides.left.push(m, fm);
    }
  }
  finishBracket(s, sides, { a, fa, b, fb }, start, unbounded);
}

function spent(s: BreakContext): boolean {
  return s.evaluations >= s.cap;
}

/** Out of budget while narrowing: a gap, unclassified (no dots, no break recorded). */
function leaveGap(s: BreakContext, sides: Sides, start: Bracket): void {
  s.truncated = true;
  drawPoints(s, sides.left);
  s.out.end();
  drawPoints(s, reversePairs(sides.right));
  s.out.point(start.b, start.fb);
}

function isUnbounded(i: Interval): boolean {
  return !Number.isFinite(i.lo) || !Number.isFinite(i.hi);
}

function isSuspicious(i: Interval): boolean {
  return !i.continuous || i.defined !== "all" || isUnbounded(i);
}

function choosesLeft(left: Interval, right: Interval): boolean {
  if (!isSuspicious(right)) return true;
  if (!isSuspicious(left)) return false;
  return isUnbounded(left) || !isUnbounded(right);
}

interface Bracket {
  a: number;
  fa: number;
  b: number;
  fb: number;
}

/** A narrowed bracket: a pole if the enclosure was unbounded and a side left the view; one curve if the sides meet; else a jump. */
function finishBracket(s: BreakContext, sides: Sides, bracket: Bracket, start: Bracket, unbounded: boolean): void {
  const { a, fa, b, fb } = bracket;
  if (unbounded && (escapes(s, fa) || escapes(s, fb))) {
    drawPoints(s, sides.left);
    s.out.end();
    recordBreak(s, "asymptote", a + (b - a) / 2);
    drawPoints(s, reversePairs(sides.right));
    return s.out.point(start.b, start.fb);
  }
  if (Math.abs(fa - fb) * s.ky <= JOIN_PX) {
    drawPoints(s, sides.left);
    drawPoints(s, reversePairs(sides.right));
    return s.out.point(start.b, start.fb);
  }
  const x = simplestBetween(a, b);
  const y = x === a ? fa : x === b ? fb : s.evaluate(x);
  finishJump(s, sides, bracket, { x, y }, start);
}

/**
 * Breaks the polyline at a jump and puts the dots: filled where f(x) is, open at the limits it does
 * not take. No dots where a side has no limit (sin(1/x) at 0): f a little farther out differs.
 */
function finishJump(s: BreakContext, sides: Sides, bracket: Bracket, at: { x: number; y: number }, start: Bracket) {
  const { a, fa, b, fb } = bracket;
  drawPoints(s, sides.left);
  s.out.point(a, fa);
  s.out.end();
  recordBreak(s, "jump", at.x);
  if (hasLimits(s, bracket)) {
    const takesLeft = Math.abs(at.y - fa) * s.ky <= JOIN_PX;
    const takesRight = !takesLeft && Math.abs(at.y - fb) * s.ky <= JOIN_PX;
    addDot(s, at.x, fa, takesLeft);
    addDot(s, at.x, fb, takesRight);
    if (!takesLeft && !takesRight && Number.isFinite(at.y)) addDot(s, at.x, at.y, true);
  }
  s.out.point(b, fb);
  drawPoints(s, reversePairs(sides.right));
  s.out.point(start.b, start.fb);
}

/** Whether f settles on each side of the bracket: LIMIT_PROBE_PX farther out it still has the same value. */
function hasLimits(s: BreakContext, { a, fa, b, fb }: Bracket): boolean {
  const probe = LIMIT_PROBE_PX / s.kx;
  return (
    Math.abs(s.evaluate(a - probe) - fa) * s.ky <= JOIN_PX && Math.abs(s.evaluate(b + probe) - fb) * s.ky <= JOIN_PX
  );
}

function addDot(s: BreakContext, x: number, y: number, filled: boolean): void {
  if (y < s.bandLo || y > s.bandHi) return;
  if (s.dots.length >= s.maxDots) {
    s.truncated = true;
    return;
  }
  s.dots.push({ x, y, filled });
}

function recordBreak(s: BreakContext, kind: CurveBreak["kind"], x: number): void {
  s.breaks.push({ kind, x });
}

function drawPoints(s: BreakContext, points: readonly number[]): void {
  for (let i = 0; i + 1 < points.length; i += 2) s.out.point(points[i]!, points[i + 1]!);
}

/** x0, y0, x1, y1, … with the pairs in reverse order. */
function reversePairs(points: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = points.length - 2; i >= 0; i -= 2) out.push(points[i]!, points[i + 1]!);
  return out;
}
