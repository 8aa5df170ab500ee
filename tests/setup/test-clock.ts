import { afterEach } from "vitest";
import { now, setClock } from "#app/utils/clock";

let frozenAt: number | undefined;

/**
 * Sets the time that models and services read (app/utils/clock.ts) for the rest of one test: `set`
 * stops the clock at an instant, `advance` moves it on (from the real time, if the test had not set
 * it). The clock stands still in between, so rows written one after the other share a timestamp
 * unless the test advances it. Importing this file restores the real clock after each test.
 */
export const testClock = {
  set(instant: Date | string | number): Date {
    frozenAt = new Date(instant).getTime();
    if (Number.isNaN(frozenAt)) throw new RangeError(`Not an instant: ${String(instant)}`);
    setClock({ now: () => new Date(frozenAt!) });
    return now();
  },
  advance(milliseconds: number): Date {
    return testClock.set((frozenAt ?? now().getTime()) + milliseconds);
  },
};

afterEach(() => {
  frozenAt = undefined;
  setClock();
});
