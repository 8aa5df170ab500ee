import type { Dot } from "./curve-types";

/**
 * What the plotter draws for one entry, in maths coordinates: the sampler's
 * answer, sent from the plot worker to the page and drawn on the canvas or
 * written as SVG. Kept as typed arrays so it crosses postMessage cheaply.
 */

export type MarkerKind = "root" | "extremum" | "intersection" | "point";

export interface Marker {
  x: number;
  y: number;
  kind: MarkerKind;
  /** What the marker is, in words, for the list beside the plot and for screen readers. */
  label: string;
}

export interface EntryGeometry {
  /** Unbroken pieces of curve, each interleaved as x0, y0, x1, y1, …. */
  lines: Float64Array[];
  /** Filled regions (inequalities), each a closed polygon interleaved the same way. */
  regions: Float64Array[];
  /** A strict inequality's boundary is drawn dashed: it is not part of the region. */
  dashed: boolean;
  dots: Dot[];
  markers: Marker[];
  /** x-positions of vertical asymptotes in view, drawn as faint dashed lines. */
  asymptotes: number[];
}

/** A geometry with nothing drawn; fresh each time, since callers add to its lists. */
export function emptyGeometry(): EntryGeometry {
  return { lines: [], regions: [], dashed: false, dots: [], markers: [], asymptotes: [] };
}
