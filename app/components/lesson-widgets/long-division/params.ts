import type { z } from "zod";
import { LONG_DIVISION_MAX_DENOMINATOR, LONG_DIVISION_MAX_NUMERATOR } from "#core/numtheory/long-division";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "Long division step by step in any base from 2 to 16: the remainders, and the block of digits that repeats once a remainder comes back.";

export const attributes = widgetAttributes({
  numerator: integerAttribute({ min: 0, max: LONG_DIVISION_MAX_NUMERATOR, default: 1 }),
  denominator: integerAttribute({ min: 1, max: LONG_DIVISION_MAX_DENOMINATOR, default: 7 }),
  base: integerAttribute({ min: 2, max: 16, default: 10 }),
});

export type Attributes = z.output<typeof attributes>;
