import { describe, expect, it } from "vitest";
import { extendedEuclid, solveLinearDiophantine } from "./euclid";

/** The largest d dividing both, by trying every d. */
function bruteGcd(a: number, b: number): number {
  let largest = 0;
  for (let d = 1; d <= Math.max(Math.abs(a), Math.abs(b)); d += 1) if (a % d === 0 && b % d === 0) largest = d;
  return largest;
}

describe("extendedEuclid", () => {
  it("finds gcd and Bézout coefficients, every line of the table a·u + b·v, checked against the definition", () => {
    for (let a = 0; a <= 40; a += 1) {
      for (let b = 0; b <= 40; b += 1) {
        if (a === 0 && b === 0) continue;
        const { gcd, x, y, divisions, rows } = extendedEuclid(BigInt(a), BigInt(b));
        expect(gcd).toBe(BigInt(bruteGcd(a, b)));
        expect(BigInt(a) * x + BigInt(b) * y).toBe(gcd);
        for (const row of divisions) expect(row.quotient * row.divisor + row.remainder).toBe(row.dividend);
        for (const row of rows) expect(BigInt(a) * row.u + BigInt(b) * row.v).toBe(row.remainder);
        expect(rows).toHaveLength(divisions.length + 2);
        expect(rows.at(-1)!.remainder).toBe(0n);
      }
    }
  });

  it("runs the textbook example gcd(1071, 462) = 21 in three divisions", () => {
    const { gcd, divisions, x, y } = extendedEuclid(1071n, 462n);
    expect(gcd).toBe(21n);
    expect(divisions.map((row) => [row.dividend, row.quotient, row.divisor, row.remainder])).toEqual([
      [1071n, 2n, 462n, 147n],
      [462n, 3n, 147n, 21n],
      [147n, 7n, 21n, 0n],
    ]);
    expect([x, y]).toEqual([-3n, 7n]);
  });
});

describe("solveLinearDiophantine", () => {
  it("agrees with a search of every x in a window, for a, b from −12 to 12 and c from −30 to 30", () => {
    for (let a = -12; a <= 12; a += 1) {
      for (let b = -12; b <= 12; b += 1) {
        if (a === 0 && b === 0) continue;
        for (let c = -30; c <= 30; c += 1) {
          const solution = solveLinearDiophantine(BigInt(a), BigInt(b), BigInt(c));
          // Solutions with 0 ≤ x < 40, found by trying x and asking whether c − a·x is a multiple of b.
          const found: [number, number][] = [];
          for (let x = 0; x < 40; x += 1) {
            const rest = c - a * x;
            if (b === 0 ? rest === 0 : rest % b === 0)
              // + 0 turns the −0 of 0 / −12 into 0.
              found.push([x, b === 0 ? 0 : rest / b + 0]);
          }
          const name = `${a}x + ${b}y = ${c}`;
          if (b === 0) {
            // x = c/a is fixed and y is free.
            expect(solution.kind, name).toBe(c % a === 0 ? "solutions" : "none");
            if (solution.kind === "solutions") expect(solution.x0 * BigInt(a), name).toBe(BigInt(c));
            continue;
          }
          if (solution.kind === "none") {
            expect(found, name).toEqual([]);
            expect(c % bruteGcd(a, b), name).not.toBe(0);
            continue;
          }
          const { x0, y0, xStep, yStep } = solution;
          expect(Number(x0), name).toBe(found[0]![0]);
          expect(Number(y0), name).toBe(found[0]![1]);
          const listed = found.map(([x]) => x);
          const step = Math.abs(Number(xStep));
          expect(listed, name).toEqual(listed.map((_, k) => Number(x0) + k * step));
          expect(BigInt(a) * (x0 + xStep) + BigInt(b) * (y0 + yStep), name).toBe(BigInt(c));
        }
      }
    }
  });

  it("has no solution when the gcd does not divide c: 6x + 9y = 10", () => {
    expect(solveLinearDiophantine(6n, 9n, 10n)).toEqual({ kind: "none", gcd: 3n });
  });
});
