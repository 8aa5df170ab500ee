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

/** "3 d 4 h", "2 h 5 min", "7 min", "40 s": how long something has lasted, to its two largest units. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const units = [
    ["d", Math.floor(whole / 86_400)],
    ["h", Math.floor(whole / 3600) % 24],
    ["min", Math.floor(whole / 60) % 60],
    ["s", whole % 60],
  ] as const;
  const first = units.findIndex(([, value]) => value > 0);
  if (first === -1) return "0 s";
  return units
    .slice(first, first + 2)
    .filter(([, value]) => value > 0)
    .map(([unit, value]) => `${value} ${unit}`)
    .join(" ");
}
