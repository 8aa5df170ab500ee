import type { z } from "zod";
import { textAttribute, widgetAttributes } from "../widget-params";

export const description =
  "Expand an expression one step per line; each step is checked against the one before, with a counterexample when they differ.";

export const attributes = widgetAttributes({
  start: textAttribute({ maxLength: 200, default: "(a+b)^2" }),
});

export type Attributes = z.output<typeof attributes>;
