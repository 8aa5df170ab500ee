import { describe, expect, it } from "vitest";
import { random } from "./test-oracles";
import { bitLength, gcd, integerRoot, isqrt, isSquare, jacobi, mod, modInverse, modPow, perfectPower } from "./bigint";

function bruteGcd(a: number, b: number): number {
  for (let d = Math.max(Math.abs(a), Math.abs(b)); d >= 1; d -= 1) if (a % d === 0 && b % d === 0) return d;
  return 0;
}

describe("bigint helpers", () => {
  it("gcd, mod and modPow agree with brute force", () => {
    const next = random(1);
    for (let i = 0; i < 300; i += 1) {
      const a = Math.floor(next() * 2000) - 1000;
      const b = Math.floor(next() * 2000) - 1000;
      expect(gcd(BigInt(a), BigInt(b))).toBe(BigInt(bruteGcd(a, b)));
      const m = Math.floor(next() * 50) + 1;
      expect(mod(BigInt(a), BigInt(m))).toBe(BigInt(((a % m) + m) % m));
      const e = Math.floor(next() * 20);
      let power = 1;
      for (let k = 0; k < e; k += 1) power = (power * (((a % m) + m) % m)) % m;
      expect(modPow(BigInt(a), BigInt(e), BigInt(m))).toBe(BigInt(power % m));
    }
    expect(() => modPow(2n, -1n, 7n)).toThrow(RangeError);
  });

  it("modInverse gives a·x ≡ 1, or null when no inverse exists", () => {
    for (let m = 2n; m < 60n; m += 1n) {
      for (let a = -5n; a < m; a += 1n) {
        const inverse = modInverse(a, m);
        if (gcd(a, m) === 1n) expect(mod(a * inverse!, m)).toBe(1n);
        else expect(inverse).toBeNull();
      }
    }
  });

  it("integerRoot is the floor of the real root, for small and huge n", () => {
    for (let n = 0n; n < 3000n; n += 1n) {
      for (const k of [1, 2, 3, 5]) {
        const r = integerRoot(n, k);
        expect(r ** BigInt(k) <= n && (r + 1n) ** BigInt(k) > n).toBe(true);
      }
    }
    const huge = 10n ** 300n + 12345n;
    const r = integerRoot(huge, 7);
    expect(r ** 7n <= huge && (r + 1n) ** 7n > huge).toBe(true);
    expect(isqrt(10n ** 100n)).toBe(10n ** 50n);
    expect(isSquare(10n ** 100n)).toBe(true);
    expect(isSquare(10n ** 100n + 1n)).toBe(false);
    expect(bitLength(0n)).toBe(0);
    expect(bitLength(255n)).toBe(8);
  });

  it("perfectPower finds the largest exponent, and nothing for other numbers", () => {
    expect(perfectPower(2n ** 60n)).toEqual({ base: 2n, exponent: 60 });
    expect(perfectPower(15n ** 40n)).toEqual({ base: 15n, exponent: 40 });
    expect(perfectPower(36n)).toEqual({ base: 6n, exponent: 2 });
    expect(perfectPower((10n ** 30n + 7n) ** 3n)).toEqual({ base: 10n ** 30n + 7n, exponent: 3 });
    for (const n of [2n, 3n, 12n, 72n, 10n ** 30n + 7n]) expect(perfectPower(n)).toBeNull();
    // Brute force below 5000.
    for (let n = 4n; n < 5000n; n += 1n) {
      let expected: { base: bigint; exponent: number } | null = null;
      for (let k = 2; 2n ** BigInt(k) <= n; k += 1) {
        for (let b = 2n; b ** BigInt(k) <= n; b += 1n) if (b ** BigInt(k) === n) expected = { base: b, exponent: k };
      }
      expect(perfectPower(n), String(n)).toEqual(expected);
    }
  });

  it("jacobi agrees with Euler's criterion for primes and multiplies over the factors of n", () => {
    const primes = [3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n];
    const legendre = (a: bigint, p: bigint) => {
      const e = modPow(a, (p - 1n) / 2n, p);
      return e === 0n ? 0 : e === 1n ? 1 : -1;
    };
    for (const p of primes) for (let a = -60n; a < 60n; a += 1n) expect(jacobi(a, p)).toBe(legendre(a, p));
    for (let n = 1n; n < 300n; n += 2n) {
      const factors: bigint[] = [];
      let rest = n;
      for (let p = 3n; rest > 1n; p += 2n) {
        while (rest % p === 0n) {
          factors.push(p);
          rest /= p;
        }
      }
      for (let a = 0n; a < 40n; a += 1n) {
        const product = factors.reduce((sign, p) => sign * legendre(a, p), 1);
        expect(jacobi(a, n), `(${a}/${n})`).toBe(product === 0 ? 0 : product);
      }
    }
    expect(() => jacobi(3n, 8n)).toThrow(RangeError);
  });
});
