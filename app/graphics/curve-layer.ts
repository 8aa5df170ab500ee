/**
 * The curves as a bitmap painted by the plot worker. Rasterising thick,
 * anti-aliased curves is most of the cost of a frame; done in the worker, the
 * page's thread only lays the bitmap over the grid, moved and scaled to the
 * view shown, until the worker sends the next one.
 */
import type { EntryOutcome } from "#core/plot/plot-entries";
import type { PlotView, ViewRange } from "#core/plot/viewport";
import { drawBackdrop, drawCurves, drawPlot, drawTracePoint, type PlotPicture } from "./draw-plot";
import type { ColorScheme } from "./plot-palette";
import { drawnCurves, PLOT_COLORS } from "./plot-picture";

/** What the worker needs to paint the curves as the page would. */
export interface LayerStyle {
  entries: readonly { text: string; visible: boolean; color: string }[];
  showMarkers: boolean;
  scheme: ColorScheme;
  pixelRatio: number;
}

/** Paints the curves on a transparent bitmap of the view; null where a worker cannot paint (no OffscreenCanvas). */
export function paintCurveLayer(
  outcomes: readonly EntryOutcome[],
  view: PlotView,
  style: LayerStyle,
): ImageBitmap | null {
  if (typeof OffscreenCanvas === "undefined") return null;
  const ratio = style.pixelRatio;
  const canvas = new OffscreenCanvas(Math.round(view.width * ratio), Math.round(view.height * ratio));
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawCurves(ctx, {
    view,
    width: view.width,
    height: view.height,
    colors: PLOT_COLORS[style.scheme],
    curves: drawnCurves(style.entries, outcomes, style.showMarkers),
  });
  return canvas.transferToImageBitmap();
}

/** Where a layer painted for the view `painted` lies on a canvas of width × height CSS pixels showing `shown`. */
export function layerPlacement(painted: ViewRange, shown: ViewRange, width: number, height: number) {
  const sx = width / (shown.xMax - shown.xMin);
  const sy = height / (shown.yMax - shown.yMin);
  return {
    x: (painted.xMin - shown.xMin) * sx,
    y: (shown.yMax - painted.yMax) * sy,
    width: (painted.xMax - painted.xMin) * sx,
    height: (painted.yMax - painted.yMin) * sy,
  };
}

/** The curves as the worker last painted them, and for what. */
export interface PaintedLayer {
  bitmap: ImageBitmap;
  view: PlotView;
  styleKey: string;
}

/**
 * Draws the picture on the canvas, resizing its backing store only when the size or pixel ratio changed.
 * The worker's painted curves stand in for drawing them here when they are in the current style.
 */
export function paintPlot(
  element: HTMLCanvasElement,
  picture: PlotPicture,
  pixelRatio: number,
  layer: PaintedLayer | null,
  styleKey: string,
) {
  const width = Math.round(picture.width * pixelRatio);
  const height = Math.round(picture.height * pixelRatio);
  if (element.width !== width) element.width = width;
  if (element.height !== height) element.height = height;
  const ctx = element.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  if (!layer || layer.styleKey !== styleKey) {
    drawPlot(ctx, picture);
    return;
  }
  drawBackdrop(ctx, picture);
  const at = layerPlacement(layer.view, picture.view, picture.width, picture.height);
  const panned = Math.abs(at.width - layer.view.width) < 1e-6 && Math.abs(at.height - layer.view.height) < 1e-6;
  if (panned) {
    // Moved, not scaled: copied pixel for pixel at a whole device pixel, which is several times cheaper than resampled.
    ctx.imageSmoothingEnabled = false;
    const snap = (value: number) => Math.round(value * pixelRatio) / pixelRatio;
    ctx.drawImage(
      layer.bitmap,
      snap(at.x),
      snap(at.y),
      layer.bitmap.width / pixelRatio,
      layer.bitmap.height / pixelRatio,
    );
    ctx.imageSmoothingEnabled = true;
  } else {
    ctx.drawImage(layer.bitmap, at.x, at.y, at.width, at.height);
  }
  drawTracePoint(ctx, picture);
}
