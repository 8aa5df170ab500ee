import { describe, expect, it } from "vitest";
import { denoise, describeGraph, spokenList, spokenNumber } from "./describe-graph";

const view = { xMin: -10, xMax: 10, yMin: -6, yMax: 6 };

describe("graphs in words", () => {
  it("reads numbers to three significant digits with a true minus sign", () => {
    expect(spokenNumber(Math.PI)).toBe("3.14");
    expect(spokenNumber(-1234.5)).toBe("\u22121230");
    expect(spokenNumber(-0)).toBe("0");
    expect(spokenList([1, 2, 3, 4, 5, 6, 7, 8])).toBe("1, 2, 3, 4, 5, 6 and 2 more");
  });

  it("reads float noise as 0 at the view's scale, and keeps real small values", () => {
    expect(denoise(5.53e-20, 12)).toBe(0);
    expect(denoise(1e-6, 12)).toBe(1e-6);
  });

  it("says where the curve is drawn and where it breaks", () => {
    const sample = {
      polylines: [new Float64Array([-10, 1, -2, 3]), new Float64Array([0.5, 2, 8, 4])],
      dots: [],
      breaks: [
        { kind: "asymptote" as const, x: -1.5707963 },
        { kind: "jump" as const, x: 2 },
        { kind: "edge" as const, x: 0.5 },
      ],
      evaluations: 10,
      truncated: false,
    };
    expect(describeGraph("y", sample, view)).toBe(
      "Drawn for x from \u221210 to 8. Vertical asymptotes at x ≈ \u22121.57. Jumps at x ≈ 2. The domain ends at x ≈ 0.5.",
    );
  });

  it("says when nothing is in view", () => {
    expect(describeGraph("y", { polylines: [], dots: [], breaks: [], evaluations: 1, truncated: false }, view)).toBe(
      "Nothing of this graph lies in the view.",
    );
  });
});
