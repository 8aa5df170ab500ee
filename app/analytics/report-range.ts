/**
 * The range of days the analytics page (/admin/admin2) and its CSV files report on, read from the
 * address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, UTC days, both included). One reading for the page and the
 * downloads, so a file always holds the rows the page showed.
 */
import { z } from "zod";
import type { DayRange } from "./reports";

/** Without a range in the address: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** A year (a leap one included) at most: longer ranges ask the raw events more than a page should. */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day `days` after `day` (negative goes back). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** How many days the range holds, both ends included. */
export function rangeLength({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function defaultRange(today: string): DayRange {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

const calendarDay = (which: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${which} as a date, like 2026-05-01.`)
    // 2026-02-30 has the right shape but no day: Date would roll it over to March.
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day, {
      message: `The ${which} is not a day of the calendar.`,
    });

export interface RangeReading {
  /** The range to report on: the one asked for, or the default one when that is not valid. */
  range: DayRange;
  /** What the address held, to show back in the form (empty when absent). */
  typed: { from: string; to: string };
  /** Why the asked range cannot be used; null when it can (or none was asked). */
  error: string | null;
}

/**
 * The range in `params`. A missing end is today, a missing start the default length before the end.
 * A range that is not one (bad dates, start after end, after today, longer than a year) is reported
 * with the reason, and the default range is used instead.
 */
export function readDayRange(params: URLSearchParams, today: string): RangeReading {
  const typed = { from: (params.get("from") ?? "").slice(0, 40), to: (params.get("to") ?? "").slice(0, 40) };
  const fallback = defaultRange(today);
  if (typed.from.trim() === "" && typed.to.trim() === "") return { range: fallback, typed, error: null };

  const result = z
    .object({
      from: z.union([z.literal(""), calendarDay("start")]),
      to: z.union([z.literal(""), calendarDay("end")]),
    })
    .transform(({ from, to }, context) => {
      const end = to || today;
      const range = { from: from || addDays(end, -(DEFAULT_RANGE_DAYS - 1)), to: end };
      if (range.from > range.to) {
        context.addIssue({ code: "custom", message: `The start (${range.from}) is after the end (${range.to}).` });
      } else if (range.to > today) {
        context.addIssue({ code: "custom", message: `The end (${range.to}) is after today (${today}).` });
      } else if (rangeLength(range) > MAX_RANGE_DAYS) {
        context.addIssue({
          code: "custom",
          message: `A range is at most ${MAX_RANGE_DAYS} days long; this one has ${rangeLength(range)}.`,
        });
      }
      return range;
    })
    .safeParse({ from: typed.from.trim(), to: typed.to.trim() });

  if (result.success) return { range: result.data, typed, error: null };
  return { range: fallback, typed, error: result.error.issues[0]?.message ?? "Enter a valid range of days." };
}

/** The range as the address writes it, for links and the CSV downloads. */
export function rangeQuery({ from, to }: DayRange): string {
  return new URLSearchParams({ from, to }).toString();
}
