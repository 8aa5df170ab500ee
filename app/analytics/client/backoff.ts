/** The first retry waits up to this long; each failure in a row doubles the ceiling. */
export const RETRY_BASE_DELAY_MS = 1_000;
/**
 * No wait is longer, not even one a `Retry-After` asks for: a misconfigured header (a date years
 * ahead) must not stop a tab from ever sending. The server refuses early comers again with 429/503.
 */
export const MAX_RETRY_DELAY_MS = 10 * 60_000;

/**
 * How long to wait before the `attempt`-th retry (1 for the first): "full jitter", a uniform draw
 * (`random` in [0, 1)) below a ceiling that doubles with each failure, so clients that failed together
 * do not come back together; never less than the server's `Retry-After`; never more than the cap.
 */
export function retryDelay(attempt: number, random: number, retryAfterMs: number | null): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(retryAfterMs ?? 0, Math.floor(random * ceiling)));
}

/** `Retry-After` in milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function readRetryAfter(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date names its weekday and month ("Tue, 01 Dec 2026 10:00:00 GMT"); Date.parse alone reads "-5" as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
