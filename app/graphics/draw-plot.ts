import type { EntryGeometry } from "#core/plot/plot-geometry";
import type { ViewRange } from "#core/plot/viewport";
import type { PlotContext } from "./svg-context";

export interface AxisTick {
  value: number;
  /** Text under a major tick; minor ticks have none. */
  label: string | null;
  major: boolean;
}

export interface PlotColors {
  background: string;
  minorGrid: string;
  majorGrid: string;
  axis: string;
  text: string;
}

export interface DrawnCurve {
  geometry: EntryGeometry;
  color: string;
}

export interface TracePoint {
  x: number;
  y: number;
  color: string;
}

export interface PlotPicture {
  view: ViewRange;
  /** CSS pixels. */
  width: number;
  height: number;
  ticks: { x: readonly AxisTick[]; y: readonly AxisTick[] };
  colors: PlotColors;
  curves: readonly DrawnCurve[];
  trace: TracePoint | null;
}

export const CURVE_WIDTH_PX = 2.5;
export const DOT_RADIUS_PX = 4;
export const MARKER_RADIUS_PX = 3.5;
export const REGION_ALPHA = 0.18;
export const LABEL_FONT = "12px system-ui, sans-serif";
const DASH = [6, 5];
/** Tick labels closer than this to the picture's edge are left out. */
export const EDGE_MARGIN_PX = 14;

/** Maps maths coordinates to CSS pixels of the picture. */
export function toPixels(view: ViewRange, width: number, height: number) {
  const sx = width / (view.xMax - view.xMin);
  const sy = height / (view.yMax - view.yMin);
  return {
    x: (x: number) => (x - view.xMin) * sx,
    y: (y: number) => (view.yMax - y) * sy,
  };
}

/**
 * Paints a whole plot: grid, axes and labels, then each curve's regions, lines,
 * dots and markers, then the trace point. The context is already scaled for
 * the device pixel ratio, so everything here is in CSS pixels.
 */
export function drawPlot(ctx: PlotContext, picture: PlotPicture): void {
  drawBackdrop(ctx, picture);
  drawCurves(ctx, picture);
  drawTracePoint(ctx, picture);
}

/** The background, grid, axes and their labels: everything under the curves. */
export function drawBackdrop(ctx: PlotContext, picture: PlotPicture): void {
  const px = toPixels(picture.view, picture.width, picture.height);
  ctx.save();
  ctx.fillStyle = picture.colors.background;
  ctx.fillRect(0, 0, picture.width, picture.height);
  drawGrid(ctx, picture, px);
  drawAxes(ctx, picture, px);
  ctx.restore();
}

/** The curves alone, on whatever is under them (the plot worker paints them on a transparent layer). */
export function drawCurves(
  ctx: PlotContext,
  picture: Pick<PlotPicture, "view" | "width" | "height" | "colors" | "curves">,
) {
  const px = toPixels(picture.view, picture.width, picture.height);
  ctx.save();
  for (const curve of picture.curves) drawCurve(ctx, curve, px, picture.height, picture.colors.background);
  ctx.restore();
}

/** The traced point, over everything else. */
export function drawTracePoint(ctx: PlotContext, { view, width, height, colors, trace }: PlotPicture): void {
  if (!trace) return;
  const px = toPixels(view, width, height);
  ctx.save();
  ctx.fillStyle = trace.color;
  ctx.strokeStyle = colors.background;
  ctx.lineWidth = 2;
  circle(ctx, px.x(trace.x), px.y(trace.y), DOT_RADIUS_PX + 1.5);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
}

type Pixels = ReturnType<typeof toPixels>;

function drawGrid(ctx: PlotContext, { ticks, width, height, colors }: PlotPicture, px: Pixels) {
  ctx.lineWidth = 1;
  for (const major of [false, true]) {
    ctx.strokeStyle = major ? colors.majorGrid : colors.minorGrid;
    ctx.beginPath();
    for (const tick of ticks.x) {
      if (tick.major !== major) continue;
      const x = Math.round(px.x(tick.value)) + 0.5;
      ctx.moveTo(x, 0);
      ctx.lineTo(x, height);
    }
    for (const tick of ticks.y) {
      if (tick.major !== major) continue;
      const y = Math.round(px.y(tick.value)) + 0.5;
      ctx.moveTo(0, y);
      ctx.lineTo(width, y);
    }
    ctx.stroke();
  }
}

/** Axes through the origin when it is in view; labels stay on screen along the nearest edge otherwise. */
function drawAxes(ctx: PlotContext, { ticks, width, height, colors }: PlotPicture, px: Pixels) {
  const axisX = Math.min(Math.max(px.x(0), 0), width);
  const axisY = Math.min(Math.max(px.y(0), 0), height);
  ctx.strokeStyle = colors.axis;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(0, axisY);
  ctx.lineTo(width, axisY);
  ctx.moveTo(axisX, 0);
  ctx.lineTo(axisX, height);
  ctx.stroke();

  ctx.font = LABEL_FONT;
  ctx.fillStyle = colors.text;
  // Labels sit below the x-axis and left of the y-axis, flipped inside when the axis is at an edge.
  const below = axisY < height - 18;
  ctx.textAlign = "center";
  ctx.textBaseline = below ? "top" : "bottom";
  for (const tick of ticks.x) {
    const x = px.x(tick.value);
    // A label cut by the edge of the picture is worse than none.
    if (!tick.label || tick.value === 0 || x < EDGE_MARGIN_PX || x > width - EDGE_MARGIN_PX) continue;
    ctx.fillText(tick.label, x, below ? axisY + 4 : axisY - 4);
  }
  const left = axisX > 40;
  ctx.textAlign = left ? "right" : "left";
  ctx.textBaseline = "middle";
  for (const tick of ticks.y) {
    const y = px.y(tick.value);
    if (!tick.label || tick.value === 0 || y < EDGE_MARGIN_PX / 2 || y > height - EDGE_MARGIN_PX / 2) continue;
    ctx.fillText(tick.label, left ? axisX - 5 : axisX + 5, y);
  }
  if (px.x(0) >= 0 && px.x(0) <= width && px.y(0) >= 0 && px.y(0) <= height) {
    ctx.textAlign = "right";
    ctx.textBaseline = "top";
    ctx.fillText("0", axisX - 4, axisY + 4);
  }
}

function path(ctx: PlotContext, points: ArrayLike<number>, px: Pixels) {
  ctx.moveTo(px.x(points[0]!), px.y(points[1]!));
  for (let i = 2; i < points.length; i += 2) ctx.lineTo(px.x(points[i]!), px.y(points[i + 1]!));
}

function circle(ctx: PlotContext, x: number, y: number, radius: number) {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, 2 * Math.PI);
}

function drawCurve(ctx: PlotContext, { geometry, color }: DrawnCurve, px: Pixels, height: number, background: string) {
  if (geometry.regions.length > 0) {
    ctx.fillStyle = color;
    ctx.globalAlpha = REGION_ALPHA;
    ctx.beginPath();
    for (const region of geometry.regions) {
      path(ctx, region, px);
      ctx.closePath();
    }
    ctx.fill();
    ctx.globalAlpha = 1;
  }

  ctx.strokeStyle = color;
  ctx.lineWidth = 1;
  ctx.setLineDash(DASH);
  ctx.globalAlpha = 0.5;
  ctx.beginPath();
  for (const x of geometry.asymptotes) {
    ctx.moveTo(px.x(x), 0);
    ctx.lineTo(px.x(x), height);
  }
  ctx.stroke();
  ctx.globalAlpha = 1;

  ctx.lineWidth = CURVE_WIDTH_PX;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.setLineDash(geometry.dashed ? DASH : []);
  ctx.beginPath();
  for (const line of geometry.lines) if (line.length >= 2) path(ctx, line, px);
  ctx.stroke();
  ctx.setLineDash([]);

  for (const dot of geometry.dots) {
    circle(ctx, px.x(dot.x), px.y(dot.y), DOT_RADIUS_PX);
    // An open dot is a ring: the background shows through it.
    ctx.fillStyle = dot.filled ? color : background;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.stroke();
  }
  ctx.fillStyle = color;
  for (const marker of geometry.markers) {
    circle(ctx, px.x(marker.x), px.y(marker.y), MARKER_RADIUS_PX);
    ctx.fill();
  }
}
