import { describe, expect, it } from "vitest";
import { describeKey } from "./describe-key";

describe("an answer key in words", () => {
  it("names each kind with its value", () => {
    expect(describeKey({ kind: "integer", value: "-12" })).toBe("the integer -12");
    expect(describeKey({ kind: "integer", value: "3", modulus: "7" })).toBe("the remainder 3 (mod 7)");
    expect(describeKey({ kind: "fraction", numerator: "3", denominator: "4" })).toBe("the fraction 3/4");
    expect(describeKey({ kind: "decimal", value: 0.125, tolerance: 0.001 })).toBe("0.125 within ±0.001");
    expect(describeKey({ kind: "congruence", residue: "3", modulus: "7", variable: "x" })).toBe("x ≡ 3 (mod 7)");
    expect(describeKey({ kind: "expression", expected: "(x-1)*(x+1)", variables: ["x"], form: "factored" })).toBe(
      "an expression equal to (x-1)*(x+1) in x, in factored form",
    );
  });

  it("lists the correct options of a choice by letter", () => {
    expect(describeKey({ kind: "choice", options: ["2", "3", "5"], correct: [0, 2], multiple: true })).toBe(
      "every correct option: A: 2; C: 5",
    );
  });

  it("writes words and options through a format, e.g. as HTML", () => {
    const html = {
      text: (words: string) => words.replace(/</g, "&lt;"),
      option: (markdown: string) => `<b>${markdown}</b>`,
    };
    expect(describeKey({ kind: "choice", options: ["a<b", "c"], correct: [0], multiple: false }, html)).toBe(
      "one option: A: <b>a<b</b>",
    );
    expect(describeKey({ kind: "expression", expected: "x<1", variables: ["x"] }, html)).toBe(
      "an expression equal to x&lt;1 in x",
    );
  });
});
