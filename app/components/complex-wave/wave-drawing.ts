import type { ComplexPoint } from "#core/plot/complex-plane-view";
import type { WaveSamples } from "#core/plot/complex-waves";
import { axisTicks } from "#core/plot/ticks";

export interface WaveColours {
  text: string;
  grid: string;
  real: string;
  imaginary: string;
  modulus: string;
  /** One per term, for its phasor. */
  terms: readonly string[];
  font: string;
}

/** Room for the value labels on the left and the x labels below, in CSS pixels. */
const LEFT_MARGIN = 40;
const BOTTOM_MARGIN = 22;
const TOP_MARGIN = 8;
const RIGHT_MARGIN = 8;
export const DASH = [6, 4];
const ARROW_HEAD = 8;

/**
 * Re ψ (solid), Im ψ (dashed) and the envelope ±|ψ| (thick) over x, on a fixed vertical scale
 * ±`scale` (so a growing modulus shows as growth, not as a rescaled axis), with a mark at x₀.
 */
export function drawWavePlot(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  samples: WaveSamples,
  scale: number,
  x0: number,
  colours: WaveColours,
): void {
  context.clearRect(0, 0, width, height);
  const xMin = samples.x[0]!;
  const xMax = samples.x[samples.x.length - 1]!;
  const plotWidth = width - LEFT_MARGIN - RIGHT_MARGIN;
  const plotHeight = height - TOP_MARGIN - BOTTOM_MARGIN;
  const px = (x: number) => LEFT_MARGIN + ((x - xMin) / (xMax - xMin)) * plotWidth;
  const py = (y: number) => TOP_MARGIN + ((scale - y) / (2 * scale)) * plotHeight;

  context.font = colours.font;
  context.lineWidth = 1;
  context.strokeStyle = colours.grid;
  context.fillStyle = colours.text;
  context.textAlign = "center";
  context.textBaseline = "top";
  for (const tick of axisTicks(xMin, xMax, plotWidth, { pi: true, minSpacingPx: 56 }).major) {
    context.beginPath();
    context.moveTo(px(tick.value), TOP_MARGIN);
    context.lineTo(px(tick.value), TOP_MARGIN + plotHeight);
    context.stroke();
    context.fillText(tick.label, px(tick.value), TOP_MARGIN + plotHeight + 4);
  }
  context.textAlign = "right";
  context.textBaseline = "middle";
  for (const tick of axisTicks(-scale, scale, plotHeight, { minSpacingPx: 32 }).major) {
    context.beginPath();
    context.moveTo(LEFT_MARGIN, py(tick.value));
    context.lineTo(LEFT_MARGIN + plotWidth, py(tick.value));
    context.stroke();
    context.fillText(tick.label, LEFT_MARGIN - 6, py(tick.value));
  }

  const curve = (values: Float64Array, sign: number, colour: string, lineWidth: number, dash: number[]) => {
    context.beginPath();
    for (let j = 0; j < values.length; j += 1) {
      const x = px(samples.x[j]!);
      const y = py(sign * values[j]!);
      if (j === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.setLineDash(dash);
    context.lineWidth = lineWidth;
    context.strokeStyle = colour;
    context.stroke();
    context.setLineDash([]);
  };
  curve(samples.modulus, 1, colours.modulus, 3, []);
  curve(samples.modulus, -1, colours.modulus, 3, []);
  curve(samples.re, 1, colours.real, 2, []);
  curve(samples.im, 1, colours.imaginary, 2, DASH);

  context.setLineDash([2, 3]);
  context.lineWidth = 1.5;
  context.strokeStyle = colours.text;
  context.beginPath();
  context.moveTo(px(x0), TOP_MARGIN);
  context.lineTo(px(x0), TOP_MARGIN + plotHeight);
  context.stroke();
  context.setLineDash([]);
}

function arrow(context: CanvasRenderingContext2D, from: { x: number; y: number }, to: { x: number; y: number }) {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  context.beginPath();
  context.moveTo(from.x, from.y);
  context.lineTo(to.x, to.y);
  context.stroke();
  if (length < 1) return;
  const head = Math.min(ARROW_HEAD, length / 2);
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  context.beginPath();
  context.moveTo(to.x, to.y);
  context.lineTo(to.x - head * Math.cos(angle - 0.45), to.y - head * Math.sin(angle - 0.45));
  context.lineTo(to.x - head * Math.cos(angle + 0.45), to.y - head * Math.sin(angle + 0.45));
  context.closePath();
  context.fill();
}

/**
 * The phasors at x₀ head to tail in the complex plane (each in its term's colour), the resultant
 * from 0 to ψ (thick), and the circle |w| = `scale` that bounds them all.
 */
export function drawPhasors(
  context: CanvasRenderingContext2D,
  size: number,
  chain: readonly ComplexPoint[],
  scale: number,
  colours: WaveColours,
): void {
  context.clearRect(0, 0, size, size);
  const radius = size / 2 - 12;
  const at = (p: ComplexPoint) => ({ x: size / 2 + (p.re / scale) * radius, y: size / 2 - (p.im / scale) * radius });
  context.lineWidth = 1;
  context.strokeStyle = colours.grid;
  context.beginPath();
  context.moveTo(0, size / 2);
  context.lineTo(size, size / 2);
  context.moveTo(size / 2, 0);
  context.lineTo(size / 2, size);
  context.stroke();
  context.setLineDash(DASH);
  context.beginPath();
  context.arc(size / 2, size / 2, radius, 0, 2 * Math.PI);
  context.stroke();
  context.setLineDash([]);
  context.font = colours.font;
  context.fillStyle = colours.text;
  context.textAlign = "right";
  context.textBaseline = "top";
  context.fillText("Re", size - 2, size / 2 + 3);
  context.textAlign = "left";
  context.fillText("Im", size / 2 + 4, 2);

  const end = chain[chain.length - 1]!;
  context.lineWidth = 4;
  context.strokeStyle = colours.modulus;
  context.fillStyle = colours.modulus;
  arrow(context, at(chain[0]!), at(end));
  context.lineWidth = 2.5;
  for (let k = 1; k < chain.length; k += 1) {
    const colour = colours.terms[(k - 1) % colours.terms.length]!;
    context.strokeStyle = colour;
    context.fillStyle = colour;
    arrow(context, at(chain[k - 1]!), at(chain[k]!));
  }
}
