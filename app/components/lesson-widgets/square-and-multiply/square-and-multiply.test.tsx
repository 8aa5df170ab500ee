import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import { attributes, describeExponentProblem } from "./params";
import SquareAndMultiplyWidget from "./square-and-multiply";

const render = (a: number, e: string, m: number) => renderWidget(<SquareAndMultiplyWidget a={a} e={e} m={m} />);

/** The bit column of the table, read from the rendered rows. */
const bitColumn = (html: string) =>
  [...html.matchAll(/<tr[^>]*><th scope="row">(\d+)<\/th><td>([01])<\/td>/g)].map((match) => match[2]);

describe("SquareAndMultiply widget", () => {
  it("renders 7^2026 mod 10 on the server: fields, binary digits, the rows and the counts", () => {
    const html = render(7, "2026", 10);
    const text = visibleText(html);
    for (const value of ['value="7"', 'value="2026"', 'value="10"']) expect(html).toContain(value);
    for (const label of ["Base a", "Exponent e", "Modulus m", "Play", "Step", "Show all", "Start over"]) {
      expect(text).toContain(label);
    }
    expect(html).toContain(`2026 = ${(2026).toString(2)}_2`);
    expect(html).toContain("2026 = 2^{10} + 2^{9} + 2^{8} + 2^{7} + 2^{6} + 2^{5} + 2^{3} + 2^{1}");
    // Row i holds bit i of 2026, least significant first.
    expect(bitColumn(html)).toEqual([...(2026).toString(2)].reverse());
    expect(text).toContain(
      "Square-and-multiply: 10 squarings and 7 products, 17 multiplications in all. One factor at a time: 2,025 multiplications.",
    );
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('<th scope="col">');
  });

  it("says what e = 0 costs", () => {
    const text = visibleText(render(3, "0", 10));
    expect(text).toContain("The exponent is 0");
    expect(text).toContain("One factor at a time would not multiply either.");
  });

  it("renders an exponent of 10^18 with 60 rows", () => {
    const html = render(999_999_999, "1000000000000000000", 1_000_000_000);
    expect(bitColumn(html)).toHaveLength((10n ** 18n).toString(2).length);
    expect(visibleText(html)).toContain("One factor at a time: 999,999,999,999,999,999 multiplications.");
  });

  it("takes a and m up to 10^9 and e as digits up to 10^18", () => {
    expect(attributes.parse({})).toEqual({ a: 7, e: "2026", m: 10 });
    expect(attributes.parse({ e: " 1000000000000000000 " })).toEqual({ a: 7, e: "1000000000000000000", m: 10 });
    expect(attributes.safeParse({ e: "1000000000000000001" }).success).toBe(false);
    expect(attributes.safeParse({ e: "-1" }).success).toBe(false);
    expect(attributes.safeParse({ e: "1e5" }).success).toBe(false);
    expect(attributes.safeParse({ m: "1" }).success).toBe(false);
    expect(attributes.safeParse({ a: "1000000001" }).success).toBe(false);
    expect(describeExponentProblem("0")).toBeNull();
  });
});
