import { describe, expect, it } from "vitest";
import { renderWidget } from "../render-widget.test-helpers";
import { attributes } from "./params";
import RemainderTable from "./remainder-table";

const render = (raw: Record<string, string>) => renderWidget(<RemainderTable {...attributes.parse(raw)} />);

/** The remainders as the cells show them, in order. */
function cellRemainders(html: string): number[] {
  const markup = html.replace(/<style[^>]*>.*?<\/style>/g, "");
  return [...markup.matchAll(/remainder <\/span><span[^>]*>\d+<\/span><span[^>]*>(\d+)<\/span>/g)].map((match) =>
    Number(match[1]),
  );
}

describe("RemainderTable (server render)", () => {
  it("shows the squares mod 7 by default, with their period of 7", () => {
    const html = render({});
    // Checked by hand: 0, 1, 4, 9 = 2, 16 = 2, 25 = 4, 36 = 1, then again.
    expect(cellRemainders(html).slice(0, 14)).toEqual([0, 1, 4, 2, 2, 4, 1, 0, 1, 4, 2, 2, 4, 1]);
    expect(cellRemainders(html)).toHaveLength(30);
    expect(html).toContain("repeat every 7 terms from the very start");
    expect(html).toContain("Modulus m");
    expect(html).toContain("Terms shown");
    expect(html).toContain("Sequence");
  });

  it("states a pre-period: 2ⁿ mod 12 is 1, 2, then 4, 8 for ever", () => {
    const html = render({ sequence: "2^n", m: "12", terms: "10" });
    expect(cellRemainders(html)).toEqual([1, 2, 4, 8, 4, 8, 4, 8, 4, 8]);
    expect(html).toContain("The first 2 remainders do not come back (the pre-period, n = 0 … 1)");
    expect(html).toContain("repeat every 2 terms");
  });

  it("says when the period is longer than the terms shown (Fibonacci mod 10 has period 60)", () => {
    const html = render({ sequence: "fibonacci", m: "10", terms: "20" });
    // Last digits of 0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181.
    expect(cellRemainders(html)).toEqual([0, 1, 1, 2, 3, 5, 8, 3, 1, 4, 5, 9, 4, 3, 7, 0, 7, 7, 4, 1]);
    expect(html).toContain("repeat every 60 terms");
    expect(html).toContain("Show more terms to see a full round");
  });
});
