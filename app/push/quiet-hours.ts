/**
 * A learner's local time, read with Intl so daylight-saving changes come from the time-zone database
 * rather than from offsets we would have to keep. Pure: the browser and the server share it.
 */

/** Local hours [start, end) in which nothing is delivered, wrapping past midnight; equal or null means none. */
export interface QuietHours {
  timeZone: string;
  quietStart: number | null;
  quietEnd: number | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An offset such as "+02:00" or "-0500": Intl takes one as a time zone from Node 22 on (and in current
 * browsers), but it is not an IANA name and has no daylight-saving rules, so it is refused everywhere.
 */
const OFFSET_TIME_ZONE = /^[+\-\u2212]/;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(name: string): boolean {
  if (OFFSET_TIME_ZONE.test(name)) return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar day (YYYY-MM-DD) and hour (0–23) of `instant` in `timeZone`. */
export function localDateAndHour(instant: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

function isQuietHour(hour: number, start: number, end: number): boolean {
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/**
 * Every zone in use today is a whole number of quarter hours from UTC, so local hours begin on UTC
 * quarter hours: the first quarter hour outside the quiet hours is exactly when they end, even on a
 * day the clocks change (a skipped end hour gives the first hour after it).
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** A day of quarter hours plus a DST change: the search always ends well before this. */
const MAX_STEPS = 26 * 4;

/** When deliveries to this learner may start: `instant` itself outside their quiet hours, else their end. */
export function deliveryStart(instant: Date, quiet: QuietHours | null): Date {
  if (!quiet || quiet.quietStart === null || quiet.quietEnd === null || quiet.quietStart === quiet.quietEnd) {
    return instant;
  }
  const { timeZone, quietStart, quietEnd } = quiet;
  if (!isQuietHour(localDateAndHour(instant, timeZone).hour, quietStart, quietEnd)) return instant;
  let candidate = Math.floor(instant.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    candidate += QUARTER_HOUR_MS;
    if (!isQuietHour(localDateAndHour(new Date(candidate), timeZone).hour, quietStart, quietEnd)) {
      return new Date(candidate);
    }
  }
  throw new RangeError(`Quiet hours ${quietStart}–${quietEnd} in ${timeZone} never end.`);
}
