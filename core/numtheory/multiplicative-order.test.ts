import { describe, expect, it } from "vitest";
import { trialDivision } from "./test-oracles";
import type { Factor } from "./factorization-types";
import { multiplicativeOrder } from "./multiplicative-order";

function bruteOrder(a: number, n: number): number {
  let k = 1;
  for (let power = a % n; power !== 1 % n; power = (power * a) % n) k += 1;
  return k;
}

const gcdNumber = (a: number, b: number): number => (b === 0 ? a : gcdNumber(b, a % b));

describe("multiplicativeOrder", () => {
  it("agrees with repeated multiplication for n ≤ 2000", () => {
    for (let n = 1; n <= 2000; n += 1) {
      const factors = trialDivision(BigInt(n));
      for (const a of [2, 3, 10, n - 1, (n * 7919 + 13) % n]) {
        if (a <= 0 || gcdNumber(a, n) !== 1) continue;
        expect(multiplicativeOrder(BigInt(a), BigInt(n), factors, trialDivision), `ord(${a} mod ${n})`).toBe(
          BigInt(bruteOrder(a, n)),
        );
      }
    }
    expect(multiplicativeOrder(5n, 1n, [], trialDivision)).toBe(1n);
    expect(multiplicativeOrder(-1n, 7n, trialDivision(7n), trialDivision)).toBe(2n);
  });

  it("finds the order of 2 modulo a Mersenne prime, factoring p − 1 through the callback", () => {
    const p = 2n ** 61n - 1n;
    // PARI/GP: factor(2^61 - 2).
    const pMinus1: Factor[] = (
      [
        [2n, 1],
        [3n, 2],
        [5n, 2],
        [7n, 1],
        [11n, 1],
        [13n, 1],
        [31n, 1],
        [41n, 1],
        [61n, 1],
        [151n, 1],
        [331n, 1],
        [1321n, 1],
      ] as const
    ).map(([value, exponent]) => ({ value, exponent, kind: "prime" }));
    const asked: bigint[] = [];
    const factorize = (m: bigint) => {
      asked.push(m);
      return m === p - 1n ? pMinus1 : null;
    };
    expect(multiplicativeOrder(2n, p, [{ value: p, exponent: 1, kind: "prime" }], factorize)).toBe(61n);
    expect(asked).toEqual([p - 1n]);
  });

  it("is null when some p − 1 cannot be factored completely", () => {
    const factors = trialDivision(1001n);
    expect(multiplicativeOrder(10n, 1003n, trialDivision(1003n), () => null)).toBeNull();
    const composite = (m: bigint): Factor[] => [{ value: m, exponent: 1, kind: "composite" }];
    expect(multiplicativeOrder(2n, 1001n, factors, composite)).toBeNull();
  });

  it("refuses a non-unit, a wrong factorization and a factorizer that lies", () => {
    expect(() => multiplicativeOrder(6n, 9n, trialDivision(9n), trialDivision)).toThrow(RangeError);
    expect(() => multiplicativeOrder(2n, 15n, trialDivision(21n), trialDivision)).toThrow(/do not multiply/);
    const wrong = (): Factor[] => [{ value: 2n, exponent: 1, kind: "prime" }];
    expect(() => multiplicativeOrder(2n, 7n, trialDivision(7n), wrong)).toThrow(/do not multiply to 6/);
  });
});
