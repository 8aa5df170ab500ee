/**
 * Why 1/n has the pre-period and period it has in base b: the primes n shares with b decide how
 * many digits come before the repetition, the rest of n decides its length (the order of b).
 */
import { requireDigitBase } from "./base-digits";
import { multiplicativeOrder } from "./multiplicative-order";
import { primality } from "./primality";
import { factorSmall } from "./small-factorization";

export const PERIOD_EXPLORER_MAX_N = 1_000_000_000;
/** Prime gaps below 10^9 are under 300; this caps the search for neighbours all the same. */
const NEIGHBOUR_SEARCH_LIMIT = 5_000;

export interface PrimePower {
  prime: number;
  exponent: number;
}

/** A prime of both n and the base: p^e | n needs ⌈e / f⌉ digits when p^f ∥ base. */
export interface SharedPrime extends PrimePower {
  exponentInBase: number;
  digitsNeeded: number;
}

/** A prime power of n that shares nothing with the base, the period of 1/p^e and, for comparison, of 1/p. */
export interface PrimePowerPeriod extends PrimePower {
  period: number;
  primePeriod: number;
}

export interface PeriodReport {
  n: number;
  base: number;
  factors: PrimePower[];
  baseFactors: PrimePower[];
  sharedPrimes: SharedPrime[];
  /** n without its primes in common with the base. */
  coprimePart: number;
  primePowerPeriods: PrimePowerPeriod[];
  preperiod: number;
  /** The order of the base modulo the coprime part; 0 when 1/n ends. */
  period: number;
  /** n is prime, does not divide the base and the period is n − 1, the longest possible. */
  fullReptendPrime: boolean;
}

const factorsOf = (n: number): PrimePower[] =>
  factorSmall(n).map(({ value, exponent }) => ({ prime: Number(value), exponent }));

const smallFactorizer = (m: bigint) => factorSmall(Number(m));

/** ord_m(base) for m ≥ 2 coprime to the base, m ≤ 10^9 (p − 1 then factors at once). */
function orderOf(base: number, m: number, factors: readonly PrimePower[]): number {
  const order = multiplicativeOrder(
    BigInt(base),
    BigInt(m),
    factors.map(({ prime, exponent }) => ({ value: BigInt(prime), exponent, kind: "prime" as const })),
    smallFactorizer,
  );
  if (order === null) throw new Error(`Could not find the order of ${base} modulo ${m}`);
  return Number(order);
}

function requireN(n: number): void {
  if (!Number.isInteger(n) || n < 2 || n > PERIOD_EXPLORER_MAX_N) {
    throw new RangeError(`n must be a whole number from 2 to ${PERIOD_EXPLORER_MAX_N}, not ${n}`);
  }
}

export function periodReport(n: number, base: number): PeriodReport {
  requireN(n);
  requireDigitBase(base);
  const factors = factorsOf(n);
  const baseFactors = factorsOf(base);
  const exponentInBase = (p: number) => baseFactors.find(({ prime }) => prime === p)?.exponent ?? 0;
  const sharedPrimes = factors
    .filter(({ prime }) => exponentInBase(prime) > 0)
    .map(({ prime, exponent }) => {
      const f = exponentInBase(prime);
      return { prime, exponent, exponentInBase: f, digitsNeeded: Math.ceil(exponent / f) };
    });
  const coprimeFactors = factors.filter(({ prime }) => exponentInBase(prime) === 0);
  const coprimePart = coprimeFactors.reduce((product, { prime, exponent }) => product * prime ** exponent, 1);
  const primePowerPeriods = coprimeFactors.map((factor) => {
    const primePeriod = orderOf(base, factor.prime, [{ prime: factor.prime, exponent: 1 }]);
    const period = factor.exponent === 1 ? primePeriod : orderOf(base, factor.prime ** factor.exponent, [factor]);
    return { ...factor, period, primePeriod };
  });
  const preperiod = Math.max(0, ...sharedPrimes.map(({ digitsNeeded }) => digitsNeeded));
  const period = coprimePart === 1 ? 0 : orderOf(base, coprimePart, coprimeFactors);
  const fullReptendPrime = factors.length === 1 && factors[0]?.exponent === 1 && coprimePart === n && period === n - 1;
  return {
    n,
    base,
    factors,
    baseFactors,
    sharedPrimes,
    coprimePart,
    primePowerPeriods,
    preperiod,
    period,
    fullReptendPrime,
  };
}

/** The first `count` digits after the point of 1/n in the base (fewer when the expansion ends). */
export function expansionDigits(n: number, base: number, count: number): number[] {
  requireN(n);
  requireDigitBase(base);
  if (!Number.isInteger(count) || count < 0 || count > 10_000) throw new RangeError(`Cannot write ${count} digits`);
  const digits: number[] = [];
  for (let remainder = 1; remainder !== 0 && digits.length < count; remainder = (remainder * base) % n) {
    digits.push(Math.floor((remainder * base) / n));
  }
  return digits;
}

export interface NeighbourPrime {
  prime: number;
  period: number;
  fullReptend: boolean;
}

const isPrime = (m: number) => m >= 2 && primality(BigInt(m)) !== "composite";

/**
 * The `count` primes nearest n (n itself if prime) that do not divide the base, in increasing
 * order, with the period of 1/p: a table to compare against p − 1.
 */
export function neighbourPrimePeriods(n: number, base: number, count: number): NeighbourPrime[] {
  requireN(n);
  requireDigitBase(base);
  const candidates: number[] = [];
  const consider = (m: number) => {
    if (m >= 2 && m <= PERIOD_EXPLORER_MAX_N && base % m !== 0 && isPrime(m)) candidates.push(m);
  };
  consider(n);
  for (let distance = 1; distance <= NEIGHBOUR_SEARCH_LIMIT && candidates.length < count; distance += 1) {
    consider(n - distance);
    if (candidates.length < count) consider(n + distance);
  }
  return candidates
    .sort((a, b) => a - b)
    .map((prime) => {
      const period = orderOf(base, prime, [{ prime, exponent: 1 }]);
      return { prime, period, fullReptend: period === prime - 1 };
    });
}
