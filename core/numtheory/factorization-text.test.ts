import { describe, expect, it } from "vitest";
import { factorizationTex, factorizationText, superscript } from "./factorization-text";

/** Reads "2³ · 3² · 5" back into a number, digit by digit, to check the text against its value. */
function evaluateText(text: string): number {
  const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  return text.split(" · ").reduce((product, term) => {
    const match = /^(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]*)$/u.exec(term);
    if (!match) throw new Error(`unexpected term ${term}`);
    const exponent = match[2] ? Number([...match[2]].map((c) => digits.indexOf(c)).join("")) : 1;
    return product * Number(match[1]) ** exponent;
  }, 1);
}

describe("superscript", () => {
  it("writes every digit raised", () => {
    expect(superscript(0)).toBe("⁰");
    expect(superscript(1234567890)).toBe("¹²³⁴⁵⁶⁷⁸⁹⁰");
  });
  it("refuses negative and fractional exponents", () => {
    expect(() => superscript(-1)).toThrow(RangeError);
    expect(() => superscript(1.5)).toThrow(RangeError);
  });
});

describe("factorizationText and factorizationTex", () => {
  const powers360 = [
    { prime: 2, exponent: 3 },
    { prime: 3, exponent: 2 },
    { prime: 5, exponent: 1 },
  ];
  it("leave out exponent 1 and join with a centred dot", () => {
    expect(factorizationText(powers360)).toBe("2³ · 3² · 5");
    expect(factorizationTex(powers360)).toBe("2^{3} \\cdot 3^{2} \\cdot 5");
  });
  it("skip or keep zero exponents, and write the empty product as 1", () => {
    const powers = [
      { prime: 2, exponent: 2 },
      { prime: 3, exponent: 0 },
      { prime: 5, exponent: 1 },
    ];
    expect(factorizationText(powers)).toBe("2² · 5");
    expect(factorizationText(powers, { keepZeros: true })).toBe("2² · 3⁰ · 5");
    expect(factorizationTex(powers, { keepZeros: true })).toBe("2^{2} \\cdot 3^{0} \\cdot 5");
    expect(factorizationText([{ prime: 7, exponent: 0 }])).toBe("1");
    expect(factorizationTex([])).toBe("1");
  });
  it("reads back to the number it was made from", () => {
    for (const [powers, value] of [
      [
        [
          { prime: 2, exponent: 12 },
          { prime: 5, exponent: 12 },
        ],
        10 ** 12,
      ],
      [[{ prime: 11, exponent: 10 }], 11 ** 10],
      [
        [
          { prime: 3, exponent: 1 },
          { prime: 7, exponent: 2 },
        ],
        147,
      ],
    ] as const) {
      expect(evaluateText(factorizationText(powers))).toBe(value);
    }
  });
});
