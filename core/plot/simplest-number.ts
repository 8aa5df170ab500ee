/**
 * Simple numbers near computed ones.
 *
 * `simplestBetween`: the fraction with the smallest denominator in a tiny bracket (Stern–Brocot
 * order). A jump located to a bracket a few billionths of a pixel wide is almost always at a
 * "written" number — an integer, 0.3, 1/3 — and evaluating f there, instead of at either end of
 * the bracket, tells which side of the jump the function's own value is on.
 *
 * `simpleNumberIn`: the number a reader would write for a root, pole or limit the plotter has pinned
 * inside a window: an integer or a fraction, a rational multiple of π, ±√k or ±e. A candidate of
 * denominator q is accepted only if q²·width ≤ SNAP_CHANCE: fractions of denominator ≤ q lie about
 * 1/q² apart, so a value that is not simple lands that close to one by chance rarely.
 *
 * `exactText`: the written form of a number that is exactly (to the last bit) such a simple number.
 */

/** Continued-fraction terms beyond this fall back to the bracket's midpoint. */
const MAX_TERMS = 64;
/** At most this share of windows around numbers that are not simple would snap to one. */
export const SNAP_CHANCE = 1e-4;
export const MAX_SIMPLE_DENOMINATOR = 1000;
/** π is written with a coefficient p/q of at most this denominator (π/2, 3π/4, 5π/6, …). */
export const MAX_PI_DENOMINATOR = 12;
export const MAX_PI_NUMERATOR = 1000;
/** Square roots √k for k up to this. */
export const MAX_ROOT_RADICAND = 99;
/** ±√k (k ≤ MAX_ROOT_RADICAND) and ±e: about this many per unit where they lie. */
const RADICAL_DENSITY = 10;
/** Fractions that are not terminating decimals are written p/q only up to this denominator. */
const MAX_WRITTEN_DENOMINATOR = 12;
/** Floats for irrational candidates are off by their rounding: accepted this many ulps outside the window. */
const CANDIDATE_ULPS = 2;

const MINUS = "\u2212";

export function simplestBetween(a: number, b: number): number {
  if (!(a <= b)) return Number.NaN;
  if (a <= 0 && b >= 0) return 0;
  const value = b < 0 ? -fractionValue(simplestPositive(-b, -a, 0)) : fractionValue(simplestPositive(a, b, 0));
  return value >= a && value <= b ? value : a + (b - a) / 2;
}

type Fraction = [numerator: number, denominator: number];

function fractionValue([p, q]: Fraction): number {
  return p / q;
}

/** For 0 < a ≤ b: an integer if one lies in [a, b], else n + 1/(the simplest in [1/(b−n), 1/(a−n)]). */
function simplestPositive(a: number, b: number, depth: number): Fraction {
  const ceiling = Math.ceil(a);
  if (ceiling <= b) return [ceiling, 1];
  if (depth >= MAX_TERMS) return [a + (b - a) / 2, 1];
  const n = Math.floor(a);
  const [p, q] = simplestPositive(1 / (b - n), 1 / (a - n), depth + 1);
  return [n * p + q, p];
}

export interface SimpleNumber {
  value: number;
  /** As a reader writes it: "0", "−2.5", "1/3", "π/2", "−3π/4", "√2", "e". */
  text: string;
}

function ulp(v: number): number {
  return Math.max(Math.abs(v) * Number.EPSILON, Number.MIN_VALUE);
}

/** Whether v lies in [lo, hi], allowing `ulps` of its own rounding outside. */
function inWindow(v: number, lo: number, hi: number, ulps: number): boolean {
  const slack = ulps * ulp(v);
  return v >= lo - slack && v <= hi + slack;
}

/** The largest denominator a window this wide may be snapped to (see SNAP_CHANCE). */
function denominatorLimit(width: number, cap: number): number {
  return width <= 0 ? cap : Math.min(cap, Math.floor(Math.sqrt(SNAP_CHANCE / width)));
}

/** The fraction p/q of least q ≤ maxQ whose float lies in [lo, hi] (give or take `ulps`), or null. */
function smallFraction(lo: number, hi: number, maxQ: number, ulps: number): Fraction | null {
  const middle = lo + (hi - lo) / 2;
  for (let q = 1; q <= maxQ; q++) {
    // The multiple of 1/q nearest the middle is in the window if any is. The least q gives lowest terms.
    const p = Math.round(middle * q);
    if (Math.abs(p) <= Number.MAX_SAFE_INTEGER && inWindow(p / q, lo, hi, ulps)) return [p, q];
  }
  return null;
}

/** Whether 1/q terminates in decimal (q = 2^i·5^j). */
function terminates(q: number): boolean {
  let r = q;
  while (r % 2 === 0) r /= 2;
  while (r % 5 === 0) r /= 5;
  return r === 1;
}

function signed(text: string, negative: boolean): string {
  return negative ? `${MINUS}${text}` : text;
}

function fractionText(p: number, q: number): string | null {
  if (q === 1 || terminates(q)) return String(p / q).replace("-", MINUS);
  if (q > MAX_WRITTEN_DENOMINATOR) return null;
  return signed(`${Math.abs(p)}/${q}`, p < 0);
}

function piText(p: number, q: number): string {
  const numerator = Math.abs(p) === 1 ? "π" : `${Math.abs(p)}π`;
  return signed(q === 1 ? numerator : `${numerator}/${q}`, p < 0);
}

/**
 * The simplest number in [lo, hi] in the order: fractions (by denominator), rational multiples of
 * π, ±√k, ±e; or null if none is simple enough for the window's width.
 */
export function simpleNumberIn(lo: number, hi: number): SimpleNumber | null {
  if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  const width = hi - lo;
  const fraction = smallFraction(lo, hi, denominatorLimit(width, MAX_SIMPLE_DENOMINATOR), 1);
  if (fraction) {
    const text = fractionText(...fraction);
    if (text !== null) return { value: fraction[0] / fraction[1] + 0, text };
  }
  const piMax = denominatorLimit(width / Math.PI, MAX_PI_DENOMINATOR);
  const ofPi = smallFraction(lo / Math.PI, hi / Math.PI, piMax, CANDIDATE_ULPS + 1);
  if (ofPi && ofPi[0] !== 0 && Math.abs(ofPi[0]) <= MAX_PI_NUMERATOR) {
    const value = (ofPi[0] * Math.PI) / ofPi[1];
    if (inWindow(value, lo, hi, CANDIDATE_ULPS)) return { value, text: piText(...ofPi) };
  }
  // About RADICAL_DENSITY radicals per unit: the window must be narrow for chance to rarely meet one.
  if (width * RADICAL_DENSITY > SNAP_CHANCE) return null;
  const magnitude = Math.max(Math.abs(lo), Math.abs(hi));
  const k = Math.round(magnitude * magnitude);
  if (k >= 2 && k <= MAX_ROOT_RADICAND && !Number.isInteger(Math.sqrt(k))) {
    for (const sign of [1, -1]) {
      const value = sign * Math.sqrt(k);
      if (inWindow(value, lo, hi, CANDIDATE_ULPS)) return { value, text: signed(`√${k}`, sign < 0) };
    }
  }
  for (const sign of [1, -1]) {
    const value = sign * Math.E;
    if (inWindow(value, lo, hi, CANDIDATE_ULPS)) return { value, text: signed("e", sign < 0) };
  }
  return null;
}

/** The written form of v if v is exactly a simple number ("π/2", "0.25", "1/3"), else null. */
export function exactText(v: number): string | null {
  if (Object.is(v, -0)) return "0";
  const simple = simpleNumberIn(v, v);
  return simple !== null && simple.value === v ? simple.text : null;
}
