/**
 * The range of days the analytics page (/admin/admin2) and its CSV files report on, read from the
 * address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, UTC days, both included). One reading for the page and the
 * downloads, so a file always holds the rows the page showed.
 */
import { z } from "zod";
import { addDays, dayOf, DEFAULT_RANGE_DAYS, daysInRange, isDay, MAX_RANGE_DAYS } from "#app/models/analytics-figures";
import type { DayRange } from "./reports";

// The day arithmetic and the limits are the report model's, so the page asks only for what it can read.
export { addDays, dayOf, DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS };

export function defaultRange(today: string): DayRange {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

const calendarDay = (which: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${which} as a date, like 2026-05-01.`)
    // 2026-02-30 has the right shape but no day: Date would roll it over to March.
    .refine(isDay, { message: `The ${which} is not a day of the calendar.` });

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
      } else if (daysInRange(range) > MAX_RANGE_DAYS) {
        context.addIssue({
          code: "custom",
          message: `A range is at most ${MAX_RANGE_DAYS} days long; this one has ${daysInRange(range)}.`,
        });
      }
      return range;
    })
    .safeParse({ from: typed.from.trim(), to: typed.to.trim() });

  if (result.success) return { range: result.data, typed, error: null };
  return { range: fallback, typed, error: result.error.issues[0]?.message ?? "Enter a valid range of days." };
}

/** The longest text the top pages can be narrowed to: longer than any address the site has. */
export const PAGES_FILTER_MAX_LENGTH = 200;

export interface PagesFilterReading {
  /** The text the top pages' addresses must contain; empty for every page. */
  pages: string;
  /** What the address held, to show back in the form. */
  typed: string;
  /** Why the text cannot be used (every page is then shown); null when it can. */
  error: string | null;
}

/** `?pages=…`: narrows the top pages to the addresses containing it (any case), e.g. "/chapter/". */
export function readPagesFilter(params: URLSearchParams): PagesFilterReading {
  const typed = (params.get("pages") ?? "").slice(0, PAGES_FILTER_MAX_LENGTH + 40);
  const result = z
    .string()
    .trim()
    .max(PAGES_FILTER_MAX_LENGTH, `Enter at most ${PAGES_FILTER_MAX_LENGTH} characters of an address.`)
    .safeParse(typed);
  if (result.success) return { pages: result.data, typed, error: null };
  return { pages: "", typed, error: result.error.issues[0]?.message ?? "Enter part of an address." };
}

/** The range (and the pages filter, when there is one) as the address writes it, for links and the CSV downloads. */
export function rangeQuery({ from, to }: DayRange, pages = ""): string {
  const params = new URLSearchParams({ from, to });
  if (pages) params.set("pages", pages);
  return params.toString();
}
