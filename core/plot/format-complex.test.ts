import { describe, expect, it } from "vitest";
import { formatComplex, formatReal } from "./format-complex";

describe("formatComplex", () => {
  it("writes parts as people do", () => {
    expect(formatComplex(2, -0.5)).toBe("2 − 0.5i");
    expect(formatComplex(0, 1)).toBe("i");
    expect(formatComplex(0, -1)).toBe("−i");
    expect(formatComplex(-3, 0)).toBe("−3");
    expect(formatComplex(1, 1)).toBe("1 + i");
    expect(formatComplex(0, 0)).toBe("0");
    expect(formatComplex(-0.25, 2.5)).toBe("−0.25 + 2.5i");
  });

  it("rounds both parts to the precision of the larger", () => {
    expect(formatComplex(1, 1e-17)).toBe("1");
    expect(formatComplex(Math.PI, Math.E)).toBe("3.142 + 2.718i");
    expect(formatComplex(123.456, 0.0004)).toBe("123.5");
    expect(formatComplex(0.001234567, -0.002)).toBe("0.001235 − 0.002i");
    expect(formatComplex(Math.SQRT2, 0, 7)).toBe("1.414214");
  });

  it("keeps the zeros of whole numbers, and writes no zero part", () => {
    expect(formatReal(100)).toBe("100");
    expect(formatReal(-180, 3)).toBe("−180");
    expect(formatReal(-175.3, 3)).toBe("−175");
    expect(formatComplex(250, 0)).toBe("250");
    expect(formatComplex(1000, 20)).toBe("1000 + 20i");
    expect(formatComplex(0, 300)).toBe("300i");
    expect(formatComplex(10.5, 0.004)).toBe("10.5");
  });

  it("uses scientific form for large and tiny magnitudes", () => {
    expect(formatComplex(1.5e7, 2)).toBe("1.5×10⁷");
    expect(formatComplex(1.5e7, -2.25e6)).toBe("1.5×10⁷ − 2.25×10⁶·i");
    expect(formatComplex(0, 3e-5)).toBe("3×10⁻⁵·i");
  });

  it("names infinity and undefined values", () => {
    expect(formatComplex(Infinity, 0)).toBe("∞");
    expect(formatComplex(1, -Infinity)).toBe("∞");
    expect(formatComplex(NaN, 0)).toBe("undefined");
    expect(formatReal(-0.5)).toBe("−0.5");
  });
});
