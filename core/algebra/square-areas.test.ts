import { describe, expect, it } from "vitest";
import { squareOfDifference, squareOfSum, type Rectangle } from "./square-areas";

const contains = (r: Rectangle, x: number, y: number) =>
  x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;

describe("squareOfSum", () => {
  it("tiles the (a+b) square exactly, each piece's area its count of unit cells", () => {
    for (let a = 1; a <= 12; a += 1) {
      for (let b = 1; b <= 12; b += 1) {
        const { side, area, pieces } = squareOfSum(a, b);
        const counts = pieces.map(() => 0);
        for (let x = 0; x < side; x += 1) {
          for (let y = 0; y < side; y += 1) {
            const owners = pieces.flatMap((piece, i) => (contains(piece, x + 0.5, y + 0.5) ? [i] : []));
            expect(owners).toHaveLength(1); // no gap, no overlap
            counts[owners[0]!]! += 1;
          }
        }
        expect(counts).toEqual(pieces.map((piece) => piece.area));
        expect(counts).toEqual([a * a, a * b, a * b, b * b]);
        expect(area).toBe(side * side);
      }
    }
  });
});

describe("squareOfDifference", () => {
  it("leaves (a−b)² after the strips, with the corner cut twice", () => {
    for (let a = 1; a <= 12; a += 1) {
      for (let b = 1; b <= 12; b += 1) {
        const shape = squareOfDifference(a, b);
        let untouched = 0;
        let inBoth = 0;
        const stripCells = [0, 0];
        for (let x = 0; x < shape.big; x += 1) {
          for (let y = 0; y < shape.big; y += 1) {
            const inStrips = shape.strips.map((strip) => contains(strip, x + 0.5, y + 0.5));
            inStrips.forEach((inside, i) => (stripCells[i]! += inside ? 1 : 0));
            if (inStrips.every((inside) => !inside)) {
              untouched += 1;
              expect(contains(shape.remainder, x + 0.5, y + 0.5)).toBe(true);
            }
            if (inStrips.every(Boolean)) {
              inBoth += 1;
              expect(contains(shape.overlap, x + 0.5, y + 0.5)).toBe(true);
            }
          }
        }
        expect(untouched).toBe((a - b) * (a - b));
        expect(shape.remainder.area).toBe(untouched);
        expect(inBoth).toBe(shape.overlap.area);
        expect(stripCells).toEqual(shape.strips.map((strip) => strip.area));
        // a² − ab − ab + b², counted with the larger number as the big square's side.
        expect(shape.big * shape.big - stripCells[0]! - stripCells[1]! + inBoth).toBe(untouched);
        expect(shape.swapped).toBe(b > a);
      }
    }
  });
});
