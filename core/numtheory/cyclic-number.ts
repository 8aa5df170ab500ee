/**
 * The cyclic number of a full-reptend prime p in base b, (b^(p−1) − 1)/p: the repetend of 1/p.
 * Its multiples by 1 … p − 1 are its rotations, because the remainders of the long division of 1/p
 * run through every k from 1 to p − 1, and k/p is 1/p read from the place where remainder k appears.
 */
import { requireDigitBase } from "./base-digits";

export const CYCLIC_NUMBER_MAX_PRIME = 100;

/** k × (cyclic number): its digits, which are the cyclic number's digits moved `shift` places to the left. */
export interface CyclicMultiple {
  multiplier: number;
  digits: number[];
  shift: number;
}

export interface CyclicNumber {
  prime: number;
  base: number;
  /** p − 1 digits, leading zeros kept (0588235294117647 for 17). */
  digits: number[];
  /** k = 1 … p − 1, in order. */
  multiples: CyclicMultiple[];
}

export type FullReptendStatus =
  | { kind: "full-reptend" }
  | { kind: "not-prime" }
  | { kind: "divides-base" }
  /** The period of 1/p is a proper divisor of p − 1. */
  | { kind: "short-period"; period: number };

function requirePrimeCandidate(p: number): void {
  if (!Number.isInteger(p) || p < 2 || p > CYCLIC_NUMBER_MAX_PRIME) {
    throw new RangeError(`p must be a whole number from 2 to ${CYCLIC_NUMBER_MAX_PRIME}, not ${p}`);
  }
}

const isSmallPrime = (m: number) => {
  if (m < 2) return false;
  for (let d = 2; d * d <= m; d += 1) if (m % d === 0) return false;
  return true;
};

/** The remainders 1, b mod p, b² mod p, … of the long division of 1/p until 1 comes back. */
function remainderCycle(p: number, base: number): number[] {
  const cycle = [1];
  for (let r = base % p; r !== 1; r = (r * base) % p) cycle.push(r);
  return cycle;
}

export function fullReptendStatus(p: number, base: number): FullReptendStatus {
  requirePrimeCandidate(p);
  requireDigitBase(base);
  if (!isSmallPrime(p)) return { kind: "not-prime" };
  if (base % p === 0) return { kind: "divides-base" };
  const period = remainderCycle(p, base).length;
  return period === p - 1 ? { kind: "full-reptend" } : { kind: "short-period", period };
}

/** The cyclic number of p in the base with its multiples, or null when p is not full-reptend there. */
export function cyclicNumber(p: number, base: number): CyclicNumber | null {
  if (fullReptendStatus(p, base).kind !== "full-reptend") return null;
  const remainders = remainderCycle(p, base);
  const digits = remainders.map((r) => Math.floor((r * base) / p));
  const placeOf = new Map(remainders.map((r, place) => [r, place]));
  const multiples = remainders.map((_, index) => {
    const multiplier = index + 1;
    // k/p = b^j/p minus a whole number when k ≡ b^j (mod p): the digits of 1/p from place j on.
    const shift = placeOf.get(multiplier) ?? 0;
    return { multiplier, shift, digits: [...digits.slice(shift), ...digits.slice(0, shift)] };
  });
  return { prime: p, base, digits, multiples };
}

/** The full-reptend primes in the base up to the limit (at most CYCLIC_NUMBER_MAX_PRIME). */
export function fullReptendPrimes(base: number, limit = CYCLIC_NUMBER_MAX_PRIME): number[] {
  const primes: number[] = [];
  for (let p = 2; p <= Math.min(limit, CYCLIC_NUMBER_MAX_PRIME); p += 1) {
    if (fullReptendStatus(p, base).kind === "full-reptend") primes.push(p);
  }
  return primes;
}

/** The full-reptend primes in the base closest to p on each side (null when there is none up to the limit). */
export function nearestFullReptendPrimes(p: number, base: number): { below: number | null; above: number | null } {
  requirePrimeCandidate(p);
  const primes = fullReptendPrimes(base);
  return {
    below: primes.filter((q) => q < p).at(-1) ?? null,
    above: primes.find((q) => q > p) ?? null,
  };
}
