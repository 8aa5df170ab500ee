import { describe, expect, it } from "vitest";
import { modPow } from "./bigint";
import { squareAndMultiply } from "./square-and-multiply";
import { random } from "./test-oracles";

/** a^e mod m by e − 1 multiplications, one factor a at a time. */
function naivePower(a: bigint, e: number, m: bigint): bigint {
  let result = 1n % m;
  for (let k = 0; k < e; k += 1) result = (result * a) % m;
  return result;
}

/** How many multiplications the binary method needs, counted from e's digits as a reader would. */
function countByHand(e: bigint): number {
  if (e === 0n) return 0;
  const digits = [...e.toString(2)];
  return digits.length - 1 + digits.filter((digit) => digit === "1").length - 1;
}

describe("squareAndMultiply", () => {
  it("agrees with repeated multiplication for small a, e, m", () => {
    for (let m = 1n; m <= 30n; m += 1n) {
      for (let a = 0n; a <= 31n; a += 1n) {
        const exponents = Array.from({ length: 71 }, (_, e) => e);
        const results = exponents.map((e) => squareAndMultiply(a, BigInt(e), m).result);
        expect(results, `${a}^e mod ${m}`).toEqual(exponents.map((e) => naivePower(a, e, m)));
      }
    }
  });

  it("agrees with modPow on large inputs", () => {
    const next = random(2026);
    const below = (limit: bigint) => BigInt(Math.floor(next() * 1e15)) % limit;
    for (let run = 0; run < 500; run += 1) {
      const a = below(1_000_000_001n);
      const e = below(10n ** 15n) * 1000n + below(1000n);
      const m = 2n + below(999_999_999n);
      expect(squareAndMultiply(a, e, m).result).toBe(modPow(a, e, m));
    }
    const e = 10n ** 18n;
    expect(squareAndMultiply(999_999_937n, e, 1_000_000_000n).result).toBe(modPow(999_999_937n, e, 1_000_000_000n));
  });

  it("keeps every square, running product and exponent consistent with the definition", () => {
    const next = random(7);
    for (let run = 0; run < 200; run += 1) {
      const a = BigInt(Math.floor(next() * 1000));
      const e = BigInt(Math.floor(next() * 1e9));
      const m = 2n + BigInt(Math.floor(next() * 10_000));
      const { steps, binary } = squareAndMultiply(a, e, m);
      expect(steps.length).toBe(binary.length);
      expect(
        steps.map(({ i, bit, square, exponentSoFar, product }) => ({ i, bit, square, exponentSoFar, product })),
      ).toEqual(
        steps.map((_, i) => {
          const exponentSoFar = e & ((1n << BigInt(i + 1)) - 1n);
          return {
            i,
            bit: Number((e >> BigInt(i)) & 1n),
            square: modPow(a, 1n << BigInt(i), m),
            exponentSoFar,
            product: modPow(a, exponentSoFar, m),
          };
        }),
      );
    }
  });

  it("counts squarings and products, against e − 1 for the naive way", () => {
    const exponents = Array.from({ length: 5001 }, (_, e) => BigInt(e));
    const runs = exponents.map((e) => squareAndMultiply(3n, e, 1000n));
    expect(runs.map((run) => run.squarings + run.products)).toEqual(exponents.map(countByHand));
    expect(runs.map((run) => run.naiveMultiplications)).toEqual(exponents.map((e) => (e === 0n ? 0n : e - 1n)));
    expect(runs.every((run) => run.squarings + run.products <= Number(run.naiveMultiplications))).toBe(true);
    // 2026 = 11111101010 in binary: 10 squarings and 8 ones, so 7 products.
    const lesson = squareAndMultiply(7n, 2026n, 10n);
    expect(lesson).toMatchObject({ binary: "11111101010", squarings: 10, products: 7, result: 9n });
  });

  it("refuses negative inputs and a zero modulus", () => {
    expect(() => squareAndMultiply(-1n, 2n, 5n)).toThrow(RangeError);
    expect(() => squareAndMultiply(1n, -2n, 5n)).toThrow(RangeError);
    expect(() => squareAndMultiply(1n, 2n, 0n)).toThrow(RangeError);
    expect(() => squareAndMultiply(1n, 1n << 5000n, 5n)).toThrow(RangeError);
  });
});
