import { describe, expect, it } from "vitest";
import { writeDigits } from "./base-digits";
import {
  cyclicNumber,
  fullReptendPrimes,
  fullReptendStatus,
  nearestFullReptendPrimes,
  CYCLIC_NUMBER_MAX_PRIME,
} from "./cyclic-number";

const isPrimeBrute = (m: number) => {
  if (m < 2) return false;
  for (let d = 2; d < m; d += 1) if (m % d === 0) return false;
  return true;
};

/** The period of 1/p in the base by repeated multiplication (p prime, not dividing the base). */
const bruteOrder = (base: number, p: number) => {
  let k = 1;
  for (let power = base % p; power !== 1; power = (power * base) % p) k += 1;
  return k;
};

/** x in the base with exactly `width` digits, leading zeros kept, by BigInt arithmetic. */
function padded(x: bigint, base: number, width: number): string {
  return x.toString(base).toUpperCase().padStart(width, "0");
}

const rotations = (text: string) => Array.from(text, (_, i) => text.slice(i) + text.slice(0, i));

describe("cyclicNumber", () => {
  it("is (b^(p−1) − 1)/p and every multiple by 1 … p − 1 is a rotation of it, for full-reptend primes", () => {
    for (const base of [2, 3, 7, 10, 12, 13]) {
      for (let p = 2; p <= CYCLIC_NUMBER_MAX_PRIME; p += 1) {
        const full = isPrimeBrute(p) && base % p !== 0 && bruteOrder(base, p) === p - 1;
        const cyclic = cyclicNumber(p, base);
        expect(cyclic !== null, `${p} in base ${base}`).toBe(full);
        if (!cyclic) continue;
        const B = BigInt(base);
        const C = (B ** BigInt(p - 1) - 1n) / BigInt(p);
        const width = p - 1;
        const written = padded(C, base, width);
        expect(writeDigits(cyclic.digits)).toBe(written);
        const allRotations = rotations(written);
        expect(cyclic.multiples).toHaveLength(p - 1);
        for (const { multiplier, digits, shift } of cyclic.multiples) {
          const product = padded(BigInt(multiplier) * C, base, width);
          expect(writeDigits(digits), `${multiplier} × ${written} in base ${base}`).toBe(product);
          expect(product).toBe(allRotations[shift]);
        }
        expect(padded(BigInt(p) * C, base, width)).toBe((base - 1).toString(base).toUpperCase().repeat(width));
      }
    }
  });

  it("finds the familiar base-10 examples", () => {
    expect(fullReptendPrimes(10)).toEqual([7, 17, 19, 23, 29, 47, 59, 61, 97]);
    expect(writeDigits(cyclicNumber(7, 10)!.digits)).toBe("142857");
    expect(writeDigits(cyclicNumber(17, 10)!.digits)).toBe("0588235294117647");
    expect(fullReptendPrimes(16)).toEqual([]);
  });

  it("says why a number is not full-reptend", () => {
    expect(fullReptendStatus(15, 10)).toEqual({ kind: "not-prime" });
    expect(fullReptendStatus(5, 10)).toEqual({ kind: "divides-base" });
    expect(fullReptendStatus(13, 10)).toEqual({ kind: "short-period", period: bruteOrder(10, 13) });
    expect(fullReptendStatus(7, 10)).toEqual({ kind: "full-reptend" });
    expect(() => fullReptendStatus(CYCLIC_NUMBER_MAX_PRIME + 1, 10)).toThrow(RangeError);
  });

  it("suggests the nearest full-reptend primes on each side", () => {
    for (const base of [2, 10, 16]) {
      const list: number[] = [];
      for (let p = 2; p <= CYCLIC_NUMBER_MAX_PRIME; p += 1) {
        if (isPrimeBrute(p) && base % p !== 0 && bruteOrder(base, p) === p - 1) list.push(p);
      }
      for (let p = 2; p <= CYCLIC_NUMBER_MAX_PRIME; p += 1) {
        expect(nearestFullReptendPrimes(p, base)).toEqual({
          below: list.filter((q) => q < p).at(-1) ?? null,
          above: list.find((q) => q > p) ?? null,
        });
      }
    }
  });
});
