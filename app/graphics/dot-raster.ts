/** The colour a 2D context resolves `colour` to, as RGBA bytes (the context normalises every CSS form). */
export function rgbaOf(context: CanvasRenderingContext2D, colour: string): [number, number, number, number] {
  context.fillStyle = colour;
  const resolved = String(context.fillStyle);
  if (resolved.startsWith("#")) {
    const value = Number.parseInt(resolved.slice(1, 7), 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 255];
  }
  const [r = 0, g = 0, b = 0, a = 1] = (resolved.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, Math.round(a * 255)];
}

/**
 * Square dots written straight into a canvas's pixels. Tens of thousands of `fillRect` calls keep the
 * page's thread busy for tens of milliseconds; writing the pixels takes a few. `paint` replaces the
 * whole canvas, so it comes first and grids and labels are drawn over it.
 */
export function dotRaster(context: CanvasRenderingContext2D, colour: string) {
  const { width, height } = context.canvas;
  const image = context.createImageData(width, height);
  // One 32-bit write per pixel: the colour's bytes read through a word in the platform's own order.
  const pixels = new Uint32Array(image.data.buffer);
  const [packed] = new Uint32Array(Uint8ClampedArray.from(rgbaOf(context, colour)).buffer);
  const density = context.getTransform().a;
  return {
    /** A dot of `size` CSS pixels centred on (x, y) in CSS pixels; parts off the canvas are dropped. */
    dot(x: number, y: number, size: number) {
      const side = Math.max(1, Math.round(size * density));
      const left = Math.round((x - size / 2) * density);
      const top = Math.round((y - size / 2) * density);
      const from = Math.max(0, left);
      const to = Math.min(width, left + side);
      const bottom = Math.min(height, top + side);
      // Dots are a few pixels wide: plain loops beat fill's call for so few.
      for (let row = Math.max(0, top); row < bottom; row += 1) {
        for (let at = row * width + from, end = row * width + to; at < end; at += 1) pixels[at] = packed!;
      }
    },
    paint() {
      context.putImageData(image, 0, 0);
    },
  };
}
