/**
 * Counting and surveying primes up to 10^12, and finding the n-th prime, by a segmented sieve of
 * Eratosthenes on the mod-30 wheel (sieve-segment.ts): one byte per 30 numbers, segments of up to
 * 256 KiB (7.8 million numbers), the multiples of 7 … 43 stamped from pre-sieve patterns, small
 * primes crossed off a wheel turn at a time and large ones through buckets. 2, 3 and 5 are off the
 * wheel and added here.
 *
 * A range is surveyed block by block, and each block's survey (count, twin pairs, first and last
 * prime, widest gap) merges with its neighbour's, so workers can take blocks in parallel and the
 * page can show progress as blocks finish.
 */
import { WheelSieve } from "./sieve-segment";
import { WHEEL } from "./sieve-wheel";

/** The largest bound the page accepts: sieving primes up to √10^12 = 10^6 stays small. */
export const MAX_BOUND = 1e12;

/** π(10^12) (OEIS A006880): the largest n for which nthPrime stays within MAX_BOUND. */
export const MAX_NTH = 37_607_912_018;

export interface PrimeSurvey {
  /** The range surveyed, lo ≤ n ≤ hi. */
  lo: number;
  hi: number;
  count: number;
  /** Pairs (p, p + 2) of primes with both in the range. */
  twins: number;
  first: number | null;
  last: number | null;
  /** The widest gap between consecutive primes in the range, and the prime it starts at (the first such). */
  maxGap: { size: number; after: number } | null;
}

export const emptySurvey = (lo: number, hi: number): PrimeSurvey => ({
  lo,
  hi,
  count: 0,
  twins: 0,
  first: null,
  last: null,
  maxGap: null,
});

/** The survey of two adjacent ranges (a just below b) as one. */
export function mergeSurveys(a: PrimeSurvey, b: PrimeSurvey): PrimeSurvey {
  if (a.hi + 1 !== b.lo) throw new RangeError(`ranges ${a.lo}–${a.hi} and ${b.lo}–${b.hi} are not adjacent`);
  let maxGap = widerGap(a.maxGap, b.maxGap);
  let twins = a.twins + b.twins;
  if (a.last !== null && b.first !== null) {
    maxGap = widerGap(maxGap, { size: b.first - a.last, after: a.last });
    if (b.first - a.last === 2) twins += 1;
  }
  return {
    lo: a.lo,
    hi: b.hi,
    count: a.count + b.count,
    twins,
    first: a.first ?? b.first,
    last: b.last ?? a.last,
    maxGap,
  };
}

/** The wider of two gaps; on a tie the earlier one, so merging in any grouping gives the same answer. */
function widerGap(a: PrimeSurvey["maxGap"], b: PrimeSurvey["maxGap"]): PrimeSurvey["maxGap"] {
  if (a === null) return b;
  if (b === null) return a;
  if (a.size !== b.size) return a.size > b.size ? a : b;
  return a.after <= b.after ? a : b;
}

/** The odd primes up to `limit` by a plain sieve: the sieving primes for bounds up to limit². */
export function oddPrimesUpTo(limit: number): Uint32Array {
  if (limit < 3) return new Uint32Array(0);
  const composite = new Uint8Array(limit + 1);
  const primes: number[] = [];
  for (let n = 3; n <= limit; n += 2) {
    if (composite[n]) continue;
    primes.push(n);
    for (let m = n * n; m <= limit; m += 2 * n) composite[m] = 1;
  }
  return Uint32Array.from(primes);
}

function requireBounds(lo: number, hi: number): void {
  if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || lo < 0 || hi > MAX_BOUND) {
    throw new RangeError(`bounds must be whole numbers from 0 to ${MAX_BOUND.toExponential()}`);
  }
}

/** Number of set bits in a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Surveys the primes in lo ≤ n ≤ hi, one segment at a time, yielding how far it has come after each
 * segment (for progress and cancellation) and returning the survey. `sievingPrimes`, if given, must
 * be the odd primes from 3 up to √hi at least (oddPrimesUpTo), so workers can share one list; a list
 * that is not is refused.
 */
export function* surveySteps(lo: number, hi: number, sievingPrimes?: Uint32Array): Generator<number, PrimeSurvey> {
  requireBounds(lo, hi);
  if (sievingPrimes !== undefined) requireSievingPrimes(sievingPrimes, hi);
  if (hi < lo) return emptySurvey(lo, hi);
  // 2, 3 and 5 are off the wheel: the range up to 6 is surveyed by hand, the rest by the sieve.
  let survey = emptySurvey(lo, Math.min(hi, 6));
  for (const p of [2, 3, 5]) {
    if (p < lo || p > hi) continue;
    const gap = survey.last === null ? null : { size: p - survey.last, after: survey.last };
    survey = {
      ...survey,
      count: survey.count + 1,
      twins: survey.twins + (gap?.size === 2 ? 1 : 0),
      first: survey.first ?? p,
      last: p,
      maxGap: widerGap(survey.maxGap, gap),
    };
  }
  if (hi >= 7) {
    const from = Math.max(lo, 7);
    const sieve = new WheelSieve(from, hi, sievingPrimes ?? oddPrimesUpTo(Math.floor(Math.sqrt(hi))));
    let wheel = emptySurvey(from, hi);
    while (sieve.next()) {
      wheel = extendSurvey(wheel, sieve);
      yield Math.min(30 * (sieve.segmentStart + sieve.length), hi);
    }
    survey = lo <= 6 ? mergeSurveys(survey, wheel) : wheel;
  }
  return { ...survey, lo, hi };
}

/** Surveys lo ≤ n ≤ hi to the end, in the calling thread. */
export function surveyPrimes(lo: number, hi: number, sievingPrimes?: Uint32Array): PrimeSurvey {
  const steps = surveySteps(lo, hi, sievingPrimes);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** π(x): the number of primes ≤ x, counted as a survey would but without the twins and gaps. */
export function primePi(x: number): number {
  requireBounds(0, x);
  let count = [2, 3, 5].filter((p) => p <= x).length;
  if (x < 7) return count;
  const sieve = new WheelSieve(7, x, oddPrimesUpTo(Math.floor(Math.sqrt(x))), { primesOnly: true });
  while (sieve.next()) count += sieve.primeCount;
  return count;
}

/**
 * The n-th prime (n ≥ 1; p_1 = 2), for n up to MAX_NTH. The sieve runs from 7 up to an upper bound
 * for p_n (Rosser–Dusart: p_n < n(ln n + ln ln n) for n ≥ 6), counting a segment at a time, and walks
 * the segment where the count reaches n.
 */
export function nthPrime(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_NTH) {
    throw new RangeError(`n must be a whole number from 1 to ${MAX_NTH}`);
  }
  if (n <= 3) return [2, 3, 5][n - 1]!;
  const bound = n < 6 ? 13 : Math.min(MAX_BOUND, Math.ceil(n * (Math.log(n) + Math.log(Math.log(n)))) + 30);
  const sieve = new WheelSieve(7, bound, oddPrimesUpTo(Math.floor(Math.sqrt(bound))), { primesOnly: true });
  let remaining = n - 3;
  while (sieve.next()) {
    const words = sieve.words;
    const here = sieve.primeCount;
    if (here < remaining) {
      remaining -= here;
      continue;
    }
    for (let w = 0; ; w += 1) {
      let primes = ~words[w]!;
      const inWord = popcount(primes);
      if (inWord < remaining) {
        remaining -= inWord;
        continue;
      }
      for (; remaining > 1; remaining -= 1) primes &= primes - 1;
      return 30 * sieve.segmentStart + 120 * w + BIT_VALUE[31 - Math.clz32(primes & -primes)]!;
    }
  }
  throw new RangeError(`n must be at most π(${bound})`);
}

/** Lists of sieving primes already checked, so workers sharing one list check it once. */
const checkedLists = new WeakSet<Uint32Array>();

/**
 * Refuses sieving primes that are not the odd primes in order from 3 (all of them up to the last) or
 * that stop short of √hi, leaving a prime p ≤ √hi out.
 */
function requireSievingPrimes(sievingPrimes: Uint32Array, hi: number): void {
  const count = sievingPrimes.length;
  const last = count > 0 ? sievingPrimes[count - 1]! : 1;
  if (!checkedLists.has(sievingPrimes)) {
    const expected = oddPrimesUpTo(last);
    if (expected.length !== count || expected.some((p, k) => sievingPrimes[k] !== p)) {
      throw new RangeError("the sieving primes must be the odd primes in order, from 3");
    }
    checkedLists.add(sievingPrimes);
  }
  // Any odd prime in last < n ≤ √hi would be missing; trial division by the list finds one if there is.
  const root = Math.floor(Math.sqrt(hi));
  for (let n = last + 2; n <= root; n += 2) {
    let prime = true;
    for (let k = 0; k < count && sievingPrimes[k]! ** 2 <= n && prime; k += 1) prime = n % sievingPrimes[k]! !== 0;
    if (prime) throw new RangeError(`the sieving primes must include the odd primes up to √${hi}, ${n} among them`);
  }
}

/** The number at bit i of a 32-bit word of the wheel, counted from the word's first number: 4 bytes of 30. */
const BIT_VALUE = Int32Array.from({ length: 32 }, (_, i) => 30 * (i >>> 3) + WHEEL[i & 7]!);

/** A gap wider than this between primes in one word is impossible (a word spans 30·4 numbers). */
const GAP_IN_WORD = 120;
/** Nor between primes in neighbouring words: wider gaps contain a whole word without primes. */
const GAP_IN_TWO_WORDS = 240;

/**
 * The survey so far extended by the sieve's current segment (its words of the wheel, a clear bit for
 * a prime; the sieve has counted the primes and twins in it). Gaps are looked at one prime at a time
 * only while the widest gap found could still lie within a word, then word by word while it could
 * lie across two, then only around words without primes.
 */
function extendSurvey(survey: PrimeSurvey, sieve: WheelSieve): PrimeSurvey {
  const { words, wordCount, segmentStart: start, primeCount: count } = sieve;
  if (count === 0) return survey;
  let twins = sieve.twinCount;
  const { last } = survey;
  let { first, maxGap } = survey;
  const base = 30 * start;
  let firstWord = 0;
  while (words[firstWord] === 0xffffffff) firstWord += 1;
  let lastWord = wordCount - 1;
  while (words[lastWord] === 0xffffffff) lastWord -= 1;
  const firstHere = base + 120 * firstWord + BIT_VALUE[lowestBit(~words[firstWord]!)]!;
  const lastHere = base + 120 * lastWord + BIT_VALUE[31 - Math.clz32(~words[lastWord]!)]!;
  if (last !== null) {
    const gap = firstHere - last;
    if (gap === 2) twins += 1;
    if (maxGap === null || gap > maxGap.size) maxGap = { size: gap, after: last };
  }
  first ??= firstHere;
  maxGap =
    maxGap === null || maxGap.size < GAP_IN_TWO_WORDS
      ? walkGaps(maxGap, words, firstWord, lastWord, base)
      : gapsAcrossEmptyWords(maxGap, words, sieve.emptyWords, firstWord, lastWord, base);
  return { ...survey, count: survey.count + count, twins: survey.twins + twins, first, last: lastHere, maxGap };
}

/** The widest gap after looking at the gaps that span the words without primes in `empty` (in order). */
function gapsAcrossEmptyWords(
  maxGap: NonNullable<PrimeSurvey["maxGap"]>,
  words: Uint32Array,
  empty: Int32Array,
  from: number,
  to: number,
  base: number,
): PrimeSurvey["maxGap"] {
  for (let e = 0; e < empty.length; e += 1) {
    const w = empty[e]!;
    // Runs before the first prime or after the last are the gaps across segments, looked at elsewhere.
    if (w < from || w > to || (e > 0 && empty[e - 1] === w - 1)) continue;
    let after = w + 1;
    while (words[after] === 0xffffffff) after += 1;
    const before = base + 120 * (w - 1) + BIT_VALUE[31 - Math.clz32(~words[w - 1]!)]!;
    const next = base + 120 * after + BIT_VALUE[lowestBit(~words[after]!)]!;
    if (next - before > maxGap.size) maxGap = { size: next - before, after: before };
  }
  return maxGap;
}

/** The widest gap so far after looking at every gap from the first prime of word `from` to the last of word `to`. */
function walkGaps(
  maxGap: PrimeSurvey["maxGap"],
  words: Uint32Array,
  from: number,
  to: number,
  base: number,
): PrimeSurvey["maxGap"] {
  let previous = -1;
  for (let w = from; w <= to; w += 1) {
    const primes = ~words[w]!;
    if (primes === 0) continue;
    const wordBase = base + 120 * w;
    const firstHere = wordBase + BIT_VALUE[lowestBit(primes)]!;
    if (previous >= 0 && (maxGap === null || firstHere - previous > maxGap.size)) {
      maxGap = { size: firstHere - previous, after: previous };
    }
    previous = firstHere;
    if (maxGap === null || maxGap.size < GAP_IN_WORD) {
      for (let rest = primes & (primes - 1); rest !== 0; rest &= rest - 1) {
        const prime = wordBase + BIT_VALUE[lowestBit(rest)]!;
        if (maxGap === null || prime - previous > maxGap.size) maxGap = { size: prime - previous, after: previous };
        previous = prime;
      }
    } else {
      previous = wordBase + BIT_VALUE[31 - Math.clz32(primes)]!;
    }
  }
  return maxGap;
}

/** The index of the lowest set bit of a non-zero word. */
function lowestBit(word: number): number {
  return 31 - Math.clz32(word & -word);
}
