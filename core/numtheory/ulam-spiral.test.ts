import { describe, expect, it } from "vitest";
import { ulamNumberAt, ulamPosition } from "./ulam-spiral";

/** The spiral walked step by step (right 1, up 1, left 2, down 2, right 3, …): the oracle. */
function walk(count: number): { x: number; y: number }[] {
  const positions = [{ x: 0, y: 0 }];
  let x = 0;
  let y = 0;
  const directions = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ] as const;
  for (let leg = 0; positions.length < count; leg += 1) {
    const [dx, dy] = directions[leg % 4]!;
    const length = Math.floor(leg / 2) + 1;
    for (let step = 0; step < length && positions.length < count; step += 1) {
      x += dx;
      y += dy;
      positions.push({ x, y });
    }
  }
  return positions;
}

describe("Ulam's spiral", () => {
  it("places every number where the step-by-step walk does, and reads it back", () => {
    const positions = walk(10_000);
    positions.forEach((position, index) => {
      expect(ulamPosition(index + 1), `n = ${index + 1}`).toEqual(position);
      expect(ulamNumberAt(position.x, position.y)).toBe(index + 1);
    });
  });

  it("starts with 2 to the right of 1 and 3 above it, and puts the odd squares on the lower-right diagonal", () => {
    expect(ulamPosition(2)).toEqual({ x: 1, y: 0 });
    expect(ulamPosition(3)).toEqual({ x: 1, y: 1 });
    for (let k = 1; k < 50; k += 1) expect(ulamNumberAt(k, -k)).toBe((2 * k + 1) ** 2);
    expect(() => ulamPosition(0)).toThrow(RangeError);
  });
});
