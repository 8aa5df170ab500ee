/**
 * A graph in words, for readers who cannot see it: where in the view the curve
 * exists, where it breaks (vertical asymptotes, jumps, ends of its domain), and
 * its roots and extrema when the analysis found them.
 */
import type { CurveSample } from "./curve-types";
import type { ViewRange } from "./viewport";

/** Positions are read out to this many significant digits: enough to find them on the plot. */
export const SPOKEN_DIGITS = 3;
/** Longer lists are cut, with the count of the rest. */
export const MAX_LISTED = 6;

const MINUS = "\u2212";

/** Values this small against the view's span are read as 0: float noise, not information. */
export const NOISE_SHARE = 1e-9;

/** 0 for a value that is noise at the scale of `span`, the value otherwise. */
export function denoise(value: number, span: number): number {
  return Math.abs(value) < NOISE_SHARE * span ? 0 : value;
}

export function spokenNumber(value: number): string {
  if (value === 0 || Object.is(value, -0)) return "0";
  const text = String(Number(value.toPrecision(SPOKEN_DIGITS)));
  return text.replace("-", MINUS);
}

export function spokenList(values: readonly number[]): string {
  const shown = values.slice(0, MAX_LISTED).map(spokenNumber).join(", ");
  return values.length > MAX_LISTED ? `${shown} and ${values.length - MAX_LISTED} more` : shown;
}

function breaksOf(sample: CurveSample, kind: "asymptote" | "jump" | "edge"): number[] {
  return sample.breaks.filter((b) => b.kind === kind).map((b) => b.x);
}

/** One sentence per fact, e.g. "Visible for x from −10 to 10. Vertical asymptotes at x ≈ −4.71, −1.57." */
export function describeGraph(axis: "x" | "y", sample: CurveSample, view: ViewRange): string {
  const variable = axis === "y" ? "x" : "y";
  const [lo, hi] = axis === "y" ? [view.xMin, view.xMax] : [view.yMin, view.yMax];
  if (sample.polylines.length === 0 && sample.dots.length === 0) {
    return "Nothing of this graph lies in the view.";
  }
  let first = Infinity;
  let last = -Infinity;
  for (const line of sample.polylines) {
    // Graphs are sampled along their variable, which is the first coordinate before any transposition.
    for (let i = 0; i < line.length; i += 2) {
      const t = axis === "y" ? line[i]! : line[i + 1]!;
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
  }
  const sentences: string[] = [];
  if (Number.isFinite(first)) {
    const from = Math.max(first, lo);
    const to = Math.min(last, hi);
    sentences.push(`Drawn for ${variable} from ${spokenNumber(from)} to ${spokenNumber(to)}.`);
  }
  const asymptotes = breaksOf(sample, "asymptote");
  if (asymptotes.length > 0) sentences.push(`Vertical asymptotes at ${variable} ≈ ${spokenList(asymptotes)}.`);
  const jumps = breaksOf(sample, "jump");
  if (jumps.length > 0) sentences.push(`Jumps at ${variable} ≈ ${spokenList(jumps)}.`);
  const edges = breaksOf(sample, "edge");
  if (edges.length > 0) sentences.push(`The domain ends at ${variable} ≈ ${spokenList(edges)}.`);
  if (sample.truncated) sentences.push("Parts may be missing: the curve needed more work than a drawing allows.");
  return sentences.join(" ");
}
