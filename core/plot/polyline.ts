/**
 * Polylines as the samplers build them (points appended left to right, broken where the curve is
 * not drawn) and as the renderer draws them (clipped to a horizontal band just beyond the view, so
 * a stroke reaches the border and no coordinate is huge).
 */

/** Appends points to the current polyline; a non-finite point or `end()` closes it. */
export class PolylineBuilder {
  readonly polylines: Float64Array[] = [];
  private current: number[] = [];

  constructor(private readonly maxPolylines: number) {}

  /** True once the polyline cap is reached: further points are dropped. */
  get full(): boolean {
    return this.polylines.length >= this.maxPolylines;
  }

  point(x: number, y: number): void {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return this.end();
    if (this.full) return;
    const n = this.current.length;
    // A repeated point adds nothing to a stroke.
    if (n >= 2 && this.current[n - 2] === x && this.current[n - 1] === y) return;
    this.current.push(x, y);
  }

  end(): void {
    // A single point is no stroke.
    if (this.current.length >= 4 && !this.full) this.polylines.push(Float64Array.from(this.current));
    this.current = [];
  }
}

/** An axis-aligned rectangle in maths coordinates. */
export interface Box {
  xLo: number;
  xHi: number;
  yLo: number;
  yHi: number;
}

/**
 * The parts of a polyline inside a box, each a polyline of its own. A segment that leaves the box is
 * cut where it crosses the box's edge (Liang–Barsky); runs outside the box are dropped.
 */
export function clipToBox(points: Float64Array, box: Box): Float64Array[] {
  if (withinBox(points, box)) return [points];
  const pieces: Float64Array[] = [];
  let current: number[] = [];
  const flush = () => {
    if (current.length >= 4) pieces.push(Float64Array.from(current));
    current = [];
  };
  for (let i = 0; i + 3 < points.length; i += 2) {
    const [x0, y0, x1, y1] = [points[i]!, points[i + 1]!, points[i + 2]!, points[i + 3]!];
    const part = segmentInBox(x0, y0, x1, y1, box);
    if (part === null) {
      flush();
      continue;
    }
    const [t0, t1] = part;
    if (current.length === 0 || t0 > 0) {
      flush();
      current.push(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0);
    }
    current.push(t1 === 1 ? x1 : x0 + (x1 - x0) * t1, t1 === 1 ? y1 : y0 + (y1 - y0) * t1);
    if (t1 < 1) flush();
  }
  flush();
  return pieces;
}

function withinBox(points: Float64Array, box: Box): boolean {
  for (let i = 0; i < points.length; i += 2) {
    const [x, y] = [points[i]!, points[i + 1]!];
    if (x < box.xLo || x > box.xHi || y < box.yLo || y > box.yHi) return false;
  }
  return true;
}

/** The parameter range [t0, t1] ⊆ [0, 1] of the segment (x0, y0) → (x1, y1) that lies in the box, or null. */
function segmentInBox(x0: number, y0: number, x1: number, y1: number, box: Box): [number, number] | null {
  let [t0, t1] = [0, 1];
  for (const [start, delta, lo, hi] of [
    [x0, x1 - x0, box.xLo, box.xHi],
    [y0, y1 - y0, box.yLo, box.yHi],
  ] as const) {
    if (delta === 0) {
      if (start < lo || start > hi) return null;
      continue;
    }
    const [a, b] = [(lo - start) / delta, (hi - start) / delta];
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
  }
  return t0 <= t1 ? [t0, t1] : null;
}

/**
 * The polyline with every point outside lo ≤ y ≤ hi moved onto the band's edge, and a point added
 * where a segment crosses an edge: the same curve inside the band, running along the edge outside
 * it. A region between this and an edge of the band is then the region the curve bounds.
 */
export function clampToBand(points: Float64Array, lo: number, hi: number): Float64Array {
  const out: number[] = [];
  const clamp = (y: number) => Math.min(hi, Math.max(lo, y));
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (i > 0) addCrossings(out, points[i - 2]!, points[i - 1]!, x, y, lo, hi);
    out.push(x, clamp(y));
  }
  return Float64Array.from(out);
}

/** Pushes the points where the segment crosses y = lo and y = hi, in order along the segment. */
function addCrossings(out: number[], x0: number, y0: number, x1: number, y1: number, lo: number, hi: number): void {
  const crossings: [number, number][] = [];
  for (const edge of [lo, hi]) {
    if ((y0 - edge) * (y1 - edge) < 0) crossings.push([(edge - y0) / (y1 - y0), edge]);
  }
  crossings.sort((p, q) => p[0] - q[0]);
  for (const [t, edge] of crossings) out.push(x0 + (x1 - x0) * t, edge);
}
