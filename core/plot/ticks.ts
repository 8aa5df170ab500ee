/**
 * Axis ticks that stay readable at any zoom: the step is the smallest "nice" one (1, 2 or 5 × 10^k,
 * or a multiple of π on request) that keeps labelled ticks at least a given number of pixels apart.
 *
 * Tick values are computed from integers, `(k × mantissa) / 10^−e`, never by adding a step up, so
 * a value is the double nearest its decimal (0.3, not 0.30000000000000004) and its label is exact.
 */

/** Labelled ticks at least this many pixels apart unless the caller asks otherwise. */
export const DEFAULT_MIN_TICK_SPACING_PX = 80;
/** Labels of numbers at least 10^this (or below 10^−this−1) switch to scientific form. */
export const SCIENTIFIC_FROM_EXPONENT = 6;
const SCIENTIFIC_BELOW_EXPONENT = -4;
/** A bound on the ticks returned, whatever the input (a guard against absurd pixel lengths). */
export const MAX_TICKS = 1000;
/** A tick this close to the range's end (in steps) still counts as inside: float noise in min/step. */
const EDGE_TOLERANCE_STEPS = 1e-9;

/** π steps with these denominators, finest first; below 1/20 of π, decimal fractions of π take over. */
const PI_DENOMINATORS = [12, 6, 4, 2];
const SMALLEST_PI_FRACTION_STEP = 1 / 20;

const MINUS = "\u2212";
const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

export interface Tick {
  value: number;
  label: string;
}

export interface AxisTicks {
  /** The labelled ticks, ascending. */
  major: Tick[];
  /** Unlabelled ticks between the major ones, ascending, none at a major tick. */
  minor: number[];
  /** The distance between major ticks. */
  step: number;
}

export interface TickOptions {
  minSpacingPx?: number;
  /** Label in multiples of π (π/2, π, 3π/2, …) where the step allows it. */
  pi?: boolean;
}

/**
 * A step `coefficient × unit`, where the coefficient is `mantissa × 10^exponent / denominator`.
 * The unit is 1 or π. Only π steps use a denominator other than 1 (π/2, π/4, π/6, π/12).
 */
interface Step {
  mantissa: number;
  exponent: number;
  denominator: number;
  pi: boolean;
}

export function axisTicks(min: number, max: number, lengthPx: number, options: TickOptions = {}): AxisTicks {
  const spacing = options.minSpacingPx ?? DEFAULT_MIN_TICK_SPACING_PX;
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span) || !(lengthPx > 0) || !(spacing > 0)) {
    return { major: [], minor: [], step: Number.NaN };
  }
  // The step is at least this many units, and large enough that MAX_TICKS cover the range.
  const least = Math.max((span * spacing) / lengthPx, span / MAX_TICKS);
  const step = (options.pi ? piStep(least) : null) ?? decimalStep(least);
  const major = stepMultiples(min, max, step).map((k) => ({ value: valueAt(k, step), label: labelAt(k, step) }));
  const minorStep = minorOf(step);
  const perMajor = Math.round(stepSize(step) / stepSize(minorStep));
  const minor = stepMultiples(min, max, minorStep)
    .filter((k) => k % perMajor !== 0)
    .map((k) => valueAt(k, minorStep));
  return { major, minor, step: stepSize(step) };
}

/** The smallest of 1, 2, 5 × 10^k that is at least `least`. */
function decimalStep(least: number): Step {
  let exponent = Math.floor(Math.log10(least));
  // log10 may land just below an exact power of ten.
  if (10 ** (exponent + 1) <= least) exponent += 1;
  for (const mantissa of [1, 2, 5]) {
    const step = { mantissa, exponent, denominator: 1, pi: false };
    if (stepSize(step) >= least) return step;
  }
  return { mantissa: 1, exponent: exponent + 1, denominator: 1, pi: false };
}

/**
 * π/12, π/6, π/4, π/2, then 1, 2, 5 × 10^k × π; below π/20, decimal fractions of π (0.05π, 0.02π, …).
 * Null where the coefficient would need scientific notation: such a π label is unreadable.
 */
function piStep(least: number): Step | null {
  const coefficient = least / Math.PI;
  if (coefficient > SMALLEST_PI_FRACTION_STEP) {
    for (const denominator of PI_DENOMINATORS) {
      if (coefficient <= 1 / denominator) return { mantissa: 1, exponent: 0, denominator, pi: true };
    }
  }
  const decimal = decimalStep(coefficient);
  const readable = decimal.exponent < SCIENTIFIC_FROM_EXPONENT && decimal.exponent >= SCIENTIFIC_BELOW_EXPONENT;
  return readable ? { ...decimal, pi: true } : null;
}

function stepSize(step: Step): number {
  return coefficientAt(1, step) * (step.pi ? Math.PI : 1);
}

/** k × mantissa × 10^exponent / denominator, as the double nearest the exact value. */
function coefficientAt(k: number, step: Step): number {
  const integer = k * step.mantissa;
  const scaled = step.exponent >= 0 ? integer * 10 ** step.exponent : integer / 10 ** -step.exponent;
  return scaled / step.denominator;
}

function valueAt(k: number, step: Step): number {
  const value = coefficientAt(k, step) * (step.pi ? Math.PI : 1);
  return value === 0 ? 0 : value;
}

/** The integers k with k × step in [min, max]. */
function stepMultiples(min: number, max: number, step: Step): number[] {
  const size = stepSize(step);
  const first = Math.ceil(min / size - EDGE_TOLERANCE_STEPS);
  const last = Math.floor(max / size + EDGE_TOLERANCE_STEPS);
  const ks: number[] = [];
  for (let k = first; k <= last && ks.length <= MAX_TICKS * 5; k++) ks.push(k);
  return ks;
}

/** 1 → fifths, 2 → quarters, 5 → fifths; π fractions → halves. Each is itself a decimal or π step. */
function minorOf(step: Step): Step {
  if (step.denominator !== 1) return { ...step, denominator: step.denominator * 2 };
  if (step.mantissa === 2) return { ...step, mantissa: 5, exponent: step.exponent - 1 };
  if (step.mantissa === 5) return { ...step, mantissa: 1 };
  return { ...step, mantissa: 2, exponent: step.exponent - 1 };
}

function labelAt(k: number, step: Step): string {
  if (!step.pi) return formatDecimal(k * step.mantissa, step.exponent);
  if (k === 0) return "0";
  const sign = k < 0 ? MINUS : "";
  if (step.denominator === 1) {
    const coefficient = formatDecimal(Math.abs(k) * step.mantissa, step.exponent);
    return `${sign}${coefficient === "1" ? "" : coefficient}π`;
  }
  const divisor = gcd(Math.abs(k), step.denominator);
  const numerator = Math.abs(k) / divisor;
  const denominator = step.denominator / divisor;
  const top = `${numerator === 1 ? "" : numerator}π`;
  return denominator === 1 ? `${sign}${top}` : `${sign}${top}/${denominator}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The decimal `integer × 10^exponent` as a label: plain digits for moderate magnitudes, otherwise
 * `d.ddd×10ⁿ`. The digits come from the integer, so no float noise can appear.
 */
export function formatDecimal(integer: number, exponent: number): string {
  if (integer === 0) return "0";
  const sign = integer < 0 ? MINUS : "";
  const digits = String(Math.abs(integer));
  const magnitude = digits.length - 1 + exponent;
  if (magnitude >= SCIENTIFIC_FROM_EXPONENT || magnitude < SCIENTIFIC_BELOW_EXPONENT) {
    const fraction = digits.slice(1).replace(/0+$/, "");
    return `${sign}${digits[0]}${fraction ? "." + fraction : ""}×10${superscript(magnitude)}`;
  }
  if (exponent >= 0) return sign + digits + "0".repeat(exponent);
  const padded = digits.padStart(-exponent + 1, "0");
  const whole = padded.slice(0, padded.length + exponent);
  const fraction = padded.slice(padded.length + exponent).replace(/0+$/, "");
  return `${sign}${whole}${fraction ? "." + fraction : ""}`;
}

function superscript(n: number): string {
  const digits = [...String(Math.abs(n))].map((d) => SUPERSCRIPT_DIGITS[Number(d)]).join("");
  return (n < 0 ? "⁻" : "") + digits;
}
