import { describe, expect, it } from "vitest";
import { readFields, readWhole } from "./read-whole";
import { integerAttribute, widgetAttributes } from "./widget-params";

describe("readWhole", () => {
  it("reads digits within the bounds, spaces around them allowed", () => {
    expect(readWhole("7", { min: 2, max: 200 })).toBe(7);
    expect(readWhole(" 200 ", { min: 2, max: 200 })).toBe(200);
    expect(readWhole("0", { min: 0, max: 10_000 })).toBe(0);
  });

  it("says what to type instead of anything but digits", () => {
    for (const text of ["", " ", "-3", "2.5", "1e3", "12a", "1 000", "+4"]) {
      expect(readWhole(text, { min: 0, max: 10_000 })).toBe("Type a whole number.");
    }
  });

  it("names the range, with thousands grouped, when the number is outside it", () => {
    expect(readWhole("1", { min: 2, max: 200 })).toBe("Choose a number from 2 to 200.");
    expect(readWhole("10001", { min: 0, max: 10_000 })).toBe("Choose a number from 0 to 10,000.");
  });

  it("reads bigints exactly past 2⁵³ when the bounds are bigints", () => {
    const bounds = { min: 2n, max: 10n ** 18n };
    expect(readWhole("9007199254740993", bounds)).toBe(9_007_199_254_740_993n);
    expect(readWhole("1000000000000000000", bounds)).toBe(10n ** 18n);
    expect(readWhole("1000000000000000001", bounds)).toBe("Choose a number from 2 to 1,000,000,000,000,000,000.");
    expect(readWhole("x", bounds)).toBe("Type a whole number.");
  });
});

describe("readFields", () => {
  const attributes = widgetAttributes({
    p: integerAttribute({ min: 2, max: 100, default: 7 }),
    base: integerAttribute({ min: 2, max: 16, default: 10 }),
  });
  const fields = [
    { key: "p", help: "2 to 100" },
    { key: "base", help: "2 to 16" },
  ] as const;

  it("reads each field by its attribute's rule", () => {
    expect(readFields(fields, attributes, { p: " 13 ", base: "2" })).toEqual({ p: 13, base: 2 });
  });

  it("says what to type in a field the attribute refuses, naming that field's range", () => {
    expect(readFields(fields, attributes, { p: "101", base: "ten" })).toEqual({
      p: "Type a whole number from 2 to 100.",
      base: "Type a whole number from 2 to 16.",
    });
    expect(readFields(fields, attributes, { p: "", base: "1" }).base).toBe("Type a whole number from 2 to 16.");
  });
});
