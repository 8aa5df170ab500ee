import { digitSymbol, writeDigits } from "#core/numtheory/base-digits";
import type { LongDivision } from "#core/numtheory/long-division";

/** Digits written out at most, on the page and in sentences. */
export const DIGITS_SHOWN = 80;

/** One sentence on where the division stands, for the eye and for the live region. */
export function describeProgress(division: LongDivision, shown: number): string {
  const { numerator, denominator, base, steps, remainders, preperiod, period, integerPart } = division;
  if (shown === 0) {
    const start = `${numerator} ÷ ${denominator} = ${integerPart} remainder ${remainders[0]}.`;
    return steps.length === 0
      ? `${start} The division is exact: no digits after the point.`
      : `${start} Press Step: multiply the remainder by ${base} to get the first digit after the point.`;
  }
  const step = steps[shown - 1];
  if (!step) return "";
  const now = `Step ${shown}: ${step.remainder} × ${base} = ${step.product} = ${step.digit} × ${denominator} + ${step.nextRemainder}, so the digit is ${digitSymbol(step.digit)} and the remainder ${step.nextRemainder}.`;
  if (shown < steps.length) return now;
  if (period === 0) return `${now} Remainder 0: the division ends, after ${shown} ${shown === 1 ? "digit" : "digits"}.`;
  const block = writeDigits(steps.slice(preperiod, preperiod + Math.min(period, DIGITS_SHOWN)).map((s) => s.digit));
  return `${now} Remainder ${step.nextRemainder} has been seen before (r${preperiod}), so the same steps come round again: the ${period}-digit block ${block}${period > DIGITS_SHOWN ? "…" : ""} repeats for ever, ${preperiod === 0 ? "starting right after the point" : `after ${preperiod} ${preperiod === 1 ? "digit" : "digits"} that do not repeat`}.`;
}
