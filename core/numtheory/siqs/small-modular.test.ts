import { describe, expect, it } from "vitest";
import { invMod, mulMod, powMod, sqrtModPrime } from "./small-modular";

const PRIMES = [3, 5, 7, 11, 13, 17, 97, 101, 257, 65537, 1048573];

describe("small modular arithmetic", () => {
  it("mulMod and powMod agree with BigInt", () => {
    const m = 67108859; // a prime just below 2^26
    for (const [a, b] of [
      [m - 1, m - 1],
      [12345678, 55555555],
      [0, 7],
    ] as const) {
      expect(mulMod(a, b, m)).toBe(Number((BigInt(a) * BigInt(b)) % BigInt(m)));
      expect(powMod(a, 1000, m)).toBe(Number(modPowBig(BigInt(a), 1000n, BigInt(m))));
    }
  });

  it("invMod inverts every unit and reports non-units with 0", () => {
    for (const m of [9, 10, 97, 1000]) {
      for (let a = 1; a < m; a += 1) {
        const inverse = invMod(a, m);
        if (gcdSmall(a, m) === 1) expect((a * inverse) % m).toBe(1);
        else expect(inverse).toBe(0);
      }
    }
  });

  it("sqrtModPrime finds a root of every residue and refuses non-residues (brute force)", () => {
    for (const p of PRIMES.filter((q) => q < 300)) {
      const squares = new Set<number>();
      for (let x = 0; x < p; x += 1) squares.add((x * x) % p);
      for (let a = 0; a < p; a += 1) {
        const root = sqrtModPrime(a, p);
        if (squares.has(a)) expect((root * root) % p).toBe(a);
        else expect(root).toBe(-1);
      }
    }
    for (const p of [65537, 1048573]) {
      for (const x of [2, 3, 12345, p - 1]) {
        const a = Number((BigInt(x) * BigInt(x)) % BigInt(p));
        const root = sqrtModPrime(a, p);
        expect(Number((BigInt(root) * BigInt(root)) % BigInt(p))).toBe(a);
      }
    }
  });
});

function gcdSmall(a: number, b: number): number {
  return b === 0 ? a : gcdSmall(b, a % b);
}

function modPowBig(b: bigint, e: bigint, m: bigint): bigint {
  let result = 1n;
  for (let i = 0n; i < e; i += 1n) result = (result * b) % m;
  return result;
}
