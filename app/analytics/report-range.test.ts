import { describe, expect, it } from "vitest";
import { MAX_RANGE_DAYS, PAGES_FILTER_MAX_LENGTH, rangeQuery, readDayRange, readPagesFilter } from "./report-range";

const TODAY = "2026-11-27";
const read = (query: string) => readDayRange(new URLSearchParams(query), TODAY);

describe("the range in the address", () => {
  it("is the last 30 days, today included, when the address names none", () => {
    expect(read("")).toEqual({ range: { from: "2026-10-29", to: TODAY }, typed: { from: "", to: "" }, error: null });
    expect(read("from=&to=").error).toBeNull();
  });

  it("is the one asked for when it is valid", () => {
    expect(read("from=2026-11-01&to=2026-11-15")).toMatchObject({
      range: { from: "2026-11-01", to: "2026-11-15" },
      error: null,
    });
    expect(read("from=2026-11-27&to=2026-11-27").range).toEqual({ from: TODAY, to: TODAY });
  });

  it("ends today without an end, and starts 30 days before the end without a start", () => {
    expect(read("from=2026-11-01").range).toEqual({ from: "2026-11-01", to: TODAY });
    expect(read("to=2026-06-30").range).toEqual({ from: "2026-06-01", to: "2026-06-30" });
  });

  it.each([
    ["from=yesterday", "Enter the start as a date, like 2026-05-01."],
    ["from=2026-11-01&to=27/11/2026", "Enter the end as a date, like 2026-05-01."],
    ["from=2026-02-30", "The start is not a day of the calendar."],
    ["from=2026-11-20&to=2026-11-10", "The start (2026-11-20) is after the end (2026-11-10)."],
    ["from=2026-11-20&to=2026-11-28", "The end (2026-11-28) is after today (2026-11-27)."],
    ["from=2025-01-01&to=2026-11-27", `A range is at most ${MAX_RANGE_DAYS} days long; this one has 696.`],
  ])("says what is wrong with %j and reports the default range instead", (query, error) => {
    const reading = read(query);
    expect(reading.error).toBe(error);
    expect(reading.range).toEqual({ from: "2026-10-29", to: TODAY });
  });

  it("allows a full leap year and no more", () => {
    expect(read("from=2028-01-01&to=2028-12-31").error).toMatch(/after today/);
    expect(readDayRange(new URLSearchParams("from=2028-01-01&to=2028-12-31"), "2029-01-01").error).toBeNull();
    expect(readDayRange(new URLSearchParams("from=2027-12-31&to=2028-12-31"), "2029-01-01").error).toMatch(
      /at most 366/,
    );
  });

  it("shows back what was typed, cut to a sane length", () => {
    expect(read(`from=${"9".repeat(100)}`).typed.from).toHaveLength(40);
    expect(read("from=2026-11-20&to=2026-11-10").typed).toEqual({ from: "2026-11-20", to: "2026-11-10" });
  });

  it("writes the range back as a query, with the pages filter when there is one", () => {
    expect(rangeQuery({ from: "2026-11-01", to: "2026-11-15" })).toBe("from=2026-11-01&to=2026-11-15");
    expect(rangeQuery({ from: "2026-11-01", to: "2026-11-15" }, "/chapter/a b")).toBe(
      "from=2026-11-01&to=2026-11-15&pages=%2Fchapter%2Fa+b",
    );
  });
});

describe("the pages filter in the address", () => {
  const readPages = (query: string) => readPagesFilter(new URLSearchParams(query));

  it("is every page when absent or blank", () => {
    expect(readPages("")).toEqual({ pages: "", typed: "", error: null });
    expect(readPages("pages=+++")).toEqual({ pages: "", typed: "   ", error: null });
  });

  it("is the trimmed text asked for", () => {
    expect(readPages("pages=+%2Fchapter%2F+")).toEqual({ pages: "/chapter/", typed: " /chapter/ ", error: null });
  });

  it("refuses a text longer than any address, showing every page and a cut copy of what was typed", () => {
    const reading = readPages(`pages=${"x".repeat(PAGES_FILTER_MAX_LENGTH + 1)}`);
    expect(reading.pages).toBe("");
    expect(reading.error).toBe(`Enter at most ${PAGES_FILTER_MAX_LENGTH} characters of an address.`);
    expect(readPages(`pages=${"x".repeat(5000)}`).typed).toHaveLength(PAGES_FILTER_MAX_LENGTH + 40);
    expect(readPages(`pages=${"x".repeat(PAGES_FILTER_MAX_LENGTH)}`).error).toBeNull();
  });
});
