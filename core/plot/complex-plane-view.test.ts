import { describe, expect, it } from "vitest";
import {
  clampView,
  MAX_HALF_WIDTH,
  MIN_RELATIVE_HALF_WIDTH,
  pannedView,
  pixelOf,
  planeRange,
  pointAt,
  zoomedView,
  type ComplexView,
} from "./complex-plane-view";

const VIEW: ComplexView = { centreRe: 0, centreIm: 0, halfWidth: 4 };
/** Round trips through pixels lose only float rounding. */
const DIGITS = 12;

describe("the complex-plane view", () => {
  it("maps the corners and centre of an 800 × 400 picture of [−4, 4] × [−2, 2]", () => {
    expect(pointAt(VIEW, 800, 400, 0, 0)).toEqual({ re: -4, im: 2 });
    expect(pointAt(VIEW, 800, 400, 800, 400)).toEqual({ re: 4, im: -2 });
    expect(pointAt(VIEW, 800, 400, 400, 200)).toEqual({ re: 0, im: 0 });
    // 1 is a quarter of the half-width right of the centre: 400 + 100 pixels.
    expect(pixelOf(VIEW, 800, 400, 1, 0)).toEqual({ x: 500, y: 200 });
    expect(planeRange(VIEW, 800, 400)).toEqual({ reMin: -4, reMax: 4, imMin: -2, imMax: 2 });
  });

  it("keeps square pixels: a unit up is as many pixels as a unit right", () => {
    const view = { centreRe: 1.5, centreIm: -2, halfWidth: 3 };
    const origin = pixelOf(view, 600, 333, 0, 0);
    const right = pixelOf(view, 600, 333, 1, 0);
    const up = pixelOf(view, 600, 333, 0, 1);
    expect(right.x - origin.x).toBeCloseTo(origin.y - up.y, DIGITS);
  });

  it("pixelOf undoes pointAt", () => {
    const view = { centreRe: -0.3, centreIm: 7, halfWidth: 0.02 };
    for (const [px, py] of [
      [0, 0],
      [13.5, 200],
      [640, 480],
    ] as const) {
      const z = pointAt(view, 640, 480, px, py);
      const back = pixelOf(view, 640, 480, z.re, z.im);
      expect(back.x).toBeCloseTo(px, 6);
      expect(back.y).toBeCloseTo(py, 6);
    }
  });

  it("zooms about a pixel, which keeps showing the same point", () => {
    const before = pointAt(VIEW, 800, 400, 120, 330);
    const zoomed = zoomedView(VIEW, 800, 400, 120, 330, 2.5);
    expect(zoomed.halfWidth).toBeCloseTo(4 / 2.5, DIGITS);
    const after = pointAt(zoomed, 800, 400, 120, 330);
    expect(after.re).toBeCloseTo(before.re, DIGITS);
    expect(after.im).toBeCloseTo(before.im, DIGITS);
  });

  it("pans so the point under the pointer follows the drag", () => {
    const grabbed = pointAt(VIEW, 800, 400, 300, 100);
    const panned = pannedView(VIEW, 800, 40, -25);
    const now = pointAt(panned, 800, 400, 340, 75);
    expect(now.re).toBeCloseTo(grabbed.re, DIGITS);
    expect(now.im).toBeCloseTo(grabbed.im, DIGITS);
  });

  it("stops zooming in where 32-bit floats would show noise, and zooming out at its widest", () => {
    expect(clampView({ centreRe: 1000, centreIm: 0, halfWidth: 1e-9 }).halfWidth).toBeCloseTo(
      1000 * MIN_RELATIVE_HALF_WIDTH,
      DIGITS,
    );
    expect(clampView({ centreRe: 0, centreIm: 0, halfWidth: 1e-9 }).halfWidth).toBe(MIN_RELATIVE_HALF_WIDTH);
    expect(clampView({ centreRe: 0, centreIm: 5e9, halfWidth: 1e9 })).toEqual({
      centreRe: 0,
      centreIm: MAX_HALF_WIDTH,
      halfWidth: MAX_HALF_WIDTH,
    });
  });
});
