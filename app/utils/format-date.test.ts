import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDuration, formatUtc } from "./format-date";

describe("date formatting", () => {
  it("shows an ISO instant as a UTC date and time, to the minute or the second", () => {
    expect(formatUtc("2026-05-01T14:03:27.123Z")).toBe("2026-05-01 14:03 UTC");
    expect(formatUtc("2026-05-01T14:03:27.123Z", { seconds: true })).toBe("2026-05-01 14:03:27 UTC");
  });

  it("writes dates for running text in UTC, whatever the local time zone", () => {
    expect(formatDate("2026-05-01T23:59:00.000Z")).toBe("1 May 2026");
    expect(formatDate(new Date("2026-12-31T00:00:00.000Z"))).toBe("31 December 2026");
    expect(formatDateTime("2026-01-09T07:05:00.000Z")).toBe("9 January 2026, 07:05 UTC");
  });

  it.each([
    [0, "0 s"],
    [0.9, "0 s"],
    [40, "40 s"],
    [60, "1 min"],
    [7 * 60 + 5, "7 min 5 s"],
    [2 * 3600 + 5 * 60 + 59, "2 h 5 min"],
    [3600 + 30, "1 h"],
    [3 * 86_400 + 4 * 3600 + 59 * 60, "3 d 4 h"],
    [400 * 86_400, "400 d"],
  ])("writes a duration of %d seconds as %j", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
