import type { z } from "zod";
import { ATOM_MAX_N, ATOM_MIN_N } from "#core/numtheory/atom-model";
import { integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "A number drawn as an atom: n in the nucleus, one orbit per prime, as many particles on it as the prime's exponent.";

export const attributes = widgetAttributes({
  n: integerAttribute({ min: ATOM_MIN_N, max: ATOM_MAX_N, default: 360 }),
});

export type Attributes = z.output<typeof attributes>;
