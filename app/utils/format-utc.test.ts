import { describe, expect, it } from "vitest";
import { formatUtc } from "./format-utc";

describe("formatUtc", () => {
  it("shows an ISO instant as a UTC date and time, to the minute or the second", () => {
    expect(formatUtc("2026-05-01T14:03:27.123Z")).toBe("2026-05-01 14:03 UTC");
    expect(formatUtc("2026-05-01T14:03:27.123Z", { seconds: true })).toBe("2026-05-01 14:03:27 UTC");
  });
});
