import { describe, expect, it } from "vitest";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { functionOf, functionOf2 } from "./from-expression";

function tree(text: string) {
  const parsed = parseExpression(text, FORMULA_OPTIONS);
  if (!parsed.ok) throw parsed.error;
  return parsed.ast;
}

describe("functionOf", () => {
  it("evaluates in the variable with the parameters fixed", () => {
    const { f, F } = functionOf(tree("a x^2 + b"), "x", { a: 2, b: -1 });
    expect(f(3)).toBe(17);
    const enclosure = F(1, 2);
    // 2x² − 1 over [1, 2] is [1, 7]; the enclosure may be a few ulps wider.
    expect(enclosure.lo).toBeLessThanOrEqual(1);
    expect(enclosure.lo).toBeGreaterThan(1 - 1e-12);
    expect(enclosure.hi).toBeGreaterThanOrEqual(7);
    expect(enclosure.hi).toBeLessThan(7 + 1e-12);
    expect(enclosure.continuous).toBe(true);
  });

  it("gives a fresh enclosure each call, even for a bare variable", () => {
    const { F } = functionOf(tree("x"), "x");
    const first = F(0, 1);
    F(5, 6);
    expect([first.lo, first.hi]).toEqual([0, 1]);
  });
});

describe("functionOf2", () => {
  it("reads a relation L = R as L − R, in x and y", () => {
    const { F, FI } = functionOf2(tree("x^2 + y^2 = 1"), ["x", "y"]);
    expect(F(1, 1)).toBe(1);
    expect(FI(2, 3, 2, 3).lo).toBeGreaterThan(0);
    const around = FI(-1, 1, -1, 1);
    expect(around.lo).toBeLessThan(0);
    expect(around.hi).toBeGreaterThan(0);
  });
});
