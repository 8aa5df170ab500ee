import { describe, expect, it } from "vitest";
import { CLASSIFY_COST, classifyBreak, type BreakVerdict, type Evaluator } from "./classify-break";
import { compiledFunction, STANDARD_VIEW } from "./plot-test-support";
import { deviceHeight, deviceWidth, type PlotView } from "./viewport";

/** The sampler hands over brackets located to 1e-7 px; the break may lie anywhere in one. */
const BRACKET_PX = 1e-7;

function evaluator(text: string, view: PlotView): Evaluator & { evaluations: number } {
  const { f, F } = compiledFunction(text);
  const e = {
    kx: deviceWidth(view) / (view.xMax - view.xMin),
    ky: deviceHeight(view) / (view.yMax - view.yMin),
    bandLo: view.yMin,
    bandHi: view.yMax,
    evaluations: 0,
    value: (x: number) => {
      e.evaluations++;
      return f(x);
    },
    enclose: (lo: number, hi: number) => {
      e.evaluations++;
      return F(lo, hi);
    },
  };
  return e;
}

/** The verdict on a bracket around x, placed off-centre as the sampler's brackets are. */
function verdict(text: string, x: number, view: PlotView = STANDARD_VIEW): BreakVerdict {
  const e = evaluator(text, view);
  const width = BRACKET_PX / e.kx;
  const result = classifyBreak(e, x - 0.3 * width, x + 0.7 * width);
  expect(e.evaluations).toBeLessThanOrEqual(CLASSIFY_COST);
  return result;
}

describe("classifyBreak", () => {
  it("finds holes, with their limits, at the simple number in the bracket", () => {
    expect(verdict("sin(x)/x", 0)).toMatchObject({ kind: "hole", x: 0, limit: 1 });
    expect(verdict("(x^2-1)/(x-1)", 1)).toMatchObject({ kind: "hole", x: 1, limit: 2 });
    expect(verdict("(sqrt(1+x)-1)/x", 0)).toMatchObject({ kind: "hole", x: 0, limit: 0.5 });
    expect(verdict("x sin(1/x)", 0)).toMatchObject({ kind: "hole", x: 0, limit: 0 });
    // tan is finite at the float nearest π/2, but π/2 itself is not in its domain.
    expect(verdict("x/tan(x)", Math.PI / 2)).toMatchObject({ kind: "hole", x: Math.PI / 2, limit: 0 });
  });

  it("reads through the rounding of a cancelling formula while it can, and says when it cannot", () => {
    expect(verdict("(1-cos(x))/x^2", 0)).toMatchObject({ kind: "hole", x: 0, limit: 0.5 });
    expect(verdict("(exp(x)-1-x)/x^2", 0)).toMatchObject({ kind: "hole", x: 0, limit: 0.5 });
    const deep = { ...STANDARD_VIEW, xMin: -1e-5, xMax: 1e-5, yMin: 0.5 - 6e-6, yMax: 0.5 + 6e-6 };
    expect(verdict("(1-cos(x))/x^2", 0, deep)).toMatchObject({ kind: "unresolved", x: 0, reason: "rounding" });
  });

  it("finds poles of every order, and ln's at the end of its domain", () => {
    for (const text of ["1/x", "1/x^2", "1/x^3", "ln(x)", "ln(abs(x))", "exp(1/x)"]) {
      expect(verdict(text, 0), text).toEqual({ kind: "asymptote", x: 0 });
    }
    expect(verdict("tan(x)", Math.PI / 2)).toEqual({ kind: "asymptote", x: Math.PI / 2 });
    expect(verdict("sec(x)", (-3 * Math.PI) / 2)).toEqual({ kind: "asymptote", x: (-3 * Math.PI) / 2 });
  });

  it("finds jumps with their one-sided limits, and ends of the domain with their values", () => {
    const floor = verdict("floor(x)", 1);
    expect(floor).toMatchObject({ kind: "jump", x: 1, value: 1, left: { value: 0 }, right: { value: 1 } });
    expect(verdict("abs(x)/x", 0)).toMatchObject({ kind: "jump", x: 0, value: Number.NaN });
    expect(verdict("sqrt(x)", 0)).toEqual({ kind: "edge", x: 0, defined: 1, value: 0 });
    expect(verdict("sqrt(1 - x^2)", 1)).toEqual({ kind: "edge", x: 1, defined: -1, value: 0 });
  });

  it("says nothing is there where the mathematics is continuous, and makes no claim where f oscillates", () => {
    expect(verdict("x^2", 0.3)).toMatchObject({ kind: "none" });
    // e^(1/x) leaves the floats right of 1/709.78…, where it has no pole.
    expect(verdict("exp(1/x)", 1 / Math.log(Number.MAX_VALUE))).toMatchObject({ kind: "none" });
    expect(verdict("sin(1/x)", 0)).toEqual({ kind: "unresolved", x: 0, reason: "oscillation", noisyWithin: 0 });
  });
});
