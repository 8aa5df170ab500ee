/** Timestamps are stored as ISO-8601 UTC strings, which sort like the instants they name. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

export function isoAfter(milliseconds: number, now: Date = new Date()): string {
  return new Date(now.getTime() + milliseconds).toISOString();
}
