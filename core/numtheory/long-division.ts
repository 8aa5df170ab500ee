/** Long division a/d in any base, digit by digit, as a pupil does it: multiply the remainder by the base, divide, repeat. */
import { requireDigitBase } from "./base-digits";

export const LONG_DIVISION_MAX_NUMERATOR = 1_000_000;
/** Fewer than d steps are ever needed, so this bounds the work and the step list. */
export const LONG_DIVISION_MAX_DENOMINATOR = 10_000;

/** One digit after the point: remainder × base = digit × denominator + nextRemainder. */
export interface DivisionStep {
  remainder: number;
  product: number;
  digit: number;
  nextRemainder: number;
}

export interface LongDivision {
  numerator: number;
  denominator: number;
  base: number;
  /** ⌊numerator / denominator⌋, the part before the point. */
  integerPart: number;
  /** One step per digit after the point, until the remainder is 0 or comes back. */
  steps: DivisionStep[];
  /**
   * r₀, r₁, …: the remainder before the first digit, then after each step (one more than the steps).
   * When the expansion repeats, the last one equals the one at index `preperiod`.
   */
  remainders: number[];
  /** Digits after the point before the repeating block (all of them when the expansion ends). */
  preperiod: number;
  /** Length of the repeating block; 0 when the expansion ends. */
  period: number;
}

function requireWholeInRange(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`The ${name} must be a whole number from ${min} to ${max}, not ${value}`);
  }
}

/**
 * Divides until the remainder is 0 (the expansion ends) or equals an earlier one: from then on
 * the same steps come back in the same order, so the digits between the two repeat for ever.
 */
export function longDivision(numerator: number, denominator: number, base: number): LongDivision {
  requireWholeInRange("numerator", numerator, 0, LONG_DIVISION_MAX_NUMERATOR);
  requireWholeInRange("denominator", denominator, 1, LONG_DIVISION_MAX_DENOMINATOR);
  requireDigitBase(base);
  const firstSeenAt = new Map<number, number>();
  const steps: DivisionStep[] = [];
  const remainders = [numerator % denominator];
  let remainder = numerator % denominator;
  while (remainder !== 0 && !firstSeenAt.has(remainder)) {
    firstSeenAt.set(remainder, steps.length);
    const product = remainder * base;
    const digit = Math.floor(product / denominator);
    const nextRemainder = product - digit * denominator;
    steps.push({ remainder, product, digit, nextRemainder });
    remainders.push(nextRemainder);
    remainder = nextRemainder;
  }
  const integerPart = Math.floor(numerator / denominator);
  // 0 is never recorded, so an expansion that ends has all its digits before the (empty) period.
  const preperiod = firstSeenAt.get(remainder) ?? steps.length;
  return { numerator, denominator, base, integerPart, steps, remainders, preperiod, period: steps.length - preperiod };
}
