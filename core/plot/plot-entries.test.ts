import { describe, expect, it } from "vitest";
import { plotEntries, type EntryOutcome } from "./plot-entries";
import type { PlotView } from "./viewport";

const view: PlotView = { xMin: -10, xMax: 10, yMin: -6, yMax: 6, width: 800, height: 480, pixelRatio: 1 };

function drawn(outcome: EntryOutcome | undefined) {
  if (!outcome?.ok) throw new Error(`expected a drawing, got ${outcome ? outcome.message : "nothing"}`);
  return outcome;
}

/** Every point of every line of a geometry. */
function points(lines: readonly Float64Array[]): [number, number][] {
  return lines.flatMap((line) =>
    Array.from({ length: line.length / 2 }, (_, i) => [line[2 * i]!, line[2 * i + 1]!] as [number, number]),
  );
}

describe("plotting typed entries", () => {
  it("reads y = f(x), a bare f(x) and x = g(y) as graphs, drawn on the curve", () => {
    const [parabola, bare, sideways] = plotEntries(["y = x^2 - 4", "x^2 - 4", "x = y^2"], {}, view).map(drawn);
    expect(parabola!.kind).toBe("explicit");
    expect(parabola!.axis).toBe("y");
    expect(bare!.axis).toBe("y");
    for (const [x, y] of points(parabola!.geometry.lines))
      if (y >= view.yMin && y <= view.yMax) expect(y).toBeCloseTo(x * x - 4, 6);
    expect(sideways!.axis).toBe("x");
    const sidewaysPoints = points(sideways!.geometry.lines);
    expect(sidewaysPoints.length).toBeGreaterThan(10);
    for (const [x, y] of sidewaysPoints) if (x <= view.xMax) expect(x).toBeCloseTo(y * y, 6);
  });

  it("marks the roots and extrema of x³ − 3x: roots 0 and ±√3, a maximum at −1 and a minimum at 1", () => {
    const cubic = drawn(plotEntries(["x^3 - 3x"], {}, view)[0]);
    const roots = cubic.geometry.markers.filter((m) => m.kind === "root").map((m) => m.x);
    expect(roots).toHaveLength(3);
    [-Math.sqrt(3), 0, Math.sqrt(3)].forEach((root, i) => expect(roots[i]).toBeCloseTo(root, 9));
    const extrema = cubic.geometry.markers.filter((m) => m.kind === "extremum");
    expect(extrema.map((m) => [m.x, m.y])).toEqual([
      [expect.closeTo(-1, 6), expect.closeTo(2, 9)],
      [expect.closeTo(1, 6), expect.closeTo(-2, 9)],
    ]);
    expect(cubic.description).toContain("Crosses or touches the x-axis at x = −√3, 0 and √3.");
    expect(cubic.description).toContain("Local maximum at x = −1. Local minimum at x = 1.");
  });

  it("never marks a pole of tan x as a root and reports its asymptotes", () => {
    const tan = drawn(plotEntries(["tan(x)"], {}, view)[0]);
    const roots = tan.geometry.markers.filter((m) => m.kind === "root").map((m) => m.x);
    // Roots kπ for |kπ| ≤ 10: k = −3 … 3.
    expect(roots.map((x) => Math.round(x / Math.PI))).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    for (const x of roots) expect(Math.abs(x - Math.round(x / Math.PI) * Math.PI)).toBeLessThan(1e-9);
    const poles = tan.geometry.asymptotes.map((x) => (x - Math.PI / 2) / Math.PI);
    expect(poles.map(Math.round)).toEqual([-3, -2, -1, 0, 1, 2]);
    expect(tan.description).toContain("Vertical asymptotes at x = −5π/2, −3π/2, −π/2, π/2, 3π/2 and 5π/2.");
  });

  it("finds where two graphs meet: x² and x + 2 meet at x = −1 and x = 2", () => {
    const [parabola] = plotEntries(["x^2", "x + 2"], {}, view);
    const meets = drawn(parabola).geometry.markers.filter((m) => m.kind === "intersection");
    expect(meets.map((m) => [m.x, m.y])).toEqual([
      [expect.closeTo(-1, 9), expect.closeTo(1, 9)],
      [expect.closeTo(2, 9), expect.closeTo(4, 9)],
    ]);
  });

  it("draws a circle from an implicit equation, every point on it", () => {
    const circle = drawn(plotEntries(["x^2 + y^2 = 16"], {}, view)[0]);
    expect(circle.kind).toBe("implicit");
    const pts = points(circle.geometry.lines);
    expect(pts.length).toBeGreaterThan(50);
    // One device pixel is 20/800 = 0.025 in x.
    for (const [x, y] of pts) expect(Math.abs(Math.hypot(x, y) - 4)).toBeLessThan(0.025);
  });

  it("draws parametric and polar curves over one turn", () => {
    const [ellipse, cardioid] = plotEntries(["(3cos(t), 2sin(t))", "r = 1 + cos(θ)"], {}, view).map(drawn);
    for (const [x, y] of points(ellipse!.geometry.lines)) expect((x / 3) ** 2 + (y / 2) ** 2).toBeCloseTo(1, 6);
    expect(cardioid!.kind).toBe("polar");
    for (const [x, y] of points(cardioid!.geometry.lines)) {
      const r = Math.hypot(x, y);
      const theta = Math.atan2(y, x);
      expect(r).toBeCloseTo(1 + Math.cos(theta), 6);
    }
  });

  it("shades y < sin(x) below the curve, with a dashed boundary, and x² + y² ≤ 4 inside the circle", () => {
    const [below, disc] = plotEntries(["y < sin(x)", "x^2 + y^2 <= 4"], {}, view).map(drawn);
    expect(below!.geometry.dashed).toBe(true);
    expect(below!.geometry.regions.length).toBeGreaterThan(0);
    expect(disc!.geometry.dashed).toBe(false);
    for (const [x, y] of points(disc!.geometry.regions)) expect(Math.hypot(x, y)).toBeLessThan(2 + 0.1);
  });

  it("uses slider values, defaults a missing one to 1, and lets a definition set one", () => {
    const [withSlider, withDefault] = plotEntries(["y = a x", "y = b x"], { a: 2 }, view).map(drawn);
    expect(withSlider!.parameters).toEqual(["a"]);
    for (const [x, y] of points(withSlider!.geometry.lines)) if (Math.abs(y) < 6) expect(y).toBeCloseTo(2 * x, 9);
    for (const [x, y] of points(withDefault!.geometry.lines)) if (Math.abs(y) < 6) expect(y).toBeCloseTo(x, 9);
    const [definition, line] = plotEntries(["c = 3", "y = c"], { c: 5 }, view).map(drawn);
    expect(definition!.definition).toEqual({ name: "c", value: 3 });
    for (const [, y] of points(line!.geometry.lines)) expect(y).toBe(3);
  });

  it("places points, and answers an empty entry with nothing", () => {
    const [pts, empty] = plotEntries(["[(1, 2), (-3, 0.5)]", "   "], {}, view).map(drawn);
    expect(pts!.geometry.dots).toEqual([
      { x: 1, y: 2, filled: true },
      { x: -3, y: 0.5, filled: true },
    ]);
    expect(empty!.kind).toBe("empty");
  });

  it("reports each entry's error with its place, and still draws the others", () => {
    const [bad, good, unknown, noRelation] = plotEntries(["sin(x))", "cos(x)", "foo(x)", "x y + 1"], {}, view);
    expect(bad).toMatchObject({ ok: false, message: expect.stringContaining("at 7") as unknown, position: 6 });
    expect(drawn(good).geometry.lines.length).toBeGreaterThan(0);
    expect(unknown!.ok).toBe(false);
    expect(noRelation).toMatchObject({ ok: false, message: expect.stringContaining("needs a relation") as unknown });
  });

  it("ends floor's steps with closed dots on the left and open dots on the right", () => {
    const floor = drawn(plotEntries(["floor(x)"], {}, { ...view, xMin: -2.5, xMax: 2.5 })[0]);
    const atTwo = floor.geometry.dots.filter((d) => Math.abs(d.x - 2) < 1e-9);
    expect(atTwo).toEqual(
      expect.arrayContaining([
        { x: expect.closeTo(2, 9), y: 2, filled: true },
        { x: expect.closeTo(2, 9), y: expect.closeTo(1, 9), filled: false },
      ]),
    );
  });
});

describe("analysis with the derivative", () => {
  it("finds a touching root, where the curve meets the axis without crossing: (x − 2)² at 2", () => {
    const square = drawn(plotEntries(["(x - 2)^2"], {}, view)[0]);
    const roots = square.geometry.markers.filter((m) => m.kind === "root");
    expect(roots).toHaveLength(1);
    expect(roots[0]!.x).toBeCloseTo(2, 6);
    expect(roots[0]!.label).toContain("touching the axis");
  });
});

describe("roots of a function that is zero on a stretch", () => {
  it("marks none of floor x's zeros on [0, 1), and still finds sin's", () => {
    const [floor, sine] = plotEntries(["floor(x)", "sin(x)"], {}, view).map(drawn);
    expect(floor!.geometry.markers.filter((m) => m.kind === "root")).toEqual([]);
    expect(sine!.geometry.markers.filter((m) => m.kind === "root")).toHaveLength(7);
  });
});

describe("what the findings say where a formula has a hole or a pole (issue 16)", () => {
  /** The page's view on a desktop: its canvas is 758 × 478 CSS pixels at a window 1280 wide. */
  const page: PlotView = { xMin: -10, xMax: 10, yMin: -6, yMax: 6, width: 758, height: 478, pixelRatio: 1 };

  it("names sin(x)/x's hole at 0 with its limit 1, with no asymptote and no extremum there", () => {
    for (const at of [
      page,
      { ...page, width: 356, pixelRatio: 3 },
      { ...page, xMin: -3.3, xMax: 6.7, yMin: -2, yMax: 4 },
    ]) {
      const sinc = drawn(plotEntries(["sin(x)/x"], {}, at)[0]);
      expect(sinc.description).toContain("Undefined at x = 0; the limit there is 1.");
      expect(sinc.description).not.toContain("asymptote");
      expect(sinc.geometry.asymptotes).toEqual([]);
      expect(sinc.geometry.markers.filter((m) => m.kind === "extremum" && Math.abs(m.x) < 1)).toEqual([]);
      expect(sinc.geometry.dots).toEqual([{ x: 0, y: 1, filled: false }]);
    }
  });

  it("draws sin(x)/x through its hole: no stroke near 0 climbs above the limit", () => {
    const sinc = drawn(plotEntries(["sin(x)/x"], {}, page)[0]);
    expect(sinc.geometry.lines).toHaveLength(1);
    for (const [x, y] of points(sinc.geometry.lines)) if (Math.abs(x) < 1) expect(y).toBeLessThanOrEqual(1);
  });

  it("claims no asymptote for sin(x)/x where its curve is out of view, only the hole", () => {
    const sinc = drawn(plotEntries(["sin(x)/x"], {}, { ...page, xMin: -1, xMax: 1, yMin: -0.6, yMax: 0.6 })[0]);
    expect(sinc.description).toMatch(
      /^No part of the curve lies in the view\. Undefined at x = 0; the limit there is 1\./,
    );
    expect(sinc.description).not.toContain("asymptote");
    expect(sinc.geometry.lines).toEqual([]);
  });

  it("puts 1/x's asymptote at x = 0 exactly", () => {
    const hyperbola = drawn(plotEntries(["1/x"], {}, page)[0]);
    expect(hyperbola.geometry.asymptotes).toEqual([0]);
    expect(hyperbola.description).toContain("Vertical asymptote at x = 0.");
  });

  it("reads (x² − 1)/(x − 1) as a line with a hole at (1, 2), with no local maximum", () => {
    const line = drawn(plotEntries(["(x^2-1)/(x-1)"], {}, page)[0]);
    expect(line.description).toContain("Undefined at x = 1; the limit there is 2.");
    expect(line.geometry.markers.filter((m) => m.kind === "extremum")).toEqual([]);
    expect(line.geometry.dots).toEqual([{ x: 1, y: 2, filled: false }]);
  });
});
