import { describe, expect, it } from "vitest";
import { digitSymbol, requireDigitBase, writeDigits } from "./base-digits";

describe("digit symbols", () => {
  it("agree with JavaScript's own base conversion for every digit of base 36", () => {
    for (let digit = 0; digit < 36; digit += 1) expect(digitSymbol(digit)).toBe(digit.toString(36).toUpperCase());
    expect(writeDigits([0, 5, 8, 8, 11])).toBe("0588B");
  });

  it("refuse digits and bases without symbols", () => {
    expect(() => digitSymbol(36)).toThrow(RangeError);
    expect(() => digitSymbol(1.5)).toThrow(RangeError);
    expect(() => requireDigitBase(1)).toThrow(RangeError);
    expect(() => requireDigitBase(37)).toThrow(RangeError);
    expect(() => requireDigitBase(36)).not.toThrow();
  });
});
