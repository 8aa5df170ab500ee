/**
 * How much ECM to run before the sieve (issue 24), chosen by expected time rather than a fixed share:
 * at each factor size in turn (15, 20, 25, … digits, with ECMNET's bounds), one more curve runs while
 * what it is expected to save — the chance that it finds a factor of that size, given that the curves
 * before it found none, times the sieve's expected time — is more than the curve costs. A 60-digit
 * number gets 34 curves for 15-digit factors (under a second, against seconds of sieving); an 80-digit
 * one also 210 curves for 20-digit factors (twice ECMNET's count), which SIQS would take minutes to find.
 */
import { ecmPlanForFactorDigits, type EcmPlan } from "./ecm";

export interface EcmLevel extends EcmPlan {
  /** The factor size these curves look for: up to this many digits. */
  factorDigits: number;
}

/**
 * One worker's SIQS seconds for a number of `digits` digits, log10 T = a + b·digits: fitted to the
 * engine's medians at 50 and 70 digits in `npm run bench:factor` on 2026-11-28, less the checks before
 * the sieve (0.55 s and 45 s; it predicts 5 s at 60 and 15 s at 65 digits, measured 4–6 and 14–20).
 * Only ratios to the curve costs below matter: both scale alike with the machine.
 */
const SIQS_LOG10_SECONDS = { intercept: -5.043, perDigit: 0.0957 } as const;

/**
 * One worker's nanoseconds per unit of B1 for one curve (stage 1 and stage 2 to B2 = 100·B1) on a number
 * of `digits` digits: base + perDigit·digits, fitted to `npx tsx bench/factor/ecm-costs.ts` on a quiet
 * machine (2026-11-28: about 8,800 ns at 40 digits, 11,200 at 60, 13,400 at 80, 17,900 at 100).
 */
const CURVE_NANOSECONDS_PER_B1 = { base: 2_700, perDigit: 150 } as const;

/**
 * A level may run past ECMNET's curve count (the expected number for a factor of that size) while its
 * curves still pay, up to this multiple: after it, a factor of that size is left with chance e^−4.
 */
const MAX_CURVES_PER_EXPECTED = 4;

/** Factor sizes, in steps of ECMNET's table, from the smallest that trial division and rho leave. */
const FIRST_FACTOR_DIGITS = 15;
const FACTOR_DIGITS_STEP = 5;

export function expectedSiqsSeconds(digits: number): number {
  return 10 ** (SIQS_LOG10_SECONDS.intercept + SIQS_LOG10_SECONDS.perDigit * digits);
}

export function expectedCurveSeconds(B1: number, digits: number): number {
  return B1 * (CURVE_NANOSECONDS_PER_B1.base + CURVE_NANOSECONDS_PER_B1.perDigit * digits) * 1e-9;
}

/**
 * The chance that a number has a prime factor of between `factorDigits` − 5 and `factorDigits` digits,
 * given that it has none smaller: 1 − (d − 5)/d, by Mertens' theorem (the chance of no prime factor
 * between x and y is about log x / log y).
 */
function bandChance(factorDigits: number): number {
  return FACTOR_DIGITS_STEP / factorDigits;
}

/**
 * The curves worth running before a sieve expected to take `sieveSeconds` on a composite of `digits`
 * digits. A curve of the level for d-digit factors finds one with chance 1/curves (ECMNET's curve count
 * is the expected number); after k curves without it, the chance that there is one left to find falls
 * by Bayes' rule. Where the sieve is slow, that can be more curves than ECMNET's count: 100 curves miss
 * a 20-digit factor with chance 1/e, and on an 80-digit number the next ones still cost far less than
 * the sieve they may save. A level that is not worth one curve ends the plan: the next costs more per
 * curve (B1 grows about fivefold) and its factors are no likelier.
 */
export function ecmPretestLevels(digits: number, sieveSeconds = expectedSiqsSeconds(digits)): EcmLevel[] {
  const levels: EcmLevel[] = [];
  // A composite has a prime factor of at most half its digits: no band entirely above that.
  for (
    let factorDigits = FIRST_FACTOR_DIGITS;
    factorDigits - FACTOR_DIGITS_STEP < digits / 2;
    factorDigits += FACTOR_DIGITS_STEP
  ) {
    const plan = ecmPlanForFactorDigits(factorDigits);
    const cost = expectedCurveSeconds(plan.B1, digits);
    const prior = bandChance(factorDigits);
    let curves = 0;
    while (curves < MAX_CURVES_PER_EXPECTED * plan.curves) {
      const missed = Math.exp(-curves / plan.curves);
      const stillThere = (prior * missed) / (1 - prior + prior * missed);
      if ((stillThere / plan.curves) * sieveSeconds < cost) break;
      curves += 1;
    }
    if (curves === 0) break;
    levels.push({ ...plan, curves, factorDigits });
  }
  return levels;
}
