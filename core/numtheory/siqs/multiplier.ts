/** The Knuth–Schroeppel multiplier: factor k·n instead of n when that makes many small primes split. */

/** Odd squarefree candidates below 100 (even ones would break the odd-n polynomial arithmetic). */
const CANDIDATES = [
  1, 3, 5, 7, 11, 13, 15, 17, 19, 21, 23, 29, 31, 33, 35, 37, 39, 41, 43, 47, 51, 53, 55, 57, 59, 61, 65, 67, 69, 71,
  73, 77, 79, 83, 85, 87, 89, 91, 93, 95, 97,
] as const;

/** Primes scored (the contribution of larger ones is too small to change the choice). */
const SCORED_PRIMES: readonly number[] = (() => {
  const primes: number[] = [];
  for (let p = 3; primes.length < 300; p += 2) {
    let prime = true;
    for (const q of primes) {
      if (q * q > p) break;
      if (p % q === 0) {
        prime = false;
        break;
      }
    }
    if (prime) primes.push(p);
  }
  return primes;
})();

/**
 * Silverman's form of the Knuth–Schroeppel function: the expected log of the
 * smooth part contributed by small primes to Q(x), minus half the log of k
 * (which Q(x) grows by). Larger is better.
 */
export function multiplierScore(n: bigint, k: number): number {
  const kn = n * BigInt(k);
  const mod8 = Number(kn & 7n);
  let score = -0.5 * Math.log(k);
  if (mod8 === 1) score += 2 * Math.LN2;
  else if (mod8 === 5) score += Math.LN2;
  else score += 0.5 * Math.LN2;
  for (const p of SCORED_PRIMES) {
    const residue = Number(kn % BigInt(p));
    if (residue === 0) score += Math.log(p) / p;
    else if (isQuadraticResidue(residue, p)) score += (2 * Math.log(p)) / (p - 1);
  }
  return score;
}

/** The candidate multiplier with the best score for odd n (ties go to the smaller k). */
export function chooseMultiplier(n: bigint): number {
  let best = 1;
  let bestScore = -Infinity;
  for (const k of CANDIDATES) {
    const score = multiplierScore(n, k);
    if (score > bestScore + 1e-12) {
      best = k;
      bestScore = score;
    }
  }
  return best;
}

/** Euler's criterion for a small odd prime p (p² < 2^53). */
function isQuadraticResidue(a: number, p: number): boolean {
  let result = 1;
  let base = a % p;
  let e = (p - 1) / 2;
  while (e > 0) {
    if (e & 1) result = (result * base) % p;
    base = (base * base) % p;
    e >>= 1;
  }
  return result === 1;
}

export const MULTIPLIER_CANDIDATES: readonly number[] = CANDIDATES;
