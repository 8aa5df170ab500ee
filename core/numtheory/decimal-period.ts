/** The decimal expansion of 1/n: how long before it repeats, and how long the repeating block is. */
import { type Factorizer, multiplicativeOrder, requireFactorizationOf } from "./multiplicative-order";
import type { Factor } from "./factorization-types";

export interface DecimalPeriod {
  /** Digits before the repetition starts: max(v₂(n), v₅(n)). */
  preperiod: number;
  /** Length of the repeating block, the order of 10 modulo n without its 2s and 5s; 0 for a terminating decimal; null when some p − 1 could not be factored. */
  period: bigint | null;
}

export function decimalPeriod(n: bigint, factors: readonly Factor[], factorize: Factorizer): DecimalPeriod {
  if (n < 1n) throw new RangeError(`1/n needs n ≥ 1, got ${n}`);
  requireFactorizationOf(n, factors);
  const exponentOf = (p: bigint) => factors.find(({ value }) => value === p)?.exponent ?? 0;
  const preperiod = Math.max(exponentOf(2n), exponentOf(5n));
  const coprimeFactors = factors.filter(({ value }) => value !== 2n && value !== 5n);
  const coprimePart = n / (2n ** BigInt(exponentOf(2n)) * 5n ** BigInt(exponentOf(5n)));
  if (coprimePart === 1n) return { preperiod, period: 0n };
  return { preperiod, period: multiplicativeOrder(10n, coprimePart, coprimeFactors, factorize) };
}

/** max(v₂(n), v₅(n)) by division, for callers without a factorization. */
function preperiodOf(n: bigint): number {
  let twos = 0;
  let fives = 0;
  for (let m = n; m % 2n === 0n; m /= 2n) twos += 1;
  for (let m = n; m % 5n === 0n; m /= 5n) fives += 1;
  return Math.max(twos, fives);
}

/**
 * 1/n written out by long division for display: "0.125", "0.1(6)", "0.(142857)" when the
 * expansion ends or closes its period within `count` digits, else the first `count` digits and "…".
 * The period closes when the remainder comes back to the one at the end of the preperiod.
 */
export function decimalDigits(n: bigint, count: number): string {
  if (n < 1n) throw new RangeError(`1/n needs n ≥ 1, got ${n}`);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a whole number ≥ 1, got ${count}`);
  if (n === 1n) return "1";
  const preperiod = preperiodOf(n);
  let digits = "";
  let remainder = 1n;
  let periodStart = preperiod === 0 ? remainder : -1n;
  while (digits.length < count) {
    remainder *= 10n;
    digits += (remainder / n).toString();
    remainder %= n;
    if (remainder === 0n) return `0.${digits}`;
    if (digits.length === preperiod) periodStart = remainder;
    else if (digits.length > preperiod && remainder === periodStart) {
      return `0.${digits.slice(0, preperiod)}(${digits.slice(preperiod)})`;
    }
  }
  return `0.${digits}…`;
}
