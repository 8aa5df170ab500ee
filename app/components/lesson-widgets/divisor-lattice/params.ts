import type { z } from "zod";
import { LATTICE_MAX_N, LATTICE_MIN_N, latticeInputProblem } from "#core/numtheory/divisor-lattice";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "The divisors of n as a diagram, from 1 up to n: each edge multiplies by one prime; pick two divisors to see their gcd and lcm.";

export const attributes = widgetAttributes({
  n: integerAttribute({ min: LATTICE_MIN_N, max: LATTICE_MAX_N, default: 60 }).superRefine((n, context) => {
    const problem = latticeInputProblem(n);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
});

export type Attributes = z.output<typeof attributes>;
