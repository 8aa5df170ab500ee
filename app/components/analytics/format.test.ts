import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatCell,
  formatClock,
  formatCount,
  formatDay,
  formatDayAndClock,
  formatDecimal,
  formatShare,
} from "./format";

describe("analytics figures as text", () => {
  it("groups thousands and rounds counts", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(12_345)).toBe("12,345");
    expect(formatCount(1_234_567)).toBe("1,234,567");
  });

  it("writes shares as percentages with one decimal, and a missing share as a dash", () => {
    expect(formatShare(0)).toBe("0.0%");
    expect(formatShare(0.4567)).toBe("45.7%");
    expect(formatShare(1)).toBe("100.0%");
    expect(formatShare(2 / 3)).toBe("66.7%");
    expect(formatShare(null)).toBe("–");
  });

  it("writes averages with one decimal", () => {
    expect(formatDecimal(1.25)).toBe("1.3");
    expect(formatDecimal(0)).toBe("0.0");
  });

  it("writes sizes in powers of 1024", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
    expect(formatBytes(null)).toBe("Unknown");
  });

  it("formats a table cell by its column's kind", () => {
    expect(formatCell(1234, "count")).toBe("1,234");
    expect(formatCell(0.25, "share")).toBe("25.0%");
    expect(formatCell(null, "share")).toBe("–");
    expect(formatCell(2.04, "decimal")).toBe("2.0");
    expect(formatCell("/about", "text")).toBe("/about");
    expect(formatCell(3, "text")).toBe("3");
  });

  it("writes days and times in UTC as they are stored", () => {
    expect(formatDay("2026-11-03")).toBe("3 Nov");
    expect(formatDay("2026-01-31")).toBe("31 Jan");
    expect(formatClock("2026-11-03T14:05:00.000Z")).toBe("14:05");
    expect(formatDayAndClock("2026-11-03T00:00:00.000Z")).toBe("3 Nov 00:00");
  });
});
