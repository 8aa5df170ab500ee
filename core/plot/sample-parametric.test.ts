import { describe, expect, it } from "vitest";
import { measureParametricDeviation } from "./curve-quality";
import { compiledFunction } from "./plot-test-support";
import { MAX_DEVIATION_PX } from "./sample-function";
import {
  PARAMETRIC_EVALUATIONS_PER_PIXEL,
  sampleParametric,
  samplePolar,
  type ParametricCurve,
} from "./sample-parametric";
import { deviceWidth, type PlotView } from "./viewport";

const VIEW: PlotView = { xMin: -4, xMax: 4, yMin: -2.25, yMax: 2.25, width: 1920, height: 1080, pixelRatio: 1 };
const CAP = PARAMETRIC_EVALUATIONS_PER_PIXEL * deviceWidth(VIEW);

function parametric(x: string, y: string): ParametricCurve {
  const [cx, cy] = [compiledFunction(x, "t"), compiledFunction(y, "t")];
  return { x: cx.f, y: cy.f, X: cx.F, Y: cy.F };
}

describe("sampleParametric", () => {
  it.each([
    ["circle", "cos(t)", "sin(t)", 0, 2 * Math.PI],
    ["Lissajous figure", "3 sin(3t)", "2 sin(4t)", 0, 2 * Math.PI],
    ["spiral leaving the view", "t cos(t)/20", "t sin(t)/20", 0, 80],
    ["cusped astroid", "2cos(t)^3", "2sin(t)^3", 0, 2 * Math.PI],
  ])("draws the %s within half a device pixel", (_, x, y, tMin, tMax) => {
    const curve = parametric(x, y);
    const sample = sampleParametric(curve, tMin, tMax, VIEW);
    const { curveToDrawing, worstT } = measureParametricDeviation(sample, curve.x, curve.y, tMin, tMax, VIEW);
    expect(curveToDrawing, `worst at t = ${worstT}`).toBeLessThan(MAX_DEVIATION_PX);
    expect(sample.evaluations).toBeLessThanOrEqual(CAP);
    expect(sample.truncated).toBe(false);
  });

  it("breaks (t, tan t) at its poles instead of joining the branches", () => {
    const curve = parametric("t", "tan(t)");
    const sample = sampleParametric(curve, -4, 4, VIEW);
    for (const line of sample.polylines) {
      for (let i = 0; i + 2 < line.length; i += 2) {
        for (const pole of [-Math.PI / 2, Math.PI / 2]) expect(line[i]! < pole && pole < line[i + 2]!).toBe(false);
      }
    }
    expect(sample.polylines).toHaveLength(3);
    expect(measureParametricDeviation(sample, curve.x, curve.y, -4, 4, VIEW).curveToDrawing).toBeLessThan(
      MAX_DEVIATION_PX,
    );
  });

  it("stops at the edge of the parameter's domain", () => {
    // (t, √t) for t in [−1, 1] is drawn from (0, 0) on.
    const curve = parametric("t", "sqrt(t)");
    const sample = sampleParametric(curve, -1, 1, VIEW);
    expect(sample.polylines).toHaveLength(1);
    const [x0, y0] = sample.polylines[0]!;
    expect(Math.hypot(x0!, y0!) * 240).toBeLessThan(MAX_DEVIATION_PX);
  });

  it("keeps to a small budget and says so", () => {
    const sample = sampleParametric(parametric("3 sin(30t)", "2 cos(29t)"), 0, 2 * Math.PI, VIEW, {
      maxEvaluations: 2000,
    });
    expect(sample.truncated).toBe(true);
    expect(sample.evaluations).toBeLessThanOrEqual(2000 + 8);
  });
});

describe("samplePolar", () => {
  it.each([
    ["three-petal rose", "2cos(3θ)", 0, 2 * Math.PI],
    ["cardioid", "1 + cos(θ)", 0, 2 * Math.PI],
    ["Archimedean spiral", "θ/10", 0, 30],
  ])("draws the %s within half a device pixel", (_, r, thetaMin, thetaMax) => {
    const { f, F } = compiledFunction(r, "theta");
    const sample = samplePolar(f, F, thetaMin, thetaMax, VIEW);
    const x = (theta: number) => f(theta) * Math.cos(theta);
    const y = (theta: number) => f(theta) * Math.sin(theta);
    const { curveToDrawing, worstT } = measureParametricDeviation(sample, x, y, thetaMin, thetaMax, VIEW);
    expect(curveToDrawing, `worst at θ = ${worstT}`).toBeLessThan(MAX_DEVIATION_PX);
    expect(sample.evaluations).toBeLessThanOrEqual(CAP);
  });
});
