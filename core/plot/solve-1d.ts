/**
 * One-dimensional solvers for the analysis of plotted functions: Brent's root finder (bisection
 * safeguarding secant and inverse quadratic interpolation steps) and golden-section minimisation.
 * Both are bounded in iterations whatever f does.
 */
import type { RealFunction } from "./curve-types";

export const MAX_SOLVER_ITERATIONS = 200;
const EPSILON = Number.EPSILON;
/** The smallest absolute tolerance, so a root at 0 ends too. */
const TINY = 1e-300;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** A root and the bracket it was narrowed to: f changes sign (or is 0) between lo and hi. */
export interface BracketedRoot {
  x: number;
  lo: number;
  hi: number;
}

/**
 * A root of f in [a, b], given f(a) and f(b) of opposite signs (or one of them 0), to within a few
 * units in the last place. f is assumed continuous on [a, b]: the caller certifies that.
 */
export function brentRoot(f: RealFunction, a: number, fa: number, b: number, fb: number): number {
  return brentBracket(f, a, fa, b, fb).x;
}

/** brentRoot, with the final bracket: a simple number inside it is as good a root as x. */
export function brentBracket(f: RealFunction, a: number, fa: number, b: number, fb: number): BracketedRoot {
  if (fa === 0) return { x: a, lo: a, hi: a };
  if (fb === 0) return { x: b, lo: b, hi: b };
  let [c, fc] = [a, fa];
  let d = b - a;
  let e = d;
  for (let i = 0; i < MAX_SOLVER_ITERATIONS; i++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      [c, fc] = [a, fa];
      d = e = b - a;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      [a, fa, b, fb, c, fc] = [b, fb, c, fc, b, fb];
    }
    const tolerance = 2 * EPSILON * Math.abs(b) + TINY;
    const half = (c - b) / 2;
    if (fb === 0) return { x: b, lo: b, hi: b };
    if (Math.abs(half) <= tolerance) return { x: b, lo: Math.min(b, c), hi: Math.max(b, c) };
    if (Math.abs(e) >= tolerance && Math.abs(fa) > Math.abs(fb)) {
      [d, e] = interpolationStep(a, fa, b, fb, c, fc, half, tolerance, d, e);
    } else {
      d = e = half;
    }
    [a, fa] = [b, fb];
    b += Math.abs(d) > tolerance ? d : half > 0 ? tolerance : -tolerance;
    fb = f(b);
  }
  // Out of iterations (bisecting a jump, as in sign(x)): the last step kept a, or c, across the sign change.
  if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) c = a;
  return { x: b, lo: Math.min(b, c), hi: Math.max(b, c) };
}

/** Brent's interpolation step (secant if a = c, else inverse quadratic), or bisection if it would not be safe. */
function interpolationStep(
  a: number,
  fa: number,
  b: number,
  fb: number,
  c: number,
  fc: number,
  half: number,
  tolerance: number,
  d: number,
  e: number,
): [number, number] {
  const s = fb / fa;
  let p: number;
  let q: number;
  if (a === c) {
    p = 2 * half * s;
    q = 1 - s;
  } else {
    const r = fb / fc;
    const t = fa / fc;
    p = s * (2 * half * t * (t - r) - (b - a) * (r - 1));
    q = (t - 1) * (r - 1) * (s - 1);
  }
  if (p > 0) q = -q;
  else p = -p;
  if (2 * p < Math.min(3 * half * q - Math.abs(tolerance * q), Math.abs(e * q))) return [p / q, d];
  return [half, half];
}

/** The x in [a, b] where f is least, by golden-section search, to about √ε relative precision. */
export function goldenMinimum(f: RealFunction, a: number, b: number): number {
  let x1 = b - GOLDEN * (b - a);
  let x2 = a + GOLDEN * (b - a);
  let f1 = f(x1);
  let f2 = f(x2);
  for (let i = 0; i < MAX_SOLVER_ITERATIONS; i++) {
    if (Math.abs(b - a) <= Math.sqrt(EPSILON) * (Math.abs(x1) + Math.abs(x2)) + TINY) break;
    if (f1 <= f2) {
      [b, x2, f2] = [x2, x1, f1];
      x1 = b - GOLDEN * (b - a);
      f1 = f(x1);
    } else {
      [a, x1, f1] = [x1, x2, f2];
      x2 = a + GOLDEN * (b - a);
      f2 = f(x2);
    }
  }
  return f1 <= f2 ? x1 : x2;
}
