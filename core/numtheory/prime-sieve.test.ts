import { describe, expect, it } from "vitest";
import { primesInRange, primesUpTo } from "./prime-sieve";

function isPrimeByTrialDivision(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
}

function bruteRange(low: number, high: number): number[] {
  const out: number[] = [];
  for (let n = low; n <= high; n += 1) if (isPrimeByTrialDivision(n)) out.push(n);
  return out;
}

describe("prime sieve", () => {
  it("matches trial division below 200,000, across segment boundaries", () => {
    expect([...primesUpTo(200_000)]).toEqual(bruteRange(0, 200_000));
    for (const [low, high] of [
      [0, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [0, 30],
      [131_000, 131_200],
      [131_071, 131_073],
      [99_990, 250_000],
    ] as const) {
      expect([...primesInRange(low, high)], `${low}..${high}`).toEqual(bruteRange(low, high));
    }
  });

  it("reaches the top of the 32-bit range", () => {
    const top = 0xffff_ffff;
    expect([...primesInRange(top - 400, top)]).toEqual(bruteRange(top - 400, top));
    // 4294967291 is the largest prime below 2^32.
    expect(primesInRange(top - 10, top).at(-1)).toBe(4_294_967_291);
  });

  it("counts π(10^6) = 78498 and π(10^7) = 664579, and serves smaller limits from the cache", () => {
    expect(primesUpTo(10_000_000).length).toBe(664_579);
    expect(primesUpTo(1_000_000).length).toBe(78_498);
    expect(primesUpTo(1_000_000).at(-1)).toBe(999_983);
    expect(primesUpTo(1).length).toBe(0);
    expect([...primesUpTo(11)]).toEqual([2, 3, 5, 7, 11]);
  });

  it("refuses bounds it cannot hold", () => {
    expect(() => primesUpTo(2 ** 32)).toThrow(RangeError);
    expect(() => primesInRange(0, 1.5)).toThrow(RangeError);
  });
});
