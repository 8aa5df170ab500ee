import { describe, expect, it } from "vitest";
import { createRandom } from "../quiz/random";
import {
  MULTIPLE_BIT,
  presieveBytes,
  presieveWordIndex,
  presieveWords,
  R210,
  WHEEL,
  WHEEL210_STEP,
  WHEEL_INDEX,
  wheel210Start,
  wheelOffset,
  wheelStart,
} from "./sieve-wheel";

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The byte and bit of a number prime to 30 on the wheel, computed directly. */
const place = (n: number) => ({ byte: Math.floor(n / 30), bit: 1 << WHEEL_INDEX[n % 30]! });

describe("the mod-30 wheel", () => {
  it("lists the residues prime to 30 and indexes them", () => {
    const coprime = Array.from({ length: 30 }, (_, r) => r).filter((r) => gcd(r, 30) === 1);
    expect([...WHEEL]).toEqual(coprime);
    for (let r = 0; r < 30; r += 1) expect(WHEEL_INDEX[r]).toBe(gcd(r, 30) === 1 ? coprime.indexOf(r) : -1);
  });

  it("places each multiple p·(30t + WHEEL[k]) at byte t·p + offset_k, in the bit of its residue", () => {
    const random = createRandom(30);
    for (let trial = 0; trial < 400; trial += 1) {
      // p prime to 30 (a prime in use, but the layout holds for any such p), t and k at random.
      let p = random.int(7, 1_000_003);
      while (gcd(p, 30) !== 1) p += 1;
      const t = random.int(0, 30_000);
      const k = random.int(0, 7);
      const n = p * (30 * t + WHEEL[k]!);
      const row = WHEEL_INDEX[p % 30]! * 8 + k;
      expect(t * p + wheelOffset(p, k), `${p}·(30·${t} + ${WHEEL[k]})`).toBe(place(n).byte);
      expect(MULTIPLE_BIT[row]).toBe(place(n).bit);
    }
  });

  it("steps from each multiple p·q (q prime to 210) to the next, also near 10^12", () => {
    expect([...R210]).toEqual(Array.from({ length: 210 }, (_, r) => r).filter((r) => gcd(r, 210) === 1));
    const random = createRandom(33);
    for (let trial = 0; trial < 400; trial += 1) {
      let p = random.int(11, 1_000_003);
      while (gcd(p, 30) !== 1) p += 1;
      const n = trial % 2 === 0 ? random.int(0, 1e6) : random.int(1e12 - 1e9, 1e12);
      let q = Math.ceil(n / p);
      while (gcd(q, 210) !== 1) q += 1;
      let { byte, index } = wheel210Start(p, n);
      const a = Math.floor(p / 30);
      // Fifty steps on, each landing on the next p·q with q prime to 210, in its byte and bit.
      for (let step = 0; step < 50; step += 1, q += 1) {
        while (gcd(q, 210) !== 1) q += 1;
        const packed = WHEEL210_STEP[index]!;
        expect(byte, `${p}·${q}`).toBe(place(p * q).byte);
        expect(packed & 0xff, `${p}·${q}`).toBe(place(p * q).bit);
        byte += a * ((packed >>> 8) & 15) + ((packed >>> 12) & 15);
        index = packed >>> 16;
      }
    }
  });

  it("finds the first multiple p·q ≥ n with q prime to 30, also near 10^12", () => {
    const random = createRandom(31);
    for (let trial = 0; trial < 2000; trial += 1) {
      let p = random.int(7, trial < 1000 ? 200 : 1_000_000);
      while (gcd(p, 30) !== 1) p += 1;
      const n = trial % 2 === 0 ? random.int(0, 100_000) : random.int(1e12 - 1e9, 1e12);
      let q = Math.ceil(n / p);
      while (gcd(q, 30) !== 1) q += 1;
      const { turn, turnByte, k } = wheelStart(p, n);
      expect(30 * turn + WHEEL[k]!, `${p}, ${n}`).toBe(q);
      expect(turnByte).toBe(turn * p);
    }
    // Exactly at a multiple, and just past one.
    expect(wheelStart(7, 49)).toEqual({ turn: 0, turnByte: 0, k: 1 });
    expect(wheelStart(7, 50)).toEqual({ turn: 0, turnByte: 0, k: 2 });
  });
});

describe("pre-sieve patterns", () => {
  it("set exactly the bits of the multiples of their primes, and repeat with their product", () => {
    const primes = [7, 11, 13];
    const bytes = presieveBytes(primes, 5000);
    expect(bytes.length).toBe(1001 + 5000);
    for (let j = 0; j < bytes.length; j += 1) {
      for (let k = 0; k < 8; k += 1) {
        const n = 30 * j + WHEEL[k]!;
        const expected = primes.some((p) => n % p === 0);
        expect((bytes[j]! >> k) & 1, `${n}`).toBe(expected ? 1 : 0);
      }
    }
  });

  it("as words, read whole words from any starting byte", () => {
    const primes = [23, 29];
    const period = 23 * 29;
    const extra = 4096;
    const reference = presieveBytes(primes, 0);
    const pattern = presieveWords(primes, extra);
    expect(pattern.period).toBe(period);
    const asBytes = new Uint8Array(pattern.words.buffer, pattern.words.byteOffset, pattern.words.byteLength);
    const random = createRandom(32);
    for (let trial = 0; trial < 200; trial += 1) {
      const start = random.int(0, 1e10);
      const index = presieveWordIndex(pattern, start);
      expect(4 * index + extra).toBeLessThanOrEqual(asBytes.length);
      for (let x = 0; x < extra; x += 97) {
        expect(asBytes[4 * index + x], `${start} + ${x}`).toBe(reference[(start + x) % period]);
      }
    }
  });
});
