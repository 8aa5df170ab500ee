/**
 * Sizes a canvas's backing store to `width` × `height` CSS pixels at the screen's density, clears it,
 * and returns its context scaled so drawing is in CSS pixels; null when it has no 2D context. The size
 * is assigned only when it changes, since assigning it clears the canvas and resets its state.
 */
export function sharpCanvas(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  const context = canvas.getContext("2d");
  if (!context) return null;
  const density = window.devicePixelRatio || 1;
  const backingWidth = Math.round(width * density);
  const backingHeight = Math.round(height * density);
  if (canvas.width !== backingWidth) canvas.width = backingWidth;
  if (canvas.height !== backingHeight) canvas.height = backingHeight;
  context.setTransform(density, 0, 0, density, 0, 0);
  context.clearRect(0, 0, width, height);
  return context;
}
