import type { z } from "zod";
import { integerAttribute, textAttribute, widgetAttributes } from "../widget-params";

export const description = "a^e mod m by repeated squaring, step by step, with the multiplications counted.";

/** The exponent is typed as digits: it goes up to 10^18, past what a JavaScript number holds exactly. */
export const EXPONENT_MAX = 10n ** 18n;

/** The problem with an exponent typed as text, or null when it is a whole number from 0 to 10^18. */
export function describeExponentProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `"${text}" is not a whole number of digits`;
  if (BigInt(trimmed) > EXPONENT_MAX) return `${trimmed} is more than 10^18`;
  return null;
}

export const attributes = widgetAttributes({
  a: integerAttribute({ min: 0, max: 1_000_000_000, default: 7 }),
  e: textAttribute({ maxLength: 40, default: "2026" })
    .superRefine((text, context) => {
      const problem = describeExponentProblem(text);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((text) => text.trim()),
  m: integerAttribute({ min: 2, max: 1_000_000_000, default: 10 }),
});

export type Attributes = z.output<typeof attributes>;
