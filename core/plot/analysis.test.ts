import { describe, expect, it } from "vitest";
import { analyseGraph, findExtrema, findIntersections, findRoots, MAX_ANALYSIS_POINTS } from "./analysis";
import { compiledFunction, STANDARD_VIEW } from "./plot-test-support";
import { sampleFunction } from "./sample-function";

/** Roots are refined to a few units in the last place. */
const ROOT_ULPS = 4;
/** Extrema from a derivative are roots of it; from golden-section search, about √ε relative. */
const DERIVATIVE_EXTREMUM_TOLERANCE = 1e-12;
const SEARCH_EXTREMUM_TOLERANCE = 1e-7;

const view = STANDARD_VIEW;

function expectNear(actual: number, expected: number, ulps = ROOT_ULPS): void {
  const ulp = Math.max(Math.abs(expected), Number.MIN_VALUE) * Number.EPSILON;
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(
    ulps * Math.max(ulp, Number.EPSILON),
  );
}

function roots(text: string, derivative?: string) {
  const { f, F } = compiledFunction(text);
  return findRoots(f, F, view, derivative ? { derivative: compiledFunction(derivative) } : {});
}

describe("findRoots", () => {
  it("finds the roots of polynomials to a few ulps", () => {
    const cubic = roots("(x + 3)(x - 1)(x - 4)/4");
    expect(cubic.points.map((r) => r.kind)).toEqual(["crossing", "crossing", "crossing"]);
    [-3, 1, 4].forEach((root, i) => expectNear(cubic.points[i]!.x, root));
    const square = roots("x^2 - 2");
    [-Math.SQRT2, Math.SQRT2].forEach((root, i) => expectNear(square.points[i]!.x, root));
    expectNear(roots("x^3 - 2").points[0]!.x, Math.cbrt(2));
  });

  it("finds touching roots, with or without the derivative", () => {
    for (const found of [roots("(x - 1)^2 (x + 2)", "2(x - 1)(x + 2) + (x - 1)^2"), roots("(x - 1)^2 (x + 2)")]) {
      expect(found.points.map((r) => r.kind)).toEqual(["crossing", "touching"]);
      expectNear(found.points[0]!.x, -2);
      expect(Math.abs(found.points[1]!.x - 1)).toBeLessThan(SEARCH_EXTREMUM_TOLERANCE);
    }
  });

  it("finds the roots of sin at kπ", () => {
    const found = roots("sin(x)");
    expect(found.points.map((r) => Math.round(r.x / Math.PI) + 0)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    for (const r of found.points) expectNear(r.x, Math.round(r.x / Math.PI) * Math.PI, 8);
  });

  it("finds no root at a pole: tan's roots are kπ only, 1/x has none", () => {
    expect(roots("tan(x)").points.map((r) => Math.round(r.x / Math.PI) + 0)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    for (const r of roots("tan(x)").points)
      expect(Math.abs(r.x - Math.round(r.x / Math.PI) * Math.PI)).toBeLessThan(1e-12);
    expect(roots("1/x").points).toEqual([]);
    expect(roots("1/(x - 2) + 1").points.map((r) => r.x)).toEqual([1]);
  });

  it("stops at MAX_ANALYSIS_POINTS and says so", () => {
    const found = roots("sin(40x)");
    expect(found.points).toHaveLength(MAX_ANALYSIS_POINTS);
    expect(found.truncated).toBe(true);
  });
});

describe("findExtrema", () => {
  it("finds the extrema of x³ − 3x at ±1, from the derivative or by search", () => {
    const { f, F } = compiledFunction("x^3 - 3x");
    const byDerivative = findExtrema(f, F, view, { derivative: compiledFunction("3x^2 - 3") });
    const bySearch = findExtrema(f, F, view);
    for (const [found, tolerance] of [
      [byDerivative, DERIVATIVE_EXTREMUM_TOLERANCE],
      [bySearch, SEARCH_EXTREMUM_TOLERANCE],
    ] as const) {
      expect(found.points.map((e) => e.kind)).toEqual(["maximum", "minimum"]);
      expect(Math.abs(found.points[0]!.x + 1)).toBeLessThan(tolerance);
      expect(Math.abs(found.points[1]!.x - 1)).toBeLessThan(tolerance);
      expect(found.points[0]!.y).toBeCloseTo(2, 12);
      expect(found.points[1]!.y).toBeCloseTo(-2, 12);
    }
  });

  it("does not take a pole for an extremum", () => {
    const { f, F } = compiledFunction("1/x^2");
    expect(findExtrema(f, F, view).points).toEqual([]);
  });
});

describe("findIntersections", () => {
  it("meets sin and cos at π/4 + kπ", () => {
    const [sin, cos] = [compiledFunction("sin(x)"), compiledFunction("cos(x)")];
    const found = findIntersections(sin.f, sin.F, cos.f, cos.F, view);
    // π/4 + 3π ≈ 10.2 is just out of view.
    expect(found.points.map((p) => Math.round((p.x - Math.PI / 4) / Math.PI) + 0)).toEqual([-3, -2, -1, 0, 1, 2]);
    for (const p of found.points) {
      const k = Math.round((p.x - Math.PI / 4) / Math.PI);
      expectNear(p.x, Math.PI / 4 + k * Math.PI, 8);
      expect(p.y).toBeCloseTo(Math.sin(p.x), 14);
    }
  });
});

describe("analyseGraph", () => {
  function findings(text: string, at = view) {
    const { f, F } = compiledFunction(text);
    return analyseGraph(f, F, at, sampleFunction(f, F, at));
  }

  it("puts the poles of tan at π/2 + kπ, of 1/x and of ln x at 0, exactly", () => {
    expect(findings("tan(x)").asymptotes).toEqual([-5, -3, -1, 1, 3, 5].map((p) => (p * Math.PI) / 2));
    expect(findings("1/x").asymptotes).toEqual([0]);
    expect(findings("ln(x)").asymptotes).toEqual([0]);
  });

  it("takes a removable point for a hole, not an asymptote, even where both sides are out of view", () => {
    for (const at of [view, { ...view, yMin: 10, yMax: 20 }]) {
      const removable = findings("(x^2 - 1)/(x - 1)", at);
      expect(removable.asymptotes).toEqual([]);
      expect(removable.holes).toEqual([{ kind: "hole", x: 1, limit: 2, value: Number.NaN }]);
      expect(removable.extrema.points).toEqual([]);
    }
  });

  it("counts a jump or an end of the domain where f is 0 as a root, and no point of a stretch of zeros", () => {
    expect(findings("sign(x)").roots.points).toEqual([{ x: 0, kind: "jump" }]);
    expect(findings("sqrt(x)").roots.points).toEqual([{ x: 0, kind: "edge" }]);
    expect(findings("floor(x)").roots.points).toEqual([]);
  });
});

describe("what rounding makes is not reported", () => {
  it("finds no extremum in the noise of sin(x)/x's derivative beside its hole", () => {
    const { f, F } = compiledFunction("sin(x)/x");
    const found = findExtrema(f, F, view, { derivative: compiledFunction("(x cos(x) - sin(x))/x^2") });
    expect(found.points.map((e) => Math.abs(e.x))).not.toContainEqual(expect.closeTo(0, 3));
  });

  it("finds no root in the noise of (exp(x) − 1 − x)/x² − 1/2 beside its hole, only the true one", () => {
    // The true function is x/6 + x²/24 + …: a root at 0 would be a hole, and there is another below −2.
    const { f, F } = compiledFunction("(exp(x) - 1 - x)/x^2 - 1/2");
    const found = findRoots(f, F, { ...view, xMin: -1, xMax: 1 });
    expect(found.points).toEqual([]);
  });
});
