/**
 * The curve F(x, y) = 0, by marching squares on a quadtree pruned with interval arithmetic.
 *
 * A coarse grid of COARSE_CELL_LEAVES × LEAF_PX cells covers the view. Level by level, each cell's
 * enclosure of F is computed; a cell whose enclosure excludes 0 (or where F is undefined) cannot
 * hold the curve and is dropped, the others are split in four, down to leaves of about a device
 * pixel. Going level by level keeps the leaves one size, so neighbouring leaves share their edges,
 * and lets the budget stop refinement evenly (coarser leaves everywhere, never a missing half).
 *
 * In a leaf, F at the corners gives the crossing points on its edges (linear interpolation); a
 * leaf with four crossings (a saddle) is resolved by F at its centre. Where the enclosure says F
 * may be discontinuous, a sign change can be a pole or a jump rather than a zero (tan(x) − y,
 * 1/(x − y)): there F is evaluated at the interpolated crossing, and the crossing is kept only if
 * F is small there compared with the corners. Segments sharing crossing points are joined into
 * polylines, in maths coordinates.
 */
import type { Interval, IntervalFunction2, RealFunction2 } from "./curve-types";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

/** The side of a leaf, in device pixels. */
export const LEAF_PX = 1;
/** Coarse cells are 2^COARSE_LEVELS leaves wide. */
export const COARSE_LEVELS = 5;
/** The evaluation budget, real and interval alike, per device pixel of width. */
export const IMPLICIT_EVALUATIONS_PER_PIXEL = 64;
/** At a possibly discontinuous leaf, a crossing is a zero only if |F| there is below this share of |F| at both corners. */
export const ZERO_CHECK_RATIO = 0.5;
export const MAX_IMPLICIT_POLYLINES = 5000;
/** What refining a cell one level more may cost at most: four enclosures and the children's new corners. */
const LEVEL_COST_PER_CELL = 12;

export interface ImplicitSample {
  polylines: Float64Array[];
  evaluations: number;
  /** True if the budget stopped refinement above LEAF_PX (the curve is then drawn from coarser leaves) or the polylines hit their cap. */
  truncated: boolean;
  /** The leaf side reached, in device pixels. */
  leafPx: number;
}

export interface ImplicitOptions {
  maxEvaluations?: number;
}

/** A cell of the quadtree: leaf-grid column i, row j (rows run down from the view's top), side in leaves. */
export interface Cell {
  i: number;
  j: number;
  size: number;
  continuous: boolean;
}

export interface Grid {
  view: PlotView;
  /** Maths units per leaf, along x and along y. */
  ux: number;
  uy: number;
  /** Coarse cells across and down. */
  columns: number;
  rows: number;
  /** Leaf-grid corners per row. */
  stride: number;
}

/**
 * The cells of the finest level reached (finestSize leaves, or coarser if the budget ran out) whose
 * enclosure `keep` accepts; every other cell met on the way is passed to `dropped` with its
 * enclosure. Shared by the implicit curve (keep: may hold a zero) and the implicit inequality
 * (keep: neither wholly inside nor wholly outside).
 */
export function pruneCells(
  FI: IntervalFunction2,
  grid: Grid,
  keep: (enclosure: Interval) => boolean,
  budget: { evaluations: number; cap: number },
  finestSize = 1,
  dropped: (cell: Cell, enclosure: Interval) => void = () => {},
): { cells: Cell[]; truncated: boolean } {
  const coarse = 2 ** COARSE_LEVELS;
  let cells: Cell[] = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let column = 0; column < grid.columns; column++) {
      cells.push({ i: column * coarse, j: row * coarse, size: coarse, continuous: true });
    }
  }
  const filter = (candidates: Cell[]) => filterCells(FI, grid, candidates, keep, budget, dropped);
  cells = filter(cells);
  while (cells.length > 0 && cells[0]!.size > finestSize) {
    if (budget.evaluations + LEVEL_COST_PER_CELL * cells.length > budget.cap) return { cells, truncated: true };
    cells = filter(cells.flatMap(split));
  }
  return { cells, truncated: false };
}

/** The leaf grid over a view: columns of coarse cells from its left edge, rows from its top. */
export function leafGrid(view: PlotView): Grid {
  const coarse = 2 ** COARSE_LEVELS;
  const columns = Math.ceil(deviceWidth(view) / LEAF_PX / coarse);
  return {
    view,
    ux: (LEAF_PX * (view.xMax - view.xMin)) / deviceWidth(view),
    uy: (LEAF_PX * (view.yMax - view.yMin)) / deviceHeight(view),
    columns,
    rows: Math.ceil(deviceHeight(view) / LEAF_PX / coarse),
    stride: columns * coarse + 1,
  };
}

function split(cell: Cell): Cell[] {
  const h = cell.size / 2;
  return [
    { i: cell.i, j: cell.j, size: h, continuous: true },
    { i: cell.i + h, j: cell.j, size: h, continuous: true },
    { i: cell.i, j: cell.j + h, size: h, continuous: true },
    { i: cell.i + h, j: cell.j + h, size: h, continuous: true },
  ];
}

/** The cells whose enclosure `keep` accepts, with their continuity noted; the others go to `dropped`. */
function filterCells(
  FI: IntervalFunction2,
  grid: Grid,
  cells: Cell[],
  keep: (enclosure: Interval) => boolean,
  budget: { evaluations: number },
  dropped: (cell: Cell, enclosure: Interval) => void,
): Cell[] {
  const kept: Cell[] = [];
  for (const cell of cells) {
    budget.evaluations++;
    const enclosure = FI(
      xAt(grid, cell.i),
      xAt(grid, cell.i + cell.size),
      yAt(grid, cell.j + cell.size),
      yAt(grid, cell.j),
    );
    cell.continuous = enclosure.continuous && enclosure.defined === "all";
    if (keep(enclosure)) kept.push(cell);
    else dropped(cell, enclosure);
  }
  return kept;
}

export function xAt(grid: Grid, i: number): number {
  return grid.view.xMin + i * grid.ux;
}

export function yAt(grid: Grid, j: number): number {
  return grid.view.yMax - j * grid.uy;
}

/** Whether an enclosure may contain a zero of F. */
export function mayBeZero(enclosure: Interval): boolean {
  return enclosure.defined !== "none" && enclosure.lo <= 0 && enclosure.hi >= 0;
}

export function sampleImplicit(
  F: RealFunction2,
  FI: IntervalFunction2,
  view: PlotView,
  options: ImplicitOptions = {},
): ImplicitSample {
  const budget = {
    evaluations: 0,
    cap: options.maxEvaluations ?? Math.ceil(IMPLICIT_EVALUATIONS_PER_PIXEL * deviceWidth(view)),
  };
  const grid = leafGrid(view);
  const { cells, truncated } = pruneCells(FI, grid, mayBeZero, budget);
  const corners = new CornerValues(F, grid, budget);
  const crossings = new Crossings();
  for (const cell of cells) marchCell(F, grid, cell, corners, crossings, budget);
  const polylines = crossings.join(MAX_IMPLICIT_POLYLINES);
  return {
    polylines,
    evaluations: budget.evaluations,
    truncated: truncated || polylines.length >= MAX_IMPLICIT_POLYLINES,
    leafPx: (cells[0]?.size ?? 1) * LEAF_PX,
  };
}

/** F at leaf-grid corners, each evaluated once. */
class CornerValues {
  private readonly values = new Map<number, number>();

  constructor(
    private readonly F: RealFunction2,
    private readonly grid: Grid,
    private readonly budget: { evaluations: number },
  ) {}

  at(i: number, j: number): number {
    const key = j * this.grid.stride + i;
    let value = this.values.get(key);
    if (value === undefined) {
      this.budget.evaluations++;
      value = this.F(xAt(this.grid, i), yAt(this.grid, j));
      this.values.set(key, value);
    }
    return value;
  }
}

/** The crossing points, one per cell edge, and the segments between them. */
class Crossings {
  private readonly points: number[] = [];
  private readonly byEdge = new Map<number, number>();
  private readonly neighbours: number[][] = [];

  /** The index of the crossing on an edge, added at (x, y) if new. */
  point(edgeKey: number, x: number, y: number): number {
    const known = this.byEdge.get(edgeKey);
    if (known !== undefined) return known;
    const index = this.points.length / 2;
    this.points.push(x, y);
    this.neighbours.push([]);
    this.byEdge.set(edgeKey, index);
    return index;
  }

  segment(p: number, q: number): void {
    if (p === q) return;
    this.neighbours[p]!.push(q);
    this.neighbours[q]!.push(p);
  }

  /** Chains of segments as polylines: open chains from their ends first, then closed loops. */
  join(maxPolylines: number): Float64Array[] {
    const used = new Set<number>();
    const polylines: Float64Array[] = [];
    const all = [...this.neighbours.keys()];
    const ends = all.filter((p) => this.neighbours[p]!.length === 1);
    for (const start of [...ends, ...all]) {
      for (const next of this.neighbours[start]!) {
        if (polylines.length >= maxPolylines) return polylines;
        if (!used.has(this.edgeName(start, next))) polylines.push(this.walk(start, next, used));
      }
    }
    return polylines;
  }

  /** A number naming the segment p–q in either direction. */
  private edgeName(p: number, q: number): number {
    const count = this.neighbours.length;
    return p < q ? p * count + q : q * count + p;
  }

  private walk(start: number, next: number, used: Set<number>): Float64Array {
    const chain = [this.points[2 * start]!, this.points[2 * start + 1]!];
    let [previous, current] = [start, next];
    for (;;) {
      used.add(this.edgeName(previous, current));
      chain.push(this.points[2 * current]!, this.points[2 * current + 1]!);
      const onward = this.neighbours[current]!.find((n) => !used.has(this.edgeName(current, n)));
      if (onward === undefined) break;
      [previous, current] = [current, onward];
    }
    return Float64Array.from(chain);
  }
}

/** Corner offsets of a cell in order: top-left, top-right, bottom-right, bottom-left. */
const CORNERS: readonly [number, number][] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

/** Marching squares in one leaf: the crossings on its four edges, joined in pairs. */
function marchCell(
  F: RealFunction2,
  grid: Grid,
  cell: Cell,
  corners: CornerValues,
  crossings: Crossings,
  budget: { evaluations: number },
): void {
  const values = CORNERS.map(([di, dj]) => corners.at(cell.i + di * cell.size, cell.j + dj * cell.size));
  const found: { edge: number; point: number }[] = [];
  for (let edge = 0; edge < 4; edge++) {
    const point = edgeCrossing(F, grid, cell, edge, values, crossings, budget);
    if (point !== null) found.push({ edge, point });
  }
  if (found.length === 2) return crossings.segment(found[0]!.point, found[1]!.point);
  if (found.length === 4) {
    budget.evaluations++;
    const centre = F(xAt(grid, cell.i + cell.size / 2), yAt(grid, cell.j + cell.size / 2));
    // Corners on the other side from the centre are cut off one by one: corner k lies between edges k − 1 and k.
    for (let k = 0; k < 4; k++) {
      if (values[k]! >= 0 !== centre >= 0) crossings.segment(found[(k + 3) % 4]!.point, found[k]!.point);
    }
  }
}

/** The crossing on edge k (from corner k to corner k + 1), or null if F does not change sign or has a pole there. */
function edgeCrossing(
  F: RealFunction2,
  grid: Grid,
  cell: Cell,
  edge: number,
  values: number[],
  crossings: Crossings,
  budget: { evaluations: number },
): number | null {
  const v0 = values[edge]!;
  const v1 = values[(edge + 1) % 4]!;
  if (v0 >= 0 === v1 >= 0 || !Number.isFinite(v0 - v1)) return null;
  const [c0, c1] = [CORNERS[edge]!, CORNERS[(edge + 1) % 4]!];
  const t = v0 / (v0 - v1);
  const i = cell.i + (c0[0] + (c1[0] - c0[0]) * t) * cell.size;
  const j = cell.j + (c0[1] + (c1[1] - c0[1]) * t) * cell.size;
  const [x, y] = [xAt(grid, i), yAt(grid, j)];
  if (!cell.continuous) {
    budget.evaluations++;
    if (!(Math.abs(F(x, y)) < ZERO_CHECK_RATIO * Math.min(Math.abs(v0), Math.abs(v1)))) return null;
  }
  return crossings.point(edgeKey(grid, cell, edge), x, y);
}

/** A key for a cell edge shared by its two cells: the edge's start corner and direction. */
function edgeKey(grid: Grid, cell: Cell, edge: number): number {
  const [di, dj] = CORNERS[edge === 2 ? 3 : edge === 3 ? 0 : edge]!;
  const horizontal = edge === 0 || edge === 2;
  const corner = (cell.j + dj * cell.size) * grid.stride + cell.i + di * cell.size;
  return corner * 2 + (horizontal ? 0 : 1);
}
