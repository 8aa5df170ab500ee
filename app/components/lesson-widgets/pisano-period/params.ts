import type { z } from "zod";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "The Fibonacci numbers mod m walked round a circle until the pair (0, 1) comes back: the Pisano period π(m).";

export const attributes = widgetAttributes({
  m: integerAttribute({ min: 2, max: 2000, default: 10 }),
});

export type Attributes = z.output<typeof attributes>;
