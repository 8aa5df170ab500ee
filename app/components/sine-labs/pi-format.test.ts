import { describe, expect, it } from "vitest";
import { angleTex, formatAngle } from "./pi-format";

describe("angles in multiples of π", () => {
  it("reads twelfths of π as reduced fractions", () => {
    expect(formatAngle(Math.PI / 2)).toBe("π/2");
    expect(formatAngle((3 * Math.PI) / 4)).toBe("3π/4");
    expect(formatAngle(-Math.PI / 6)).toBe("−π/6");
    expect(formatAngle(Math.PI)).toBe("π");
    expect(formatAngle(-2 * Math.PI)).toBe("−2π");
    expect(formatAngle(0)).toBe("0");
  });

  it("falls back to decimals off the π/12 grid", () => {
    expect(formatAngle(1)).toBe("1");
    expect(formatAngle(0.123456)).toBe("0.1235");
  });

  it("writes TeX fractions", () => {
    expect(angleTex(Math.PI / 2)).toBe("\\tfrac{\\pi}{2}");
    expect(angleTex((-3 * Math.PI) / 4)).toBe("-\\tfrac{3\\pi}{4}");
    expect(angleTex(Math.PI)).toBe("\\pi");
  });
});
