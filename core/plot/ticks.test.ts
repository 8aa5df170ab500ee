import { describe, expect, it } from "vitest";
import { axisTicks, formatDecimal, MAX_TICKS } from "./ticks";

const labels = (min: number, max: number, length: number, spacing: number, pi = false) =>
  axisTicks(min, max, length, { minSpacingPx: spacing, pi }).major.map((t) => t.label);

describe("axisTicks", () => {
  it("labels decimal steps exactly (tables worked out by hand)", () => {
    // 1 unit over 800 px with 80 px spacing needs a step of at least 0.1.
    expect(labels(0, 1, 800, 80)).toEqual(["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]);
    // 20 units over 1920 px: at least 0.83 units per 80 px, so a step of 1.
    expect(labels(-10, 10, 1920, 80)).toEqual([
      "−10",
      "−9",
      "−8",
      "−7",
      "−6",
      "−5",
      "−4",
      "−3",
      "−2",
      "−1",
      "0",
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
      "9",
      "10",
    ]);
    // At least 2.5 units per tick: step 5.
    expect(labels(-12, 12, 960, 100)).toEqual(["−10", "−5", "0", "5", "10"]);
    // At least 0.000015: step 0.00002; 10⁻⁴ is the last magnitude written out.
    expect(labels(0.0001, 0.0002, 800, 120)).toEqual(["0.0001", "0.00012", "0.00014", "0.00016", "0.00018", "0.0002"]);
  });

  it("switches to scientific labels for large and tiny magnitudes", () => {
    // At least 2 × 10⁶ per tick.
    expect(labels(0, 1e7, 500, 100)).toEqual(["0", "2×10⁶", "4×10⁶", "6×10⁶", "8×10⁶", "1×10⁷"]);
    expect(labels(0, 5e-5, 500, 100)).toEqual(["0", "1×10⁻⁵", "2×10⁻⁵", "3×10⁻⁵", "4×10⁻⁵", "5×10⁻⁵"]);
    expect(labels(1.5e7, 1.5e7, 500, 100)).toEqual([]);
    expect(labels(1e7, 3e7, 400, 100)).toEqual(["1×10⁷", "1.5×10⁷", "2×10⁷", "2.5×10⁷", "3×10⁷"]);
  });

  it("gives values without float noise, equal to their labels", () => {
    const ticks = axisTicks(0.1, 0.7, 600, { minSpacingPx: 100 });
    expect(ticks.major.map((t) => t.value)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    for (const tick of axisTicks(-3.7, 12.9, 1000, { minSpacingPx: 30 }).major) {
      expect(Number(tick.label.replace("−", "-"))).toBe(tick.value);
    }
  });

  it("labels multiples of π", () => {
    // 2π over 800 px with 100 px spacing needs π/4.
    expect(labels(0, 2 * Math.PI, 800, 100, true)).toEqual([
      "0",
      "π/4",
      "π/2",
      "3π/4",
      "π",
      "5π/4",
      "3π/2",
      "7π/4",
      "2π",
    ]);
    // 20 units over 1920 px needs 0.83 = 0.27π: step π/2.
    expect(labels(-10, 10, 1920, 80, true)).toEqual([
      "−3π",
      "−5π/2",
      "−2π",
      "−3π/2",
      "−π",
      "−π/2",
      "0",
      "π/2",
      "π",
      "3π/2",
      "2π",
      "5π/2",
      "3π",
    ]);
    expect(labels(0, 100, 200, 80, true)).toEqual(["0", "20π"]);
    expect(labels(0, 0.5, 500, 100, true)).toEqual(["0", "0.05π", "0.1π", "0.15π"]);
    const values = axisTicks(0, 2 * Math.PI, 800, { minSpacingPx: 100, pi: true }).major.map((t) => t.value);
    values.forEach((value, k) => expect(value).toBeCloseTo((k * Math.PI) / 4, 14));
  });

  it("falls back to decimal steps where a π label would need scientific notation", () => {
    expect(labels(0, 1e8, 500, 100, true)).toEqual(["0", "2×10⁷", "4×10⁷", "6×10⁷", "8×10⁷", "1×10⁸"]);
  });

  it("uses the smallest nice step that keeps the spacing (brute force over 1, 2, 5 × 10^k)", () => {
    const nice = [-6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6].flatMap((k) => [1, 2, 5].map((m) => m * 10 ** k));
    for (const [min, max, length, spacing] of [
      [-3.3, 7.1, 1234, 57],
      [1000, 1003, 300, 90],
      [-0.002, 0.0031, 640, 75],
      [-250, 400, 1920, 120],
    ]) {
      const { major, step } = axisTicks(min!, max!, length!, { minSpacingPx: spacing });
      const expected = nice.find((s) => (s * length!) / (max! - min!) >= spacing!)!;
      expect(step / expected).toBeCloseTo(1, 12);
      const first = Math.ceil(min! / expected - 1e-9);
      expect(major.length).toBe(Math.floor(max! / expected + 1e-9) - first + 1);
      major.forEach((tick, i) => expect(tick.value).toBeCloseTo((first + i) * expected, 12));
    }
  });

  it("puts minor ticks between the major ones, never on them", () => {
    const { major, minor } = axisTicks(0, 1, 800, { minSpacingPx: 80 });
    // Step 0.1 is split in fifths: 0.02, 0.04, 0.06, 0.08, 0.12, …
    expect(minor.slice(0, 5)).toEqual([0.02, 0.04, 0.06, 0.08, 0.12]);
    expect(minor).toHaveLength(50 - 10);
    const majors = new Set(major.map((t) => t.value));
    expect(minor.some((v) => majors.has(v))).toBe(false);
    // Step 2 is split in quarters.
    expect(axisTicks(0, 4, 200, { minSpacingPx: 80 }).minor).toEqual([0.5, 1, 1.5, 2.5, 3, 3.5]);
  });

  it("returns nothing for an empty or unusable range, and never more than MAX_TICKS", () => {
    expect(axisTicks(1, 1, 800).major).toEqual([]);
    expect(axisTicks(2, 1, 800).major).toEqual([]);
    expect(axisTicks(0, Number.NaN, 800).major).toEqual([]);
    expect(axisTicks(0, 1, 0).major).toEqual([]);
    expect(axisTicks(0, 1, 1e12, { minSpacingPx: 1 }).major.length).toBeLessThanOrEqual(MAX_TICKS + 1);
  });
});

describe("formatDecimal", () => {
  it("writes integer × 10^exponent from its digits", () => {
    expect(formatDecimal(3, -1)).toBe("0.3");
    expect(formatDecimal(-125, -2)).toBe("−1.25");
    expect(formatDecimal(120, -2)).toBe("1.2");
    expect(formatDecimal(5, 2)).toBe("500");
    expect(formatDecimal(0, 5)).toBe("0");
    expect(formatDecimal(12, 6)).toBe("1.2×10⁷");
  });
});
