import type { z } from "zod";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description = "The square of side a + b cut into a², ab, ab and b², with the areas added up live.";

export const attributes = widgetAttributes({
  a: integerAttribute({ min: 1, max: 12, default: 3 }),
  b: integerAttribute({ min: 1, max: 12, default: 2 }),
});

export type Attributes = z.output<typeof attributes>;
