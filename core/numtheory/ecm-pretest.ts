/**
 * How much ECM to run before the sieve (issue 24), chosen by expected time rather than a fixed share:
 * at each factor size in turn (15, 20, 25, … digits, with ECMNET's bounds), one more curve runs while
 * what it is expected to save — the chance that it finds a factor of that size, given that the curves
 * before it found none, times the sieve's expected time — is more than the curve costs. A 60-digit
 * number gets ECMNET's 27 curves for 15-digit factors (about half a second, against seconds of sieving);
 * an 80-digit one also its 100 curves for 20-digit factors, which SIQS would take minutes to find.
 */
import { ecmPlanForFactorDigits, type EcmPlan } from "./ecm";

export interface EcmLevel extends EcmPlan {
  /** The factor size these curves look for: up to this many digits. */
  factorDigits: number;
}

/**
 * One worker's SIQS seconds for a number of `digits` digits, log10 T = a + b·digits: fitted to the
 * engine's medians at 50 and 70 digits in `npm run bench:factor` (1.08 s and 58.6 s, issue 24's table).
 * Only ratios to the curve costs below matter: both scale alike with the machine.
 */
const SIQS_LOG10_SECONDS = { intercept: -4.306, perDigit: 0.0868 } as const;

/**
 * One worker's nanoseconds per unit of B1 for one curve (stage 1 and stage 2 to B2 = 100·B1) on a number
 * of `digits` digits: base + perDigit·digits, fitted to `npx tsx bench/factor/ecm-costs.ts`.
 */
const CURVE_NANOSECONDS_PER_B1 = { base: 2_500, perDigit: 120 } as const;

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
 * by Bayes' rule. A level that is not worth one curve ends the plan: the next costs more per curve
 * (B1 grows about fivefold) and its factors are no likelier.
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
    while (curves < plan.curves) {
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
