import { describe, expect, it } from "vitest";
import { clampToBand, clipToBox, PolylineBuilder } from "./polyline";

const pairs = (points: Float64Array) =>
  Array.from({ length: points.length / 2 }, (_, i) => [points[2 * i]!, points[2 * i + 1]!]);

describe("PolylineBuilder", () => {
  it("breaks at undefined points, drops lone points and repeats", () => {
    const b = new PolylineBuilder(10);
    b.point(0, 0);
    b.point(1, 1);
    b.point(1, 1);
    b.point(2, Number.NaN);
    b.point(3, 3);
    b.point(4, Infinity);
    b.point(5, 5);
    b.point(6, 6);
    b.end();
    expect(b.polylines.map(pairs)).toEqual([
      [
        [0, 0],
        [1, 1],
      ],
      [
        [5, 5],
        [6, 6],
      ],
    ]);
  });

  it("stops at its cap", () => {
    const b = new PolylineBuilder(2);
    for (let i = 0; i < 5; i++) {
      b.point(i, 0);
      b.point(i + 0.5, 0);
      b.end();
    }
    expect(b.polylines).toHaveLength(2);
    expect(b.full).toBe(true);
  });
});

describe("clipToBox", () => {
  it("cuts segments where they cross the band and splits the polyline outside it", () => {
    // y = 2x from x = 0 to 3 rises through the band [−1, 4] at x = 2; it comes back down at x = 5.
    const line = Float64Array.from([0, 0, 1, 2, 3, 6, 4, 8, 6, 0]);
    const pieces = clipToBox(line, { xLo: -Infinity, xHi: Infinity, yLo: -1, yHi: 4 });
    expect(pieces.map(pairs)).toEqual([
      [
        [0, 0],
        [1, 2],
        [2, 4],
      ],
      [
        [5, 4],
        [6, 0],
      ],
    ]);
  });

  it("cuts at the sides too: a diagonal through the box keeps its middle", () => {
    // y = x from (−2, −2) to (2, 2) through the box [−1, 1] × [−0.5, 0.5] is inside for x in [−0.5, 0.5].
    expect(clipToBox(Float64Array.from([-2, -2, 2, 2]), { xLo: -1, xHi: 1, yLo: -0.5, yHi: 0.5 }).map(pairs)).toEqual([
      [
        [-0.5, -0.5],
        [0.5, 0.5],
      ],
    ]);
    expect(clipToBox(Float64Array.from([-2, 0, 2, 0]), { xLo: -1, xHi: 1, yLo: -1, yHi: 1 }).map(pairs)).toEqual([
      [
        [-1, 0],
        [1, 0],
      ],
    ]);
  });

  it("keeps a segment that crosses the whole band, and nothing of one outside it", () => {
    expect(clipToBox(Float64Array.from([0, 10, 1, -10]), { xLo: 0, xHi: 1, yLo: -1, yHi: 1 }).map(pairs)).toEqual([
      [
        [0.45, 1],
        [0.55, -1],
      ],
    ]);
    expect(clipToBox(Float64Array.from([0, 10, 1, 20]), { xLo: 0, xHi: 1, yLo: -1, yHi: 1 })).toEqual([]);
  });
});

describe("clampToBand", () => {
  it("runs along the band's edge outside it, with the crossings added", () => {
    const line = Float64Array.from([0, 0, 2, 4, 4, 0]);
    expect(pairs(clampToBand(line, -1, 2))).toEqual([
      [0, 0],
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 0],
    ]);
  });
});
