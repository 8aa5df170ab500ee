/**
 * Pisano periods: the Fibonacci numbers mod m repeat, and because each pair
 * (F(n), F(n+1)) also determines the pair before it, the repetition starts at
 * once — the first return of the pair (0, 1) gives the period π(m).
 */

/** A cycle holds at most 6m terms (π(m) ≤ 6m), so this keeps one call under 600 000 steps. */
export const PISANO_MAX_MODULUS = 100_000;

/** π(m) is at most 6m for every m ≥ 1 (equality exactly for m = 2·5ᵏ). */
export const PISANO_BOUND_FACTOR = 6;

function requireModulus(m: number): void {
  if (!Number.isInteger(m) || m < 1 || m > PISANO_MAX_MODULUS) {
    throw new RangeError(`the modulus must be a whole number from 1 to ${PISANO_MAX_MODULUS}`);
  }
}

/**
 * F(0) mod m, F(1) mod m, … up to the first return of the pair (0, 1): one full
 * period, of length π(m).
 */
export function pisanoCycle(m: number): number[] {
  requireModulus(m);
  const one = 1 % m;
  const cycle: number[] = [];
  let [a, b] = [0, one];
  do {
    cycle.push(a);
    [a, b] = [b, (a + b) % m];
    if (cycle.length > PISANO_BOUND_FACTOR * m)
      throw new Error(`no return of (0, 1) within ${PISANO_BOUND_FACTOR}m steps`);
  } while (a !== 0 || b !== one);
  return cycle;
}

/** π(m): the period of the Fibonacci numbers mod m. */
export function pisanoPeriod(m: number): number {
  return pisanoCycle(m).length;
}
