/**
 * A graph in words, for readers who cannot see it: where in the view the curve
 * is drawn, where it breaks (vertical asymptotes, holes, jumps, ends of its
 * domain), and where no claim can be made. Positions at simple numbers are read
 * exactly ("x = π/2"), others to SPOKEN_DIGITS significant digits ("x ≈ 4.49").
 */
import type { CurveBreak, CurveSample } from "./curve-types";
import { clipToBox } from "./polyline";
import { exactText } from "./simplest-number";
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

/** A number to `digits` significant digits, with a true minus sign. */
export function spokenNumber(value: number, digits = SPOKEN_DIGITS): string {
  if (value === 0 || Object.is(value, -0)) return "0";
  const text = String(Number(value.toPrecision(digits)));
  return text.replace("-", MINUS);
}

/** A value as written: exactly if it is a simple number ("π/2", "1/3", "0"), else rounded. */
export function spokenValue(value: number): { text: string; exact: boolean } {
  const exact = exactText(value);
  return exact === null ? { text: spokenNumber(value), exact: false } : { text: exact, exact: true };
}

export function spokenList(values: readonly number[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => spokenValue(v).text);
  if (values.length > MAX_LISTED) return `${shown.join(", ")} and ${values.length - MAX_LISTED} more`;
  return shown.length <= 2 ? shown.join(" and ") : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** "x = 0 and π" when every value is exact, "x ≈ 0 and 4.49" otherwise. */
export function spokenAt(variable: string, values: readonly number[]): string {
  const exact = values.slice(0, MAX_LISTED).every((v) => spokenValue(v).exact);
  return `${variable} ${exact ? "=" : "≈"} ${spokenList(values)}`;
}

/** An end of the drawn range, with digits enough to tell it apart at the view's scale (1000.001 in a view 0.002 wide). */
function spokenEnd(value: number, span: number): string {
  const v = denoise(value, span);
  if (v === 0) return "0";
  const digits = Math.min(15, Math.max(SPOKEN_DIGITS, Math.ceil(Math.log10(Math.abs(v) / span)) + SPOKEN_DIGITS));
  return spokenNumber(v, digits);
}

function breaksOf<K extends CurveBreak["kind"]>(sample: CurveSample, kind: K): Extract<CurveBreak, { kind: K }>[] {
  return sample.breaks.filter((b): b is Extract<CurveBreak, { kind: K }> => b.kind === kind);
}

/** Where along its variable the curve is drawn inside the view itself (not the margin strokes run into). */
function drawnRange(axis: "x" | "y", sample: CurveSample, view: ViewRange): [number, number] | null {
  const box = { xLo: view.xMin, xHi: view.xMax, yLo: view.yMin, yHi: view.yMax };
  let first = Infinity;
  let last = -Infinity;
  for (const line of sample.polylines) {
    for (const piece of clipToBox(line, box)) {
      // A graph of y is sampled along y, its second coordinate once transposed back.
      for (let i = axis === "y" ? 0 : 1; i < piece.length; i += 2) {
        first = Math.min(first, piece[i]!);
        last = Math.max(last, piece[i]!);
      }
    }
  }
  return Number.isFinite(first) ? [first, last] : null;
}

function holeSentence(variable: string, holes: readonly Extract<CurveBreak, { kind: "hole" }>[]): string {
  const at = spokenAt(
    variable,
    holes.map((h) => h.x),
  );
  const limits = holes.map((h) => h.limit);
  const sentence =
    holes.length === 1
      ? `Undefined at ${at}; the limit there is ${spokenValue(limits[0]!).text}.`
      : `Undefined at ${at}; the limits there are ${spokenList(limits)}.`;
  const apart = holes.filter((h) => Number.isFinite(h.value));
  return apart.length === 0
    ? sentence
    : `${sentence} The value at ${spokenAt(
        variable,
        apart.map((h) => h.x),
      )} lies off the curve.`;
}

function jumpSentence(variable: string, jumps: readonly Extract<CurveBreak, { kind: "jump" }>[]): string {
  if (jumps.length !== 1)
    return `Jumps at ${spokenAt(
      variable,
      jumps.map((j) => j.x),
    )}.`;
  const [jump] = jumps as [Extract<CurveBreak, { kind: "jump" }>];
  const value = Number.isFinite(jump.value) ? `the value there is ${spokenValue(jump.value).text}` : "undefined there";
  const [from, to] = [spokenValue(jump.left).text, spokenValue(jump.right).text];
  return `Jumps at ${spokenAt(variable, [jump.x])} from ${from} to ${to} (${value}).`;
}

function unresolvedSentence(variable: string, points: readonly Extract<CurveBreak, { kind: "unresolved" }>[]) {
  const sentences: string[] = [];
  const rounding = points.filter((p) => p.reason === "rounding").map((p) => p.x);
  const oscillation = points.filter((p) => p.reason === "oscillation").map((p) => p.x);
  if (rounding.length > 0)
    sentences.push(`Near ${spokenAt(variable, rounding)} rounding error swamps the values: nothing is claimed there.`);
  if (oscillation.length > 0)
    sentences.push(`Near ${spokenAt(variable, oscillation)} the curve oscillates without settling.`);
  return sentences.join(" ");
}

/** One sentence per fact, e.g. "Drawn for x from −10 to 10. Vertical asymptotes at x = −π/2 and π/2." */
export function describeGraph(axis: "x" | "y", sample: CurveSample, view: ViewRange): string {
  const variable = axis === "y" ? "x" : "y";
  const range = drawnRange(axis, sample, view);
  if (range === null && sample.dots.length === 0 && sample.breaks.length === 0) {
    return "Nothing of this graph lies in the view.";
  }
  const span = axis === "y" ? view.xMax - view.xMin : view.yMax - view.yMin;
  const sentences: string[] = [];
  if (range) sentences.push(`Drawn for ${variable} from ${spokenEnd(range[0], span)} to ${spokenEnd(range[1], span)}.`);
  // Zoomed in on a pole, or on a hole whose value lies off the view: the curve is not there, its break is.
  else sentences.push("No part of the curve lies in the view.");
  const asymptotes = breaksOf(sample, "asymptote").map((b) => b.x);
  if (asymptotes.length > 0) {
    const direction = axis === "y" ? "Vertical" : "Horizontal";
    const plural = asymptotes.length === 1 ? "asymptote" : "asymptotes";
    sentences.push(`${direction} ${plural} at ${spokenAt(variable, asymptotes)}.`);
  }
  const holes = breaksOf(sample, "hole");
  if (holes.length > 0) sentences.push(holeSentence(variable, holes));
  const jumps = breaksOf(sample, "jump");
  if (jumps.length > 0) sentences.push(jumpSentence(variable, jumps));
  const edges = breaksOf(sample, "edge").map((b) => b.x);
  if (edges.length > 0) sentences.push(`The domain ends at ${spokenAt(variable, edges)}.`);
  const unresolved = breaksOf(sample, "unresolved");
  if (unresolved.length > 0) sentences.push(unresolvedSentence(variable, unresolved));
  if (sample.truncated) sentences.push("Parts may be missing: the curve needed more work than a drawing allows.");
  return sentences.join(" ");
}
