import type { Factor } from "./factorization-types";

/** The largest n the lesson widgets factor synchronously: trial division up to 10^6 stays instant. */
export const SMALL_FACTORIZATION_MAX = 1_000_000_000_000;

/**
 * The prime factorization of a small whole number (1 ≤ n ≤ 10^12) by trial
 * division, for widgets that need it at once, on the main thread. Larger
 * numbers belong to `factorize`, which runs in a worker.
 */
export function factorSmall(n: number): Factor[] {
  if (!Number.isSafeInteger(n) || n < 1 || n > SMALL_FACTORIZATION_MAX) {
    throw new RangeError(`factorSmall needs a whole number from 1 to ${SMALL_FACTORIZATION_MAX}, not ${n}`);
  }
  const factors: Factor[] = [];
  let rest = n;
  for (let p = 2; p * p <= rest; p += p === 2 ? 1 : 2) {
    let exponent = 0;
    while (rest % p === 0) {
      rest /= p;
      exponent++;
    }
    if (exponent > 0) factors.push({ value: BigInt(p), exponent, kind: "prime" });
  }
  if (rest > 1) factors.push({ value: BigInt(rest), exponent: 1, kind: "prime" });
  return factors;
}
