import { describe, expect, it } from "vitest";
import { brandColors } from "#app/theme/palette";
import { CHART_BACKGROUNDS, contrastRatio, mixColors, scaleColors, SERIES_COLORS, seriesColor } from "./chart-palette";

const SCHEMES = ["light", "dark"] as const;

describe("the analytics charts' colours", () => {
  it("draw on the theme's own backgrounds", () => {
    expect(CHART_BACKGROUNDS.light).toBe(brandColors.light.background);
    expect(CHART_BACKGROUNDS.dark).toBe(brandColors.dark.background);
  });

  it.each(SCHEMES)("stand out from the %s background at 3:1 or more, every series", (scheme) => {
    for (const color of SERIES_COLORS[scheme]) {
      expect(contrastRatio(color, CHART_BACKGROUNDS[scheme]), color).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(SERIES_COLORS[scheme]).size).toBe(SERIES_COLORS[scheme].length);
  });

  it("come round again after the last series", () => {
    expect(seriesColor("light", 0)).toBe(SERIES_COLORS.light[0]);
    expect(seriesColor("dark", SERIES_COLORS.dark.length + 1)).toBe(SERIES_COLORS.dark[1]);
  });

  it("compute contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});

describe("the retention table's scale", () => {
  it("runs from the background to a blue", () => {
    expect(mixColors("#000000", "#ffffff", 0.5)).toBe("#808080");
    expect(scaleColors("light", 0).background).toBe("#ffffff");
    expect(scaleColors("dark", 0).background).toBe("#121212");
    expect(scaleColors("light", 2)).toEqual(scaleColors("light", 1));
  });

  it.each(SCHEMES)("keeps the text of every %s cell at 4.5:1 or more", (scheme) => {
    for (let step = 0; step <= 100; step += 1) {
      const { background, text } = scaleColors(scheme, step / 100);
      expect(contrastRatio(background, text), `${step}%`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("makes a larger share a darker (light) or stronger (dark) cell", () => {
    const light = [0, 0.5, 1].map((share) => contrastRatio(scaleColors("light", share).background, "#ffffff"));
    expect(light[0]).toBeLessThan(light[1]!);
    expect(light[1]).toBeLessThan(light[2]!);
    const dark = [0, 0.5, 1].map((share) => contrastRatio(scaleColors("dark", share).background, "#121212"));
    expect(dark[0]).toBeLessThan(dark[1]!);
    expect(dark[1]).toBeLessThan(dark[2]!);
  });
});
