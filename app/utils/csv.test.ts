import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("CSV fields (RFC 4180)", () => {
  it("leaves plain text and numbers as they are, and writes null as an empty field", () => {
    expect(csvField("/chapter/periods-and-primes")).toBe("/chapter/periods-and-primes");
    expect(csvField(1234)).toBe("1234");
    expect(csvField(0.125)).toBe("0.125");
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("quotes a field holding a comma, a quote or a line break, doubling the quotes inside", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
  });

  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1+2", '"\'+1+2"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\r=1", '"\'\r=1"'],
  ])("defuses text that a spreadsheet would run as a formula: %j", (text, field) => {
    expect(csvField(text)).toBe(field);
  });

  it("keeps a negative number a number, and a formula sign inside text untouched", () => {
    expect(csvField(-3)).toBe("-3");
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("example.org/+x")).toBe("example.org/+x");
  });

  it("refuses numbers a spreadsheet cannot read back", () => {
    expect(() => csvField(Number.NaN)).toThrow();
    expect(() => csvField(Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe("CSV files", () => {
  it("writes the header and each row as a record ended by CRLF", () => {
    expect(
      toCsv(
        ["Page", "Views"],
        [
          ["/", 10],
          ["/a,b", 2],
        ],
      ),
    ).toBe('Page,Views\r\n/,10\r\n"/a,b",2\r\n');
  });

  it("writes only the header when there are no rows", () => {
    expect(toCsv(["Domain", "Visits"], [])).toBe("Domain,Visits\r\n");
  });

  it("refuses a row whose length differs from the header's", () => {
    expect(() => toCsv(["a", "b"], [["only one"]])).toThrow(/1 fields, the header 2/);
  });
});
