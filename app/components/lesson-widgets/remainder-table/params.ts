import type { z } from "zod";
import { REMAINDER_SEQUENCES } from "#core/numtheory/sequence-remainders";
import { choiceAttribute, integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "The remainders of a sequence (n, n², n³, 2ⁿ, 10ⁿ, Fibonacci, triangular numbers) mod m, coloured by remainder, with the repeating block marked.";

export const attributes = widgetAttributes({
  m: integerAttribute({ min: 2, max: 50, default: 7 }),
  sequence: choiceAttribute(REMAINDER_SEQUENCES, "n^2"),
  terms: integerAttribute({ min: 10, max: 200, default: 30 }),
});

export type Attributes = z.output<typeof attributes>;
