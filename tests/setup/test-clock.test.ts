import { describe, expect, it } from "vitest";
import { isoAfter, isoNow, now } from "#app/utils/clock";
import { testClock } from "./test-clock";

describe("the test clock", () => {
  it("stands at the instant set, moves only when advanced, and stamps ISO-8601 UTC", () => {
    expect(testClock.set("2030-01-01T00:00:00Z")).toEqual(new Date("2030-01-01T00:00:00.000Z"));
    expect(now()).toEqual(new Date("2030-01-01T00:00:00.000Z"));
    expect(isoNow()).toBe("2030-01-01T00:00:00.000Z");
    expect(isoAfter(90_000)).toBe("2030-01-01T00:01:30.000Z");
    expect(isoAfter(-1)).toBe("2029-12-31T23:59:59.999Z");
    testClock.advance(1);
    expect(isoNow()).toBe("2030-01-01T00:00:00.001Z");
    expect(() => testClock.set("not a time")).toThrow(RangeError);
  });

  it("is the real clock again in the next test, and advances from the real time when not set", () => {
    const before = Date.now();
    expect(now().getTime()).toBeGreaterThanOrEqual(before);
    expect(now().getTime()).toBeLessThan(before + 60_000);
    const advanced = testClock.advance(60_000).getTime();
    expect(advanced).toBeGreaterThanOrEqual(before + 60_000);
    expect(now().getTime()).toBe(advanced);
  });
});
