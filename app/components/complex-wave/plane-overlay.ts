import { pixelOf, planeRange, type ComplexPoint, type ComplexView } from "#core/plot/complex-plane-view";
import { axisTicks } from "#core/plot/ticks";

export interface OverlayColours {
  /** Axis and tick lines: drawn in both a light and a dark stroke so they show on any hue. */
  ink: string;
  /** Label text and the chip behind it. */
  text: string;
  chip: string;
  font: string;
}

/** Labelled ticks at least this far apart, in CSS pixels. */
const TICK_SPACING_PX = 70;
const TICK_LENGTH = 6;
const LABEL_PADDING = 3;
const PROBE_RADIUS = 7;

/** An imaginary-axis label: "2" → "2i", "1" → "i", "−1" → "−i". */
const imaginaryLabel = (label: string) =>
  label === "0" ? "0" : label === "1" ? "i" : label === "\u22121" ? "\u2212i" : `${label}i`;

/**
 * The axes, their tick labels (on chips, readable over any colour) and the probe's cross, drawn on
 * the transparent canvas above the picture. `context` is scaled to CSS pixels.
 */
export function drawPlaneOverlay(
  context: CanvasRenderingContext2D,
  view: ComplexView,
  width: number,
  height: number,
  probe: ComplexPoint | null,
  colours: OverlayColours,
): void {
  context.clearRect(0, 0, width, height);
  const range = planeRange(view, width, height);
  const origin = pixelOf(view, width, height, 0, 0);
  const reTicks = axisTicks(range.reMin, range.reMax, width, { minSpacingPx: TICK_SPACING_PX });
  const imTicks = axisTicks(range.imMin, range.imMax, height, { minSpacingPx: TICK_SPACING_PX });
  // The axes run through 0 when it is in view, else along the picture's bottom and left edges.
  const axisY = Math.min(Math.max(origin.y, 0), height);
  const axisX = Math.min(Math.max(origin.x, 0), width);

  const stroke = (path: () => void) => {
    context.beginPath();
    path();
    context.lineWidth = 3;
    context.strokeStyle = "rgba(0, 0, 0, 0.45)";
    context.stroke();
    context.lineWidth = 1;
    context.strokeStyle = colours.ink;
    context.stroke();
  };
  stroke(() => {
    context.moveTo(0, axisY);
    context.lineTo(width, axisY);
    context.moveTo(axisX, 0);
    context.lineTo(axisX, height);
    for (const tick of reTicks.major) {
      const x = pixelOf(view, width, height, tick.value, 0).x;
      context.moveTo(x, axisY - TICK_LENGTH);
      context.lineTo(x, axisY + TICK_LENGTH);
    }
    for (const tick of imTicks.major) {
      const y = pixelOf(view, width, height, 0, tick.value).y;
      context.moveTo(axisX - TICK_LENGTH, y);
      context.lineTo(axisX + TICK_LENGTH, y);
    }
  });

  context.font = colours.font;
  context.textBaseline = "middle";
  const chip = (text: string, x: number, y: number, align: "center" | "left" | "right") => {
    const textWidth = context.measureText(text).width;
    const boxWidth = textWidth + 2 * LABEL_PADDING;
    const boxHeight = 16;
    let left = align === "center" ? x - boxWidth / 2 : align === "left" ? x : x - boxWidth;
    left = Math.min(Math.max(left, 0), width - boxWidth);
    const top = Math.min(Math.max(y - boxHeight / 2, 0), height - boxHeight);
    context.fillStyle = colours.chip;
    context.fillRect(left, top, boxWidth, boxHeight);
    context.fillStyle = colours.text;
    context.textAlign = "left";
    context.fillText(text, left + LABEL_PADDING, top + boxHeight / 2);
  };
  const below = axisY + TICK_LENGTH + 10 > height ? axisY - TICK_LENGTH - 10 : axisY + TICK_LENGTH + 10;
  for (const tick of reTicks.major) {
    if (tick.value === 0) continue;
    chip(tick.label, pixelOf(view, width, height, tick.value, 0).x, below, "center");
  }
  const beside = axisX + TICK_LENGTH + 4;
  for (const tick of imTicks.major) {
    if (tick.value === 0) continue;
    chip(imaginaryLabel(tick.label), beside, pixelOf(view, width, height, 0, tick.value).y, "left");
  }
  chip("Re", width - 4, axisY - 14, "right");
  chip("Im", axisX - 6, 10, "right");

  if (probe) {
    const p = pixelOf(view, width, height, probe.re, probe.im);
    stroke(() => {
      context.moveTo(p.x + PROBE_RADIUS, p.y);
      context.arc(p.x, p.y, PROBE_RADIUS, 0, 2 * Math.PI);
      context.moveTo(p.x - 2 * PROBE_RADIUS, p.y);
      context.lineTo(p.x - PROBE_RADIUS / 2, p.y);
      context.moveTo(p.x + PROBE_RADIUS / 2, p.y);
      context.lineTo(p.x + 2 * PROBE_RADIUS, p.y);
      context.moveTo(p.x, p.y - 2 * PROBE_RADIUS);
      context.lineTo(p.x, p.y - PROBE_RADIUS / 2);
      context.moveTo(p.x, p.y + PROBE_RADIUS / 2);
      context.lineTo(p.x, p.y + 2 * PROBE_RADIUS);
    });
  }
}
