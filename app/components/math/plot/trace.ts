import type { EntryGeometry } from "#core/plot/plot-geometry";

export interface TraceTarget {
  /** Index of the entry traced. */
  entry: number;
  x: number;
  y: number;
}

/** The vertex of any visible curve nearest to a point (maths coordinates, distances measured in pixels). */
export function nearestVertex(
  curves: readonly { entry: number; geometry: EntryGeometry }[],
  x: number,
  y: number,
  pixelsPerUnit: { x: number; y: number },
  maxDistancePx: number,
): TraceTarget | null {
  let best: TraceTarget | null = null;
  let bestDistance = maxDistancePx;
  for (const { entry, geometry } of curves) {
    for (const line of geometry.lines) {
      for (let i = 0; i + 1 < line.length; i += 2) {
        const dx = (line[i]! - x) * pixelsPerUnit.x;
        const dy = (line[i + 1]! - y) * pixelsPerUnit.y;
        const distance = Math.hypot(dx, dy);
        if (distance <= bestDistance) {
          bestDistance = distance;
          best = { entry, x: line[i]!, y: line[i + 1]! };
        }
      }
    }
  }
  return best;
}

/** The vertex of one curve whose x is nearest to `x`, for stepping a trace along it with the keyboard. */
export function vertexNearX(geometry: EntryGeometry, entry: number, x: number): TraceTarget | null {
  let best: TraceTarget | null = null;
  let bestDistance = Infinity;
  for (const line of geometry.lines) {
    for (let i = 0; i + 1 < line.length; i += 2) {
      const distance = Math.abs(line[i]! - x);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = { entry, x: line[i]!, y: line[i + 1]! };
      }
    }
  }
  return best;
}

/** The point of a graph of x above `x`, interpolated on its polyline (within half a pixel of the curve); null in a gap. */
export function pointOnGraph(geometry: EntryGeometry, entry: number, x: number): TraceTarget | null {
  for (const line of geometry.lines) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      const x0 = line[i]!;
      const x1 = line[i + 2]!;
      if (x0 <= x && x <= x1 && x1 > x0) {
        const y0 = line[i + 1]!;
        return { entry, x, y: y0 + ((line[i + 3]! - y0) * (x - x0)) / (x1 - x0) };
      }
    }
  }
  return null;
}

/** The vertex `steps` places along a curve from the one nearest to (x, y), for curves that are not graphs of x. */
export function stepAlong(
  geometry: EntryGeometry,
  entry: number,
  from: TraceTarget,
  steps: number,
): TraceTarget | null {
  const vertices: [number, number][] = [];
  for (const line of geometry.lines)
    for (let i = 0; i + 1 < line.length; i += 2) vertices.push([line[i]!, line[i + 1]!]);
  if (vertices.length === 0) return null;
  let nearest = 0;
  let best = Infinity;
  vertices.forEach(([vx, vy], index) => {
    const distance = Math.hypot(vx - from.x, vy - from.y);
    if (distance < best) {
      best = distance;
      nearest = index;
    }
  });
  const index = Math.min(vertices.length - 1, Math.max(0, nearest + steps));
  const [x, y] = vertices[index]!;
  return { entry, x, y };
}
