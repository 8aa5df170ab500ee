/**
 * Dates as text, always in UTC and built by hand rather than with Intl, so
 * the server and every browser write exactly the same characters and
 * hydration matches (ICU versions differ in their English separators).
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2026-05-01 14:03 UTC": compact, for admin tables and logs. */
export function formatUtc(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return `${iso.replace("T", " ").slice(0, seconds ? 19 : 16)} UTC`;
}

/** "1 May 2026": for running text. */
export function formatDate(iso: string | Date): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "1 May 2026, 14:03 UTC": for running text that needs the time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const time = `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
  return `${formatDate(date)}, ${time} UTC`;
}
