import { describe, expect, it } from "vitest";
import { ecmPlanForFactorDigits } from "./ecm";
import { ecmPretestLevels, expectedCurveSeconds, expectedSiqsSeconds } from "./ecm-pretest";

/** The expected saving of the k-th curve (k from 0) of a level, recomputed here from its definition. */
function saving(factorDigits: number, k: number, curves: number, sieveSeconds: number): number {
  const prior = 5 / factorDigits;
  const missed = Math.exp(-k / curves);
  const stillThere = (prior * missed) / (1 - prior + prior * missed);
  return (stillThere / curves) * sieveSeconds;
}

describe("ECM before the sieve, by expected time", () => {
  it("runs no curve where the sieve is quicker than a few curves", () => {
    for (const digits of [20, 30, 40, 45]) expect(ecmPretestLevels(digits), `${digits} digits`).toEqual([]);
  });

  it("runs at least ECMNET's curves for 20-digit factors of an 80-digit number, with its bounds", () => {
    const levels = ecmPretestLevels(80);
    const level20 = levels.find((level) => level.factorDigits === 20)!;
    const plan = ecmPlanForFactorDigits(20);
    expect(level20).toMatchObject({ B1: plan.B1, B2: plan.B2, factorDigits: 20 });
    // 100 curves miss a 20-digit factor with chance 1/e; minutes of sieving make more worth their cost.
    expect(level20.curves).toBeGreaterThan(plan.curves);
    expect(level20.curves).toBeLessThanOrEqual(4 * plan.curves);
    expect(levels.map((level) => level.factorDigits)).toEqual([15, 20]);
  });

  it("runs a curve only while it is expected to save more than it costs, level by level upwards", () => {
    for (const digits of [50, 55, 60, 65, 70, 75, 80, 90, 100]) {
      const sieve = expectedSiqsSeconds(digits);
      const levels = ecmPretestLevels(digits);
      levels.forEach((level, index) => {
        expect(level.factorDigits, `${digits} digits`).toBe(15 + 5 * index);
        const { B1, B2, curves: full } = ecmPlanForFactorDigits(level.factorDigits);
        expect(level).toMatchObject({ B1, B2 });
        const cost = expectedCurveSeconds(B1, digits);
        // The last curve run paid; the next would not have, unless the level was already full.
        expect(saving(level.factorDigits, level.curves - 1, full, sieve)).toBeGreaterThanOrEqual(cost);
        if (level.curves < 4 * full) expect(saving(level.factorDigits, level.curves, full, sieve)).toBeLessThan(cost);
        else expect(level.curves).toBe(4 * full);
      });
      // The first level not run would not have paid for one curve.
      const next = 15 + 5 * levels.length;
      if (next - 5 < digits / 2) {
        const plan = ecmPlanForFactorDigits(next);
        expect(saving(next, 0, plan.curves, sieve)).toBeLessThan(expectedCurveSeconds(plan.B1, digits));
      }
    }
  });

  it("looks harder the longer the sieve would take, and never for factors above half the digits", () => {
    const curves = (levels: readonly { curves: number }[]) => levels.reduce((sum, level) => sum + level.curves, 0);
    const total = (digits: number) => curves(ecmPretestLevels(digits));
    for (let digits = 40; digits < 100; digits += 5) expect(total(digits + 5)).toBeGreaterThanOrEqual(total(digits));
    // A sieve ten times slower buys more curves.
    expect(curves(ecmPretestLevels(60, 10 * expectedSiqsSeconds(60)))).toBeGreaterThan(total(60));
    // However slow the sieve, a 60-digit number has a factor of at most 30 digits.
    expect(ecmPretestLevels(60, 1e12).map((level) => level.factorDigits)).toEqual([15, 20, 25, 30]);
  });
});
