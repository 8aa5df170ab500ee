import { describe, expect, it } from "vitest";
import { IMPLICIT_EVALUATIONS_PER_PIXEL, sampleImplicit, type ImplicitSample } from "./implicit";
import { compiledFunction2 } from "./plot-test-support";
import { deviceWidth, type PlotView } from "./viewport";

/** 480 device pixels per unit on both axes. */
const VIEW: PlotView = { xMin: -2, xMax: 2, yMin: -1.125, yMax: 1.125, width: 1920, height: 1080, pixelRatio: 1 };
const PX = 480;
/** The promise: the drawn curve within a device pixel of the true one. */
const ON_CURVE_PX = 1;

function sample(text: string, view = VIEW): ImplicitSample {
  const { F, FI } = compiledFunction2(text);
  return sampleImplicit(F, FI, view);
}

function points(curve: ImplicitSample): [number, number][] {
  return curve.polylines.flatMap((line) =>
    Array.from({ length: line.length / 2 }, (_, i) => [line[2 * i]!, line[2 * i + 1]!] as [number, number]),
  );
}

/** Distance in pixels from (x, y) to the nearest drawn segment. */
function distanceToDrawing(curve: ImplicitSample, x: number, y: number): number {
  let best = Infinity;
  for (const line of curve.polylines) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      const [x0, y0, x1, y1] = [line[i]!, line[i + 1]!, line[i + 2]!, line[i + 3]!];
      const [dx, dy] = [x1 - x0, y1 - y0];
      const t =
        dx === 0 && dy === 0 ? 0 : Math.min(1, Math.max(0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
      best = Math.min(best, Math.hypot(x - x0 - t * dx, y - y0 - t * dy) * PX);
    }
  }
  return best;
}

describe("sampleImplicit", () => {
  it("draws the unit circle as one closed polyline within a pixel of radius 1", () => {
    const curve = sample("x^2 + y^2 = 1");
    expect(curve.polylines).toHaveLength(1);
    const line = curve.polylines[0]!;
    expect([line[0], line[1]]).toEqual([line[line.length - 2], line[line.length - 1]]);
    for (const [x, y] of points(curve)) expect(Math.abs(Math.hypot(x, y) - 1) * PX).toBeLessThan(ON_CURVE_PX);
    for (let k = 0; k < 720; k++) {
      const angle = (k * Math.PI) / 360;
      expect(distanceToDrawing(curve, Math.cos(angle), Math.sin(angle))).toBeLessThan(ON_CURVE_PX);
    }
    expect(curve.truncated).toBe(false);
    expect(curve.leafPx).toBe(1);
  });

  it("finds both lines of x² − y² = 0, through their crossing", () => {
    const curve = sample("x^2 - y^2 = 0");
    for (const [x, y] of points(curve))
      expect((Math.abs(Math.abs(x) - Math.abs(y)) / Math.SQRT2) * PX).toBeLessThan(ON_CURVE_PX);
    for (let t = -1.1; t <= 1.1; t += 0.01) {
      expect(distanceToDrawing(curve, t, t)).toBeLessThan(ON_CURVE_PX);
      expect(distanceToDrawing(curve, t, -t)).toBeLessThan(ON_CURVE_PX);
    }
  });

  it("draws the lemniscate of Bernoulli (x² + y²)² = 2(x² − y²), r² = 2 cos 2θ", () => {
    const curve = sample("(x^2 + y^2)^2 = 2(x^2 - y^2)");
    for (const [x, y] of points(curve)) {
      // Away from the double point at 0, |F| / |∇F| is the distance to first order.
      if (Math.hypot(x, y) * PX < 4) continue;
      const r2 = x * x + y * y;
      const value = r2 * r2 - 2 * (x * x - y * y);
      const gradient = Math.hypot(4 * x * r2 - 4 * x, 4 * y * r2 + 4 * y);
      expect((Math.abs(value) / gradient) * PX).toBeLessThan(ON_CURVE_PX);
    }
    for (let k = -99; k <= 99; k++) {
      const theta = (k / 100) * (Math.PI / 4);
      const r = Math.sqrt(2 * Math.cos(2 * theta));
      expect(distanceToDrawing(curve, r * Math.cos(theta), r * Math.sin(theta))).toBeLessThan(ON_CURVE_PX);
      expect(distanceToDrawing(curve, -r * Math.cos(theta), r * Math.sin(theta))).toBeLessThan(ON_CURVE_PX);
    }
  });

  it("draws no false curve where F changes sign through a pole", () => {
    const view: PlotView = { ...VIEW, xMin: -4, xMax: 4, yMin: -2.25, yMax: 2.25 };
    const tangent = sample("tan(x) - y = 0", view);
    expect(tangent.polylines.length).toBeGreaterThanOrEqual(3);
    // The curve is x = atan(y) + kπ: each drawn point is that close to it horizontally.
    for (const [x, y] of points(tangent)) {
      const offset = x - Math.atan(y);
      const fromCurve = Math.abs(offset - Math.round(offset / Math.PI) * Math.PI);
      expect(fromCurve * 240).toBeLessThan(ON_CURVE_PX);
    }
    expect(sample("1/(x - y) = 0", view).polylines).toEqual([]);
  });

  it("draws no false vertical lines across the jumps of floor(x) − y = 0", () => {
    const view: PlotView = { ...VIEW, xMin: -4, xMax: 4, yMin: -2.25, yMax: 2.25 };
    const steps = sample("floor(x) - y = 0", view);
    expect(steps.polylines.length).toBeGreaterThanOrEqual(4);
    for (const line of steps.polylines) {
      for (let i = 0; i + 3 < line.length; i += 2) {
        const middle = (line[i + 1]! + line[i + 3]!) / 2;
        expect(Math.abs(middle - Math.round(middle)) * 240).toBeLessThan(ON_CURVE_PX);
      }
    }
  });

  it("keeps to its budget, drawing from coarser leaves when the curve is too long", () => {
    const { F, FI } = compiledFunction2("sin(40x) sin(40y) = 0.2");
    const cap = IMPLICIT_EVALUATIONS_PER_PIXEL * deviceWidth(VIEW);
    const curve = sampleImplicit(F, FI, VIEW);
    expect(curve.evaluations).toBeLessThanOrEqual(cap);
    const small = sampleImplicit(F, FI, VIEW, { maxEvaluations: 20_000 });
    expect(small.truncated).toBe(true);
    expect(small.leafPx).toBeGreaterThan(1);
    expect(small.evaluations).toBeLessThanOrEqual(20_000);
    expect(small.polylines.length).toBeGreaterThan(0);
  });
});
