import { describe, expect, it } from "vitest";
import { functionInequality, implicitInequality, MASK_CELL_PX, type InequalityRelation } from "./inequality";
import { compiledFunction, compiledFunction2, STANDARD_VIEW } from "./plot-test-support";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

/** Points this close to the boundary (device pixels) are not judged: the fill's edge is a polyline or a cell edge. */
const BOUNDARY_MARGIN_PX = 2;
const GRID = 61;

/** Even–odd rule over all polygons: whether (x, y) is shaded. */
function inPolygons(polygons: readonly Float64Array[], x: number, y: number): boolean {
  let inside = false;
  for (const p of polygons) {
    const n = p.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const [xi, yi, xj, yj] = [p[2 * i]!, p[2 * i + 1]!, p[2 * j]!, p[2 * j + 1]!];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function inRectangles(rectangles: Float64Array, x: number, y: number): boolean {
  for (let i = 0; i < rectangles.length; i += 4) {
    if (x >= rectangles[i]! && y >= rectangles[i + 1]! && x <= rectangles[i + 2]! && y <= rectangles[i + 3]!)
      return true;
  }
  return false;
}

/** Grid points of the view, away from its border. */
function gridPoints(view: PlotView): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 1; i < GRID; i++) {
    for (let j = 1; j < GRID; j++) {
      points.push([view.xMin + ((view.xMax - view.xMin) * i) / GRID, view.yMin + ((view.yMax - view.yMin) * j) / GRID]);
    }
  }
  return points;
}

const holds = (relation: InequalityRelation, left: number, right: number) =>
  relation === "<" ? left < right : relation === "<=" ? left <= right : relation === ">" ? left > right : left >= right;

describe("functionInequality", () => {
  const view = STANDARD_VIEW;
  const kx = deviceWidth(view) / (view.xMax - view.xMin);
  const ky = deviceHeight(view) / (view.yMax - view.yMin);

  it.each([
    ["x^2 - 3", "<" as const, []],
    ["tan(x)", ">=" as const, [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5].map((k) => k * Math.PI)],
    ["sqrt(x)", "<" as const, [0]],
    ["floor(x)", ">" as const, [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5]],
  ])("shades y %s %s exactly where it holds", (text, relation, breaks) => {
    const { f, F } = compiledFunction(text);
    const region = functionInequality(f, F, view, relation);
    expect(region.strict).toBe(relation === "<" || relation === ">");
    for (const [x, y] of gridPoints(view)) {
      const value = f(x);
      // Near the boundary or a break, the polygon's edge decides; elsewhere the maths does.
      if (
        Math.abs(y - value) * ky < BOUNDARY_MARGIN_PX ||
        breaks.some((b) => Math.abs(x - b) * kx < BOUNDARY_MARGIN_PX)
      )
        continue;
      const expected = Number.isNaN(value) ? false : holds(relation, y, value);
      expect(inPolygons(region.fills, x, y), `(${x}, ${y})`).toBe(expected);
    }
  });
});

describe("implicitInequality", () => {
  const view: PlotView = { xMin: -2, xMax: 2, yMin: -1.125, yMax: 1.125, width: 1920, height: 1080, pixelRatio: 1 };
  const px = 480;
  /** A mask cell's diagonal: points farther than this from the boundary are in wholly decided cells. */
  const cellReach = MASK_CELL_PX * Math.SQRT2 + BOUNDARY_MARGIN_PX;

  // The typed relation L op R is compiled as L − R, compared with 0 by `relation`.
  it.each([
    ["x^2 + y^2 < 1", "<" as const, (x: number, y: number) => Math.hypot(x, y) - 1],
    ["x^2 + y^2 >= 0.25", ">=" as const, (x: number, y: number) => 0.5 - Math.hypot(x, y)],
    ["y > sin(3x)", ">" as const, (x: number, y: number) => (Math.sin(3 * x) - y) / Math.hypot(1, 3 * Math.cos(3 * x))],
  ])("masks %s exactly away from its boundary", (text, relation, signedDistance) => {
    const { F, FI } = compiledFunction2(text);
    const region = implicitInequality(F, FI, view, relation);
    expect(region.strict).toBe(relation !== ">=");
    expect(region.boundary.polylines.length).toBeGreaterThan(0);
    for (const [x, y] of gridPoints(view)) {
      const distance = signedDistance(x, y);
      if (Math.abs(distance) * px < cellReach) continue;
      expect(inRectangles(region.rectangles, x, y), `(${x}, ${y})`).toBe(distance < 0);
    }
  });

  it("shades nothing where F is undefined", () => {
    const { F, FI } = compiledFunction2("sqrt(x) - y");
    const region = implicitInequality(F, FI, view, ">");
    for (let i = 0; i < region.rectangles.length; i += 4) expect(region.rectangles[i + 2]).toBeGreaterThanOrEqual(0);
  });
});
