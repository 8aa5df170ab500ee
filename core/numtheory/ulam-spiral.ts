/**
 * Ulam's spiral: the integers written from 1 at the origin, anticlockwise in
 * square rings (2 to the right, 3 above it, then left, down and right again).
 * Ring k holds the numbers from (2k − 1)² + 1 to (2k + 1)², its corner at
 * (k, −k) being (2k + 1)². Coordinates have y pointing up.
 */

/** The number at (x, y). */
export function ulamNumberAt(x: number, y: number): number {
  const k = Math.max(Math.abs(x), Math.abs(y));
  if (k === 0) return 1;
  const last = (2 * k + 1) ** 2;
  const side = 2 * k;
  // Walking back from the ring's last number, at (k, −k): the bottom side, then left, top, right.
  if (y === -k) return last - (k - x);
  if (x === -k) return last - side - (y + k);
  if (y === k) return last - 2 * side - (x + k);
  return last - 3 * side - (k - y);
}

/** Where n ≥ 1 stands. */
export function ulamPosition(n: number): { x: number; y: number } {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError("the spiral holds the whole numbers from 1");
  if (n === 1) return { x: 0, y: 0 };
  const k = Math.ceil((Math.sqrt(n) - 1) / 2);
  const side = 2 * k;
  const offset = (2 * k + 1) ** 2 - n; // steps back from the ring's last number
  if (offset < side) return { x: k - offset, y: -k };
  if (offset < 2 * side) return { x: -k, y: -k + (offset - side) };
  if (offset < 3 * side) return { x: -k + (offset - 2 * side), y: k };
  return { x: k, y: k - (offset - 3 * side) };
}
