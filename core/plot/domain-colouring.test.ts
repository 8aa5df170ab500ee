import { describe, expect, it } from "vitest";
import { colourAt, DOMAIN_COLOUR_GLSL, type ColouringOptions } from "./domain-colouring";

const PLAIN: ColouringOptions = { modulusBands: false, phaseLines: false };
const BANDS: ColouringOptions = { modulusBands: true, phaseLines: false };
const PHASE: ColouringOptions = { modulusBands: false, phaseLines: true };
/** A hue read back from 8-bit channels is off by at most about 1 part in 255 of a sextant (60°). */
const HUE_TOLERANCE_DEGREES = 1.5;

/** The textbook RGB → HSL conversion (hue in degrees, lightness in [0, 1]), independent of the map's HSL → RGB. */
function hsl([r, g, b]: [number, number, number]): { hue: number; lightness: number; chroma: number } {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const chroma = max - min;
  let hue = 0;
  if (chroma > 0) {
    if (max === R) hue = 60 * (((G - B) / chroma + 6) % 6);
    else if (max === G) hue = 60 * ((B - R) / chroma + 2);
    else hue = 60 * ((R - G) / chroma + 4);
  }
  return { hue, lightness: (max + min) / 2, chroma };
}

const polar = (modulus: number, degrees: number): [number, number] => [
  modulus * Math.cos((degrees * Math.PI) / 180),
  modulus * Math.sin((degrees * Math.PI) / 180),
];

describe("domain colouring", () => {
  it("paints w = 1 pure red and w = i, −1, −i at hues 90°, 180°, 270°", () => {
    expect(colourAt(1, 0, PLAIN)).toEqual([255, 0, 0]);
    expect(colourAt(0, 1, PLAIN)).toEqual([128, 255, 0]);
    expect(colourAt(-1, 0, PLAIN)).toEqual([0, 255, 255]);
    expect(colourAt(0, -1, PLAIN)).toEqual([128, 0, 255]);
  });

  it("turns the hue with the argument, once round the wheel, at any modulus and with bands on", () => {
    for (const modulus of [0.01, 0.7, 1.3, 50]) {
      for (let degrees = 0; degrees < 360; degrees += 15) {
        const { hue } = hsl(colourAt(...polar(modulus, degrees), BANDS));
        const gap = Math.abs(hue - degrees);
        expect(Math.min(gap, 360 - gap)).toBeLessThan(HUE_TOLERANCE_DEGREES);
      }
    }
  });

  it("is black at a zero, white at infinity, grey where undefined", () => {
    expect(colourAt(0, 0)).toEqual([0, 0, 0]);
    expect(colourAt(Infinity, 0)).toEqual([255, 255, 255]);
    expect(colourAt(NaN, 1)).toEqual([128, 128, 128]);
  });

  it("darkens towards zeros and lightens towards poles", () => {
    expect(Math.max(...colourAt(1e-9, 2e-9, BANDS))).toBeLessThan(25);
    expect(Math.min(...colourAt(-3e12, 1e12, PLAIN))).toBeGreaterThan(230);
    // With bands, even the dark start of a band near a pole is light.
    for (let k = 20; k < 40; k += 1) expect(hsl(colourAt(2 ** k, 0, BANDS)).lightness).toBeGreaterThan(0.6);
  });

  it("without bands, lightness grows with the modulus, through 1/2 at |w| = 1", () => {
    let previous = -1;
    for (let exponent = -8; exponent <= 8; exponent += 0.05) {
      const { lightness } = hsl(colourAt(...polar(10 ** exponent, 200), PLAIN));
      expect(lightness).toBeGreaterThanOrEqual(previous);
      previous = lightness;
    }
    expect(hsl(colourAt(...polar(1, 200), PLAIN)).lightness).toBeCloseTo(0.5, 2);
  });

  it("ramps the brightness up within each band 2^k ≤ |w| < 2^(k+1) and drops it at the band's edge", () => {
    for (let k = -6; k <= 6; k += 1) {
      let previous = -1;
      for (let j = 0; j < 64; j += 1) {
        // On the real axis, so the modulus is exactly 2^(k + j/64) (a rotated point could round below 2^k).
        const { lightness } = hsl(colourAt(2 ** (k + j / 64), 0, BANDS));
        expect(lightness).toBeGreaterThanOrEqual(previous);
        previous = lightness;
      }
      const end = hsl(colourAt(2 ** (k + 1) * (1 - 1e-9), 0, BANDS)).lightness;
      const nextStart = hsl(colourAt(2 ** (k + 1), 0, BANDS)).lightness;
      // The next band starts BAND_DEPTH (30 %) darker than this one ends.
      expect((end - nextStart) / end).toBeGreaterThan(0.25);
    }
  });

  it("with phase lines, the brightness drops where the argument crosses a multiple of π/6", () => {
    for (let sector = 0; sector < 12; sector += 1) {
      const edge = sector * 30;
      const before = hsl(colourAt(...polar(1.5, edge - 0.01), PHASE)).lightness;
      const after = hsl(colourAt(...polar(1.5, edge + 0.01), PHASE)).lightness;
      expect(before - after).toBeGreaterThan(0.08);
    }
    // Inside a sector the shade does not jump.
    const a = hsl(colourAt(...polar(1.5, 44), PHASE)).lightness;
    const b = hsl(colourAt(...polar(1.5, 46), PHASE)).lightness;
    expect(Math.abs(a - b)).toBeLessThan(0.03);
  });

  it("has a GLSL twin reading the two switches as uniforms", () => {
    expect(DOMAIN_COLOUR_GLSL).toContain("vec3 domainColour(vec2 w)");
    expect(DOMAIN_COLOUR_GLSL).toMatch(/uniform float u_modulusBands;\s+uniform float u_phaseLines;/);
    // GLSL ES 1.00 refuses float literals without a decimal point, e.g. "/ 3)".
    expect(DOMAIN_COLOUR_GLSL).not.toMatch(/[^\w.]\d+\)/);
  });
});
