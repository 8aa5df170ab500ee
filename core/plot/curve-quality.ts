/**
 * How far a sampled curve is from the true one, measured by brute force: f evaluated densely
 * across the view, each visible point's distance (in device pixels) to the nearest drawn segment
 * or dot; and, the other way, each drawn segment's distance to the densely sampled curve. The tests
 * hold the samplers to MAX_DEVIATION_PX with it and the benchmark reports it.
 */
import type { CurveSample, RealFunction } from "./curve-types";
import { deviceHeight, deviceWidth, pixelTransform, type PlotView } from "./viewport";

/** Dense samples per device pixel of width. */
export const DENSE_SAMPLES_PER_PIXEL = 16;
/** Points along each drawn segment whose distance to the dense curve is measured. */
const POINTS_PER_SEGMENT = 5;
/**
 * Drawn segments narrower than this are not checked against the dense curve: they join filled
 * columns or end at breaks, where the dense curve itself is too coarse to be the judge.
 */
const MIN_CHECKED_SEGMENT_PX = 1;

export interface Deviation {
  /** Greatest distance from a visible point of the true curve to the drawing, device pixels. */
  curveToDrawing: number;
  /** Where it occurred. */
  worstX: number;
  /** Greatest distance from a point of a drawn segment (at least MIN_CHECKED_SEGMENT_PX wide) to the dense curve. */
  drawingToCurve: number;
  worstDrawnX: number;
}

interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Compares a sample with dense evaluation. Dense points within `skipPx` device pixels of an x in
 * `skipXs` (the known jumps and poles) are left out, as are dense segments across them.
 * Filled columns are enclosures, not chords, so only the first direction checks them.
 */
export function measureDeviation(
  curve: CurveSample,
  f: RealFunction,
  view: PlotView,
  skipXs: readonly number[] = [],
  skipPx = 0.5,
): Deviation {
  const t = pixelTransform(view);
  const width = deviceWidth(view);
  const height = deviceHeight(view);
  const drawn = bucketSegments(drawnSegments(curve, t), width);
  const skipped = (px: number) => skipXs.some((x) => Math.abs(t.offsetX + t.scaleX * x - px) <= skipPx);
  const dense: (Segment | null)[] = [];
  let previous: { x: number; y: number } | null = null;
  let curveToDrawing = 0;
  let worstX = Number.NaN;
  const count = Math.ceil(width * DENSE_SAMPLES_PER_PIXEL);
  for (let i = 0; i <= count; i++) {
    const x = view.xMin + ((view.xMax - view.xMin) * i) / count;
    const y = f(x);
    const px = t.offsetX + t.scaleX * x;
    const py = t.offsetY + t.scaleY * y;
    if (!Number.isFinite(py) || skipped(px)) {
      previous = null;
      continue;
    }
    if (previous && !crossesSkip(previous.x, px, t, skipXs)) {
      dense.push({ x0: previous.x, y0: previous.y, x1: px, y1: py });
    }
    previous = { x: px, y: py };
    if (py < 0 || py > height) continue;
    const distance = nearestDistance(drawn, px, py);
    if (distance > curveToDrawing) {
      curveToDrawing = distance;
      worstX = x;
    }
  }
  // Drawn points near a skipped x are compared with a dense curve that stops skipPx short of it: skip twice as far.
  const nearSkip = (px: number) => skipXs.some((x) => Math.abs(t.offsetX + t.scaleX * x - px) <= 2 * skipPx);
  const [drawingToCurve, worstDrawnX] = drawingDistance(curve, t, bucketSegments(dense, width), height, view, nearSkip);
  return { curveToDrawing, worstX, drawingToCurve, worstDrawnX };
}

function crossesSkip(px0: number, px1: number, t: ReturnType<typeof pixelTransform>, skipXs: readonly number[]) {
  return skipXs.some((x) => {
    const p = t.offsetX + t.scaleX * x;
    return p >= px0 && p <= px1;
  });
}

function drawnSegments(curve: CurveSample, t: ReturnType<typeof pixelTransform>): Segment[] {
  const segments: Segment[] = [];
  for (const line of curve.polylines) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      segments.push({
        x0: t.offsetX + t.scaleX * line[i]!,
        y0: t.offsetY + t.scaleY * line[i + 1]!,
        x1: t.offsetX + t.scaleX * line[i + 2]!,
        y1: t.offsetY + t.scaleY * line[i + 3]!,
      });
    }
  }
  for (const dot of curve.dots) {
    const x = t.offsetX + t.scaleX * dot.x;
    const y = t.offsetY + t.scaleY * dot.y;
    segments.push({ x0: x, y0: y, x1: x, y1: y });
  }
  return segments;
}

/** Segments listed under every pixel column they touch (columns −1 … width). */
function bucketSegments(segments: readonly (Segment | null)[], width: number): Segment[][] {
  const buckets: Segment[][] = Array.from({ length: Math.ceil(width) + 3 }, () => []);
  for (const segment of segments) {
    if (!segment) continue;
    const from = Math.max(-1, Math.floor(Math.min(segment.x0, segment.x1)));
    const to = Math.min(Math.ceil(width) + 1, Math.floor(Math.max(segment.x0, segment.x1)));
    for (let column = from; column <= to; column++) buckets[column + 1]!.push(segment);
  }
  return buckets;
}

/** Distance to the nearest segment within a column of px (farther ones are more than a pixel away). */
function nearestDistance(buckets: Segment[][], px: number, py: number): number {
  let best = Infinity;
  const column = Math.floor(px);
  for (let c = column - 1; c <= column + 1; c++) {
    for (const s of buckets[c + 1] ?? []) best = Math.min(best, distanceToSegment(px, py, s));
  }
  return best;
}

function distanceToSegment(px: number, py: number, s: Segment): number {
  const dx = s.x1 - s.x0;
  const dy = s.y1 - s.y0;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - s.x0) * dx + (py - s.y0) * dy) / length2));
  return Math.hypot(px - (s.x0 + t * dx), py - (s.y0 + t * dy));
}

function drawingDistance(
  curve: CurveSample,
  t: ReturnType<typeof pixelTransform>,
  dense: Segment[][],
  height: number,
  view: PlotView,
  skipped: (px: number) => boolean,
): [number, number] {
  let worst = 0;
  let worstX = Number.NaN;
  for (const s of drawnSegments(curve, t)) {
    if (Math.abs(s.x1 - s.x0) < MIN_CHECKED_SEGMENT_PX) continue;
    for (let k = 0; k <= POINTS_PER_SEGMENT; k++) {
      const px = s.x0 + ((s.x1 - s.x0) * k) / POINTS_PER_SEGMENT;
      const py = s.y0 + ((s.y1 - s.y0) * k) / POINTS_PER_SEGMENT;
      if (py < 0 || py > height || skipped(px)) continue;
      const distance = nearestDistance(dense, px, py);
      if (distance > worst) {
        worst = distance;
        worstX = view.xMin + (px / deviceWidth(view)) * (view.xMax - view.xMin);
      }
    }
  }
  return [worst, worstX];
}

/** Dense t samples for measureParametricDeviation. */
export const DENSE_PARAMETER_SAMPLES = 100_000;

/**
 * For a parametric curve: the greatest distance (device pixels) from a visible point of the dense
 * curve, t evenly spaced over [tMin, tMax], to the drawing. Breaks in t are not needed: a point of
 * the true curve is near the drawing or it is not.
 */
export function measureParametricDeviation(
  curve: CurveSample,
  x: RealFunction,
  y: RealFunction,
  tMin: number,
  tMax: number,
  view: PlotView,
): { curveToDrawing: number; worstT: number } {
  const t = pixelTransform(view);
  const grid = new SegmentGrid(drawnSegments(curve, t));
  const [width, height] = [deviceWidth(view), deviceHeight(view)];
  let worst = 0;
  let worstT = Number.NaN;
  for (let i = 0; i <= DENSE_PARAMETER_SAMPLES; i++) {
    const parameter = tMin + ((tMax - tMin) * i) / DENSE_PARAMETER_SAMPLES;
    const px = t.offsetX + t.scaleX * x(parameter);
    const py = t.offsetY + t.scaleY * y(parameter);
    if (!(px >= 0 && px <= width && py >= 0 && py <= height)) continue;
    const distance = grid.nearest(px, py);
    if (distance > worst) [worst, worstT] = [distance, parameter];
  }
  return { curveToDrawing: worst, worstT };
}

/** Segments filed under the 1-pixel cells they pass near, for nearest-segment queries within a pixel. */
class SegmentGrid {
  private readonly cells = new Map<number, Segment[]>();

  constructor(segments: readonly Segment[]) {
    for (const s of segments) {
      const steps = Math.ceil(Math.hypot(s.x1 - s.x0, s.y1 - s.y0)) + 1;
      const seen = new Set<number>();
      for (let k = 0; k <= steps; k++) {
        const key = cellKey(s.x0 + ((s.x1 - s.x0) * k) / steps, s.y0 + ((s.y1 - s.y0) * k) / steps);
        if (seen.has(key)) continue;
        seen.add(key);
        const list = this.cells.get(key);
        if (list) list.push(s);
        else this.cells.set(key, [s]);
      }
    }
  }

  /** Distance to the nearest segment passing within the 3 × 3 cells around (px, py); Infinity if none. */
  nearest(px: number, py: number): number {
    let best = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const s of this.cells.get(cellKey(px + dx, py + dy)) ?? [])
          best = Math.min(best, distanceToSegment(px, py, s));
      }
    }
    return best;
  }
}

function cellKey(px: number, py: number): number {
  return Math.floor(px) * 100_003 + Math.floor(py);
}
