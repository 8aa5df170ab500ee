import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatUtc } from "./format-date";

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
});
