import { describe, expect, it } from "vitest";
import { CURVE_COLORS, curveColor, PLOT_BACKGROUND, type ColorScheme } from "./plot-palette";

/** WCAG 2.x relative luminance and contrast ratio, from the definitions in the standard. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("curve colours", () => {
  it("checks its contrast formula against known ratios", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  for (const scheme of ["light", "dark"] as ColorScheme[]) {
    it(`keeps 3:1 against the ${scheme} background`, () => {
      for (const color of CURVE_COLORS[scheme]) {
        expect(contrast(color, PLOT_BACKGROUND[scheme]), color).toBeGreaterThanOrEqual(3);
      }
    });
  }

  it("gives both schemes the same number of colours, distinct, taken in turn", () => {
    expect(CURVE_COLORS.light.length).toBe(CURVE_COLORS.dark.length);
    expect(new Set(CURVE_COLORS.light).size).toBe(CURVE_COLORS.light.length);
    expect(curveColor("light", 0)).toBe(CURVE_COLORS.light[0]);
    expect(curveColor("dark", CURVE_COLORS.dark.length + 1)).toBe(CURVE_COLORS.dark[1]);
  });
});
