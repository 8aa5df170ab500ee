/**
 * What happens inside a bracket [a, b] narrower than a pixel where the interval enclosure says f
 * may be discontinuous or undefined. The bracket is narrowed, then what f does there is decided
 * from both sides (./classify-break.ts), and drawn:
 * - a pole: the curve breaks, and the asymptote is recorded at the simplest number in the bracket;
 * - a hole (f undefined at one point, with the same limit from both sides: sin(x)/x at 0): the
 *   curve runs through, and an open dot marks the missing point;
 * - a finite jump: the curve breaks, with a filled dot where f takes its value and open dots at
 *   the limits it does not take;
 * - an end of the domain: the curve ends there;
 * - nothing (the enclosure overestimated): the curve is joined;
 * - no verdict (rounding swamps the values, or f oscillates without settling): a gap, and no claim.
 *
 * How a bracket is narrowed depends on what is known:
 * - one end undefined or infinite: bisect towards it, drawing the points met, until the curve
 *   leaves the view or is within LOCATE_WIDTH_PX of the edge;
 * - a bounded enclosure of an f defined throughout (a finite jump): bisect towards the larger change
 *   (one evaluation a step), confirm with an interval that the bracket holds the break, else narrow
 *   with intervals (the bisection followed a wiggle, as in sin(1/x) near 0); a plain jump keeps
 *   its cheap verdict;
 * - otherwise (a pole, or a point where f may be undefined): bisect with intervals towards the
 *   unbounded, discontinuous or partly undefined half.
 * Where a side of a hole is lost to rounding ((1 − cos x)/x² near 0), the samples there are not
 * drawn. Without the evaluations for a verdict, the curve is drawn by the narrowing's cheaper rules
 * and no pole, hole or end of the domain is claimed.
 */
import { CLASSIFY_COST, classifyBreak, type BreakVerdict, type Evaluator } from "./classify-break";
import type { CurveBreak, Dot, Interval } from "./curve-types";
import type { PolylineBuilder } from "./polyline";
import { simpleNumberIn, simplestBetween } from "./simplest-number";

/** Breaks are located to this width (device pixels) before they are classified. */
export const LOCATE_WIDTH_PX = 1e-7;
/** Two sides of a located break closer than this are one curve (a removable point, an invisible step). */
export const JOIN_PX = 0.5;
/** A side of a jump has a limit if f this far (device pixels) outside the bracket is within JOIN_PX of its end. */
export const LIMIT_PROBE_PX = 1e-3;
/** Narrowing a bracket from a pixel to LOCATE_WIDTH_PX takes about this many steps. */
const NARROWING_STEPS = Math.ceil(Math.log2(1 / LOCATE_WIDTH_PX));

/** What the locator needs from a sampler: scales, the visible band, evaluation, and where to draw. */
export interface BreakContext extends Evaluator {
  evaluations: number;
  /** The evaluation budget: narrowing stops when it is spent, leaving a plain gap. */
  cap: number;
  truncated: boolean;
  maxDots: number;
  out: PolylineBuilder;
  dots: Dot[];
  breaks: CurveBreak[];
  /** f(x), huge values clamped for drawing; `value` (from Evaluator) is f(x) as it is. */
  evaluate(x: number): number;
}

/** Samples met while narrowing a bracket: those left of the break, and those right of it (right to left). */
interface Sides {
  left: number[];
  right: number[];
}

interface Bracket {
  a: number;
  fa: number;
  b: number;
  fb: number;
}

export function locateBreak(s: BreakContext, a: number, fa: number, b: number, fb: number, enclosure: Interval): void {
  if (!Number.isFinite(fa) || !Number.isFinite(fb)) return approachBreak(s, a, fa, b, fb);
  const bounded = Number.isFinite(enclosure.lo) && Number.isFinite(enclosure.hi);
  // A bounded f defined throughout jumps, if anything; where it may be undefined, intervals find the point.
  if (bounded && enclosure.defined === "all") return locateJump(s, a, fa, b, fb);
  narrowByIntervals(s, { a, fa, b, fb }, !bounded);
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
  let [near, fNear, far] = fromLeft ? [a, fa, b] : [b, fb, a];
  while (Math.abs(widthPx(s, near, far)) > LOCATE_WIDTH_PX && !escapes(s, fNear) && !spent(s)) {
    const m = near + (far - near) / 2;
    if (m === near || m === far) break;
    const fm = s.evaluate(m);
    if (Number.isFinite(fm)) {
      [near, fNear] = [m, fm];
      samples.push(m, fm);
    } else {
      far = m;
    }
  }
  const verdict = affords(s) ? classifyByValues(s, near, far) : null;
  const side = fromLeft ? "left" : "right";
  const kept = verdict ? trustedSamples(samples, verdict, side) : samples;
  if (fromLeft) drawPoints(s, kept);
  if (verdict?.kind === "hole") {
    s.out.point(verdict.x, verdict.limit);
    markHole(s, verdict);
  } else {
    if (fromLeft) s.out.end();
    // Without the evaluations for a verdict, the curve breaks and nothing is claimed.
    if (verdict) recordVerdict(s, verdict);
    if (!fromLeft) s.out.end();
  }
  if (!fromLeft) {
    drawPoints(s, reversePairs(kept));
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
      return finishJump(s, sides, { a, fa, b, fb }, { x: m, y: fm }, start, hasLimits(s, { a, fa, b, fb }));
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
  const enclosure = s.enclose(a, b);
  if (!meets && !isSuspicious(enclosure)) return narrowByIntervals(s, start, false);
  // Where f may be undefined inside, the join may be across a hole: that needs a verdict.
  if (enclosure.defined !== "all" && affords(s)) return drawVerdict(s, sides, { a, fa, b, fb }, start);
  finishBracket(s, sides, { a, fa, b, fb }, start, false);
}

/**
 * Bisect with intervals towards the half that is unbounded, discontinuous or partly undefined, until
 * both sides have left the view or the bracket is LOCATE_WIDTH_PX wide; then decide what is there.
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
    // Both halves suspicious: the enclosures can tell no more (tan's counts a pole within a
    // billionth of a period as inside, so narrowing on would drift away from π/2).
    if (isSuspicious(left) && isSuspicious(right) && affords(s)) break;
    if (choosesLeft(left, right)) {
      [b, fb] = [m, fm];
      sides.right.push(m, fm);
    } else {
      [a, fa] = [m, fm];
      sides.left.push(m, fm);
    }
  }
  if (affords(s)) return drawVerdict(s, sides, { a, fa, b, fb }, start);
  finishBracket(s, sides, { a, fa, b, fb }, start, unbounded);
}

function spent(s: BreakContext): boolean {
  return s.evaluations >= s.cap;
}

/** Whether the budget leaves room to narrow a bracket to LOCATE_WIDTH_PX and classify it. */
function affords(s: BreakContext): boolean {
  return s.evaluations + 2 * NARROWING_STEPS + CLASSIFY_COST <= s.cap;
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

/** [near, far] (far undefined or infinite) narrowed by values to LOCATE_WIDTH_PX, then classified. */
function classifyByValues(s: BreakContext, near: number, far: number): BreakVerdict {
  while (Math.abs(widthPx(s, near, far)) > LOCATE_WIDTH_PX) {
    const m = near + (far - near) / 2;
    if (m === near || m === far) break;
    if (Number.isFinite(s.value(m))) near = m;
    else far = m;
  }
  return classifyBreak(s, Math.min(near, far), Math.max(near, far));
}

/**
 * [a, b] narrowed with intervals towards the suspicious half, then classified. Narrowing stops at
 * LOCATE_WIDTH_PX, or where both halves stay suspicious: the enclosures can tell no more (tan's
 * counts a pole within a billionth of a period as inside), and the break is somewhere in [a, b].
 */
function classifyByIntervals(s: BreakContext, a: number, b: number): BreakVerdict {
  while (widthPx(s, a, b) > LOCATE_WIDTH_PX) {
    const m = a + (b - a) / 2;
    if (m === a || m === b) break;
    if (!isSuspicious(s.enclose(a, m))) a = m;
    else if (!isSuspicious(s.enclose(m, b))) b = m;
    else break;
  }
  return classifyBreak(s, a, b);
}

/** Draws a narrowed bracket by its verdict; a verdict the narrowing cannot draw falls back to its own rules. */
function drawVerdict(s: BreakContext, sides: Sides, bracket: Bracket, start: Bracket): void {
  const verdict = classifyByIntervals(s, bracket.a, bracket.b);
  switch (verdict.kind) {
    case "hole": {
      drawPoints(s, trustedSamples(sides.left, verdict, "left"));
      s.out.point(verdict.x, verdict.limit);
      markHole(s, verdict);
      drawPoints(s, reversePairs(trustedSamples(sides.right, verdict, "right")));
      return s.out.point(start.b, start.fb);
    }
    case "jump":
      return finishJump(s, sides, bracket, { x: verdict.x, y: verdict.value }, start, true, verdict);
    case "none":
      drawPoints(s, sides.left);
      drawPoints(s, reversePairs(sides.right));
      return s.out.point(start.b, start.fb);
    default:
      drawPoints(s, trustedSamples(sides.left, verdict, "left"));
      s.out.end();
      recordVerdict(s, verdict);
      drawPoints(s, reversePairs(trustedSamples(sides.right, verdict, "right")));
      return s.out.point(start.b, start.fb);
  }
}

/** Samples no nearer x than `from`: nearer ones may be rounding noise (beside a hole, or where no verdict could be had). */
function samplesFrom(points: readonly number[], x: number, from: number): number[] {
  const kept: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    if (Math.abs(points[i]! - x) >= from) kept.push(points[i]!, points[i + 1]!);
  }
  return kept;
}

/** The samples of one side a verdict trusts. */
function trustedSamples(points: readonly number[], verdict: BreakVerdict, side: "left" | "right"): number[] {
  if (verdict.kind === "hole") return samplesFrom(points, verdict.x, verdict[side].trustedFrom);
  if (verdict.kind === "unresolved") return samplesFrom(points, verdict.x, verdict.noisyWithin);
  return [...points];
}

/** An open dot at a hole's limit, a filled one where f is defined apart from the curve, and the record. */
function markHole(s: BreakContext, hole: Extract<BreakVerdict, { kind: "hole" }>): void {
  addDot(s, hole.x, hole.limit, false);
  if (Number.isFinite(hole.value)) addDot(s, hole.x, hole.value, true);
  recordBreak(s, { kind: "hole", x: hole.x, limit: hole.limit, value: hole.value });
}

/** The record of a verdict that breaks the curve (holes and nothing are drawn through). */
function recordVerdict(s: BreakContext, verdict: BreakVerdict): void {
  switch (verdict.kind) {
    case "asymptote":
      return recordBreak(s, { kind: "asymptote", x: verdict.x });
    case "edge":
      return recordBreak(s, { kind: "edge", x: verdict.x, value: verdict.value });
    case "jump":
      addDot(s, verdict.x, verdict.left.value, false);
      addDot(s, verdict.x, verdict.right.value, false);
      return recordBreak(s, {
        kind: "jump",
        x: verdict.x,
        left: verdict.left.value,
        right: verdict.right.value,
        value: verdict.value,
      });
    case "unresolved":
      return recordBreak(s, { kind: "unresolved", x: verdict.x, reason: verdict.reason });
    case "hole":
      return markHole(s, verdict);
    case "none":
      return;
  }
}

/**
 * Without a verdict (a plain jump, or the budget spent): one curve if the sides meet, a gap if the
 * enclosure was unbounded and a side left the view (no claim: an escaping side is not yet a pole),
 * else a jump, its dots put by its own cheap rules.
 */
function finishBracket(s: BreakContext, sides: Sides, bracket: Bracket, start: Bracket, unbounded: boolean): void {
  const { a, fa, b, fb } = bracket;
  if (unbounded && (escapes(s, fa) || escapes(s, fb))) {
    drawPoints(s, sides.left);
    s.out.end();
    drawPoints(s, reversePairs(sides.right));
    return s.out.point(start.b, start.fb);
  }
  if (Math.abs(fa - fb) * s.ky <= JOIN_PX) {
    drawPoints(s, sides.left);
    drawPoints(s, reversePairs(sides.right));
    return s.out.point(start.b, start.fb);
  }
  const x = simpleNumberIn(a, b)?.value ?? simplestBetween(a, b);
  const y = x === a ? fa : x === b ? fb : s.evaluate(x);
  finishJump(s, sides, bracket, { x, y }, start, hasLimits(s, bracket));
}

/**
 * Breaks the polyline at a jump and puts the dots: filled where f(x) is, open at the limits it does
 * not take. No dots where a side has no limit (sin(1/x) at 0): f a little farther out differs.
 */
function finishJump(
  s: BreakContext,
  sides: Sides,
  bracket: Bracket,
  at: { x: number; y: number },
  start: Bracket,
  limits: boolean,
  verdict?: Extract<BreakVerdict, { kind: "jump" }>,
) {
  const { a, fa, b, fb } = bracket;
  drawPoints(s, sides.left);
  s.out.point(a, fa);
  s.out.end();
  // The record holds f's own values: the drawing's are clamped a million view heights out.
  const own = (x: number, y: number) => (Number.isFinite(y) && !escapes(s, y) ? y : finiteOrNaN(s.value(x)));
  recordBreak(s, {
    kind: "jump",
    x: at.x,
    left: verdict?.left.value ?? own(a, fa),
    right: verdict?.right.value ?? own(b, fb),
    value: verdict ? verdict.value : own(at.x, at.y),
  });
  if (limits) {
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

function finiteOrNaN(y: number): number {
  return Number.isFinite(y) ? y : Number.NaN;
}

/** Whether f settles on each side of the bracket: LIMIT_PROBE_PX farther out it still has the same value. */
function hasLimits(s: BreakContext, { a, fa, b, fb }: Bracket): boolean {
  const probe = LIMIT_PROBE_PX / s.kx;
  return (
    Math.abs(s.evaluate(a - probe) - fa) * s.ky <= JOIN_PX && Math.abs(s.evaluate(b + probe) - fb) * s.ky <= JOIN_PX
  );
}

function addDot(s: BreakContext, x: number, y: number, filled: boolean): void {
  if (!(y >= s.bandLo && y <= s.bandHi)) return;
  // Both sides of a point where f is undefined classify it, one after the other: its dots come twice.
  for (let i = Math.max(0, s.dots.length - 3); i < s.dots.length; i++) {
    const dot = s.dots[i]!;
    if (dot.x === x && dot.y === y && dot.filled === filled) return;
  }
  if (s.dots.length >= s.maxDots) {
    s.truncated = true;
    return;
  }
  s.dots.push({ x, y, filled });
}

function recordBreak(s: BreakContext, record: CurveBreak): void {
  const last = s.breaks[s.breaks.length - 1];
  if (last?.kind === record.kind && last.x === record.x) return;
  s.breaks.push(record);
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
