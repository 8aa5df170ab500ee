import { describe, expect, it } from "vitest";
import { extendedEuclid } from "#core/numtheory/euclid";
import { renderWidget, textContent as text } from "../render-widget.test-helpers";
import EuclidTable from "./euclid-table";
import { describeStep } from "./euclid-text";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => text(renderWidget(<EuclidTable {...attributes.parse(raw)} />));

/** Solutions of a·x + b·y = c with 0 ≤ x < limit, by trying every x. */
function solutionsBelow(a: number, b: number, c: number, limit: number): [number, number][] {
  const found: [number, number][] = [];
  for (let x = 0; x < limit; x += 1) if ((c - a * x) % b === 0) found.push([x, (c - a * x) / b]);
  return found;
}

describe("EuclidTable (server render)", () => {
  it("shows the whole table for 1071 and 462 first, with the gcd, Bézout's identity and the equation", () => {
    const page = render({});
    const [[x, y]] = solutionsBelow(1071, 462, 105, 22) as [[number, number]];
    expect(page).toContain("147");
    expect(page).toContain("21 (gcd)");
    expect(page).toContain("line 0 − 2 × line 1");
    expect(page).toContain("line 2 − 7 × line 3");
    expect(page).toContain(`The solution with the smallest x ≥ 0: x = ${x}, y = ${String(y).replace("-", "−")}.`);
    expect(page).toContain(`1071·${x} + 462·(${String(y).replace("-", "−")}) = 105`);
    for (const label of ["Play", "Step", "To the end", "Reset", "c in ax + by = c"]) expect(page).toContain(label);
  });

  it("says there is no solution when the gcd does not divide c", () => {
    expect(solutionsBelow(6, 9, 10, 9)).toEqual([]);
    expect(render({ a: "6", b: "9", c: "10" })).toContain(
      "No integer solutions: 3 divides 6·x + 9·y for all integers x and y, but 3 does not divide 10.",
    );
  });

  it("describes each step with a line that really is a·u + b·v", () => {
    const euclid = extendedEuclid(1071n, 462n);
    expect(describeStep(euclid, 0)).toBe(
      "Start with two lines that say the obvious: 1071 = 1071·1 + 462·0 and 462 = 1071·0 + 462·1.",
    );
    expect(describeStep(euclid, 1)).toBe(
      "Divide: 1071 = 2·462 + 147, so line 2 is line 0 minus 2 times line 1: 147 = 1071·1 + 462·(−2).",
    );
    expect(1071 * 1 + 462 * -2).toBe(147);
    expect(describeStep(euclid, 3)).toContain("gcd(1071, 462) = 21, and its line reads 21 = 1071·(−3) + 462·7.");
    expect(1071 * -3 + 462 * 7).toBe(21);
  });

  it("refuses attributes outside the bounds", () => {
    expect(attributes.safeParse({ a: "0" }).success).toBe(false);
    expect(attributes.safeParse({ b: "1000000001" }).success).toBe(false);
    expect(attributes.safeParse({ c: "-5" }).success).toBe(true);
  });
});
