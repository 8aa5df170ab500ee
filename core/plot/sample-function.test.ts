import { describe, expect, it } from "vitest";
import type { CurveSample } from "./curve-types";
import { measureDeviation } from "./curve-quality";
import { compiledFunction, STANDARD_VIEW, zoomedView } from "./plot-test-support";
import { initialGrid, MAX_DEVIATION_PX, MAX_EVALUATIONS_PER_PIXEL, sampleFunction, viewBand } from "./sample-function";
import { TEST_FUNCTIONS, type TestFunction } from "./test-functions";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

/** A dot is where the maths puts it to within this, in device pixels (jumps are located to 1e-7 px). */
const DOT_TOLERANCE_PX = 1e-3;
/** A curve reaches the end of its domain to within this, in device pixels. */
const EDGE_REACH_PX = 0.5;

const VIEWS: [string, (test: TestFunction) => PlotView][] = [
  ["1920 × 1080", () => STANDARD_VIEW],
  ["zoomed 10×", (test) => zoomedView(test.zoomCentre)],
];

function scales(view: PlotView) {
  return { kx: deviceWidth(view) / (view.xMax - view.xMin), ky: deviceHeight(view) / (view.yMax - view.yMin) };
}

function segments(curve: CurveSample): [number, number, number, number][] {
  return curve.polylines.flatMap((line) =>
    Array.from(
      { length: line.length / 2 - 1 },
      (_, i) =>
        [line[2 * i]!, line[2 * i + 1]!, line[2 * i + 2]!, line[2 * i + 3]!] as [number, number, number, number],
    ),
  );
}

function ends(curve: CurveSample): [number, number][] {
  return curve.polylines.flatMap((line) => [
    [line[0]!, line[1]!] as [number, number],
    [line[line.length - 2]!, line[line.length - 1]!] as [number, number],
  ]);
}

describe.each(VIEWS)("the 30 test functions at %s", (_, viewFor) => {
  it.each(TEST_FUNCTIONS.map((test) => [test.name, test] as const))("%s", (_name, test) => {
    const view = viewFor(test);
    const { f, F } = compiledFunction(test.expression);
    const curve = sampleFunction(f, F, view);
    const { kx, ky } = scales(view);
    const asymptotes = test.asymptotes?.(view.xMin, view.xMax) ?? [];
    // A jump at the view's left edge is not seen (nothing left of it is sampled); one at the right edge is.
    const jumps = (test.jumps?.(view.xMin, view.xMax) ?? []).filter((j) => j.x > view.xMin);
    const breaks = [...asymptotes, ...jumps.map((j) => j.x)];

    // (e) bounded work.
    expect(curve.evaluations).toBeLessThanOrEqual(MAX_EVALUATIONS_PER_PIXEL * deviceWidth(view));
    expect(curve.truncated).toBe(false);

    // (a) within half a device pixel of the dense curve, both ways.
    const deviation = measureDeviation(curve, f, view, [...breaks, ...(test.singular ?? [])]);
    expect(deviation.curveToDrawing, `worst at x = ${deviation.worstX}`).toBeLessThan(MAX_DEVIATION_PX);
    expect(deviation.drawingToCurve, `worst at x = ${deviation.worstDrawnX}`).toBeLessThan(MAX_DEVIATION_PX);

    // (b) no segment spans a pole or a jump.
    for (const [x0, , x1] of segments(curve)) {
      for (const p of breaks) expect(x0 < p && p < x1, `segment ${x0}…${x1} spans ${p}`).toBe(false);
    }

    // (c) a filled dot at f's value, open dots at the other limits and at holes, where they are in view; no others.
    const [lo, hi] = viewBand(view);
    const expected = [
      ...jumps.flatMap((j) => [
        { x: j.x, y: j.value, filled: true },
        ...j.limits.map((y) => ({ x: j.x, y, filled: false })),
      ]),
      ...(test.holes ?? []).filter((h) => h.x > view.xMin && h.x < view.xMax).map((h) => ({ ...h, filled: false })),
    ];
    const visible = expected.filter((dot) => dot.y >= lo && dot.y <= hi);
    expect(curve.dots).toHaveLength(visible.length);
    for (const dot of visible) {
      const match = curve.dots.find(
        (d) =>
          d.filled === dot.filled &&
          Math.abs(d.x - dot.x) * kx < DOT_TOLERANCE_PX &&
          Math.abs(d.y - dot.y) * ky < DOT_TOLERANCE_PX,
      );
      expect(match, `${dot.filled ? "filled" : "open"} dot at (${dot.x}, ${dot.y})`).toBeDefined();
    }

    // (d) the curve reaches each end of its domain in view; where f tends to ±∞ there, the piece
    // next to it runs to the view's edge.
    for (const edge of test.edges ?? []) {
      if (edge.x < view.xMin || edge.x > view.xMax) continue;
      if (Number.isFinite(edge.y)) {
        if (edge.y < lo || edge.y > hi) continue;
        const nearest = Math.min(...ends(curve).map(([x, y]) => Math.hypot((x - edge.x) * kx, (y - edge.y) * ky)));
        expect(nearest, `end near (${edge.x}, ${edge.y})`).toBeLessThan(EDGE_REACH_PX);
      } else {
        const [, y] = ends(curve).reduce((best, end) =>
          Math.abs(end[0] - edge.x) < Math.abs(best[0] - edge.x) ? end : best,
        );
        expect(Math.abs(y - (edge.y > 0 ? hi : lo)) * ky, `end towards (${edge.x}, ${edge.y})`).toBeLessThan(
          EDGE_REACH_PX,
        );
      }
    }
  });
});

describe("sampleFunction", () => {
  it("records the poles of tan as asymptotes, at π/2 + kπ", () => {
    const { f, F } = compiledFunction("tan(x)");
    const { kx } = scales(STANDARD_VIEW);
    const poles = sampleFunction(f, F, STANDARD_VIEW).breaks.filter((b) => b.kind === "asymptote");
    const expected = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5].map((k) => k * Math.PI);
    expect(poles).toHaveLength(expected.length);
    poles.forEach((pole, i) => expect(Math.abs(pole.x - expected[i]!) * kx).toBeLessThan(BREAK_POSITION_TOLERANCE_PX));
  });

  it("stays within its budget on functions with more detail than pixels", () => {
    for (const text of ["sin(10000x)", "floor(100x)", "tan(50x)", "sin(1/x)/x", "mod(x^3, 0.1)"]) {
      const { f, F } = compiledFunction(text);
      const curve = sampleFunction(f, F, STANDARD_VIEW);
      expect(curve.evaluations, text).toBeLessThanOrEqual(
        MAX_EVALUATIONS_PER_PIXEL * deviceWidth(STANDARD_VIEW) + EVALUATIONS_IN_FLIGHT,
      );
    }
  });

  it("draws no rounding noise beside a hole where the formula cancels: (1 − cos x)/x² near 0, zoomed in", () => {
    // Within 1e-5 of 0, 1 − cos x keeps a digit or two: the values there scatter over many pixels.
    const view = {
      ...STANDARD_VIEW,
      xMin: -0.0834,
      xMax: 0.0243,
      yMin: 0.4239,
      yMax: 0.5121,
      width: 356,
      height: 478,
      pixelRatio: 3,
    };
    const { f, F } = compiledFunction("(1-cos(x))/x^2");
    const curve = sampleFunction(f, F, view);
    const { ky } = scales(view);
    for (const line of curve.polylines) {
      for (let i = 0; i < line.length; i += 2) {
        const [x, y] = [line[i]!, line[i + 1]!];
        // Its series, exact to far below a pixel here: the formula itself is what rounding spoils.
        const exact = 0.5 - (x * x) / 24 + x ** 4 / 720;
        if (Math.abs(x) < 1e-3) expect(Math.abs(y - exact) * ky, `at x = ${x}`).toBeLessThan(MAX_DEVIATION_PX);
      }
    }
  });

  it("honours a smaller budget and says the curve is incomplete", () => {
    const { f, F } = compiledFunction("sin(x^2)");
    const curve = sampleFunction(f, F, STANDARD_VIEW, { maxEvaluations: 300 });
    expect(curve.truncated).toBe(true);
    expect(curve.evaluations).toBeLessThanOrEqual(300 + EVALUATIONS_IN_FLIGHT);
  });

  it("measures in device pixels: at pixel ratio 2 the curve is within half a device pixel", () => {
    const view = { ...STANDARD_VIEW, width: 960, height: 540, pixelRatio: 2 };
    const { f, F } = compiledFunction("sin(x^2)");
    const deviation = measureDeviation(sampleFunction(f, F, view), f, view);
    expect(deviation.curveToDrawing).toBeLessThan(MAX_DEVIATION_PX);
  });

  it("draws nothing where f is undefined everywhere", () => {
    const { f, F } = compiledFunction("sqrt(-1 - x^2)");
    const curve = sampleFunction(f, F, STANDARD_VIEW);
    expect(curve.polylines).toEqual([]);
    // Two evaluations (an end, an enclosure) per first segment of about 8 px: nothing more.
    expect(curve.evaluations).toBeLessThan((3 * deviceWidth(STANDARD_VIEW)) / 8);
  });

  it("keeps polylines within the view's band, each reaching its border when it leaves", () => {
    const { f, F } = compiledFunction("x^3");
    const [lo, hi] = viewBand(STANDARD_VIEW);
    const curve = sampleFunction(f, F, STANDARD_VIEW);
    expect(curve.polylines).toHaveLength(1);
    const line = curve.polylines[0]!;
    for (let i = 1; i < line.length; i += 2) expect(line[i]! >= lo && line[i]! <= hi).toBe(true);
    expect(line[1]).toBeCloseTo(lo, 9);
    expect(line[line.length - 1]).toBeCloseTo(hi, 9);
  });
});

describe("initialGrid", () => {
  it("covers the range with points fixed in the plane, whatever the pan", () => {
    const step = 0.1;
    const a = initialGrid(-1, 1, step);
    const b = initialGrid(-0.5, 1.5, step);
    expect(a[0]).toBe(-1);
    expect(a[a.length - 1]).toBe(1);
    const inner = (xs: number[], lo: number, hi: number) => xs.filter((x) => x > lo && x < hi);
    expect(inner(a, -0.4, 0.9)).toEqual(inner(b, -0.4, 0.9));
    for (let i = 1; i < a.length; i++) expect(a[i]! - a[i - 1]!).toBeGreaterThan(0);
  });
});

/** Break positions are located to 1e-7 px; the asymptote test allows this. */
const BREAK_POSITION_TOLERANCE_PX = 0.26;
/** The budget is checked before each refinement step, which may spend a few more. */
const EVALUATIONS_IN_FLIGHT = 4;
