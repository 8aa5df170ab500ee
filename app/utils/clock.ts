/**
 * The one clock that models and domain services read the time from, so tests set the time instead of
 * sleeping (tests/setup/test-clock.ts). Timestamps are stored as ISO-8601 UTC strings
 * (`2030-01-01T00:00:00.000Z`), which sort like the instants they name.
 *
 * A context, not a parameter: the time is read deep inside the models (every created_at, expiry and
 * idle check), under services and routes that would otherwise all pass a `now` along only so that
 * tests could choose it. So the current clock is module state that only tests swap, and always the
 * system clock in the app. A function still takes an instant where several steps must agree on one
 * (a rate-limited attempt and its refund name the same window); its caller reads it from here.
 */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };
let current: Clock = systemClock;

/** The current time. */
export function now(): Date {
  return current.now();
}

export function isoNow(): string {
  return now().toISOString();
}

/** The instant `milliseconds` after `from` (by default now); negative goes back. */
export function isoAfter(milliseconds: number, from: Date = now()): string {
  return new Date(from.getTime() + milliseconds).toISOString();
}

/** For tests/setup/test-clock.ts: makes `clock` the current clock, or the system clock again. */
export function setClock(clock: Clock = systemClock): void {
  current = clock;
}
