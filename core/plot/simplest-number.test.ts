import { describe, expect, it } from "vitest";
import { simplestBetween } from "./simplest-number";

/** Brute force: the first denominator q with a multiple of 1/q in [a, b] (0 < a ≤ b), and that fraction. */
function smallestDenominator(a: number, b: number): [number, number] {
  for (let q = 1; ; q++) {
    const p = Math.ceil(a * q);
    if (p <= b * q) return [p, q];
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("simplestBetween", () => {
  it("finds integers, 0 and written decimals in tight brackets", () => {
    expect(simplestBetween(0.9999999999, 1.0000000001)).toBe(1);
    expect(simplestBetween(-1e-12, 3e-12)).toBe(0);
    expect(simplestBetween(0.2999999999, 0.3000000001)).toBe(0.3);
    expect(simplestBetween(-2.5000000001, -2.4999999999)).toBe(-2.5);
    expect(simplestBetween(1 / 3 - 1e-12, 1 / 3 + 1e-12)).toBe(1 / 3);
    expect(simplestBetween(4, 4)).toBe(4);
  });

  it("agrees with a brute-force search for the smallest denominator", () => {
    const next = seeded(42);
    for (let trial = 0; trial < 300; trial++) {
      const a = next() * 10;
      const b = a + next() * 1e-3;
      const [p, q] = smallestDenominator(a, b);
      expect(simplestBetween(a, b)).toBe(p / q);
      expect(simplestBetween(-b, -a)).toBe(-p / q);
    }
  });

  it("stays in the bracket, and refuses a reversed one", () => {
    const next = seeded(7);
    for (let trial = 0; trial < 300; trial++) {
      const a = (next() - 0.5) * 1e6;
      const b = a + next() * 1e-9 * Math.abs(a);
      const x = simplestBetween(a, b);
      expect(x).toBeGreaterThanOrEqual(a);
      expect(x).toBeLessThanOrEqual(b);
    }
    expect(simplestBetween(2, 1)).toBeNaN();
  });
});
