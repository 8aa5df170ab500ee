import { describe, expect, it } from "vitest";
import { brentBracket, brentRoot, goldenMinimum } from "./solve-1d";

/** Brent's method stops within a few ulps of the root. */
const ULPS = 4;
/** Golden-section search is limited by the flatness at a minimum: about √ε relative. */
const GOLDEN_TOLERANCE = 1e-7;

const ulp = (x: number) => Math.max(Math.abs(x), Number.MIN_VALUE) * Number.EPSILON;

describe("brentRoot", () => {
  it("converges to known roots within a few ulps", () => {
    const cube = (x: number) => x * x * x - 2;
    expect(Math.abs(brentRoot(cube, 0, -2, 2, 6) - Math.cbrt(2))).toBeLessThanOrEqual(ULPS * ulp(Math.cbrt(2)));
    // The Dottie number, the fixed point of cos: 0.739085133215160641655… (OEIS A003957).
    const dottie = 0.7390851332151607;
    const g = (x: number) => Math.cos(x) - x;
    expect(Math.abs(brentRoot(g, 0, g(0), 1, g(1)) - dottie)).toBeLessThanOrEqual(ULPS * ulp(dottie));
    expect(Math.abs(brentRoot(Math.sin, 3, Math.sin(3), 4, Math.sin(4)) - Math.PI)).toBeLessThanOrEqual(
      ULPS * ulp(Math.PI),
    );
  });

  it("finds a root at 0 and returns an endpoint that is a root", () => {
    expect(Math.abs(brentRoot((x) => x, -1, -1, 3, 3))).toBeLessThan(1e-290);
    expect(brentRoot((x) => x - 2, 2, 0, 5, 3)).toBe(2);
  });

  it("ends, at the jump, on a discontinuous function", () => {
    const step = (x: number) => (x < 0.3 ? -1 : 1);
    expect(brentRoot(step, 0, -1, 1, 1)).toBeCloseTo(0.3, 14);
  });
});

describe("goldenMinimum", () => {
  it("finds known minima", () => {
    expect(goldenMinimum((x) => (x - 2) ** 2, 0, 5)).toBeCloseTo(2, 7);
    expect(Math.abs(goldenMinimum(Math.cos, 2, 4) - Math.PI)).toBeLessThan(GOLDEN_TOLERANCE * Math.PI);
    expect(goldenMinimum(Math.abs, -1, 3)).toBeCloseTo(0, 7);
  });
});

describe("brentBracket", () => {
  it("leaves a bracket a few ulps wide that holds the sign change", () => {
    const { x, lo, hi } = brentBracket(Math.sin, 3, Math.sin(3), 4, Math.sin(4));
    expect(lo).toBeLessThanOrEqual(x);
    expect(hi).toBeGreaterThanOrEqual(x);
    expect(Math.sin(lo) * Math.sin(hi)).toBeLessThanOrEqual(0);
    expect(hi - lo).toBeLessThanOrEqual(ULPS * ulp(Math.PI));
  });

  it("holds the jump of a step it cannot interpolate, even out of iterations", () => {
    const { lo, hi } = brentBracket(Math.sign, -0.3, -1, 0.7, 1);
    expect(lo).toBeLessThanOrEqual(0);
    expect(hi).toBeGreaterThanOrEqual(0);
  });
});
