import type { z } from "zod";
import { CYCLIC_NUMBER_MAX_PRIME } from "#core/numtheory/cyclic-number";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "The cyclic number of a full-reptend prime p, multiplied by 1 … p − 1: each product is the same ring of digits, turned.";

export const attributes = widgetAttributes({
  p: integerAttribute({ min: 2, max: CYCLIC_NUMBER_MAX_PRIME, default: 7 }),
  base: integerAttribute({ min: 2, max: 16, default: 10 }),
});

export type Attributes = z.output<typeof attributes>;
