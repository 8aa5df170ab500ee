import type { z } from "zod";
import { textAttribute, widgetAttributes } from "../widget-params";

export const description =
  "A balance for a linear equation in x: do the same to both sides until x stands alone, then check by substitution.";

export const attributes = widgetAttributes({
  equation: textAttribute({ maxLength: 60, default: "3x+5=20" }),
});

export type Attributes = z.output<typeof attributes>;
