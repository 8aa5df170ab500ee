import { describe, expect, it } from "vitest";
import { trendGrowth } from "./trend-growth";

describe("trendGrowth", () => {
  it("reads a steady climb as its growth from start to end", () => {
    // 100, 102, …, 120: a line, so the fit is exact.
    expect(trendGrowth(Array.from({ length: 11 }, (_, x) => 100 + 2 * x))).toBeCloseTo(0.2, 12);
  });

  it("finds no growth in a sawtooth whose last sample happens to be high", () => {
    const sawtooth = [100, 130, 100, 130, 100, 130, 100, 130];
    // Last against first would say 30 %; the fitted line rises only by the tooth's phase.
    expect(trendGrowth(sawtooth)).toBeLessThan(0.1);
    expect(trendGrowth([...sawtooth, 100])).toBeCloseTo(0, 12);
  });

  it("sees a leak under the noise", () => {
    const leaking = Array.from({ length: 60 }, (_, x) => 600 + 2 * x + (x % 2 === 0 ? 40 : -40));
    expect(trendGrowth(leaking)).toBeGreaterThan(0.15);
  });

  it("refuses a single sample", () => {
    expect(() => trendGrowth([1])).toThrow("at least two samples");
  });
});
