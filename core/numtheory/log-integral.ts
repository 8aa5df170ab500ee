/**
 * The logarithmic integral li(x) = ∫₀ˣ dt / ln t (principal value), the
 * estimate of π(x) that Gauss proposed, by Ramanujan's series
 *   li(x) = γ + ln ln x + √x · Σ_{n≥1} ((−1)^{n−1} (ln x)^n / (n! 2^{n−1})) · Σ_{k=0}^{⌊(n−1)/2⌋} 1/(2k+1),
 * which converges for every x > 1 and needs about 2·ln x terms to reach double precision.
 */

/** The Euler–Mascheroni constant γ. */
const EULER_GAMMA = 0.5772156649015329;

/** Terms are added until they no longer change the sum at double precision. */
const MAX_TERMS = 500;

export function logIntegral(x: number): number {
  if (!(x > 1) || !Number.isFinite(x)) throw new RangeError("li(x) is computed for finite x > 1");
  const lnX = Math.log(x);
  let sum = 0;
  let term = 1; // (ln x)^n / (n! 2^(n−1)), built up term by term
  let inner = 0; // Σ_{k ≤ (n−1)/2} 1/(2k+1)
  for (let n = 1; n <= MAX_TERMS; n += 1) {
    term *= lnX / n / (n === 1 ? 1 : 2);
    if ((n - 1) % 2 === 0) inner += 1 / n;
    const next = (n % 2 === 1 ? 1 : -1) * term * inner;
    sum += next;
    if (Math.abs(next) < 1e-17 * Math.abs(sum) && n > lnX) break;
  }
  return EULER_GAMMA + Math.log(lnX) + Math.sqrt(x) * sum;
}
