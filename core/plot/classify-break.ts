/**
 * What a function does at a point where its curve may break, decided from both sides of it.
 *
 * The sampler hands over a tiny bracket that interval arithmetic says holds a pole, a jump, a gap
 * in the domain or nothing at all (an enclosure that overestimated). The point is taken as the
 * simplest number in the bracket (./simplest-number.ts: 0, 1, π/2 …), and f is probed on each side
 * at distances from PROBE_FAR_PX down to PROBE_NEAR_PX, a factor PROBE_STEP apart. Each probe's
 * own interval enclosure (f over the one point) bounds its rounding error: where a formula cancels
 * ((1 − cos x)/x² near 0) that enclosure grows as the point is neared, and probes from the first
 * untrusted one inwards are not used. From the trusted probes, each side:
 * - settles on a limit (successive differences shrink and end below SETTLED_PX),
 * - grows without bound (|f| increases and its steps do not shrink: 1/x, and ln x at 0 too),
 * - is undefined (every probe NaN),
 * - oscillates (none of these), or is lost to rounding (too few trusted probes).
 * Then: a side unbounded → a pole; equal limits → a hole (removable) if f is undefined there, or
 * else nothing; different limits → a jump; one side undefined → an end of the domain.
 */
import type { Interval } from "./curve-types";
import { simpleNumberIn } from "./simplest-number";

/** The nearest and farthest probes, device pixels from the point, and the factor between them. */
export const PROBE_FAR_PX = 1;
export const PROBE_NEAR_PX = 1e-6;
const PROBE_STEP = 10;
/** A probe is trusted if its enclosure is narrower than this many device pixels… */
export const TRUSTED_ERROR_PX = 0.2;
/** …or than this share of its value, if that is FAR_OFF_PX beyond the view (poles: only the growth matters). */
export const TRUSTED_RELATIVE = 1e-2;
const FAR_OFF_PX = 1e4;
/** A side has a limit when what its probes leave to the limit is below this (device pixels). */
export const SETTLED_PX = 0.05;
/** Differences that shrink by at least this factor per probe are converging; ones that do not are growing. */
const CONTRACTION = 0.5;
/** Two limits (or a limit and f's value) this close, in device pixels, beyond their errors, are one. */
export const SAME_LIMIT_PX = 1e-3;
/** Growth is believed after this many probes… */
const GROWTH_PROBES = 3;
/** …if f's enclosure over them is at most this many times as wide as their span. */
const GROWTH_ENCLOSURE_SLACK = 2;
/** A break at a simple number is probed from this many ulps of it. */
const SIMPLE_POINT_ULPS = 4;
/** A side whose differences fall below this (device pixels) has settled even if they stopped shrinking (a constant). */
const FLAT_PX = 1e-9;
/** The most evaluations one classification spends: probes and enclosures on both sides, and the point. */
export const CLASSIFY_COST = 4 * (Math.round(Math.log10(PROBE_FAR_PX / PROBE_NEAR_PX)) + 1) + 6;

/** What the classifier needs: scales, and counted evaluations of f (not clamped) and of its enclosure. */
export interface Evaluator {
  /** Device pixels per unit along x and along y. */
  kx: number;
  ky: number;
  /** The visible band of y values, margin included. */
  bandLo: number;
  bandHi: number;
  value(x: number): number;
  enclose(lo: number, hi: number): Interval;
}

/** A one-sided limit with a bound on its error, and how near the point samples are still trustworthy. */
export interface Limit {
  value: number;
  error: number;
  /** Samples nearer the point than this (in x) may be rounding noise. */
  trustedFrom: number;
  /** The trusted probes, farthest first, at distances PROBE_STEP apart on either side alike. */
  probes: readonly Probe[];
}

type Side =
  | { kind: "undefined" }
  | { kind: "unbounded" }
  | ({ kind: "limit" } & Limit)
  | { kind: "oscillating"; probes: readonly Probe[] }
  | { kind: "noisy"; probes: readonly Probe[] };

export type BreakVerdict =
  /** f is continuous through x: the enclosure overestimated. */
  | { kind: "none"; x: number }
  /** Undefined at x (or defined apart from the curve: `value`), with one limit from both sides. */
  | { kind: "hole"; x: number; limit: number; value: number; left: Limit; right: Limit }
  | { kind: "asymptote"; x: number }
  | { kind: "jump"; x: number; left: Limit; right: Limit; value: number }
  /** f is defined on one side only (`defined`: −1 left, 1 right); `value` is f(x), or its limit where f(x) is undefined. */
  | { kind: "edge"; x: number; defined: -1 | 1; value: number }
  /** No verdict: rounding swamps the values near x, or f oscillates without settling. */
  | {
      kind: "unresolved";
      x: number;
      reason: "rounding" | "oscillation";
      /** Samples nearer x than this are rounding's, not f's: they are not drawn. */
      noisyWithin: number;
    };

function ulp(v: number): number {
  return Math.max(Math.abs(v) * Number.EPSILON, Number.MIN_VALUE);
}

/** Classifies what f does in [lo, hi], a bracket a tiny fraction of a pixel wide that holds any break there is. */
export function classifyBreak(e: Evaluator, lo: number, hi: number): BreakVerdict {
  const simple = simpleNumberIn(lo, hi);
  const x = (simple?.value ?? lo + (hi - lo) / 2) + 0;
  // Probes nearer than the bracket's width might lie on the wrong side of the break, unless the
  // break is taken to be at a simple number (the bracket is then as wide as the enclosures could
  // tell, as for tan near π/2).
  const nearest = simple ? SIMPLE_POINT_ULPS * ulp(x) : Math.max(hi - x, x - lo);
  // Where the enclosure over the bracket and the floats next to x is continuous, the mathematics has
  // no break: an enclosure over a wider box overestimated, or f merely leaves the floats there
  // (e^(1/x) overflows right of x = 1/709.8).
  const step = SIMPLE_POINT_ULPS * ulp(x);
  const around = e.enclose(Math.min(lo, x - step), Math.max(hi, x + step));
  if (around.continuous && around.defined === "all") return { kind: "none", x };
  const left = probeSide(e, x, -1, nearest);
  const right = probeSide(e, x, 1, nearest);
  if (left.kind === "unbounded" || right.kind === "unbounded") return { kind: "asymptote", x };
  if (left.kind === "undefined" && right.kind === "undefined") return { kind: "none", x };
  const raw = e.value(x);
  if (left.kind === "undefined" || right.kind === "undefined") {
    const defined = left.kind === "undefined" ? right : left;
    // f defined at the end itself says what the curve reaches, however slowly it settles (√x at 0, zoomed in).
    if (Number.isFinite(raw)) return { kind: "edge", x, defined: left.kind === "undefined" ? 1 : -1, value: raw };
    if (defined.kind === "limit") {
      const value = snapped(defined.value - defined.error, defined.value + defined.error, defined.value);
      return { kind: "edge", x, defined: left.kind === "undefined" ? 1 : -1, value };
    }
  }
  const noisy = left.kind === "noisy" || right.kind === "noisy";
  // Where rounding wins, samples are trusted no nearer than the nearest trusted probe (or the farthest probe).
  const unresolved = (): BreakVerdict => {
    if (!noisy) return { kind: "unresolved", x, reason: "oscillation", noisyWithin: 0 };
    const reach = (side: Side) => (side.kind === "noisy" ? (side.probes.at(-1)?.distance ?? PROBE_FAR_PX / e.kx) : 0);
    return { kind: "unresolved", x, reason: "rounding", noisyWithin: Math.max(reach(left), reach(right)) };
  };
  if (left.kind === "undefined" || right.kind === "undefined") return unresolved();
  const value = definedAt(e, x, raw) ? raw : Number.NaN;
  if (left.kind !== "limit" || right.kind !== "limit") {
    // Neither side settled alone, but their means at each distance may: the slope cancels.
    const hole = symmetricHole(left.probes, right.probes, x, e.ky);
    if (hole) return { kind: "hole", x, limit: hole.limit, value, left: hole.left, right: hole.right };
    return unresolved();
  }
  const [l, r] = [left as Limit, right as Limit];
  const slack = SAME_LIMIT_PX / e.ky;
  if (Math.abs(l.value - r.value) > l.error + r.error + slack) return { kind: "jump", x, left: l, right: r, value };
  const limit = commonLimit(l, r, x);
  if (Number.isFinite(value) && Math.abs(value - limit) <= Math.min(l.error, r.error) + slack)
    return { kind: "none", x };
  return { kind: "hole", x, limit, value, left: l, right: r };
}

/**
 * Whether f is defined at x: its value there is finite and its enclosure over the floats next to x says
 * so (tan is finite at the float nearest π/2, yet undefined at π/2, which lies between them).
 */
function definedAt(e: Evaluator, x: number, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const step = 2 * ulp(x);
  return e.enclose(x - step, x + step).defined === "all";
}

/**
 * The limit both sides agree on. The mean of two probes at one distance either side cancels the
 * part of f that is odd about the point (the slope), so it settles much faster than either side;
 * the distance whose mean is best known (its change from the last distance plus the rounding) is
 * used, and snapped to the simplest number within its error.
 */
function commonLimit(l: Limit, r: Limit, x: number): number {
  let best = l.error <= r.error ? { value: l.value, error: l.error } : { value: r.value, error: r.error };
  for (let j = 1; j < Math.min(l.probes.length, r.probes.length); j++) {
    const mean = (l.probes[j]!.value + r.probes[j]!.value) / 2;
    const before = (l.probes[j - 1]!.value + r.probes[j - 1]!.value) / 2;
    const error = 2 * Math.abs(mean - before) + (l.probes[j]!.error + r.probes[j]!.error) / 2;
    if (error < best.error) best = { value: mean, error };
  }
  const error = best.error + standIn(l.probes, r.probes, x);
  return snapped(best.value - error, best.value + error, best.value);
}

/**
 * How far f's limit at the number x stands for (π/2) may lie from its limit at the double x: the
 * slope (the probes' half-difference over their distance) times the ulps between them.
 */
function standIn(left: readonly Probe[], right: readonly Probe[], x: number): number {
  const n = Math.min(left.length, right.length);
  if (n === 0) return 0;
  const slope = Math.abs(right[n - 1]!.value - left[n - 1]!.value) / (2 * left[n - 1]!.distance);
  return slope * SIMPLE_POINT_ULPS * ulp(x);
}

/**
 * A hole read from both sides together, where rounding cut each short before it settled alone
 * ((exp(x) − 1 − x)/x² in a view tall in pixels): at each distance, the mean of the two probes
 * loses f's slope and their half-difference is that slope's share. If the means settle and the
 * half-differences shrink towards 0 (the sides approach one value), the means give the limit.
 */
function symmetricHole(
  left: readonly Probe[],
  right: readonly Probe[],
  x: number,
  ky: number,
): { limit: number; left: Limit; right: Limit } | null {
  const n = Math.min(left.length, right.length);
  if (n < 2) return null;
  const mean = (j: number) => (left[j]!.value + right[j]!.value) / 2;
  const odd = (j: number) => Math.abs(left[j]!.value - right[j]!.value) / 2;
  const step = Math.abs(mean(n - 1) - mean(n - 2));
  if (!(step * ky <= SETTLED_PX && odd(n - 1) <= CONTRACTION * odd(n - 2))) return null;
  const error = 2 * step + (left[n - 1]!.error + right[n - 1]!.error) / 2 + standIn(left, right, x);
  const simple = simpleNumberIn(mean(n - 1) - error, mean(n - 1) + error);
  // Read this way, a limit is only told if it is known: a simple number, or to a trusted probe's precision.
  if (!simple && error * ky > TRUSTED_ERROR_PX) return null;
  const limit = (simple?.value ?? mean(n - 1)) + 0;
  const side = (probes: readonly Probe[]): Limit => ({
    value: limit,
    error: error + odd(n - 1),
    trustedFrom: probes[n - 1]!.distance,
    probes: probes.slice(0, n),
  });
  return { limit, left: side(left), right: side(right) };
}

/** The simplest number in [lo, hi], or `fallback`. */
export function snapped(lo: number, hi: number, fallback: number): number {
  return (simpleNumberIn(lo, hi)?.value ?? fallback) + 0;
}

export interface Probe {
  distance: number;
  value: number;
  error: number;
}

/** f on one side of x, from PROBE_FAR_PX inwards, stopping at the first untrusted probe. */
function probeSide(e: Evaluator, x: number, direction: -1 | 1, nearest: number): Side {
  const trusted: Probe[] = [];
  let undefinedCount = 0;
  let stoppedByNoise = false;
  for (let px = PROBE_FAR_PX; px >= PROBE_NEAR_PX * (1 - 1e-9); px /= PROBE_STEP) {
    const distance = px / e.kx;
    const at = x + direction * distance;
    if (distance <= nearest || at === x) break;
    const value = e.value(at);
    if (Number.isNaN(value)) {
      undefinedCount++;
      continue;
    }
    if (!Number.isFinite(value)) return { kind: "unbounded" };
    const enclosure = e.enclose(at, at);
    const error = enclosure.hi - enclosure.lo;
    // Far off the view only growth can be told, and relative precision is enough for that.
    const far = Math.max(value - e.bandHi, e.bandLo - value) * e.ky >= FAR_OFF_PX;
    if (!(error <= Math.max(TRUSTED_ERROR_PX / e.ky, far ? TRUSTED_RELATIVE * Math.abs(value) : 0))) {
      stoppedByNoise = true;
      break;
    }
    trusted.push({ distance, value, error });
    const verdict = early(e, x, direction, trusted);
    if (verdict) return verdict;
  }
  if (trusted.length === 0)
    return undefinedCount > 0 && !stoppedByNoise ? { kind: "undefined" } : { kind: "noisy", probes: [] };
  if (undefinedCount > 0) return { kind: "oscillating", probes: [] };
  // A limit needs probes precise at the view's scale, not only relatively.
  const precise = trusted.filter((p) => p.error * e.ky <= TRUSTED_ERROR_PX);
  const settled = precise.length === trusted.length ? settle(trusted, e.ky) : null;
  if (settled) return settled;
  if (precise.length < trusted.length) return { kind: "noisy", probes: precise };
  // Rounding cut the probes short before they could show f settling: no verdict either way.
  return stoppedByNoise && trusted.length < GROWTH_PROBES
    ? { kind: "noisy", probes: trusted }
    : { kind: "oscillating", probes: trusted };
}

/** Stops a side early once it is plainly growing without bound or constant. */
function early(e: Evaluator, x: number, direction: -1 | 1, probes: readonly Probe[]): Side | null {
  const n = probes.length;
  if (n >= GROWTH_PROBES && growing(e, x, direction, probes)) return { kind: "unbounded" };
  if (n < 2) return null;
  const last = Math.abs(probes[n - 1]!.value - probes[n - 2]!.value);
  return last * e.ky <= FLAT_PX ? limitOf(probes, last) : null;
}

/**
 * |f| increases through every probe, keeping one sign, by steps that do not shrink (ln x at 0 grows
 * by equal steps, 1/x by ever larger ones), and the enclosure of f over the probed stretch is no
 * wider than the probes' span allows: sin(1/x) may rise through three probes by chance, but its
 * enclosure there is [−1, 1].
 */
function growing(e: Evaluator, x: number, direction: -1 | 1, probes: readonly Probe[]): boolean {
  const sign = Math.sign(probes[0]!.value);
  if (sign === 0) return false;
  let step = 0;
  for (let i = 1; i < probes.length; i++) {
    const [before, after] = [probes[i - 1]!.value, probes[i]!.value];
    const next = Math.abs(after) - Math.abs(before);
    if (Math.sign(after) !== sign || !(next > 0) || next < CONTRACTION * step) return false;
    step = next;
  }
  const [far, near] = [x + direction * probes[0]!.distance, x + direction * probes[probes.length - 1]!.distance];
  const stretch = e.enclose(Math.min(far, near), Math.max(far, near));
  const span = Math.abs(probes[probes.length - 1]!.value - probes[0]!.value);
  return stretch.defined === "all" && stretch.hi - stretch.lo <= GROWTH_ENCLOSURE_SLACK * span;
}

/**
 * A limit if the trusted probes settle, else null. With three or more, the steps between them must
 * shrink by CONTRACTION at least, and the tail they leave (a geometric series at their last ratio)
 * must be below SETTLED_PX; with two, their one step must be.
 */
function settle(probes: readonly Probe[], ky: number): Side | null {
  const n = probes.length;
  if (n < 2) return null;
  const last = Math.abs(probes[n - 1]!.value - probes[n - 2]!.value);
  const noise = probes[n - 1]!.error + probes[n - 2]!.error;
  if (last * ky <= FLAT_PX || last <= noise) return limitOf(probes, last + noise);
  if (n === 2) return last * ky <= SETTLED_PX ? limitOf(probes, 2 * last) : null;
  // Shrinking against the largest earlier step, not just the one before: x·sin(1/x) settles unevenly.
  let largest = 0;
  for (let i = 1; i + 1 < n; i++) largest = Math.max(largest, Math.abs(probes[i]!.value - probes[i - 1]!.value));
  if (!(last <= CONTRACTION * largest)) return null;
  // The tail at the last ratio (at most CONTRACTION: an uneven one says little about the next step).
  const before = Math.abs(probes[n - 2]!.value - probes[n - 3]!.value);
  const ratio = before > 0 ? Math.min(CONTRACTION, last / before) : CONTRACTION;
  const tail = (last * ratio) / (1 - ratio);
  return tail * ky <= SETTLED_PX ? limitOf(probes, 2 * tail) : null;
}

/** The nearest probe's value, with a bound on how far the limit may lie from it (plus its rounding). */
function limitOf(probes: readonly Probe[], tail: number): Side {
  const nearest = probes[probes.length - 1]!;
  return { kind: "limit", value: nearest.value, error: tail + nearest.error, trustedFrom: nearest.distance, probes };
}
