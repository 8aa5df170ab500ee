import { z } from "zod";
import { textField } from "#app/http/form.server";
import { GRANT_REASON_MAX_LENGTH } from "#app/models/complimentary-grant.server";
import { now } from "#app/utils/clock";

/** A complimentary grant runs at most this many years: long enough for a school year or a prize, not forever. */
export const GRANT_MAX_YEARS_AHEAD = 5;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date as typed (YYYY-MM-DD) as the instant premium ends: the start of that day, UTC; null when no such day. */
function startOfDay(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over into May: such a day does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString();
}

/** The first and the last day a grant may run until, as YYYY-MM-DD: tomorrow, and the same day five years on (UTC). */
export function grantDateBounds(at: Date = now()): { min: string; max: string } {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const tomorrow = new Date(today + 24 * 60 * 60 * 1000);
  const last = new Date(Date.UTC(at.getUTCFullYear() + GRANT_MAX_YEARS_AHEAD, at.getUTCMonth(), at.getUTCDate()));
  return { min: tomorrow.toISOString().slice(0, 10), max: last.toISOString().slice(0, 10) };
}

/**
 * The day a grant runs until: premium ends as that day begins (00:00 UTC), so the admin page, the mail
 * and the audit log all name the day that was typed. Tomorrow at the earliest, five years ahead at most.
 */
export const grantUntilField = z
  .string({ error: "Enter the date premium runs until." })
  .trim()
  .min(1, "Enter the date premium runs until.")
  .transform((text, context) => {
    const until = startOfDay(text);
    if (until === null) {
      context.addIssue({ code: "custom", message: "Enter a date that exists, as YYYY-MM-DD (e.g. 2031-06-30)." });
      return z.NEVER;
    }
    const { min, max } = grantDateBounds();
    if (text < min) {
      context.addIssue({ code: "custom", message: `Choose a day in the future: ${min} at the earliest.` });
      return z.NEVER;
    }
    if (text > max) {
      context.addIssue({
        code: "custom",
        message: `Choose a day at most ${GRANT_MAX_YEARS_AHEAD} years ahead: ${max} at the latest.`,
      });
      return z.NEVER;
    }
    return until;
  });

export const grantReasonField = textField("a reason", { max: GRANT_REASON_MAX_LENGTH });

/** An admin's complimentary grant, from the admin page or the command line. */
export const grantInput = z.object({ until: grantUntilField, reason: grantReasonField });
