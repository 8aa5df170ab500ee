import { describe, expect, it } from "vitest";
import { createRandom } from "../quiz/random";
import { oddPrimesUpTo } from "./prime-count";
import { crossSmall, PRESIEVE_PRIMES, SEGMENT_BYTES, segmentBytesFor, WheelSieve } from "./sieve-segment";
import { forEachPrimeOddSieve, isPrimeByTrialDivision, textbookPrimes } from "./sieve-oracles";
import { MULTIPLE_BIT, TURN_OFFSET, WHEEL, WHEEL_INDEX, wheelStart } from "./sieve-wheel";

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const place = (n: number) => ({ byte: Math.floor(n / 30), bit: 1 << WHEEL_INDEX[n % 30]! });

interface Sieved {
  primes: number[];
  /** Per segment: primeCount and twinCount as the sieve reports them, and as its bytes say. */
  segments: { primeCount: number; twinCount: number; primes: number[] }[];
}

/** Runs the sieve over lo…hi and reads every segment's bytes back into numbers. */
function runSieve(lo: number, hi: number, segmentBytes?: number, smallLimit?: number, primesOnly = false): Sieved {
  const sieve = new WheelSieve(lo, hi, oddPrimesUpTo(Math.floor(Math.sqrt(hi))), {
    segmentBytes,
    smallLimit,
    primesOnly,
  });
  const result: Sieved = { primes: [], segments: [] };
  let expectedStart = Math.floor(lo / 30);
  while (sieve.next()) {
    expect(sieve.segmentStart).toBe(expectedStart);
    expectedStart += sieve.segmentBytes;
    const here: number[] = [];
    for (let j = 0; j < sieve.wordCount * 4; j += 1) {
      for (let k = 0; k < 8; k += 1) {
        if (((sieve.bytes[j]! >> k) & 1) === 0) here.push(30 * (sieve.segmentStart + j) + WHEEL[k]!);
      }
    }
    // Bytes past `length` are all set (no primes), up to a whole word.
    expect(here.every((n) => Math.floor(n / 30) < sieve.segmentStart + sieve.length)).toBe(true);
    result.segments.push({ primeCount: sieve.primeCount, twinCount: sieve.twinCount, primes: here });
    for (const p of here) result.primes.push(p);
  }
  return result;
}

function expectSieved(sieved: Sieved, oracle: number[], label: string): void {
  expect(sieved.primes, label).toEqual(oracle);
  for (const segment of sieved.segments) {
    expect(segment.primeCount, label).toBe(segment.primes.length);
    const twins = segment.primes.filter((p, i) => segment.primes[i + 1] === p + 2).length;
    expect(segment.twinCount, label).toBe(twins);
  }
}

const primesBetween = (lo: number, hi: number) => {
  const primes: number[] = [];
  forEachPrimeOddSieve(Math.max(lo, 7), hi, (p) => primes.push(p));
  return primes;
};

describe("the wheel sieve, segment by segment", () => {
  it("sizes segments as powers of two, at least 8 of them for a range long enough", () => {
    expect(segmentBytesFor(1)).toBe(4096);
    expect(segmentBytesFor(1e12 / 30)).toBe(SEGMENT_BYTES);
    for (const bytes of [3_000, 50_000, 166_667, 1_000_000, 3e7]) {
      const size = segmentBytesFor(bytes);
      expect(size & (size - 1)).toBe(0);
      expect(size === 4096 || bytes / size > 4).toBe(true);
      expect(size === SEGMENT_BYTES || bytes / size <= 8).toBe(true);
    }
  });

  it("agrees with the textbook sieve from 7, whatever the segment size and the small/large split", () => {
    const primes = textbookPrimes(3_000_000).filter((p) => p >= 7);
    const random = createRandom(11);
    // Segment sizes from 64 bytes (buckets a ring of hundreds) to the largest; small limits from
    // 0 (every sieving prime through buckets) to the default.
    const configs: [number | undefined, number | undefined][] = [
      [undefined, undefined],
      [64, 0],
      [64, undefined],
      [256, 100],
      [4096, 1000],
      [SEGMENT_BYTES, 0],
    ];
    for (const [segmentBytes, smallLimit] of configs) {
      for (let trial = 0; trial < 12; trial += 1) {
        const lo = trial === 0 ? 7 : random.int(7, 2_000_000);
        const hi = trial === 0 ? 3_000_000 : lo + random.int(0, 1_000_000);
        const label = `${lo}…${hi}, ${segmentBytes} bytes, small below ${smallLimit}`;
        expectSieved(
          runSieve(lo, hi, segmentBytes, smallLimit),
          primes.filter((p) => p >= lo && p <= hi),
          label,
        );
      }
    }
  });

  it("counting the primes only, sieves the same", () => {
    const random = createRandom(14);
    for (let trial = 0; trial < 10; trial += 1) {
      const lo = random.int(7, 1e12 - 1e6);
      const hi = lo + random.int(0, 1_000_000);
      const full = runSieve(lo, hi);
      const primesOnly = runSieve(lo, hi, undefined, undefined, true);
      expect(primesOnly.primes).toEqual(full.primes);
      expect(primesOnly.segments.map((s) => s.primeCount)).toEqual(full.segments.map((s) => s.primeCount));
    }
  });

  it("keeps the pre-sieve primes, and leaves out 1 and the numbers below lo or above hi", () => {
    for (let lo = 7; lo <= 60; lo += 1) {
      for (const hi of [lo, lo + 1, lo + 29, 100, 1000]) {
        if (hi < lo) continue;
        const expected = textbookPrimes(hi).filter((p) => p >= lo);
        expect(runSieve(lo, hi).primes, `${lo}…${hi}`).toEqual(expected);
      }
    }
    expect(PRESIEVE_PRIMES.every((p) => runSieve(7, 100).primes.includes(p))).toBe(true);
  });

  it("agrees with trial division near 10^12 and across 2^32, buckets or not", () => {
    const random = createRandom(12);
    for (let trial = 0; trial < 24; trial += 1) {
      const near = trial % 3 === 0 ? 2 ** 32 : 1e12;
      const hi = Math.min(1e12, near + random.int(-20_000, 20_000));
      const lo = hi - random.int(0, 2_000);
      const expected: number[] = [];
      for (let n = lo; n <= hi; n += 1) if (isPrimeByTrialDivision(n)) expected.push(n);
      for (const [segmentBytes, smallLimit] of [
        [undefined, undefined],
        [64, 0],
        [1024, 5000],
      ] as const) {
        expectSieved(
          runSieve(lo, hi, segmentBytes, smallLimit),
          expected,
          `${lo}…${hi}, ${segmentBytes}, ${smallLimit}`,
        );
      }
    }
  });

  it("moves large primes through the ring of buckets over many segments near 10^12", () => {
    // 3·10^6 numbers in segments of 4 KiB: 25 segments, every prime above 4096 in buckets, the ring
    // spanning 128 segments (a prime near 10^6 steps up to 11·33,333 bytes ahead).
    const lo = 1e12 - 3_000_000;
    const hi = 1e12;
    expectSieved(runSieve(lo, hi, 4096, 4096), primesBetween(lo, hi), "4 KiB segments");
    expectSieved(runSieve(lo, hi, 64 * 1024, 0), primesBetween(lo, hi), "all in buckets");
  });

  it("refuses a start below 7 and segment sizes that are not powers of two in range", () => {
    const primes = oddPrimesUpTo(1000);
    expect(() => new WheelSieve(5, 1000, primes)).toThrow(RangeError);
    for (const segmentBytes of [100, 32, SEGMENT_BYTES * 2]) {
      expect(() => new WheelSieve(7, 1000, primes, { segmentBytes })).toThrow(RangeError);
    }
  });
});

describe("crossing off small primes a wheel turn at a time", () => {
  it("sets the bits of p·q for every q prime to 30 from the start, those with 7 | q perhaps, and no others", () => {
    const random = createRandom(13);
    for (let trial = 0; trial < 300; trial += 1) {
      const all = oddPrimesUpTo(3000).filter((p) => p > 43);
      const p = trial % 2 === 0 ? all[random.int(0, 20)]! : all[random.int(0, all.length - 1)]!;
      // Segments from shorter than a turn to long enough for many blocks of 7 turns.
      const size = trial % 3 === 0 ? 64 * random.int(1, 40) : 1024 * random.int(1, 256);
      // Start at some multiple at or after n, in a segment starting at wheel byte `start`.
      const start = random.int(0, 1_000_000);
      const n = 30 * start + random.int(0, 29);
      const first = wheelStart(p, Math.max(n, p * p));
      const b = p % 30;
      const a = (p - b) / 30;
      const row = WHEEL_INDEX[b]! * 8;
      const offsets = Int32Array.from(WHEEL, (c, k) => a * c + TURN_OFFSET[row + k]!);
      const bits = Uint8Array.from(WHEEL, (_, k) => MULTIPLE_BIT[row + k]!);
      const turns = Int32Array.of(first.turnByte - start);
      const ks = Uint8Array.of(first.k);
      const phases = Uint8Array.of(first.turn % 7);
      // Two segments in a row, the second going on from the state the first left.
      for (let segment = 0; segment < 2; segment += 1) {
        const bytes = new Uint8Array(size);
        crossSmall(bytes, size, Int32Array.of(p), offsets, bits, turns, ks, phases, 1);
        const base = start + segment * size;
        // The multiples p·q due in this segment (q prime to 30, p·q ≥ max(n, p²)): those with 7 | q may
        // be left out, the others must be set; nothing else may be.
        const must = new Uint8Array(size);
        const may = new Uint8Array(size);
        const from = Math.max(n, p * p, 30 * base);
        for (let q = Math.ceil(from / p); p * q < 30 * (base + size); q += 1) {
          if (gcd(q, 30) !== 1) continue;
          const { byte, bit } = place(p * q);
          if (q % 7 === 0) may[byte - base]! |= bit;
          else must[byte - base]! |= bit;
        }
        const wrong: number[] = [];
        for (let j = 0; j < size; j += 1) {
          const b = bytes[j]!;
          if ((b & must[j]!) !== must[j] || (b & ~(must[j]! | may[j]!)) !== 0) wrong.push(base + j);
        }
        expect(wrong, `p = ${p}, segment ${segment} of ${size} bytes: wrong bytes`).toEqual([]);
        // The state points at the first multiple due past the segment: turn, index and turn mod 7.
        const due = wheelStart(p, Math.max(n, p * p, 30 * (base + size)));
        expect(base + size + turns[0]!).toBe(due.turnByte);
        expect(ks[0]).toBe(due.k);
        expect(phases[0]).toBe(due.turn % 7);
      }
    }
  });
});
