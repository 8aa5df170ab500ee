import { describe, expect, it } from "vitest";
import { deliveryStart, isValidTimeZone, localDateAndHour } from "./quiet-hours";

const at = (iso: string) => new Date(iso);
const start = (instant: string, timeZone: string, quietStart: number | null, quietEnd: number | null) =>
  deliveryStart(at(instant), { timeZone, quietStart, quietEnd }).toISOString();

describe("localDateAndHour", () => {
  it("reads the local day and hour, across DST and odd offsets", () => {
    expect(localDateAndHour(at("2030-01-15T23:30:00Z"), "Europe/Paris")).toEqual({ date: "2030-01-16", hour: 0 });
    expect(localDateAndHour(at("2030-07-15T21:59:00Z"), "Europe/Paris")).toEqual({ date: "2030-07-15", hour: 23 });
    expect(localDateAndHour(at("2030-01-01T03:00:00Z"), "America/New_York")).toEqual({ date: "2029-12-31", hour: 22 });
    // +5:45: 18:14 UTC is 23:59, 18:15 UTC is midnight.
    expect(localDateAndHour(at("2030-01-01T18:14:00Z"), "Asia/Kathmandu")).toEqual({ date: "2030-01-01", hour: 23 });
    expect(localDateAndHour(at("2030-01-01T18:15:00Z"), "Asia/Kathmandu")).toEqual({ date: "2030-01-02", hour: 0 });
    expect(localDateAndHour(at("2030-01-01T00:00:00Z"), "UTC")).toEqual({ date: "2030-01-01", hour: 0 });
  });
});

describe("isValidTimeZone", () => {
  it("accepts IANA names and refuses anything else", () => {
    for (const name of ["Europe/Paris", "America/New_York", "Asia/Kathmandu", "UTC"]) {
      expect(isValidTimeZone(name)).toBe(true);
    }
    for (const name of ["Europe/Atlantis", "", "+02:00", "-0500", "+05", "\u221205:00", "Paris"]) {
      expect(isValidTimeZone(name)).toBe(false);
    }
  });
});

describe("deliveryStart", () => {
  it("is the instant itself without quiet hours, with equal hours, or outside them", () => {
    expect(start("2030-01-15T03:00:00Z", "UTC", null, null)).toBe("2030-01-15T03:00:00.000Z");
    expect(start("2030-01-15T03:00:00Z", "UTC", 5, 5)).toBe("2030-01-15T03:00:00.000Z");
    expect(deliveryStart(at("2030-01-15T03:00:00Z"), null).toISOString()).toBe("2030-01-15T03:00:00.000Z");
    expect(start("2030-01-15T12:34:56Z", "UTC", 22, 7)).toBe("2030-01-15T12:34:56.000Z");
    // The end hour itself is no longer quiet: [start, end).
    expect(start("2030-01-15T07:00:00Z", "UTC", 22, 7)).toBe("2030-01-15T07:00:00.000Z");
  });

  it("waits for the local end hour of quiet hours wrapping past midnight", () => {
    expect(start("2030-01-15T22:00:00Z", "UTC", 22, 7)).toBe("2030-01-16T07:00:00.000Z");
    expect(start("2030-01-16T06:59:59Z", "UTC", 22, 7)).toBe("2030-01-16T07:00:00.000Z");
    expect(start("2030-01-15T23:10:00Z", "Europe/Paris", 22, 7)).toBe("2030-01-16T06:00:00.000Z");
  });

  it("waits within one day for quiet hours that do not wrap", () => {
    expect(start("2030-01-15T13:30:00Z", "UTC", 13, 15)).toBe("2030-01-15T15:00:00.000Z");
    expect(start("2030-01-15T12:59:00Z", "UTC", 13, 15)).toBe("2030-01-15T12:59:00.000Z");
  });

  it("follows Paris across the spring and autumn changes", () => {
    // 31 March 2030: 02:00 local becomes 03:00 (UTC+1 → UTC+2). 22→7 ends at 07:00 CEST = 05:00 UTC.
    expect(start("2030-03-30T22:30:00Z", "Europe/Paris", 22, 7)).toBe("2030-03-31T05:00:00.000Z");
    // An end hour the clocks skip: quiet 22→2 ends when 03:00 CEST begins (01:00 UTC).
    expect(start("2030-03-30T23:30:00Z", "Europe/Paris", 22, 2)).toBe("2030-03-31T01:00:00.000Z");
    // 27 October 2030: 03:00 CEST becomes 02:00 CET. 22→7 ends at 07:00 CET = 06:00 UTC.
    expect(start("2030-10-26T21:00:00Z", "Europe/Paris", 22, 7)).toBe("2030-10-27T06:00:00.000Z");
  });

  it("follows New York across the spring and autumn changes", () => {
    // 10 March 2030: 02:00 EST becomes 03:00 EDT. 22→7 ends at 07:00 EDT = 11:00 UTC.
    expect(start("2030-03-10T04:00:00Z", "America/New_York", 22, 7)).toBe("2030-03-10T11:00:00.000Z");
    // 3 November 2030: 02:00 EDT becomes 01:00 EST. 22→7 ends at 07:00 EST = 12:00 UTC.
    expect(start("2030-11-03T03:00:00Z", "America/New_York", 22, 7)).toBe("2030-11-03T12:00:00.000Z");
    // Quiet 0→1 on the repeated hour: 01:00 EDT (05:00 UTC) is already outside it.
    expect(start("2030-11-03T04:30:00Z", "America/New_York", 0, 1)).toBe("2030-11-03T05:00:00.000Z");
  });

  it("ends on the local hour in a +5:45 zone", () => {
    // 23:00 in Kathmandu is 17:15 UTC; 07:00 there is 01:15 UTC.
    expect(start("2030-01-15T17:15:00Z", "Asia/Kathmandu", 22, 7)).toBe("2030-01-16T01:15:00.000Z");
    expect(start("2030-01-15T16:14:59Z", "Asia/Kathmandu", 22, 7)).toBe("2030-01-15T16:14:59.000Z");
    expect(start("2030-01-15T16:15:00Z", "Asia/Kathmandu", 22, 7)).toBe("2030-01-16T01:15:00.000Z");
  });
});
