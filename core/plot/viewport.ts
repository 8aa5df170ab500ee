/**
 * The view of a plot: which part of the plane it shows and on how many pixels, the maps between
 * maths and pixel coordinates, and the pan, zoom and clamp that keep a view usable.
 *
 * Pixel coordinates run right and down from the canvas's top-left corner, as a canvas draws them.
 * "CSS" pixels are the page's; "device" pixels are the screen's (CSS × pixelRatio). The samplers
 * measure their tolerances in device pixels, since that is what a reader sees.
 */
import type { ViewMoves } from "./pan-zoom";

/** The part of the plane a plot shows (the shape the plot's page state keeps). */
export interface ViewRange {
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

/** A view range drawn on a canvas of `width` × `height` CSS pixels at `pixelRatio` device pixels per CSS pixel. */
export interface PlotView extends ViewRange {
  width: number;
  height: number;
  pixelRatio: number;
}

/** Narrower spans lose precision in doubles (a pixel must hold many representable numbers). */
export const MIN_VIEW_SPAN = 1e-9;
/** A span must also be this large relative to its centre, so far from 0 a pixel still holds many doubles. */
export const MIN_RELATIVE_VIEW_SPAN = 1e-9;
/** Wider spans overflow tick arithmetic and make every sample an overflow. */
export const MAX_VIEW_SPAN = 1e12;
/** A view's centre stays within this distance of 0 on each axis. */
export const MAX_VIEW_CENTRE = 1e12;

export const DEFAULT_VIEW_RANGE: ViewRange = { xMin: -10, xMax: 10, yMin: -6, yMax: 6 };

/** `pixel = offset + scale × maths` on each axis; scaleY is negative because pixel y runs down. */
export interface PixelTransform {
  scaleX: number;
  offsetX: number;
  scaleY: number;
  offsetY: number;
}

export type PixelSpace = "css" | "device";

export function pixelTransform(view: PlotView, space: PixelSpace = "device"): PixelTransform {
  const ratio = space === "device" ? view.pixelRatio : 1;
  const scaleX = (view.width * ratio) / (view.xMax - view.xMin);
  const scaleY = -(view.height * ratio) / (view.yMax - view.yMin);
  return { scaleX, offsetX: -view.xMin * scaleX, scaleY, offsetY: -view.yMax * scaleY };
}

/** The inverse of a pixel transform: pixel → maths. */
export function mathFromPixel(transform: PixelTransform, px: number, py: number): { x: number; y: number } {
  return { x: (px - transform.offsetX) / transform.scaleX, y: (py - transform.offsetY) / transform.scaleY };
}

/**
 * Interleaved maths points (x0, y0, x1, y1, …) to interleaved pixel points, ready for a canvas path.
 * Float32 is plenty for pixels: the clipped polylines stay within a few pixels of the canvas.
 */
export function pointsToPixels(points: Float64Array, transform: PixelTransform, out?: Float32Array): Float32Array {
  const result = out && out.length >= points.length ? out : new Float32Array(points.length);
  const { scaleX, offsetX, scaleY, offsetY } = transform;
  for (let i = 0; i < points.length; i += 2) {
    result[i] = offsetX + scaleX * points[i]!;
    result[i + 1] = offsetY + scaleY * points[i + 1]!;
  }
  return result;
}

export function deviceWidth(view: PlotView): number {
  return view.width * view.pixelRatio;
}

export function deviceHeight(view: PlotView): number {
  return view.height * view.pixelRatio;
}

/** Moves the range so the point that was under (dx, dy) CSS pixels ago is under the pointer now. */
export function panView(range: ViewRange, dxPx: number, dyPx: number, widthPx: number, heightPx: number): ViewRange {
  const dx = (dxPx / widthPx) * (range.xMax - range.xMin);
  const dy = (dyPx / heightPx) * (range.yMax - range.yMin);
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return clampViewRange(range);
  return clampViewRange({ xMin: range.xMin - dx, xMax: range.xMax - dx, yMin: range.yMin + dy, yMax: range.yMax + dy });
}

/**
 * Scales the range about the point at (atX, atY) CSS pixels, which stays under the pointer;
 * factors above 1 zoom out. The factors are limited so the spans stay within the clamp's bounds.
 */
export function zoomView(
  range: ViewRange,
  factorX: number,
  factorY: number,
  atX: number,
  atY: number,
  widthPx: number,
  heightPx: number,
): ViewRange {
  const anchorX = range.xMin + (atX / widthPx) * (range.xMax - range.xMin);
  const anchorY = range.yMax - (atY / heightPx) * (range.yMax - range.yMin);
  const [xMin, xMax] = zoomAxis(range.xMin, range.xMax, factorX, anchorX);
  const [yMin, yMax] = zoomAxis(range.yMin, range.yMax, factorY, anchorY);
  return clampViewRange({ xMin, xMax, yMin, yMax });
}

/** A plot's pans and zooms, for the gesture layer (pan-zoom.ts): its axes zoom apart. */
export const VIEW_RANGE_MOVES: ViewMoves<ViewRange> = {
  pan: (range, dx, dy, { width, height }) => panView(range, dx, dy, width, height),
  zoom: (range, zoomX, zoomY, at, { width, height }) =>
    zoomView(range, 1 / zoomX, 1 / zoomY, at.x, at.y, width, height),
  separateAxes: true,
};

function zoomAxis(lo: number, hi: number, factor: number, anchor: number): [number, number] {
  const span = hi - lo;
  if (!(factor > 0) || !Number.isFinite(factor) || !Number.isFinite(anchor)) return [lo, hi];
  const limited = Math.min(Math.max(factor, minSpan(anchor) / span), MAX_VIEW_SPAN / span);
  return [anchor - (anchor - lo) * limited, anchor + (hi - anchor) * limited];
}

function minSpan(centre: number): number {
  return Math.max(MIN_VIEW_SPAN, Math.abs(centre) * MIN_RELATIVE_VIEW_SPAN);
}

/**
 * A usable range from any input: each axis finite, ordered, its centre within MAX_VIEW_CENTRE and its
 * span between its minimum and MAX_VIEW_SPAN. An axis that is already usable is returned unchanged;
 * an axis with a non-finite bound takes the fallback's.
 */
export function clampViewRange(range: ViewRange, fallback: ViewRange = DEFAULT_VIEW_RANGE): ViewRange {
  const [xMin, xMax] = clampAxis(range.xMin, range.xMax, fallback.xMin, fallback.xMax);
  const [yMin, yMax] = clampAxis(range.yMin, range.yMax, fallback.yMin, fallback.yMax);
  return { xMin, xMax, yMin, yMax };
}

function clampAxis(lo: number, hi: number, fallbackLo: number, fallbackHi: number): [number, number] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [fallbackLo, fallbackHi];
  const [a, b] = lo <= hi ? [lo, hi] : [hi, lo];
  const centre = Math.min(Math.max(a / 2 + b / 2, -MAX_VIEW_CENTRE), MAX_VIEW_CENTRE);
  const span = b - a;
  const usableSpan = Math.min(Math.max(span, minSpan(centre)), MAX_VIEW_SPAN);
  if (usableSpan === span && centre === a / 2 + b / 2) return [a, b];
  return [centre - usableSpan / 2, centre + usableSpan / 2];
}

/**
 * The view grown by `margin` of its width and height beyond each edge, at the same scale:
 * a picture of it can be moved under a panning view without showing gaps.
 */
export function padView(view: PlotView, margin: number): PlotView {
  const dx = margin * (view.xMax - view.xMin);
  const dy = margin * (view.yMax - view.yMin);
  return {
    xMin: view.xMin - dx,
    xMax: view.xMax + dx,
    yMin: view.yMin - dy,
    yMax: view.yMax + dy,
    width: view.width * (1 + 2 * margin),
    height: view.height * (1 + 2 * margin),
    pixelRatio: view.pixelRatio,
  };
}

/** Relative difference under which two scales count as one (pans move views by sums that round). */
const SAME_SCALE = 1e-9;

/**
 * Whether a picture of `outer` still serves `inner`: the same scale on both axes, and `inner`
 * inside `outer` with at least `margin` of its own width and height to spare on every side.
 */
export function viewCovers(outer: PlotView, inner: PlotView, margin: number): boolean {
  const scale = (span: number, pixels: number) => pixels / span;
  const sameScale = (a: number, b: number) => Math.abs(a - b) <= SAME_SCALE * Math.abs(b);
  const spanX = inner.xMax - inner.xMin;
  const spanY = inner.yMax - inner.yMin;
  return (
    outer.pixelRatio === inner.pixelRatio &&
    sameScale(scale(outer.xMax - outer.xMin, outer.width), scale(spanX, inner.width)) &&
    sameScale(scale(outer.yMax - outer.yMin, outer.height), scale(spanY, inner.height)) &&
    inner.xMin - margin * spanX >= outer.xMin &&
    inner.xMax + margin * spanX <= outer.xMax &&
    inner.yMin - margin * spanY >= outer.yMin &&
    inner.yMax + margin * spanY <= outer.yMax
  );
}
