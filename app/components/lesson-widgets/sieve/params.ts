import type { z } from "zod";
import { SIEVE_MAX_LIMIT, SIEVE_MIN_LIMIT } from "#core/numtheory/sieve-steps";
import { choiceAttribute, integerAttribute, widgetAttributes } from "../widget-params";

export const description =
  "The sieve of Eratosthenes on a grid, step by step: each prime crosses out its multiples from p², until p² passes the limit.";

export const SIEVE_SPEEDS = ["slow", "medium", "fast"] as const;
export type SieveSpeed = (typeof SIEVE_SPEEDS)[number];

export const attributes = widgetAttributes({
  limit: integerAttribute({ min: SIEVE_MIN_LIMIT, max: SIEVE_MAX_LIMIT, default: 100 }),
  speed: choiceAttribute(SIEVE_SPEEDS, "medium"),
});

export type Attributes = z.output<typeof attributes>;
