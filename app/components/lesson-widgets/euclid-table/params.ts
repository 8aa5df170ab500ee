import type { z } from "zod";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const EUCLID_MAX = 1_000_000_000;

export const description =
  "The extended Euclidean algorithm line by line: each remainder written as a·u + b·v, Bézout's identity, and every integer solution of a·x + b·y = c.";

export const attributes = widgetAttributes({
  a: integerAttribute({ min: 1, max: EUCLID_MAX, default: 1071 }),
  b: integerAttribute({ min: 1, max: EUCLID_MAX, default: 462 }),
  c: integerAttribute({ min: -EUCLID_MAX, max: EUCLID_MAX, default: 105 }),
});

export type Attributes = z.output<typeof attributes>;
