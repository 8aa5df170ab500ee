import { gcd } from "./bigint";

/** How many rounds Brent's cycle search runs before giving up on one polynomial. */
export const RHO_DEFAULT_ITERATIONS = 1 << 20;

/**
 * Pollard's rho with Brent's cycle detection and batched gcds: a non-trivial
 * factor of odd composite n, or null when `maxIterations` steps per
 * polynomial (x² + c, c = 1, 2, 3) find none. Expected work is about √p for
 * the smallest prime factor p, so it suits factors up to ~12 digits.
 */
export function pollardBrent(n: bigint, maxIterations = RHO_DEFAULT_ITERATIONS): bigint | null {
  if (n % 2n === 0n) return 2n;
  const batch = 128;
  for (let c = 1n; c <= 3n; c += 1n) {
    const step = (x: bigint) => (x * x + c) % n;
    let y = 2n;
    let r = 1;
    let q = 1n;
    let g = 1n;
    let x = y;
    let saved = y;
    let iterations = 0;
    while (g === 1n && iterations < maxIterations) {
      x = y;
      for (let i = 0; i < r; i += 1) y = step(y);
      let k = 0;
      while (k < r && g === 1n) {
        saved = y;
        const limit = Math.min(batch, r - k);
        for (let i = 0; i < limit; i += 1) {
          y = step(y);
          q = (q * (x > y ? x - y : y - x)) % n;
        }
        g = gcd(q, n);
        k += limit;
        iterations += limit;
      }
      r *= 2;
    }
    if (g === n) {
      // The batch overshot: retrace it one step at a time.
      g = 1n;
      let z = saved;
      while (g === 1n) {
        z = step(z);
        g = gcd(x > z ? x - z : z - x, n);
      }
    }
    if (g !== 1n && g !== n) return g;
  }
  return null;
}
