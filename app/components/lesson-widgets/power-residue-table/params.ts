import type { z } from "zod";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description = "The table of a^k mod m, with each order and the primitive roots picked out.";

export const attributes = widgetAttributes({
  m: integerAttribute({ min: 2, max: 40, default: 7 }),
});

export type Attributes = z.output<typeof attributes>;
