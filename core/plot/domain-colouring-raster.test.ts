import { describe, expect, it } from "vitest";
import { colourAt, type ColouringOptions } from "./domain-colouring";
import { paintRows } from "./domain-colouring-raster";

const OPTIONS: ColouringOptions = { modulusBands: true, phaseLines: false };
const identity = (re: number, im: number, out: { re: number; im: number }) => {
  out.re = re;
  out.im = im;
};

function pixel(data: Uint8ClampedArray, width: number, x: number, y: number) {
  const offset = (y * width + x) * 4;
  return [data[offset], data[offset + 1], data[offset + 2], data[offset + 3]];
}

describe("painting the picture on the CPU", () => {
  // 8 × 4 pixels of [−4, 4] × [−2, 2]: pixel (x, y) has its centre at (x − 3.5) + (1.5 − y)i.
  const view = { centreRe: 0, centreIm: 0, halfWidth: 4 };

  it("paints each pixel with the colour of f at the pixel's centre", () => {
    const target = { data: new Uint8ClampedArray(8 * 4 * 4), width: 8, height: 4 };
    paintRows(identity, view, OPTIONS, target, 0, 4, 1);
    for (let y = 0; y < 4; y += 1) {
      for (let x = 0; x < 8; x += 1)
        expect(pixel(target.data, 8, x, y)).toEqual([...colourAt(x - 3.5, 1.5 - y, OPTIONS), 255]);
    }
  });

  it("paints only the rows asked for", () => {
    const target = { data: new Uint8ClampedArray(8 * 4 * 4), width: 8, height: 4 };
    paintRows(identity, view, OPTIONS, target, 1, 3, 1);
    expect(pixel(target.data, 8, 5, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(target.data, 8, 5, 3)).toEqual([0, 0, 0, 0]);
    expect(pixel(target.data, 8, 5, 2)).toEqual([...colourAt(1.5, -0.5, OPTIONS), 255]);
  });

  it("in blocks, fills each square with the colour at its centre", () => {
    const target = { data: new Uint8ClampedArray(8 * 4 * 4), width: 8, height: 4 };
    paintRows(identity, view, OPTIONS, target, 0, 4, 4);
    // The left square covers x 0–3, y 0–3: its centre is the point −2 + 0i.
    const left = [...colourAt(-2, 0, OPTIONS), 255];
    for (const [x, y] of [
      [0, 0],
      [3, 3],
      [1, 2],
    ] as const) {
      expect(pixel(target.data, 8, x, y)).toEqual(left);
    }
    expect(pixel(target.data, 8, 7, 0)).toEqual([...colourAt(2, 0, OPTIONS), 255]);
  });
});
