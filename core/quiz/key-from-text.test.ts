import { describe, expect, it } from "vitest";
import { DEFAULT_DECIMAL_TOLERANCE, keyFromText } from "./key-from-text";

describe("an answer key typed by an author", () => {
  it("reads each kind's notation", () => {
    expect(keyFromText("integer", " -012 ")).toEqual({ ok: true, key: { kind: "integer", value: "-12" } });
    expect(keyFromText("fraction", "6 / 8")).toEqual({
      ok: true,
      key: { kind: "fraction", numerator: "6", denominator: "8" },
    });
    expect(keyFromText("decimal", "0.125 ± 0.001")).toEqual({
      ok: true,
      key: { kind: "decimal", value: 0.125, tolerance: 0.001 },
    });
    expect(keyFromText("decimal", "1.5")).toEqual({
      ok: true,
      key: { kind: "decimal", value: 1.5, tolerance: DEFAULT_DECIMAL_TOLERANCE },
    });
    expect(keyFromText("expression", "(x-1)(x+1) in x factored")).toEqual({
      ok: true,
      key: { kind: "expression", expected: "(x-1)(x+1)", variables: ["x"], form: "factored" },
    });
    expect(keyFromText("expression", "x y + 1 in x, y")).toEqual({
      ok: true,
      key: { kind: "expression", expected: "x y + 1", variables: ["x", "y"] },
    });
    expect(keyFromText("congruence", "-4 (mod 7)")).toEqual({
      ok: true,
      key: { kind: "congruence", residue: "-4", modulus: "7", variable: "x" },
    });
  });

  it("refuses what it cannot read, saying why", () => {
    expect(keyFromText("integer", "1.5")).toMatchObject({ ok: false, message: expect.stringContaining("digits") });
    expect(keyFromText("fraction", "3/0")).toEqual({ ok: false, message: "The denominator cannot be 0." });
    expect(keyFromText("decimal", "abc")).toMatchObject({ ok: false });
    expect(keyFromText("decimal", "1 ± -2")).toEqual({
      ok: false,
      message: "The tolerance must be a number of at least 0.",
    });
    expect(keyFromText("congruence", "3 mod 0")).toEqual({ ok: false, message: "The modulus must be at least 1." });
    expect(keyFromText("expression", "   ")).toEqual({ ok: false, message: "Type the expected answer." });
  });
});
