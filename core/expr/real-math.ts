/**
 * The real functions Math does not provide, defined once so the real, interval and complex
 * evaluators agree on them: factorial (whole numbers only, no Γ), mathematical mod, gcd and
 * lcm of whole numbers, rounding half away from zero, and real n-th roots.
 */

/** 170! is the largest factorial a double holds; 171! overflows to Infinity. */
export const LARGEST_FACTORIAL_ARGUMENT = 170;

const FACTORIALS = (() => {
  const table = new Float64Array(LARGEST_FACTORIAL_ARGUMENT + 1);
  table[0] = 1;
  for (let n = 1; n <= LARGEST_FACTORIAL_ARGUMENT; n += 1) table[n] = table[n - 1]! * n;
  return table;
})();

/** n! for a whole n ≥ 0 (Infinity past 170); NaN for anything else: the language has no Γ. */
export function factorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) return NaN;
  return n > LARGEST_FACTORIAL_ARGUMENT ? Infinity : FACTORIALS[n]!;
}

/** a mod b with the sign of b (a − b·⌊a/b⌋), computed from the exact remainder; NaN for b = 0. */
export function mathMod(a: number, b: number): number {
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r;
}

/** gcd of two whole numbers (≥ 0; gcd(0, 0) = 0); NaN if either is not whole. */
export function gcd(a: number, b: number): number {
  if (!Number.isInteger(a) || !Number.isInteger(b)) return NaN;
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const r = x % y;
    x = y;
    y = r;
  }
  return x;
}

/** lcm of two whole numbers (≥ 0; 0 if either is 0); NaN if either is not whole. */
export function lcm(a: number, b: number): number {
  const d = gcd(a, b);
  if (Number.isNaN(d)) return NaN;
  return d === 0 ? 0 : Math.abs((a / d) * b);
}

/** Rounds half away from zero, as taught: round(2.5) = 3, round(−2.5) = −3. */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** The real n-th root: odd whole n takes negative x (nthroot(−8, 3) = −2); otherwise x^(1/n), NaN for x < 0 or n = 0. */
export function nthRoot(x: number, n: number): number {
  if (n === 0) return NaN;
  if (x < 0 && Number.isInteger(n) && n % 2 !== 0) return -Math.pow(-x, 1 / n);
  return Math.pow(x, 1 / n);
}
