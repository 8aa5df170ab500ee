import { describe, expect, it } from "vitest";
import { dotRaster, rgbaOf } from "./dot-raster";

/** A 2D context as far as dotRaster uses it: a canvas of `width` × `height` pixels at `density`. */
function fakeContext(width: number, height: number, density: number, resolvedColour: string) {
  let painted: Uint8ClampedArray | null = null;
  const context = {
    canvas: { width, height },
    get fillStyle() {
      return resolvedColour;
    },
    set fillStyle(_value: string) {},
    getTransform: () => ({ a: density }),
    createImageData: (w: number, h: number) => ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) }),
    putImageData: (image: { data: Uint8ClampedArray }) => {
      painted = image.data;
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, painted: () => painted };
}

/** The pixels a painted raster set, as "x,y" device coordinates, by brute force over the image. */
function setPixels(data: Uint8ClampedArray, width: number): string[] {
  const found: string[] = [];
  for (let at = 0; at < data.length; at += 4) {
    if (data[at + 3] !== 0) found.push(`${(at / 4) % width},${Math.floor(at / 4 / width)}`);
  }
  return found;
}

describe("rgbaOf", () => {
  it("reads the context's hexadecimal and rgba() forms", () => {
    expect(rgbaOf(fakeContext(1, 1, 1, "#1976d2").context, "var(--x)")).toEqual([0x19, 0x76, 0xd2, 255]);
    expect(rgbaOf(fakeContext(1, 1, 1, "rgba(10, 20, 30, 0.5)").context, "x")).toEqual([10, 20, 30, 128]);
  });
});

describe("dotRaster", () => {
  it("fills a square of the dot's size centred on the point, in device pixels", () => {
    const { context, painted } = fakeContext(10, 10, 2, "#ff0000");
    const dots = dotRaster(context, "red");
    dots.dot(2, 2, 1); // 2 × 2 device pixels from (3, 3)
    dots.paint();
    const data = painted()!;
    expect(setPixels(data, 10)).toEqual(["3,3", "4,3", "3,4", "4,4"]);
    expect([...data.slice((3 * 10 + 3) * 4, (3 * 10 + 3) * 4 + 4)]).toEqual([255, 0, 0, 255]);
  });

  it("clips dots at the edges and draws nothing before paint", () => {
    const { context, painted } = fakeContext(4, 3, 1, "#000000");
    const dots = dotRaster(context, "black");
    dots.dot(0, 0, 2); // covers (−1..0, −1..0): only (0, 0) is on the canvas
    dots.dot(4, 3, 2); // only (3, 2)
    dots.dot(100, 100, 5); // entirely off
    expect(painted()).toBeNull();
    dots.paint();
    expect(setPixels(painted()!, 4)).toEqual(["0,0", "3,2"]);
  });

  it("gives every dot at least one pixel", () => {
    const { context, painted } = fakeContext(5, 5, 1, "#000000");
    const dots = dotRaster(context, "black");
    dots.dot(2.2, 2.2, 0.3);
    dots.paint();
    expect(setPixels(painted()!, 5)).toEqual(["2,2"]);
  });
});
