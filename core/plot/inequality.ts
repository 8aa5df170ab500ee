/**
 * Regions to shade for inequalities.
 *
 * y < f(x) (or ≤, >, ≥): the region between the sampled curve and the bottom (or top) of the view,
 * one polygon per piece of the curve, so a fill stops where the curve breaks (a pole, a jump, the
 * end of f's domain) and nothing is shaded where f is undefined. The curve is clamped to a band
 * just beyond the view first, so a curve far above the view shades the whole column below it.
 *
 * F(x, y) < 0 (or ≤, >, ≥): a mask of rectangles. The quadtree of ./implicit.ts is pruned with
 * enclosures of F: a cell wholly inside the region is shaded whole, at whatever size it was decided;
 * a cell wholly outside (or where F is undefined) is dropped; the rest are split down to MASK_CELL_PX
 * and shaded if F at their centre satisfies the inequality.
 *
 * The boundary is returned too; `strict` tells the renderer to dash it (< and >) or not (≤ and ≥).
 */
import type {
  CurveSample,
  Interval,
  IntervalFunction,
  IntervalFunction2,
  RealFunction,
  RealFunction2,
} from "./curve-types";
import {
  IMPLICIT_EVALUATIONS_PER_PIXEL,
  LEAF_PX,
  leafGrid,
  pruneCells,
  sampleImplicit,
  xAt,
  yAt,
  type Cell,
  type Grid,
  type ImplicitSample,
} from "./implicit";
import { clampToBand, clipToBox } from "./polyline";
import { clipBox, sampleFunctionPieces, viewBand, type SampleFunctionOptions } from "./sample-function";
import { deviceWidth, type PlotView } from "./viewport";

export type InequalityRelation = "<" | "<=" | ">" | ">=";

/** Mask cells are split down to this side, in device pixels (a power of two times LEAF_PX). */
export const MASK_CELL_PX = 2;

export interface FunctionInequalityRegion {
  boundary: CurveSample;
  /** Closed polygons (x0, y0, x1, y1, …; the last point joins the first), in maths coordinates. */
  fills: Float64Array[];
  strict: boolean;
}

export interface ImplicitInequalityRegion {
  boundary: ImplicitSample;
  /** Rectangles xMin, yMin, xMax, yMax, one after another, in maths coordinates. */
  rectangles: Float64Array;
  strict: boolean;
  evaluations: number;
  truncated: boolean;
}

export function isStrict(relation: InequalityRelation): boolean {
  return relation === "<" || relation === ">";
}

/** The region y (relation) f(x). */
export function functionInequality(
  f: RealFunction,
  F: IntervalFunction,
  view: PlotView,
  relation: InequalityRelation,
  options: SampleFunctionOptions = {},
): FunctionInequalityRegion {
  const { pieces, ...rest } = sampleFunctionPieces(f, F, view, options);
  const [lo, hi] = viewBand(view);
  const edge = relation === "<" || relation === "<=" ? lo : hi;
  const fills = pieces.map((piece) => regionUnder(clampToBand(piece, lo, hi), edge));
  const box = clipBox(view);
  const boundary = { polylines: pieces.flatMap((piece) => clipToBox(piece, box)), ...rest };
  return { boundary, fills, strict: isStrict(relation) };
}

/** The polygon between a curve and the horizontal line y = edge. */
function regionUnder(curve: Float64Array, edge: number): Float64Array {
  const polygon = new Float64Array(curve.length + 4);
  polygon.set(curve);
  const n = curve.length;
  polygon[n] = curve[n - 2]!;
  polygon[n + 1] = edge;
  polygon[n + 2] = curve[0]!;
  polygon[n + 3] = edge;
  return polygon;
}

/** The region F(x, y) (relation) 0, as a mask of rectangles, with its boundary F = 0. */
export function implicitInequality(
  F: RealFunction2,
  FI: IntervalFunction2,
  view: PlotView,
  relation: InequalityRelation,
  options: { maxEvaluations?: number } = {},
): ImplicitInequalityRegion {
  const cap = options.maxEvaluations ?? Math.ceil(IMPLICIT_EVALUATIONS_PER_PIXEL * deviceWidth(view));
  const budget = { evaluations: 0, cap: cap / 2 };
  const wantsNegative = relation === "<" || relation === "<=";
  const holds = (value: number) => (wantsNegative ? value < 0 : value > 0) || (!isStrict(relation) && value === 0);
  const rectangles: number[] = [];
  const grid = leafGrid(view);
  const { cells, truncated } = pruneCells(
    FI,
    grid,
    (enclosure) => isMixed(enclosure, wantsNegative),
    budget,
    MASK_CELL_PX / LEAF_PX,
    (cell, enclosure) => {
      if (isInside(enclosure, wantsNegative)) pushRectangle(rectangles, grid, cell);
    },
  );
  for (const cell of cells) {
    budget.evaluations++;
    if (holds(F(xAt(grid, cell.i + cell.size / 2), yAt(grid, cell.j + cell.size / 2))))
      pushRectangle(rectangles, grid, cell);
  }
  const boundary = sampleImplicit(F, FI, view, { maxEvaluations: cap - budget.evaluations });
  return {
    boundary,
    rectangles: Float64Array.from(rectangles),
    strict: isStrict(relation),
    evaluations: budget.evaluations + boundary.evaluations,
    truncated: truncated || boundary.truncated,
  };
}

/** Wholly inside: F is defined and on the wanted side of 0 everywhere in the cell. */
function isInside(enclosure: Interval, wantsNegative: boolean): boolean {
  return enclosure.defined === "all" && (wantsNegative ? enclosure.hi < 0 : enclosure.lo > 0);
}

/** Neither wholly inside nor wholly outside (undefined everywhere counts as outside). */
function isMixed(enclosure: Interval, wantsNegative: boolean): boolean {
  if (enclosure.defined === "none" || isInside(enclosure, wantsNegative)) return false;
  return wantsNegative ? !(enclosure.lo > 0) : !(enclosure.hi < 0);
}

function pushRectangle(out: number[], grid: Grid, cell: Cell): void {
  out.push(xAt(grid, cell.i), yAt(grid, cell.j + cell.size), xAt(grid, cell.i + cell.size), yAt(grid, cell.j));
}
