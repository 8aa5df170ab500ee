import type { z } from "zod";
import { MAX_DIGIT_BASE } from "#core/numtheory/base-digits";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "The pre-period and period of 1/n in any base from 2 to 36, explained by the factorization of n, with the periods of nearby primes.";

/** PERIOD_EXPLORER_MAX_N, written out so this light module does not pull in the factoring code (a test ties them). */
export const MAX_N = 1_000_000_000;

export const attributes = widgetAttributes({
  n: integerAttribute({ min: 2, max: MAX_N, default: 7 }),
  base: integerAttribute({ min: 2, max: MAX_DIGIT_BASE, default: 10 }),
});

export type Attributes = z.output<typeof attributes>;
