/**
 * A fixed pseudo-random number for each integer, for jittering sample grids: reproducible (the same
 * view always gives the same samples), yet unrelated to any period a plotted function may have.
 */

/** An integer hashed to [0, 1) (a multiply–xorshift mix of its low and high 32 bits). */
export function hashUnit(k: number): number {
  let h = Math.imul((k | 0) ^ Math.floor(k / 4294967296), 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}
