/**
 * The domain-colouring picture computed on the CPU, a band of rows at a time, into RGBA bytes: the
 * canvas fallback for browsers without WebGL. The caller splits the work across animation frames
 * (so the page stays responsive) and may paint in blocks first (one value per block × block
 * square) for a quick coarse picture while the view is being dragged.
 */
import { pointAt, type ComplexView } from "./complex-plane-view";
import { writeColour, type ColouringOptions } from "./domain-colouring";
import type { ComplexMap } from "./zeros-and-poles";

export interface RasterTarget {
  /** RGBA bytes, row by row from the top (an ImageData's data). */
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Paints rows [rowStart, rowEnd) (rowStart a multiple of `block`), each block × block square with
 * the colour of f at the square's centre, as a pixel centre (px + 0.5, py + 0.5) for block 1, the
 * point the GPU samples.
 */
export function paintRows(
  f: ComplexMap,
  view: ComplexView,
  options: ColouringOptions,
  target: RasterTarget,
  rowStart: number,
  rowEnd: number,
  block: number,
): void {
  const { data, width, height } = target;
  const value = { re: 0, im: 0 };
  const colour = [0, 0, 0, 0];
  for (let top = rowStart; top < Math.min(rowEnd, height); top += block) {
    const bottom = Math.min(top + block, height);
    for (let left = 0; left < width; left += block) {
      const right = Math.min(left + block, width);
      const z = pointAt(view, width, height, (left + right) / 2, (top + bottom) / 2);
      f(z.re, z.im, value);
      writeColour(value.re, value.im, options, colour, 0);
      for (let y = top; y < bottom; y += 1) {
        for (let x = left; x < right; x += 1) {
          const offset = (y * width + x) * 4;
          data[offset] = colour[0]!;
          data[offset + 1] = colour[1]!;
          data[offset + 2] = colour[2]!;
          data[offset + 3] = 255;
        }
      }
    }
  }
}
