import { describe, expect, it } from "vitest";
import { REMAINDER_SEQUENCES, sequenceRemainders, type RemainderSequence } from "./sequence-remainders";
import { fibonacci } from "./special-sequences";

/** The exact term, in bigint, straight from its definition. */
function exactTerm(sequence: RemainderSequence, n: number): bigint {
  const N = BigInt(n);
  switch (sequence) {
    case "n":
      return N;
    case "n^2":
      return N ** 2n;
    case "n^3":
      return N ** 3n;
    case "2^n":
      return 2n ** N;
    case "10^n":
      return 10n ** N;
    case "fibonacci":
      return fibonacci(n);
    case "triangular":
      return (N * (N + 1n)) / 2n;
  }
}

/**
 * Shortest period and pre-period read off a long list of exact remainders.
 * Pre-period + period ≤ `states` (the size of the state space), so a list of
 * 3·states terms holds the period at least twice after index `states`.
 */
function bruteForcePeriod(values: number[], states: number): { prePeriod: number; period: number } {
  const holds = (p: number, from: number) => {
    for (let n = from; n + p < values.length; n += 1) if (values[n] !== values[n + p]) return false;
    return true;
  };
  let period = 1;
  while (!holds(period, states)) period += 1;
  let prePeriod = 0;
  while (!holds(period, prePeriod)) prePeriod += 1;
  return { prePeriod, period };
}

const stateCount = (sequence: RemainderSequence, m: number) =>
  sequence === "fibonacci" || sequence === "triangular" ? m * m : m;

describe("sequenceRemainders", () => {
  for (const sequence of REMAINDER_SEQUENCES) {
    it(`matches brute force for ${sequence} mod m, m = 1…30`, () => {
      for (let m = 1; m <= 30; m += 1) {
        const states = stateCount(sequence, m);
        const length = 3 * states + 10;
        const exact = Array.from({ length }, (_, n) => Number(exactTerm(sequence, n) % BigInt(m)));
        const result = sequenceRemainders(sequence, m, length);
        expect(result.remainders).toEqual(exact);
        expect({ prePeriod: result.prePeriod, period: result.period }).toEqual(bruteForcePeriod(exact, states));
      }
    });
  }

  it("finds the shorter period of the values when the state cycles longer (n² mod 4: 0, 1, 0, 1, …)", () => {
    const result = sequenceRemainders("n^2", 4, 8);
    expect(result.remainders).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    expect(result.period).toBe(2);
    expect(result.prePeriod).toBe(0);
  });

  it("finds a pre-period (2ⁿ mod 12: 1, 2, 4, 8, 4, 8, …)", () => {
    const result = sequenceRemainders("2^n", 12, 6);
    expect(result.remainders).toEqual([1, 2, 4, 8, 4, 8]);
    expect(result.prePeriod).toBe(2);
    expect(result.period).toBe(2);
  });

  it("detects periods longer than the terms asked for", () => {
    const result = sequenceRemainders("fibonacci", 50, 10);
    expect(result.remainders).toHaveLength(10);
    // Independent: the pair (0, 1) returns first at the period of a purely periodic sequence.
    let [a, b, n] = [0n, 1n, 0];
    do {
      [a, b] = [b, (a + b) % 50n];
      n += 1;
    } while (!(a === 0n && b === 1n));
    expect(result.period).toBe(n);
  });

  it("refuses moduli and term counts out of range", () => {
    expect(() => sequenceRemainders("n", 0, 10)).toThrow(RangeError);
    expect(() => sequenceRemainders("n", 10_001, 10)).toThrow(RangeError);
    expect(() => sequenceRemainders("n", 7, -1)).toThrow(RangeError);
    expect(() => sequenceRemainders("n", 7, 1.5)).toThrow(RangeError);
  });
});
