import { describe, expect, it } from "vitest";
import { modPow } from "./bigint";
import { powerCycle, powerCycleFacts } from "./power-cycle";

/** a^n mod m straight from modPow, one power at a time. */
const power = (a: number, n: number, m: number) => Number(modPow(BigInt(a), BigInt(n), BigInt(m)));

/**
 * Tail and period by definition: the least period λ that works for every n from far out (n ≥ m
 * is past any tail), then the least μ from which that λ already works, checked over a full stretch.
 */
function bruteTailAndPeriod(a: number, m: number): { tail: number; period: number } {
  const powers = Array.from({ length: 5 * m + 1 }, (_, n) => power(a, n, m));
  const holdsFrom = (start: number, step: number) => {
    for (let n = start; n <= start + 2 * m; n += 1) if (powers[n + step] !== powers[n]) return false;
    return true;
  };
  let period = 1;
  while (!holdsFrom(m, period)) period += 1;
  let tail = 0;
  while (!holdsFrom(tail, period)) tail += 1;
  return { tail, period };
}

const gcdNumber = (a: number, b: number): number => (b === 0 ? a : gcdNumber(b, a % b));

describe("powerCycle", () => {
  it("agrees with the definition for all a < m ≤ 60", () => {
    for (let m = 2; m <= 60; m += 1) {
      for (let a = 0; a < m; a += 1) {
        const cycle = powerCycle(a, m);
        expect({ tail: cycle.tail, period: cycle.period }, `a = ${a}, m = ${m}`).toEqual(bruteTailAndPeriod(a, m));
        expect(cycle.powers).toEqual(Array.from({ length: cycle.tail + cycle.period }, (_, n) => power(a, n, m)));
      }
    }
  });

  it("has no tail and the order as period when gcd(a, m) = 1, and a period dividing φ(m)", () => {
    for (let m = 2; m <= 60; m += 1) {
      const phi = Array.from({ length: m }, (_, k) => k).filter((k) => gcdNumber(k, m) === 1).length;
      for (let a = 1; a < m; a += 1) {
        if (gcdNumber(a, m) !== 1) continue;
        let order = 1;
        while (power(a, order, m) !== 1) order += 1;
        const facts = powerCycleFacts(a, m);
        expect(facts.tail).toBe(0);
        expect(facts.period).toBe(order);
        expect(facts.phi).toBe(phi);
        expect(phi % facts.period).toBe(0);
      }
    }
  });

  it("reads a ≥ m as its remainder and keeps the number given", () => {
    const big = powerCycle(10_000, 7);
    const small = powerCycle(10_000 % 7, 7);
    expect(big.a).toBe(10_000);
    expect(big.powers).toEqual(small.powers);
    expect(big.tail).toBe(small.tail);
  });

  it("shows the tail of 2^n mod 12 and of 0^n", () => {
    expect(powerCycle(2, 12)).toMatchObject({ powers: [1, 2, 4, 8], tail: 2, period: 2 });
    expect(powerCycle(0, 7)).toMatchObject({ powers: [1, 0], tail: 1, period: 1 });
    expect(powerCycleFacts(6, 20)).toMatchObject({ powers: [1, 6, 16], tail: 2, period: 1, gcd: 2, phi: 8 });
  });

  it("refuses what it cannot walk", () => {
    expect(() => powerCycle(-1, 7)).toThrow(RangeError);
    expect(() => powerCycle(3, 0)).toThrow(RangeError);
    expect(() => powerCycle(3, 1_000_001)).toThrow(RangeError);
  });
});
