/**
 * A segmented sieve of Eratosthenes on the mod-30 wheel (sieve-wheel.ts): one byte per 30 numbers,
 * a bit for each number prime to 30, a set bit for a composite.
 *
 * Each segment starts as a copy of the pre-sieve pattern of 7 … 19 and is crossed off by the sieving
 * primes from 47 in two ways:
 * - small primes (several turns of the wheel per segment): all 8 multiples of a turn at once, from
 *   per-prime offsets, with the first and last partial turns taken one multiple at a time;
 * - large primes (a few multiples per segment or none): bucket sieving. Each such prime waits in the
 *   bucket of the segment its next multiple falls in, a ring of buckets being enough since the
 *   distance to the next multiple is below the ring's span; a segment only visits the primes that
 *   hit it, stepping from multiple to multiple (those p·q with 7 | q left out).
 * Sieving primes join when the sieve reaches their square. Last, the patterns of 23 … 43 are OR-ed
 * in a word at a time, in the same pass that counts the primes and twin pairs.
 */
import * as wheel from "./sieve-wheel";

// Local copies of the wheel's tables: an imported binding may be read through a getter each time
// (as module transforms for Node do), which the inner loops cannot afford.
const { MULTIPLE_BIT, TURN_OFFSET, WHEEL, WHEEL_INDEX, WHEEL210_STEP, wheelStart } = wheel;

/** Segment bytes at most: 256 KiB (7,864,320 numbers), within the L2 cache. */
export const SEGMENT_BYTES = 1 << 18;
/** Segment bytes at least, for short ranges. */
const MIN_SEGMENT_BYTES = 1 << 12;

/** The counting and the reading of primes take 32-bit words as their 4 bytes in little-endian order. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * The pre-sieve primes: the pattern of the first group is copied into a segment before the crossing
 * off, the patterns of the other two are OR-ed in afterwards, in the pass that counts the primes.
 */
const PRESIEVE_COPIED = [7, 11, 13, 17, 19];
const PRESIEVE_ORED = [
  [23, 29, 31],
  [37, 41, 43],
] as const;
export const PRESIEVE_PRIMES: readonly number[] = [...PRESIEVE_COPIED, ...PRESIEVE_ORED.flat()];
const PRESIEVE_MAX = PRESIEVE_PRIMES.at(-1)!;

let patterns: { copied: Uint8Array; first: wheel.PresieveWords; second: wheel.PresieveWords } | null = null;
/** The pre-sieve patterns, made on first use (about 1.5 MB). */
function presievePatterns() {
  patterns ??= {
    copied: wheel.presieveBytes(PRESIEVE_COPIED, SEGMENT_BYTES),
    first: wheel.presieveWords(PRESIEVE_ORED[0], SEGMENT_BYTES),
    second: wheel.presieveWords(PRESIEVE_ORED[1], SEGMENT_BYTES),
  };
  return patterns;
}

/** The segment size for a range of `bytes` wheel bytes: a power of two, at least 8 segments for short ranges. */
export function segmentBytesFor(bytes: number): number {
  let size = MIN_SEGMENT_BYTES;
  while (size < SEGMENT_BYTES && size * 8 < bytes) size *= 2;
  return size;
}

/** A growable list of bucket entries: pairs (prime word, byte in the segment). */
class Bucket {
  entries = new Uint32Array(32);
  size = 0;
  push(primeWord: number, byte: number): void {
    if (this.size + 2 > this.entries.length) {
      const grown = new Uint32Array(this.entries.length * 2);
      grown.set(this.entries);
      this.entries = grown;
    }
    this.entries[this.size] = primeWord;
    this.entries[this.size + 1] = byte;
    this.size += 2;
  }
}

export interface WheelSieveOptions {
  /** Bytes per segment, a power of two from 64 to SEGMENT_BYTES; by default from the range's length. */
  segmentBytes?: number;
  /** The sieving primes below it are crossed off turn by turn, the others through buckets; by default segmentBytes / 8. */
  smallLimit?: number;
  /** Count the primes only, not the twin pairs or the words without primes. */
  primesOnly?: boolean;
}

/**
 * Sieves the numbers lo ≤ n ≤ hi (lo ≥ 7) a segment at a time: after each `next()` that returns true,
 * `bytes` (and `words`, the same memory as 32-bit words) hold the segment starting at wheel byte
 * `segmentStart`, `length` bytes long, with the bits of numbers outside lo…hi set, and the bytes
 * from `length` up to a whole word set to 0xff.
 */
export class WheelSieve {
  readonly bytes: Uint8Array;
  readonly words: Uint32Array;
  /** Wheel byte of the current segment's first byte (numbers 30·segmentStart …). */
  segmentStart = 0;
  /** Bytes of the current segment in range; words of it: ⌈length/4⌉. */
  length = 0;
  wordCount = 0;
  /** The primes in the current segment, and (unless primesOnly) the twin pairs with both primes in it. */
  primeCount = 0;
  twinCount = 0;
  /** The indices of the current segment's words without primes, in order (unless primesOnly; valid until the next segment). */
  emptyWords: Int32Array = new Int32Array(0);

  readonly segmentBytes: number;
  private readonly primesOnly: boolean;
  private readonly emptyWordList: Int32Array;
  private readonly shift: number;
  private readonly lo: number;
  private readonly hi: number;
  private readonly lastByte: number;
  private nextStart: number;

  // Small primes: prime, per-prime offsets and bits of a turn's 8 multiples, and the state
  // (byte of the current turn, relative to the segment; wheel index of the next multiple).
  private readonly smallPrimes: Int32Array;
  private readonly smallOffsets: Int32Array;
  private readonly smallBits: Uint8Array;
  private readonly smallTurn: Int32Array;
  private readonly smallK: Uint8Array;
  private readonly smallPhase: Uint8Array;
  private smallActive = 0;

  // Large primes, joining the buckets in order as the sieve reaches their squares.
  private readonly largePrimes: Int32Array;
  private largeActive = 0;
  private readonly buckets: Bucket[];
  private readonly bucketMask: number;
  private currentBucket = 0;

  /**
   * `sievingPrimes` must be the odd primes in order from 3 and hold those up to √hi; the ones up to
   * the pre-sieve's and those whose squares exceed hi are skipped.
   */
  constructor(lo: number, hi: number, sievingPrimes: Uint32Array, options: WheelSieveOptions = {}) {
    const segmentBytes = options.segmentBytes ?? segmentBytesFor(Math.floor(hi / 30) - Math.floor(lo / 30) + 1);
    const smallLimit = options.smallLimit ?? segmentBytes / 8;
    this.primesOnly = options.primesOnly ?? false;
    if (!LITTLE_ENDIAN) throw new Error("the wheel sieve reads its bytes as little-endian words");
    if (lo < 7) throw new RangeError("the wheel sieve starts at 7");
    if (segmentBytes < 64 || segmentBytes > SEGMENT_BYTES || (segmentBytes & (segmentBytes - 1)) !== 0) {
      throw new RangeError(`segment bytes must be a power of two from 64 to ${SEGMENT_BYTES}`);
    }
    this.segmentBytes = segmentBytes;
    this.shift = 31 - Math.clz32(segmentBytes);
    this.lo = lo;
    this.hi = hi;
    this.lastByte = Math.floor(hi / 30);
    this.nextStart = Math.floor(lo / 30);
    this.bytes = new Uint8Array(segmentBytes);
    this.words = new Uint32Array(this.bytes.buffer);
    this.emptyWordList = new Int32Array(segmentBytes / 4);

    let from = 0;
    while (from < sievingPrimes.length && sievingPrimes[from]! <= PRESIEVE_MAX) from += 1;
    let to = from;
    while (to < sievingPrimes.length && sievingPrimes[to]! * sievingPrimes[to]! <= hi) to += 1;
    let split = from;
    while (split < to && sievingPrimes[split]! < smallLimit) split += 1;

    this.smallPrimes = Int32Array.from(sievingPrimes.subarray(from, split));
    const smallCount = this.smallPrimes.length;
    this.smallOffsets = new Int32Array(smallCount * 8);
    this.smallBits = new Uint8Array(smallCount * 8);
    this.smallTurn = new Int32Array(smallCount);
    this.smallK = new Uint8Array(smallCount);
    this.smallPhase = new Uint8Array(smallCount);
    for (let i = 0; i < smallCount; i += 1) {
      const p = this.smallPrimes[i]!;
      const b = p % 30;
      const a = (p - b) / 30;
      const row = WHEEL_INDEX[b]! * 8;
      for (let k = 0; k < 8; k += 1) {
        this.smallOffsets[i * 8 + k] = a * WHEEL[k]! + TURN_OFFSET[row + k]!;
        this.smallBits[i * 8 + k] = MULTIPLE_BIT[row + k]!;
      }
    }

    this.largePrimes = Int32Array.from(sievingPrimes.subarray(split, to));
    // A large prime's next multiple is at most a·10 + 10 bytes past the one crossed off (WHEEL210_STEP),
    // and its first one at most 11p numbers past the segment's start (q ≤ ⌈n/p⌉ + 10): the ring must
    // span that many segments and one more.
    const largest = this.largePrimes.length > 0 ? this.largePrimes[this.largePrimes.length - 1]! : 0;
    const reach = Math.floor((Math.floor(largest / 30) * 11 + 12) / segmentBytes) + 2;
    let ring = 1;
    while (ring < reach) ring *= 2;
    this.buckets = Array.from({ length: ring }, () => new Bucket());
    this.bucketMask = ring - 1;
  }

  /** Sieves the next segment; false when the range is done. */
  next(): boolean {
    const start = this.nextStart;
    if (start > this.lastByte) return false;
    const size = this.segmentBytes;
    const length = Math.min(size, this.lastByte - start + 1);
    this.segmentStart = start;
    this.length = length;
    this.wordCount = (length + 3) >>> 2;
    this.nextStart = start + size;

    const { copied, first, second } = presievePatterns();
    const bytes = this.bytes;
    const at = start % (copied.length - SEGMENT_BYTES);
    bytes.set(copied.subarray(at, at + size));
    // Numbers of this segment from 30·start to 30·(start + size) − 1; primes join once their square is in reach.
    const end = 30 * (start + size);
    this.joinSmall(start, end);
    crossSmall(
      bytes,
      size,
      this.smallPrimes,
      this.smallOffsets,
      this.smallBits,
      this.smallTurn,
      this.smallK,
      this.smallPhase,
      this.smallActive,
    );
    this.joinLarge(start, end);
    this.crossLarge();

    // Numbers below lo in the first byte and above hi in the last one are left out.
    const lo = this.lo;
    if (30 * start < lo) {
      for (let k = 0; k < 8; k += 1) if (30 * start + WHEEL[k]! < lo) bytes[0]! |= 1 << k;
    }
    if (start + length - 1 === this.lastByte) {
      const last = this.lastByte;
      for (let k = 0; k < 8; k += 1) if (30 * last + WHEEL[k]! > this.hi) bytes[length - 1]! |= 1 << k;
      bytes.fill(0xff, length, this.wordCount * 4);
    }
    const i = wheel.presieveWordIndex(first, start);
    const j = wheel.presieveWordIndex(second, start);
    if (30 * start <= PRESIEVE_MAX) {
      // 1 is not prime; the pre-sieve primes are, so their bits are cleared after all the patterns are in.
      const words = this.words;
      for (let w = 0; w < this.wordCount; w += 1) words[w]! |= first.words[i + w]! | second.words[j + w]!;
      if (start === 0) bytes[0]! |= 1;
      for (const p of PRESIEVE_PRIMES) {
        if (p >= lo && p <= this.hi) bytes[Math.floor(p / 30) - start]! &= ~(1 << WHEEL_INDEX[p % 30]!);
      }
      this.count(NO_PATTERN, 0, NO_PATTERN, 0);
    } else {
      this.count(first.words, i, second.words, j);
    }
    return true;
  }

  /** ORs in the patterns x (from word i) and y (from word j), counting as it goes. */
  private count(x: Uint32Array, i: number, y: Uint32Array, j: number): void {
    if (this.primesOnly) {
      this.primeCount = orAndCountPrimes(this.words, this.wordCount, x, i, y, j);
    } else {
      this.primeCount = orAndCount(this.words, this.wordCount, x, i, y, j, this.emptyWordList);
      this.twinCount = twinsCounted;
      this.emptyWords = this.emptyWordList.subarray(0, emptyWordsCounted);
    }
  }

  private joinSmall(start: number, end: number): void {
    const primes = this.smallPrimes;
    let i = this.smallActive;
    const from = Math.max(this.lo, 30 * start);
    while (i < primes.length && primes[i]! * primes[i]! < end) {
      const p = primes[i]!;
      const first = wheelStart(p, Math.max(p * p, from));
      this.smallTurn[i] = first.turnByte - start;
      this.smallK[i] = first.k;
      this.smallPhase[i] = first.turn % 7;
      i += 1;
    }
    this.smallActive = i;
  }

  private joinLarge(start: number, end: number): void {
    const primes = this.largePrimes;
    let i = this.largeActive;
    const from = Math.max(this.lo, 30 * start);
    while (i < primes.length && primes[i]! * primes[i]! < end) {
      const p = primes[i]!;
      const first = wheel.wheel210Start(p, Math.max(p * p, from));
      const byte = first.byte - start;
      const ahead = Math.floor(byte / this.segmentBytes);
      this.buckets[(this.currentBucket + ahead) & this.bucketMask]!.push(
        (Math.floor(p / 30) << 9) | first.index,
        byte - ahead * this.segmentBytes,
      );
      i += 1;
    }
    this.largeActive = i;
  }

  /** Crosses off the multiples in the current segment's bucket, moving each prime to its next one's bucket. */
  private crossLarge(): void {
    const buckets = this.buckets;
    const mask = this.bucketMask;
    const current = this.currentBucket;
    const bucket = buckets[current]!;
    const entries = bucket.entries;
    const size = bucket.size;
    const bytes = this.bytes;
    const limit = this.segmentBytes;
    const shift = this.shift;
    const steps = WHEEL210_STEP;
    for (let e = 0; e < size; e += 2) {
      // Entry: a = ⌊p/30⌋ and the WHEEL210_STEP index; the byte of the multiple in this segment.
      const word = entries[e]!;
      const a = word >>> 9;
      let index = word & 511;
      let byte = entries[e + 1]!;
      do {
        const step = steps[index]!;
        bytes[byte]! |= step & 0xff;
        byte += a * ((step >>> 8) & 15) + ((step >>> 12) & 15);
        index = step >>> 16;
      } while (byte < limit);
      const ahead = byte >>> shift;
      buckets[(current + ahead) & mask]!.push((a << 9) | index, byte & (limit - 1));
    }
    bucket.size = 0;
    this.currentBucket = (current + 1) & mask;
  }
}

/** An all-clear pattern, for a segment whose patterns are in already. */
const NO_PATTERN = new Uint32Array(SEGMENT_BYTES / 4);

/** The twin pairs found by the last orAndCount, and how many words without primes it listed. */
let twinsCounted = 0;
let emptyWordsCounted = 0;

/**
 * ORs the patterns x (from word i) and y (from word j) into words[0 … count − 1], and counts the
 * primes (clear bits) there and, in twinsCounted, the twin pairs with both primes there: in a byte,
 * bits 2 and 3 (11, 13) and bits 4 and 5 (17, 19); across bytes, bit 7 and the next byte's bit 0
 * (29, 31); and it lists the words without primes in emptyWords. Per-byte counts are summed over up to 31 words
 * (at most 8 primes and 4 pairs a byte each) before the bytes are added up.
 */
function orAndCount(
  words: Uint32Array,
  count: number,
  x: Uint32Array,
  i: number,
  y: Uint32Array,
  j: number,
  emptyWords: Int32Array,
): number {
  let emptyCount = 0;
  let primesTotal = 0;
  let twinsTotal = 0;
  let carry = 0;
  for (let from = 0; from < count; from += 31) {
    const to = Math.min(count, from + 31);
    let primeBytes = 0;
    let twinBytes = 0;
    for (let w = from; w < to; w += 1) {
      const word = words[w]! | x[(i + w) | 0]! | y[(j + w) | 0]!;
      words[w] = word;
      const primes = ~word;
      const v = (primes - ((primes >>> 1) & 0x55555555)) | 0;
      const u = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      primeBytes = (primeBytes + ((u + (u >>> 4)) & 0x0f0f0f0f)) | 0;
      // A 2-bit field of v holding 2 (its high bit set) is a pair of neighbouring bits both set:
      // fields 1 and 2 of a byte are (11, 13) and (17, 19).
      twinBytes =
        (twinBytes +
          ((v >>> 3) & 0x01010101) +
          ((v >>> 5) & 0x01010101) +
          (((primes & (primes >>> 1)) >>> 7) & 0x01010101) +
          (carry & primes)) |
        0;
      carry = primes >>> 31;
      if (primes === 0) emptyWords[emptyCount++] = w;
    }
    primesTotal += sumOfBytes(primeBytes);
    twinsTotal += sumOfBytes(twinBytes);
  }
  twinsCounted = twinsTotal;
  emptyWordsCounted = emptyCount;
  return primesTotal;
}

/** orAndCount for the primes only. */
function orAndCountPrimes(
  words: Uint32Array,
  count: number,
  x: Uint32Array,
  i: number,
  y: Uint32Array,
  j: number,
): number {
  let primesTotal = 0;
  for (let from = 0; from < count; from += 31) {
    const to = Math.min(count, from + 31);
    let primeBytes = 0;
    for (let w = from; w < to; w += 1) {
      const word = words[w]! | x[(i + w) | 0]! | y[(j + w) | 0]!;
      words[w] = word;
      const primes = ~word;
      const v = (primes - ((primes >>> 1) & 0x55555555)) | 0;
      const u = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      primeBytes = (primeBytes + ((u + (u >>> 4)) & 0x0f0f0f0f)) | 0;
    }
    primesTotal += sumOfBytes(primeBytes);
  }
  return primesTotal;
}

/** The sum of the four bytes of a word. */
function sumOfBytes(word: number): number {
  const halves = (word & 0x00ff00ff) + ((word >>> 8) & 0x00ff00ff);
  return (halves & 0xffff) + (halves >>> 16);
}

/**
 * Crosses off the small primes' multiples in bytes 0 … size − 1. For prime i, turn[i] is the byte
 * (relative to this segment) of the wheel turn holding its next multiple, k[i] that multiple's index
 * and phase[i] the turn's number t mod 7; all are left pointing at the first multiple past the
 * segment, relative to the next one.
 *
 * Most of the work is whole turns. The multiples p·q with 7 | q are set by the pre-sieve already,
 * and which (t mod 7, k) they are does not depend on p: so from a turn t ≡ 0 (mod 7) on, whole turns
 * go 7 at a time, leaving out those 8 of the 56 multiples. Turns taken singly cross all 8.
 * (Exported for its tests.)
 */
export function crossSmall(
  bytes: Uint8Array,
  size: number,
  primes: Int32Array,
  offsets: Int32Array,
  bits: Uint8Array,
  turns: Int32Array,
  ks: Uint8Array,
  phases: Uint8Array,
  count: number,
): void {
  for (let i = 0; i < count; i += 1) {
    const p = primes[i]!;
    const row = i * 8;
    let turn = turns[i]!;
    let k = ks[i]!;
    let phase = phases[i]!;
    if (k !== 0) {
      // Finish the turn the last segment left unfinished.
      for (; k < 8; k += 1) {
        const byte = turn + offsets[row + k]!;
        if (byte >= size) break;
        bytes[byte]! |= bits[row + k]!;
      }
      if (k < 8) {
        turns[i] = turn - size;
        ks[i] = k;
        continue;
      }
      turn += p;
      k = 0;
      phase = phase === 6 ? 0 : phase + 1;
    }
    // Offsets from the turn's first multiple, and `| 0` so the additions stay 32-bit without overflow checks.
    const o0 = offsets[row]!;
    const o1 = offsets[row + 1]! - o0;
    const o2 = offsets[row + 2]! - o0;
    const o3 = offsets[row + 3]! - o0;
    const o4 = offsets[row + 4]! - o0;
    const o5 = offsets[row + 5]! - o0;
    const o6 = offsets[row + 6]! - o0;
    const o7 = offsets[row + 7]! - o0;
    const m0 = bits[row]!;
    const m1 = bits[row + 1]!;
    const m2 = bits[row + 2]!;
    const m3 = bits[row + 3]!;
    const m4 = bits[row + 4]!;
    const m5 = bits[row + 5]!;
    const m6 = bits[row + 6]!;
    const m7 = bits[row + 7]!;
    // A turn is whole when its last multiple, at + o7, is in the segment: at < limit.
    const limit = (size - o7) | 0;
    let at = (turn + o0) | 0;
    for (; phase !== 0 && at < limit; at = (at + p) | 0) {
      bytes[at]! |= m0;
      bytes[(at + o1) | 0]! |= m1;
      bytes[(at + o2) | 0]! |= m2;
      bytes[(at + o3) | 0]! |= m3;
      bytes[(at + o4) | 0]! |= m4;
      bytes[(at + o5) | 0]! |= m5;
      bytes[(at + o6) | 0]! |= m6;
      bytes[(at + o7) | 0]! |= m7;
      phase = phase === 6 ? 0 : phase + 1;
    }
    // Seven whole turns from at < limit − 6p, the multiples of 7 in q left out.
    const seven = 7 * p;
    for (const stop = (limit - 6 * p) | 0; at < stop; at = (at + seven) | 0) {
      bytes[at]! |= m0;
      bytes[(at + o2) | 0]! |= m2;
      bytes[(at + o3) | 0]! |= m3;
      bytes[(at + o4) | 0]! |= m4;
      bytes[(at + o5) | 0]! |= m5;
      bytes[(at + o6) | 0]! |= m6;
      bytes[(at + o7) | 0]! |= m7;
      let turn = (at + p) | 0;
      bytes[turn]! |= m0;
      bytes[(turn + o1) | 0]! |= m1;
      bytes[(turn + o2) | 0]! |= m2;
      bytes[(turn + o3) | 0]! |= m3;
      bytes[(turn + o4) | 0]! |= m4;
      bytes[(turn + o6) | 0]! |= m6;
      bytes[(turn + o7) | 0]! |= m7;
      turn = (turn + p) | 0;
      bytes[turn]! |= m0;
      bytes[(turn + o1) | 0]! |= m1;
      bytes[(turn + o2) | 0]! |= m2;
      bytes[(turn + o3) | 0]! |= m3;
      bytes[(turn + o5) | 0]! |= m5;
      bytes[(turn + o6) | 0]! |= m6;
      bytes[(turn + o7) | 0]! |= m7;
      turn = (turn + p) | 0;
      bytes[(turn + o1) | 0]! |= m1;
      bytes[(turn + o2) | 0]! |= m2;
      bytes[(turn + o3) | 0]! |= m3;
      bytes[(turn + o4) | 0]! |= m4;
      bytes[(turn + o5) | 0]! |= m5;
      bytes[(turn + o6) | 0]! |= m6;
      turn = (turn + p) | 0;
      bytes[turn]! |= m0;
      bytes[(turn + o1) | 0]! |= m1;
      bytes[(turn + o2) | 0]! |= m2;
      bytes[(turn + o4) | 0]! |= m4;
      bytes[(turn + o5) | 0]! |= m5;
      bytes[(turn + o6) | 0]! |= m6;
      bytes[(turn + o7) | 0]! |= m7;
      turn = (turn + p) | 0;
      bytes[turn]! |= m0;
      bytes[(turn + o1) | 0]! |= m1;
      bytes[(turn + o3) | 0]! |= m3;
      bytes[(turn + o4) | 0]! |= m4;
      bytes[(turn + o5) | 0]! |= m5;
      bytes[(turn + o6) | 0]! |= m6;
      bytes[(turn + o7) | 0]! |= m7;
      turn = (turn + p) | 0;
      bytes[turn]! |= m0;
      bytes[(turn + o1) | 0]! |= m1;
      bytes[(turn + o2) | 0]! |= m2;
      bytes[(turn + o3) | 0]! |= m3;
      bytes[(turn + o4) | 0]! |= m4;
      bytes[(turn + o5) | 0]! |= m5;
      bytes[(turn + o7) | 0]! |= m7;
    }
    for (; at < limit; at = (at + p) | 0) {
      bytes[at]! |= m0;
      bytes[(at + o1) | 0]! |= m1;
      bytes[(at + o2) | 0]! |= m2;
      bytes[(at + o3) | 0]! |= m3;
      bytes[(at + o4) | 0]! |= m4;
      bytes[(at + o5) | 0]! |= m5;
      bytes[(at + o6) | 0]! |= m6;
      bytes[(at + o7) | 0]! |= m7;
      phase = phase === 6 ? 0 : phase + 1;
    }
    turn = at - o0;
    // The last, partial turn.
    for (; k < 7; k += 1) {
      const byte = turn + offsets[row + k]!;
      if (byte >= size) break;
      bytes[byte]! |= bits[row + k]!;
    }
    turns[i] = turn - size;
    ks[i] = k;
    phases[i] = phase;
  }
}
