import { describe, expect, it } from "vitest";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import AreaModel from "./area-model";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => renderWidget(<AreaModel {...attributes.parse(raw)} />);

/** The rows of the areas table: [piece, size, area]. */
const tableRows = (html: string) =>
  [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)]
    .map((row) => [...row[1]!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((cell) => visibleText(cell[1]!).trim()))
    .slice(1);

describe("AreaModel (server render)", () => {
  it.each([
    [3, 2],
    [12, 1],
    [7, 7],
  ])("a = %i, b = %i: the pieces, their areas and the sum", (a, b) => {
    const html = render({ a: String(a), b: String(b) });
    const text = visibleText(html);
    // Independent arithmetic: the areas as products, the whole as the square of the side.
    expect(text).toContain(
      `(${a} + ${b})² = ${(a + b) ** 2}, and ${a}² + 2·${a}·${b} + ${b}² = ${a * a} + ${2 * a * b} + ${b * b} = ${(a + b) ** 2}.`,
    );
    expect(tableRows(html)).toEqual([
      ["a², top left", `${a} × ${a}`, String(a * a)],
      ["ab, top right", `${b} × ${a}`, String(a * b)],
      ["ab, bottom left", `${a} × ${b}`, String(a * b)],
      ["b², bottom right", `${b} × ${b}`, String(b * b)],
      ["The whole square, (a + b)²", `${a + b} × ${a + b}`, String((a + b) ** 2)],
    ]);
    expect(html).toContain(`\\(${a}+${b})^2 = ${a}^2 + 2\\cdot ${a}\\cdot ${b} + ${b}^2`.slice(1));
  });

  it("has labelled sliders, a described drawing and a live sum", () => {
    const html = render({});
    const text = visibleText(html);
    expect(text).toContain("Length a: 3");
    expect(text).toContain("Length b: 2");
    expect(html.match(/type="range"/g)).toHaveLength(2);
    expect(html).toMatch(/role="img" aria-label="A square of side 3 \+ 2 = 5 cut into a 3 by 3 square/);
    expect(html).toContain('aria-live="polite"');
    expect(text).toContain("(a − b)²");
    expect(html).toContain('aria-label="Which square to show: of a sum or of a difference"');
  });
});
