import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import {
  axisRangeProblem,
  axisSamples,
  compileSurface,
  MAX_RESOLUTION,
  resolutionProblem,
  sampleGrid,
  type GridSpec,
} from "./surface-grid";

/** Evenly spaced samples are computed as min + i·step: one rounding each, relative to the span. */
const SPACING_TOLERANCE = 1e-12;
/** A compiled formula and Math.* on the same operations differ at most by a few roundings. */
const EVALUATION_TOLERANCE = 1e-12;

const spec = (resolution: number, x: [number, number] = [-2, 2], y: [number, number] = [-1, 3]): GridSpec => ({
  x: { min: x[0], max: x[1] },
  y: { min: y[0], max: y[1] },
  resolution,
});

function expectClose(actual: number, expected: number, label: string) {
  if (Number.isNaN(expected)) {
    expect(actual, label).toBeNaN();
    return;
  }
  expect(Math.abs(actual - expected), label).toBeLessThanOrEqual(
    EVALUATION_TOLERANCE * Math.max(1, Math.abs(expected)),
  );
}

describe("axisSamples", () => {
  it("spaces `count` samples evenly, both ends exact", () => {
    for (const count of [2, 3, 7, 60, MAX_RESOLUTION]) {
      const samples = axisSamples({ min: -Math.PI, max: 2 * Math.E }, count);
      expect(samples).toHaveLength(count);
      expect(samples[0]).toBe(-Math.PI);
      expect(samples.at(-1)).toBe(2 * Math.E);
      const step = (2 * Math.E + Math.PI) / (count - 1);
      for (let i = 1; i < count; i += 1) {
        expect(Math.abs(samples[i]! - samples[i - 1]! - step)).toBeLessThan(SPACING_TOLERANCE * (2 * Math.E + Math.PI));
      }
    }
  });

  it("refuses ranges and counts it cannot sample", () => {
    expect(() => axisSamples({ min: 1, max: 1 }, 10)).toThrow(RangeError);
    expect(() => axisSamples({ min: 0, max: 1 }, 1)).toThrow(RangeError);
  });
});

describe("range and resolution problems", () => {
  it("accepts ordinary ranges", () => {
    expect(axisRangeProblem({ min: -2, max: 2 })).toBeNull();
    expect(axisRangeProblem({ min: -1e6, max: 1e6 })).toBeNull();
  });

  it.each([
    [{ min: Number.NaN, max: 1 }, /numbers/],
    [{ min: 0, max: Number.POSITIVE_INFINITY }, /numbers/],
    [{ min: 2, max: -2 }, /greater than the start/],
    [{ min: 1, max: 1 }, /greater than the start/],
    [{ min: 0, max: 1e-9 }, /greater than the start/],
    [{ min: -2e6, max: 0 }, /between/],
  ])("explains what is wrong with %j", (range, problem) => {
    expect(axisRangeProblem(range)).toMatch(problem);
  });

  it("takes whole resolutions from 2 to the maximum", () => {
    expect(resolutionProblem(2)).toBeNull();
    expect(resolutionProblem(MAX_RESOLUTION)).toBeNull();
    for (const bad of [1, MAX_RESOLUTION + 1, 2.5, Number.NaN]) expect(resolutionProblem(bad)).not.toBeNull();
  });
});

describe("sampleGrid", () => {
  it("puts f(x[column], y[row]) at z[row][column], as plotly reads it", () => {
    // x − 10y tells rows from columns: a transposed grid would give other numbers.
    const grid = sampleGrid((x, y) => x - 10 * y, spec(5));
    expect(grid.x).toEqual([-2, -1, 0, 1, 2]);
    expect(grid.y).toEqual([-1, 0, 1, 2, 3]);
    expect(grid.z[0]).toEqual([8, 9, 10, 11, 12]);
    expect(grid.z.map((row) => row[0])).toEqual([8, -2, -12, -22, -32]);
    expect(grid.undefinedPoints).toBe(0);
    expect(grid.zRange).toEqual({ min: -32, max: 12 });
  });

  it("leaves null where f is NaN or infinite, and counts those points", () => {
    // √x is undefined for x < 0 (two of five columns); 1/y is infinite on the row y = 0.
    const grid = sampleGrid((x, y) => Math.sqrt(x) / y, spec(5));
    let expectedNulls = 0;
    grid.y.forEach((y, row) =>
      grid.x.forEach((x, column) => {
        const value = Math.sqrt(x) / y;
        if (Number.isFinite(value)) expect(grid.z[row]![column]).toBe(value);
        else {
          expect(grid.z[row]![column]).toBeNull();
          expectedNulls += 1;
        }
      }),
    );
    // x = −2, −1 on every row (10), plus on the row y = 0 also 0/0 at x = 0 and ±∞ at x = 1, 2 (3).
    expect(expectedNulls).toBe(13);
    expect(grid.undefinedPoints).toBe(13);
    expect(grid.zRange).toEqual({ min: -Math.SQRT2, max: Math.SQRT2 });
  });

  it("has no value range when f is defined nowhere", () => {
    const grid = sampleGrid(() => Number.NaN, spec(3));
    expect(grid.zRange).toBeNull();
    expect(grid.undefinedPoints).toBe(9);
  });
});

describe("compileSurface", () => {
  const formulas: [string, (x: number, y: number) => number][] = [
    ["x^2 - y^2", (x, y) => x * x - y * y],
    ["x^2 + y^2", (x, y) => x * x + y * y],
    ["sin(sqrt(x^2 + y^2))", (x, y) => Math.sin(Math.sqrt(x * x + y * y))],
    ["x^3 - 3x y^2", (x, y) => x ** 3 - 3 * x * y * y],
    ["sin(x) cos(y)", (x, y) => Math.sin(x) * Math.cos(y)],
    ["sin(x) + cos(y)", (x, y) => Math.sin(x) + Math.cos(y)],
    ["(x^2 + y^2 - 1)^3 - x^2 y^3", (x, y) => (x * x + y * y - 1) ** 3 - x * x * y ** 3],
    ["sqrt(1 - x^2 - y^2)", (x, y) => Math.sqrt(1 - x * x - y * y)],
    ["exp(-(x^2 + y^2)) cos(pi x)", (x, y) => Math.exp(-(x * x + y * y)) * Math.cos(Math.PI * x)],
    ["ln(x y)", (x, y) => Math.log(x * y)],
    ["z = x/y", (x, y) => x / y],
  ];

  it.each(formulas)("evaluates %s as Math.* does at random points", (text, oracle) => {
    const compiled = compileSurface(text);
    if (!compiled.ok) throw new Error(`${text}: ${compiled.message}`);
    const next = random(20_251_122);
    for (let i = 0; i < 200; i += 1) {
      const x = (next() - 0.5) * 6;
      const y = (next() - 0.5) * 6;
      expectClose(compiled.evaluate(x, y), oracle(x, y), `${text} at (${x}, ${y})`);
    }
  });

  it("gives a grid with gaps where the formula is undefined: √(1 − x² − y²) outside the unit disc", () => {
    const compiled = compileSurface("sqrt(1 - x^2 - y^2)");
    if (!compiled.ok) throw new Error(compiled.message);
    const grid = sampleGrid(compiled.evaluate, spec(41, [-1, 1], [-1, 1]));
    let outside = 0;
    grid.y.forEach((y, row) =>
      grid.x.forEach((x, column) => {
        if (1 - x * x - y * y < 0) {
          outside += 1;
          expect(grid.z[row]![column]).toBeNull();
        } else expect(grid.z[row]![column]).not.toBeNull();
      }),
    );
    expect(outside).toBeGreaterThan(0);
    expect(grid.undefinedPoints).toBe(outside);
  });

  it("passes on the parser's message, which says what is wrong and where", () => {
    const result = compileSurface("x^2 + (y");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(/never closed/);
      expect(result.message).toMatch(/at 7/);
      expect(result.position).toBe(6);
    }
  });

  it("refuses letters other than x and y, naming the first and its place", () => {
    expect(compileSurface("x + a t")).toEqual({
      ok: false,
      message: 'unknown variable "a" (this expression may use only x, y), at 5',
      position: 4,
    });
  });

  it("refuses comparisons other than z = …, and points", () => {
    const comparison = compileSurface("x < y");
    expect(comparison.ok).toBe(false);
    if (!comparison.ok) expect(comparison.message).toMatch(/not a comparison/);
    expect(compileSurface("y = x^2").ok).toBe(false);
    expect(compileSurface("(x, y)").ok).toBe(false);
  });
});
