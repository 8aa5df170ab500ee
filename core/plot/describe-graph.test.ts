import { describe, expect, it } from "vitest";
import type { CurveBreak, CurveSample } from "./curve-types";
import { denoise, describeGraph, spokenAt, spokenList, spokenNumber, spokenValue } from "./describe-graph";

const view = { xMin: -10, xMax: 10, yMin: -6, yMax: 6 };

function sampleOf(polylines: number[][], breaks: CurveBreak[] = []): CurveSample {
  return {
    polylines: polylines.map((line) => new Float64Array(line)),
    dots: [],
    breaks,
    evaluations: 10,
    truncated: false,
  };
}

describe("graphs in words", () => {
  it("reads numbers to three significant digits with a true minus sign", () => {
    expect(spokenNumber(Math.PI)).toBe("3.14");
    expect(spokenNumber(-1234.5)).toBe("\u22121230");
    expect(spokenNumber(-0)).toBe("0");
    expect(spokenList([1.5, 2.25, 3.125, 4, 5, 6, 7, 8])).toBe("1.5, 2.25, 3.125, 4, 5, 6 and 2 more");
    expect(spokenList([1, 2, 3])).toBe("1, 2 and 3");
  });

  it("reads simple numbers exactly, and says so with =", () => {
    expect(spokenValue(Math.PI / 2)).toEqual({ text: "π/2", exact: true });
    expect(spokenValue((-3 * Math.PI) / 4)).toEqual({ text: "\u22123π/4", exact: true });
    expect(spokenValue(Math.SQRT2)).toEqual({ text: "√2", exact: true });
    expect(spokenValue(1 / 3)).toEqual({ text: "1/3", exact: true });
    expect(spokenValue(4.493409457909064)).toEqual({ text: "4.49", exact: false });
    expect(spokenAt("x", [-Math.PI, 0, Math.PI])).toBe("x = \u2212π, 0 and π");
    expect(spokenAt("x", [0, 4.493409457909064])).toBe("x ≈ 0 and 4.49");
  });

  it("reads float noise as 0 at the view's scale, and keeps real small values", () => {
    expect(denoise(5.53e-20, 12)).toBe(0);
    expect(denoise(1e-6, 12)).toBe(1e-6);
  });

  it("says where the curve is drawn and where it breaks", () => {
    const sample = sampleOf(
      [
        [-10, 1, -2, 3],
        [0.5, 2, 8, 4],
      ],
      [
        { kind: "asymptote", x: -Math.PI / 2 },
        { kind: "hole", x: 1, limit: 2, value: Number.NaN },
        { kind: "jump", x: 2, left: 1, right: 3, value: 3 },
        { kind: "edge", x: 0.5, value: 2 },
        { kind: "unresolved", x: 0, reason: "rounding" },
      ],
    );
    expect(describeGraph("y", sample, view)).toBe(
      "Drawn for x from \u221210 to 8. Vertical asymptote at x = \u2212π/2. Undefined at x = 1; the limit there is 2. " +
        "Jumps at x = 2 from 1 to 3 (the value there is 3). The domain ends at x = 0.5. " +
        "Near x = 0 rounding error swamps the values: nothing is claimed there.",
    );
  });

  it("says where the curve is drawn in the view itself, not in the margin its strokes run into", () => {
    // y = x² from −2.5 to 2.5 leaves the view (y ≤ 6) at x = ±√6 ≈ ±2.45; strokes run on a few pixels.
    const parabola = Array.from({ length: 101 }, (_, i) => -2.5 + i * 0.05).flatMap((x) => [x, x * x]);
    expect(describeGraph("y", sampleOf([parabola]), view)).toBe("Drawn for x from \u22122.45 to 2.45.");
    // A line drawn a little past both sides of the view is drawn across it.
    expect(describeGraph("y", sampleOf([[-10.05, 1, 10.05, 1]]), view)).toBe("Drawn for x from \u221210 to 10.");
  });

  it("gives the drawn range digits enough to tell its ends apart", () => {
    const narrow = { xMin: 1000.001, xMax: 1000.002, yMin: -1, yMax: 1 };
    expect(describeGraph("y", sampleOf([[1000.001, 0, 1000.002, 0]]), narrow)).toBe(
      "Drawn for x from 1000.001 to 1000.002.",
    );
  });

  it("names a break in view when no part of the curve is (zoomed in on a pole)", () => {
    expect(describeGraph("y", sampleOf([], [{ kind: "asymptote", x: 2 }]), view)).toBe(
      "No part of the curve lies in the view. Vertical asymptote at x = 2.",
    );
  });

  it("says when nothing is in view, even if strokes reach into the margin", () => {
    expect(describeGraph("y", sampleOf([]), view)).toBe("Nothing of this graph lies in the view.");
    expect(describeGraph("y", sampleOf([[-1, 6.01, 1, 6.02]]), view)).toBe("Nothing of this graph lies in the view.");
  });
});
