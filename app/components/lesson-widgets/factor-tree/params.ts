import type { z } from "zod";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description = "A factor tree of n revealed one split at a time, down to its primes.";

export const attributes = widgetAttributes({
  n: integerAttribute({ min: 2, max: 1_000_000_000_000, default: 360 }),
});

export type Attributes = z.output<typeof attributes>;
