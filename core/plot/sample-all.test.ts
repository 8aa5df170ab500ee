import { describe, expect, it } from "vitest";
import { compiledFunction, compiledFunction2, STANDARD_VIEW } from "./plot-test-support";
import { sampleAll, transposeView, type PlotEntry } from "./sample-all";

const view = STANDARD_VIEW;
/** Points on a drawn curve are within this (maths units) of the true one: about a device pixel here. */
const ON_CURVE = 0.011;

function entries(): PlotEntry[] {
  const sine = compiledFunction("sin(x)");
  const root = compiledFunction("y^2", "y");
  const [cx, cy] = [compiledFunction("cos(t)", "t"), compiledFunction("sin(t)", "t")];
  const rose = compiledFunction("2cos(3θ)", "theta");
  const circle = compiledFunction2("x^2 + y^2 = 4");
  return [
    { kind: "function", f: sine.f, F: sine.F },
    { kind: "function", f: root.f, F: root.F, axis: "x" },
    { kind: "parametric", curve: { x: cx.f, y: cy.f, X: cx.F, Y: cy.F }, tMin: 0, tMax: 2 * Math.PI },
    { kind: "polar", r: rose.f, R: rose.F, thetaMin: 0, thetaMax: Math.PI },
    { kind: "implicit", F: circle.F, FI: circle.FI },
    { kind: "function-inequality", f: sine.f, F: sine.F, relation: "<=" },
    { kind: "implicit-inequality", F: circle.F, FI: circle.FI, relation: "<" },
  ];
}

describe("sampleAll", () => {
  it("samples every kind of entry, in order", () => {
    const results = sampleAll(entries(), view);
    expect(results.map((r) => r.kind)).toEqual([
      "curve",
      "curve",
      "curve",
      "curve",
      "implicit",
      "function-region",
      "implicit-region",
    ]);
    for (const result of results) {
      if (result.kind === "curve" || result.kind === "implicit")
        expect(result.curve.polylines.length).toBeGreaterThan(0);
    }
  });

  it("draws x = f(y) with the axes swapped back: every point has x = y²", () => {
    const [, transposed] = sampleAll(entries(), view);
    if (transposed?.kind !== "curve") throw new Error("expected a curve");
    let count = 0;
    for (const line of transposed.curve.polylines) {
      for (let i = 0; i < line.length; i += 2) {
        expect(Math.abs(line[i]! - line[i + 1]! ** 2)).toBeLessThan(ON_CURVE);
        expect(line[i]).toBeGreaterThanOrEqual(view.xMin - ON_CURVE);
        count++;
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  it("stops between entries when its signal is aborted", () => {
    const controller = new AbortController();
    controller.abort(new Error("view changed"));
    expect(() => sampleAll(entries(), view, controller.signal)).toThrow("view changed");
  });
});

describe("transposeView", () => {
  it("swaps the axes and the canvas sides", () => {
    expect(transposeView({ xMin: 1, xMax: 2, yMin: 3, yMax: 4, width: 5, height: 6, pixelRatio: 2 })).toEqual({
      xMin: 3,
      xMax: 4,
      yMin: 1,
      yMax: 2,
      width: 6,
      height: 5,
      pixelRatio: 2,
    });
  });
});
