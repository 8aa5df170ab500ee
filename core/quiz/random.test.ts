import { describe, expect, it } from "vitest";
import { createRandom } from "./random";

const DRAWS = 100_000;

describe("createRandom", () => {
  it("repeats its sequence for the same seed and changes it with the seed", () => {
    const sequence = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 50 }, () => random.next());
    };
    expect(sequence(42)).toEqual(sequence(42));
    const firsts = new Set(Array.from({ length: 1000 }, (_, seed) => sequence(seed)[0]));
    expect(firsts.size).toBe(1000);
    expect(sequence(2 ** 32 - 1)).not.toEqual(sequence(0));
  });

  it("draws numbers in [0, 1) spread evenly over ten buckets", () => {
    const random = createRandom(7);
    const buckets = new Array<number>(10).fill(0);
    let outside = 0;
    for (let i = 0; i < DRAWS; i += 1) {
      const x = random.next();
      if (x < 0 || x >= 1) outside += 1;
      else buckets[Math.floor(x * 10)]! += 1;
    }
    expect(outside).toBe(0);
    // Each bucket expects 10 000 draws; the standard deviation is about 95, so 500 is a wide margin.
    for (const count of buckets) expect(Math.abs(count - DRAWS / 10)).toBeLessThan(500);
  });

  it("draws whole numbers from min to max, reaching both ends", () => {
    const random = createRandom(3);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i += 1) {
      const n = random.int(-3, 4);
      expect(Number.isInteger(n) && n >= -3 && n <= 4).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3, 4]);
    expect(random.int(5, 5)).toBe(5);
    expect(() => random.int(2, 1)).toThrow(RangeError);
    expect(() => random.int(0.5, 2)).toThrow(RangeError);
  });

  it("picks items of the list and shuffles a copy into a permutation", () => {
    const random = createRandom(11);
    const items = ["a", "b", "c", "d", "e"] as const;
    const picked = new Set(Array.from({ length: 200 }, () => random.pick(items)));
    expect([...picked].sort()).toEqual([...items]);
    expect(() => random.pick([])).toThrow(RangeError);
    const shuffled = random.shuffle(items);
    expect([...shuffled].sort()).toEqual([...items]);
    expect(items).toEqual(["a", "b", "c", "d", "e"]);
    const orders = new Set(Array.from({ length: 500 }, () => random.shuffle(items).join("")));
    // 120 orders exist; 500 shuffles should meet nearly all of them.
    expect(orders.size).toBeGreaterThan(100);
  });
});
