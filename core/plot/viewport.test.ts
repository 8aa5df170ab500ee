import { describe, expect, it } from "vitest";
import {
  clampViewRange,
  DEFAULT_VIEW_RANGE,
  MAX_VIEW_CENTRE,
  MAX_VIEW_SPAN,
  MIN_RELATIVE_VIEW_SPAN,
  MIN_VIEW_SPAN,
  mathFromPixel,
  padView,
  panView,
  pixelTransform,
  pointsToPixels,
  viewCovers,
  zoomView,
  type PlotView,
} from "./viewport";

const VIEW: PlotView = { xMin: -10, xMax: 10, yMin: -6, yMax: 6, width: 960, height: 540, pixelRatio: 2 };

/** A seeded generator (mulberry32) for property checks. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("pixelTransform", () => {
  it("puts the view's top-left corner at pixel (0, 0) and its bottom-right at the canvas size", () => {
    for (const [space, ratio] of [
      ["device", 2],
      ["css", 1],
    ] as const) {
      const t = pixelTransform(VIEW, space);
      expect(t.offsetX + t.scaleX * VIEW.xMin).toBeCloseTo(0, 9);
      expect(t.offsetY + t.scaleY * VIEW.yMax).toBeCloseTo(0, 9);
      expect(t.offsetX + t.scaleX * VIEW.xMax).toBeCloseTo(960 * ratio, 9);
      expect(t.offsetY + t.scaleY * VIEW.yMin).toBeCloseTo(540 * ratio, 9);
    }
  });

  it("is inverted by mathFromPixel and applied by pointsToPixels", () => {
    const t = pixelTransform(VIEW);
    // (1, 3) is 11/20 of the way across and 3/12 of the way down: pixel (1056, 270) on a 1920 × 1080 canvas.
    const [px, py] = pointsToPixels(Float64Array.from([1, 3]), t);
    expect(px).toBeCloseTo(1056, 3);
    expect(py).toBeCloseTo(270, 3);
    const back = mathFromPixel(t, 1056, 270);
    expect(back.x).toBeCloseTo(1, 12);
    expect(back.y).toBeCloseTo(3, 12);
  });
});

describe("panView", () => {
  it("moves the range with the pointer: right and down drags show what is left and above", () => {
    // 96 of 960 CSS px is a tenth of the width (2 units); 54 of 540 is a tenth of the height (1.2 units).
    const moved = panView(VIEW, 96, 54, 960, 540);
    expect(moved.xMin).toBeCloseTo(-12, 12);
    expect(moved.xMax).toBeCloseTo(8, 12);
    expect(moved.yMin).toBeCloseTo(-4.8, 12);
    expect(moved.yMax).toBeCloseTo(7.2, 12);
  });

  it("stops at the largest centre", () => {
    const far = panView({ xMin: 0, xMax: 1, yMin: 0, yMax: 1 }, -1e15, 0, 100, 100);
    expect((far.xMin + far.xMax) / 2).toBe(MAX_VIEW_CENTRE);
  });
});

describe("zoomView", () => {
  it("keeps the point under the pointer in place, per axis", () => {
    const next = random(7);
    for (let trial = 0; trial < 50; trial++) {
      const [atX, atY] = [next() * 960, next() * 540];
      const [fx, fy] = [0.25 + next() * 3, 0.25 + next() * 3];
      const before = mathFromPixel(pixelTransform(VIEW, "css"), atX, atY);
      const zoomed = zoomView(VIEW, fx, fy, atX, atY, 960, 540);
      const after = mathFromPixel(pixelTransform({ ...VIEW, ...zoomed }, "css"), atX, atY);
      expect(after.x).toBeCloseTo(before.x, 9);
      expect(after.y).toBeCloseTo(before.y, 9);
      expect(zoomed.xMax - zoomed.xMin).toBeCloseTo(20 * fx, 9);
      expect(zoomed.yMax - zoomed.yMin).toBeCloseTo(12 * fy, 9);
    }
  });

  it("zooms one axis alone", () => {
    const zoomed = zoomView(VIEW, 1, 0.5, 480, 270, 960, 540);
    expect([zoomed.xMin, zoomed.xMax]).toEqual([-10, 10]);
    expect([zoomed.yMin, zoomed.yMax]).toEqual([-3, 3]);
  });

  it("stops at the smallest and largest spans", () => {
    const tiny = zoomView(VIEW, 1e-30, 1e-30, 480, 270, 960, 540);
    expect((tiny.xMax - tiny.xMin) / MIN_VIEW_SPAN).toBeCloseTo(1, 6);
    const far = zoomView({ xMin: 1e6, xMax: 1e6 + 1, yMin: 0, yMax: 1 }, 1e-30, 1, 50, 50, 100, 100);
    expect((far.xMax - far.xMin) / (1e6 * MIN_RELATIVE_VIEW_SPAN)).toBeCloseTo(1, 6);
    const huge = zoomView(VIEW, 1e30, 1e30, 480, 270, 960, 540);
    expect(huge.xMax - huge.xMin).toBeCloseTo(MAX_VIEW_SPAN, -3);
  });

  it("ignores a factor that is not a positive number", () => {
    for (const factor of [0, -2, Number.NaN, Infinity]) {
      expect(zoomView(VIEW, factor, factor, 10, 10, 960, 540)).toEqual({ xMin: -10, xMax: 10, yMin: -6, yMax: 6 });
    }
  });
});

describe("clampViewRange", () => {
  it("returns a usable range unchanged", () => {
    const range = { xMin: -0.1, xMax: 0.30000000000000004, yMin: 1e-3, yMax: 2e-3 };
    expect(clampViewRange(range)).toEqual(range);
  });

  it("repairs non-finite, reversed, degenerate and far-away axes", () => {
    expect(clampViewRange({ xMin: Number.NaN, xMax: 1, yMin: 0, yMax: Infinity })).toEqual(DEFAULT_VIEW_RANGE);
    expect(clampViewRange({ xMin: 3, xMax: -1, yMin: 0, yMax: 1 })).toEqual({ xMin: -1, xMax: 3, yMin: 0, yMax: 1 });
    const flat = clampViewRange({ xMin: 0.25, xMax: 0.25, yMin: 0, yMax: 1 });
    expect((flat.xMax - flat.xMin) / MIN_VIEW_SPAN).toBeCloseTo(1, 6);
    expect((flat.xMin + flat.xMax) / 2).toBeCloseTo(0.25, 12);
    // Far from 0 the smallest span is relative: at 1e3 it is 1e3 × MIN_RELATIVE_VIEW_SPAN.
    const flatFar = clampViewRange({ xMin: 1e3, xMax: 1e3, yMin: 0, yMax: 1 });
    expect((flatFar.xMax - flatFar.xMin) / (1e3 * MIN_RELATIVE_VIEW_SPAN)).toBeCloseTo(1, 6);
    const wide = clampViewRange({ xMin: -1e300, xMax: 1e300, yMin: 5e20, yMax: 5e20 + 1 });
    expect(wide.xMax - wide.xMin).toBe(MAX_VIEW_SPAN);
    expect((wide.yMin + wide.yMax) / 2).toBe(MAX_VIEW_CENTRE);
  });
});

describe("padView and viewCovers", () => {
  const padded = padView(VIEW, 0.5);
  const at = (range: { xMin: number; xMax: number; yMin: number; yMax: number }): PlotView => ({ ...VIEW, ...range });

  it("grows the view by half its size beyond each edge at the same scale", () => {
    expect(padded).toEqual({ xMin: -20, xMax: 20, yMin: -12, yMax: 12, width: 1920, height: 1080, pixelRatio: 2 });
    expect(pixelTransform(padded).scaleX).toBeCloseTo(pixelTransform(VIEW).scaleX, 12);
    expect(pixelTransform(padded).scaleY).toBeCloseTo(pixelTransform(VIEW).scaleY, 12);
  });

  it("serves every pan that keeps a quarter of the view to spare, and no further one", () => {
    // With margin 0.25 the view (20 × 12 units) may move 5 units left or right and 3 up or down.
    expect(viewCovers(padded, VIEW, 0.25)).toBe(true);
    // 240 CSS px are 5 units across and 135 px are 3 units up.
    const pannedBy = (drag: number) => ({ ...VIEW, ...panView(VIEW, drag, -drag * 0.5625, 960, 540) });
    for (const drag of [0, 96, 239, -239]) expect(viewCovers(padded, pannedBy(drag), 0.25)).toBe(true);
    for (const drag of [241, -241]) expect(viewCovers(padded, pannedBy(drag), 0.25)).toBe(false);
    expect(viewCovers(padded, at({ xMin: -15.01, xMax: 4.99, yMin: -6, yMax: 6 }), 0.25)).toBe(false);
    expect(viewCovers(padded, at({ xMin: -10, xMax: 10, yMin: -2.99, yMax: 9.01 }), 0.25)).toBe(false);
  });

  it("does not serve a zoomed view or another pixel ratio: the picture would have to be scaled", () => {
    expect(viewCovers(padded, at({ xMin: -5, xMax: 5, yMin: -3, yMax: 3 }), 0.25)).toBe(false);
    expect(viewCovers(padded, at({ xMin: -10, xMax: 10, yMin: -3, yMax: 3 }), 0.25)).toBe(false);
    expect(viewCovers(padded, { ...VIEW, pixelRatio: 1 }, 0.25)).toBe(false);
  });
});
