/**
 * The powers a⁰, a¹, a², … mod m, which must repeat because there are only m remainders and each
 * one fixes the next. The path they trace is shaped like a ρ: a tail that is never visited again,
 * then a cycle.
 */
import { eulerPhi } from "./arithmetic-functions";
import { gcd } from "./bigint";
import { factorSmall } from "./small-factorization";

/** The largest modulus walked here: the walk keeps one slot per remainder. */
export const POWER_CYCLE_MAX_MODULUS = 1_000_000;

export interface PowerCycle {
  a: number;
  m: number;
  /** a^n mod m for n = 0, 1, …, tail + period − 1: every distinct value, in order (a^0 = 1, also for a = 0). */
  powers: number[];
  /** How many powers come before the cycle: a^n for n < tail never comes back. */
  tail: number;
  /** The cycle length: a^(n + period) ≡ a^n (mod m) for every n ≥ tail, and no shorter step does that. */
  period: number;
}

/**
 * Walks a^n mod m until a remainder comes back; it does so within m + 1 steps. The first repeated
 * value is where the cycle starts, so tail and period are read off the step it was first seen.
 */
export function powerCycle(a: number, m: number): PowerCycle {
  if (!Number.isSafeInteger(a) || a < 0) throw new RangeError(`a must be a whole number ≥ 0, not ${a}`);
  if (!Number.isSafeInteger(m) || m < 1 || m > POWER_CYCLE_MAX_MODULUS) {
    throw new RangeError(`m must be a whole number from 1 to ${POWER_CYCLE_MAX_MODULUS}, not ${m}`);
  }
  const base = a % m;
  const firstSeen = new Map<number, number>();
  const powers: number[] = [];
  // Below 10^6 · 10^6, so the products stay exact in floating point.
  for (let value = 1 % m; !firstSeen.has(value); value = (value * base) % m) {
    firstSeen.set(value, powers.length);
    powers.push(value);
  }
  const last = powers[powers.length - 1] ?? 0;
  const tail = firstSeen.get((last * base) % m) ?? 0;
  return { a, m, powers, tail, period: powers.length - tail };
}

/** What the cycle wheel says about a and m beside the cycle itself. */
export interface PowerCycleFacts extends PowerCycle {
  gcd: number;
  /** φ(m); when gcd(a, m) = 1 the period is the order of a and divides it. */
  phi: number;
}

export function powerCycleFacts(a: number, m: number): PowerCycleFacts {
  const cycle = powerCycle(a, m);
  return {
    ...cycle,
    gcd: Number(gcd(BigInt(a), BigInt(m))),
    phi: Number(eulerPhi(factorSmall(m))),
  };
}
