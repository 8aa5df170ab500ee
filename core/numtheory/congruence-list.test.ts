import { describe, expect, it } from "vitest";
import { parseCongruenceList, parseModulus, parseResidue } from "./congruence-list";

describe("parseCongruenceList", () => {
  it("reads the usual ways of writing a congruence", () => {
    const parsed = parseCongruenceList("2 mod 3, x ≡ 3 (mod 5); x = −2 mod 7\nx \\equiv 4 \\pmod{9}");
    expect(parsed).toEqual({
      ok: true,
      value: [
        { residue: 2n, modulus: 3n },
        { residue: 3n, modulus: 5n },
        { residue: -2n, modulus: 7n },
        { residue: 4n, modulus: 9n },
      ],
    });
  });

  it("says what is wrong", () => {
    expect(parseCongruenceList("")).toEqual({ ok: false, message: "no congruence given" });
    expect(parseCongruenceList("1 mod 2, 1 mod 3, 1 mod 5, 1 mod 7, 1 mod 11, 1 mod 13, 1 mod 17")).toMatchObject({
      ok: false,
      message: expect.stringContaining("at most 6"),
    });
    expect(parseCongruenceList("2 modulo")).toMatchObject({ ok: false, message: expect.stringContaining("a mod m") });
    expect(parseCongruenceList("2 mod 0")).toMatchObject({ ok: false, message: expect.stringContaining("from 1 to") });
    expect(parseCongruenceList("2.5 mod 3")).toMatchObject({
      ok: false,
      message: expect.stringContaining("whole number"),
    });
  });
});

describe("parseResidue and parseModulus", () => {
  it("take whole numbers in range", () => {
    expect(parseResidue(" -17 ")).toEqual({ ok: true, value: -17n });
    expect(parseResidue("12345678901234").ok).toBe(false);
    expect(parseModulus("1000000")).toEqual({ ok: true, value: 1_000_000n });
    expect(parseModulus("1000001").ok).toBe(false);
    expect(parseModulus("-3").ok).toBe(false);
    expect(parseModulus("0").ok).toBe(false);
  });
});
