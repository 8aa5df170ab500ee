import type { z } from "zod";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description = "A wheel of the powers aⁿ mod m: the tail before they repeat, then the cycle.";

export const attributes = widgetAttributes({
  a: integerAttribute({ min: 0, max: 10_000, default: 3 }),
  m: integerAttribute({ min: 2, max: 200, default: 7 }),
});

export type Attributes = z.output<typeof attributes>;
