import { describe, expect, it } from "vitest";
import { modPow } from "#core/numtheory/bigint";
import { renderWidget, visibleText } from "../render-widget.test-helpers";
import { attributes } from "./params";
import PowerResidueTableWidget from "./power-residue-table";

const render = (m: number) => renderWidget(<PowerResidueTableWidget m={m} />);

/** Each body row: its header text and its cells. */
const bodyRows = (html: string) =>
  [...html.matchAll(/<tr[^>]*><th scope="row">([\s\S]*?)<\/th>([\s\S]*?)<\/tr>/g)].map((match) => ({
    header: (match[1] ?? "").replace(/<style[^>]*>[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, ""),
    cells: [...(match[2] ?? "").matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]),
  }));

const power = (a: number, k: number, m: number) => String(modPow(BigInt(a), BigInt(k), BigInt(m)));

describe("PowerResidueTable widget", () => {
  it("renders the table modulo 7 with headers, orders and the primitive roots 3 and 5", () => {
    const html = render(7);
    const text = visibleText(html);
    expect(html).toContain('value="7"');
    expect(text).toContain("Modulus m");
    expect(text).toContain("Candidate g");
    expect(html).toContain('<th scope="col">order</th>');
    const rows = bodyRows(html);
    expect(rows.map((row) => row.header)).toEqual(["1", "2", "★3, a primitive root", "4", "★5, a primitive root", "6"]);
    for (const [index, row] of rows.entries()) {
      const a = index + 1;
      const powers = Array.from({ length: 6 }, (_, k) => power(a, k + 1, 7));
      // The order is the first k with a^k ≡ 1, read off the powers themselves.
      expect(row.cells).toEqual([...powers, String(powers.indexOf("1") + 1)]);
    }
    expect(text).toContain("3 and 5 reach it: they are the primitive roots modulo 7 (★), 2 of them");
    expect(text).toContain(
      "None is 1, so the order of 3 divides 6 but none of 3 and 2: it is 6, and 3 is a primitive root.",
    );
    expect(html).toContain("3^{3} \\equiv 6,\\ 3^{2} \\equiv 2 \\pmod{7}");
  });

  it("says when m has no primitive root, and marks the rows without an order", () => {
    const html = render(8);
    const text = visibleText(html);
    expect(text).toContain("but no order reaches it: the largest is 2. There is no primitive root modulo 8");
    const rows = bodyRows(html);
    expect(rows.filter((row) => row.header.includes("★"))).toEqual([]);
    expect(rows.map((row) => row.cells.at(-1))).toEqual(["1", "—", "2", "—", "2", "—", "2"]);
    expect(text).toContain("so the order of 3 divides 2, less than 4: 3 is not a primitive root.");
  });

  it("shows a repeat for every row, even when it needs more columns than φ(m)", () => {
    // φ(6) = 2, but 2, 4, 2, … only repeats at k = 3.
    const rows = bodyRows(render(6));
    expect(rows.find((row) => row.header === "2")?.cells).toEqual(["2", "4", "2", "—"]);
  });

  it("takes m from 2 to 40", () => {
    expect(attributes.parse({})).toEqual({ m: 7 });
    expect(attributes.parse({ m: "40" })).toEqual({ m: 40 });
    expect(attributes.safeParse({ m: "41" }).success).toBe(false);
    expect(attributes.safeParse({ m: "1" }).success).toBe(false);
  });
});
