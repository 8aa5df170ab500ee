import { describe, expect, it } from "vitest";
import { areaFacts } from "./area-facts";

describe("areaFacts", () => {
  it("works out (a + b)² and its pieces for every a, b in range", () => {
    for (let a = 1; a <= 12; a += 1) {
      for (let b = 1; b <= 12; b += 1) {
        const facts = areaFacts("sum", a, b);
        // Independent arithmetic: products, never the pieces' own fields.
        expect(facts.tex[1]).toBe(`${(a + b) ** 2} = ${a * a} + ${2 * a * b} + ${b * b}`);
        expect(facts.rows.map((row) => row.area)).toEqual([a * a, a * b, a * b, b * b, (a + b) ** 2]);
        expect(facts.rows.every((row) => row.width * row.height === row.area)).toBe(true);
      }
    }
  });

  it("works out (a − b)² as a big square less two strips plus the corner", () => {
    for (let a = 1; a <= 12; a += 1) {
      for (let b = 1; b <= 12; b += 1) {
        const facts = areaFacts("difference", a, b);
        expect(facts.tex[1]).toBe(`${(a - b) ** 2} = ${a * a} - ${2 * a * b} + ${b * b}`);
        expect(facts.sentence).toBe(
          `(${a} − ${b})² = ${(a - b) ** 2}, and ${a}² − 2·${a}·${b} + ${b}² = ${a * a} − ${2 * a * b} + ${b * b} = ${(a - b) ** 2}.`,
        );
        const [big, right, bottom, corner, left] = facts.rows.map((row) => row.area) as number[];
        const [large, small] = [Math.max(a, b), Math.min(a, b)];
        expect([big, right, bottom, corner, left]).toEqual([large * large, a * b, a * b, small * small, (a - b) ** 2]);
        expect(facts.rows.every((row) => row.width * row.height === row.area)).toBe(true);
      }
    }
  });

  it("names the squares by which of a and b is larger", () => {
    expect(areaFacts("difference", 2, 5).rows.map((row) => row.piece)).toEqual([
      "The big square, b²",
      "Strip taken off the right, ab",
      "Strip taken off the bottom, ab",
      "Corner in both strips, added back: a²",
      "What is left, (a − b)²",
    ]);
  });
});
