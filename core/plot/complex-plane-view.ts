/**
 * Which part of the complex plane a picture shows, and the maps between its pixels and the plane.
 *
 * A view is a centre and the half-width of the real axis shown; the imaginary axis gets the same
 * scale (square pixels: a conformal map must keep its right angles on screen), so a resize keeps
 * the real range and shows more or less of the imaginary one. Pixels count from the top-left
 * corner, y down; the imaginary axis points up. Any pixel unit works (CSS or device) as long as
 * the width and the point use the same one.
 */
import type { ViewMoves } from "./pan-zoom";

export interface ComplexView {
  centreRe: number;
  centreIm: number;
  /** Half the width of the real range shown: re runs over centreRe ± halfWidth. */
  halfWidth: number;
}

export interface ComplexPoint {
  re: number;
  im: number;
}

export interface PlaneRange {
  reMin: number;
  reMax: number;
  imMin: number;
  imMax: number;
}

/**
 * The narrowest view, relative to the distance from 0 (at least 1): the GPU computes in 32-bit
 * floats, whose relative precision is about 6·10⁻⁸, so a pixel narrower than ~10⁻⁶ of |z| would
 * show rounding noise instead of the function.
 */
export const MIN_RELATIVE_HALF_WIDTH = 1e-4;
/** The widest view, and the farthest centre: far enough for any picture worth drawing. */
export const MAX_HALF_WIDTH = 1e6;

/** The point under the pixel (px, py) of a picture `width` × `height` pixels. */
export function pointAt(view: ComplexView, width: number, height: number, px: number, py: number): ComplexPoint {
  const scale = (2 * view.halfWidth) / width;
  return { re: view.centreRe + (px - width / 2) * scale, im: view.centreIm - (py - height / 2) * scale };
}

/** The pixel where the point (re, im) is drawn. */
export function pixelOf(
  view: ComplexView,
  width: number,
  height: number,
  re: number,
  im: number,
): { x: number; y: number } {
  const scale = width / (2 * view.halfWidth);
  return { x: width / 2 + (re - view.centreRe) * scale, y: height / 2 - (im - view.centreIm) * scale };
}

/** The rectangle of the plane the picture shows. */
export function planeRange(view: ComplexView, width: number, height: number): PlaneRange {
  const halfHeight = (view.halfWidth * height) / width;
  return {
    reMin: view.centreRe - view.halfWidth,
    reMax: view.centreRe + view.halfWidth,
    imMin: view.centreIm - halfHeight,
    imMax: view.centreIm + halfHeight,
  };
}

/** The view kept within its limits: the centre within ±MAX_HALF_WIDTH, the width between its bounds. */
export function clampView(view: ComplexView): ComplexView {
  const centreRe = Math.min(Math.max(view.centreRe, -MAX_HALF_WIDTH), MAX_HALF_WIDTH);
  const centreIm = Math.min(Math.max(view.centreIm, -MAX_HALF_WIDTH), MAX_HALF_WIDTH);
  const narrowest = MIN_RELATIVE_HALF_WIDTH * Math.max(1, Math.hypot(centreRe, centreIm));
  return { centreRe, centreIm, halfWidth: Math.min(Math.max(view.halfWidth, narrowest), MAX_HALF_WIDTH) };
}

/** The view moved so the picture follows a drag of (dx, dy) pixels. */
export function pannedView(view: ComplexView, width: number, dx: number, dy: number): ComplexView {
  const scale = (2 * view.halfWidth) / width;
  return clampView({ ...view, centreRe: view.centreRe - dx * scale, centreIm: view.centreIm + dy * scale });
}

/**
 * The view magnified by `factor` (> 1 zooms in) about the pixel (px, py), which keeps showing the
 * same point (unless a limit is reached).
 */
export function zoomedView(
  view: ComplexView,
  width: number,
  height: number,
  px: number,
  py: number,
  factor: number,
): ComplexView {
  const anchor = pointAt(view, width, height, px, py);
  const halfWidth = view.halfWidth / factor;
  const scale = (2 * halfWidth) / width;
  return clampView({
    centreRe: anchor.re - (px - width / 2) * scale,
    centreIm: anchor.im + (py - height / 2) * scale,
    halfWidth,
  });
}

/** The plane's pans and zooms, for the gesture layer (pan-zoom.ts): one factor for both axes, as pixels stay square. */
export const COMPLEX_VIEW_MOVES: ViewMoves<ComplexView> = {
  pan: (view, dx, dy, { width }) => pannedView(view, width, dx, dy),
  zoom: (view, zoom, _zoomY, at, { width, height }) => zoomedView(view, width, height, at.x, at.y, zoom),
  separateAxes: false,
};
