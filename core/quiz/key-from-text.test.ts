import { describe, expect, it } from "vitest";
import type { AnswerKey } from "./question";
import {
  choiceKeyFromText,
  DEFAULT_DECIMAL_TOLERANCE,
  keyFromText,
  keyToText,
  type TypedKeyKind,
} from "./key-from-text";
import { TEMPLATES } from "./templates/index";

describe("an answer key typed by an author", () => {
  it("reads each kind's notation", () => {
    expect(keyFromText("integer", " -012 ")).toEqual({ ok: true, key: { kind: "integer", value: "-12" } });
    expect(keyFromText("integer", "03 remainder mod 7")).toEqual({
      ok: true,
      key: { kind: "integer", value: "3", modulus: "7" },
    });
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
    expect(keyFromText("integer", "7 remainder mod 7")).toEqual({
      ok: false,
      message: "A remainder on division by 7 lies between 0 and 6.",
    });
    expect(keyFromText("integer", "0 remainder mod 0")).toEqual({
      ok: false,
      message: "The modulus must be at least 1.",
    });
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

describe("a choice key typed by an author", () => {
  it("takes one option per line, the right ones starred", () => {
    expect(choiceKeyFromText("7\n* 11\n\n  15  \n", false)).toEqual({
      ok: true,
      key: { kind: "choice", options: ["7", "11", "15"], correct: [1], multiple: false },
    });
    expect(choiceKeyFromText("*$2$\r\n*$3$\r\n$4$", true)).toEqual({
      ok: true,
      key: { kind: "choice", options: ["$2$", "$3$", "$4$"], correct: [0, 1], multiple: true },
    });
  });

  it("refuses keys a learner could not answer, saying why", () => {
    expect(choiceKeyFromText("* only one", false)).toMatchObject({
      ok: false,
      message: expect.stringContaining("2 to 10"),
    });
    expect(choiceKeyFromText(Array.from({ length: 11 }, (_, i) => `* ${i}`).join("\n"), true)).toMatchObject({
      ok: false,
    });
    expect(choiceKeyFromText("a\nb", false)).toMatchObject({ ok: false, message: expect.stringContaining("Mark") });
    expect(choiceKeyFromText("*a\n*b", false)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Only one"),
    });
    expect(choiceKeyFromText("*\nb", false)).toMatchObject({ ok: false, message: expect.stringContaining("empty") });
  });
});

describe("a key written back as text", () => {
  /** Every key the templates make, from a spread of seeds: the editor must show each so it reads back the same. */
  const keys: AnswerKey[] = TEMPLATES.flatMap((template) =>
    [1, 2, 3].flatMap((difficulty) =>
      Array.from({ length: 20 }, (_, seed) =>
        template.generate(seed * 7919, difficulty as 1 | 2 | 3).parts.map((part) => part.key),
      ).flat(),
    ),
  );

  it("reads back as the same key, for every kind the templates use", () => {
    const kinds = new Set<string>();
    for (const key of keys) {
      kinds.add(key.kind);
      const text = keyToText(key);
      if (key.kind === "choice") {
        expect(choiceKeyFromText(text, key.multiple)).toEqual({ ok: true, key });
      } else if (key.kind !== "congruence" || key.variable === "x") {
        expect(keyFromText(key.kind, text)).toEqual({ ok: true, key });
      }
    }
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["choice", "congruence", "expression", "integer"]));
  });

  it("reads back for keys of every typed kind written by hand", () => {
    const written: AnswerKey[] = [
      { kind: "fraction", numerator: "-3", denominator: "4" },
      { kind: "decimal", value: 0.1 + 0.2, tolerance: 1e-9 },
      { kind: "expression", expected: "x y + 1", variables: ["x", "y"], form: "expanded" },
      { kind: "expression", expected: "2^10", variables: [] },
    ];
    for (const key of written) expect(keyFromText(key.kind as TypedKeyKind, keyToText(key))).toEqual({ ok: true, key });
  });
});
