import { describe, expect, it } from "vitest";
import { mersenneDigits } from "#core/primes/prime-records";
import { primeRecords } from "./prime-records.server";
import { RECORD_FIELDS, recordFromForm, recordToForm } from "./prime-record-form";

describe("the prime record editor's form", () => {
  it("reads back every record of the data file unchanged", () => {
    const file = primeRecords();
    for (const content of file.mersenne)
      expect(recordFromForm("mersenne", recordToForm(content))).toEqual({ ok: true, content });
    for (const content of file.largestKnown)
      expect(recordFromForm("largest", recordToForm(content))).toEqual({ ok: true, content });
    for (const content of file.byForm)
      expect(recordFromForm("form", recordToForm(content))).toEqual({ ok: true, content });
  });

  it("shows a field for every property of each kind", () => {
    const file = primeRecords();
    const named = (kind: keyof typeof RECORD_FIELDS) => RECORD_FIELDS[kind].map((field) => field.name).sort();
    // A Mersenne prime's digits are computed, never typed.
    expect(named("mersenne")).toEqual(
      Object.keys(file.mersenne[0]!)
        .filter((key) => key !== "digits")
        .sort(),
    );
    expect(named("largest")).toEqual(Object.keys(file.largestKnown[0]!).sort());
    expect(named("form")).toEqual(Object.keys(file.byForm[0]!).sort());
  });

  it("computes a Mersenne prime's digits from its exponent and refuses a composite exponent", () => {
    const values = {
      exponent: "1,279",
      year: "1952",
      discoverer: "Robinson",
      project: "",
      program: "",
      test: "Lucas–Lehmer (SWAC)",
      source: "https://t5k.org/mersenne/index.html",
    };
    expect(recordFromForm("mersenne", values)).toMatchObject({
      ok: true,
      content: { exponent: 1279, digits: mersenneDigits(1279), program: null, project: null },
    });
    expect(recordFromForm("mersenne", { ...values, exponent: "1281" })).toEqual({
      ok: false,
      errors: { exponent: "2^1281 − 1 cannot be prime: 1281 is not prime." },
    });
    expect(recordFromForm("mersenne", { ...values, exponent: "12.5" })).toMatchObject({
      ok: false,
      errors: { exponent: expect.stringContaining("whole number") },
    });
  });

  it("says which fields are wrong, in words", () => {
    const result = recordFromForm("form", {
      form: "cousin",
      number: "2^5 - 1",
      digits: "x",
      asOf: "2024-13",
      discoverer: "",
      source: "",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["asOf", "digits", "discoverer", "form", "number", "source"]);
    expect(result.errors.number).toContain("U+2212");
  });
});
