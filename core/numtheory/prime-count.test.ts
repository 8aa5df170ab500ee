import { describe, expect, it } from "vitest";
import { createRandom } from "../quiz/random";
import {
  emptySurvey,
  MAX_BOUND,
  MAX_NTH,
  mergeSurveys,
  nthPrime,
  oddPrimesUpTo,
  primePi,
  surveyPrimes,
  surveySteps,
  type PrimeSurvey,
} from "./prime-count";
import { forEachPrimeOddSieve, isPrimeByTrialDivision, primePiByLegendre, textbookPrimes } from "./sieve-oracles";

/** π(10^k), k = 0…12: published values (OEIS A006880). */
const PI_POWERS_OF_TEN = [
  0, 4, 25, 168, 1229, 9592, 78498, 664579, 5761455, 50847534, 455052511, 4118054813, 37607912018,
];

/** The survey of the primes `visit`-ed in order, for ranges too long for trial division. */
function surveyOf(lo: number, hi: number, forEachPrime: (visit: (p: number) => void) => void): PrimeSurvey {
  const survey = emptySurvey(lo, hi);
  forEachPrime((p) => {
    if (survey.last !== null) {
      const size = p - survey.last;
      if (size === 2) survey.twins += 1;
      if (survey.maxGap === null || size > survey.maxGap.size) survey.maxGap = { size, after: survey.last };
    }
    survey.first ??= p;
    survey.last = p;
    survey.count += 1;
  });
  return survey;
}

/** The survey by trial division, one number at a time: the oracle. */
function bruteSurvey(lo: number, hi: number): PrimeSurvey {
  const primes: number[] = [];
  for (let n = lo; n <= hi; n += 1) if (isPrimeByTrialDivision(n)) primes.push(n);
  let maxGap: PrimeSurvey["maxGap"] = null;
  let twins = 0;
  for (let i = 1; i < primes.length; i += 1) {
    const size = primes[i]! - primes[i - 1]!;
    if (size === 2) twins += 1;
    if (maxGap === null || size > maxGap.size) maxGap = { size, after: primes[i - 1]! };
  }
  return { lo, hi, count: primes.length, twins, first: primes[0] ?? null, last: primes.at(-1) ?? null, maxGap };
}

describe("surveying primes in a range", () => {
  it("agrees with trial division on small ranges, every edge included", () => {
    for (let hi = 0; hi <= 200; hi += 1) expect(surveyPrimes(0, hi), `0…${hi}`).toEqual(bruteSurvey(0, hi));
    const random = createRandom(2024);
    for (let trial = 0; trial < 150; trial += 1) {
      const lo = random.int(0, 3_000_000);
      const hi = lo + random.int(0, trial < 100 ? 3_000 : 1_200_000);
      expect(surveyPrimes(lo, hi), `${lo}…${hi}`).toEqual(bruteSurvey(lo, hi));
    }
  });

  it("agrees with trial division far out, across segment boundaries", () => {
    for (const lo of [999_999_000_000, 1e12 - 5_000, 4_294_967_000]) {
      const hi = Math.min(lo + 4_000, MAX_BOUND);
      expect(surveyPrimes(lo, hi)).toEqual(bruteSurvey(lo, hi));
    }
  });

  it("merges neighbouring surveys into the survey of both, wherever the cut", () => {
    const random = createRandom(7);
    for (let trial = 0; trial < 40; trial += 1) {
      const lo = random.int(0, 100_000);
      const hi = lo + random.int(1, 50_000);
      const cut = random.int(lo, hi - 1);
      expect(mergeSurveys(surveyPrimes(lo, cut), surveyPrimes(cut + 1, hi))).toEqual(surveyPrimes(lo, hi));
    }
    // A range without primes (24…28) leaves its neighbour's survey as it is.
    expect(mergeSurveys(surveyPrimes(24, 28), surveyPrimes(29, 40))).toEqual(surveyPrimes(24, 40));
    expect(surveyPrimes(24, 28)).toEqual(emptySurvey(24, 28));
    expect(() => mergeSurveys(surveyPrimes(0, 9), surveyPrimes(11, 20))).toThrow(RangeError);
  });

  it("counts π(10^k) as published, up to 10^10", { timeout: 120_000 }, () => {
    for (let k = 0; k <= 10; k += 1) expect(primePi(10 ** k), `π(10^${k})`).toBe(PI_POWERS_OF_TEN[k]);
  });

  it(
    "agrees up to 10^12 with Legendre's count, which sieves nothing and gives π(10^k) as published",
    {
      timeout: 300_000,
    },
    () => {
      const primes = textbookPrimes(5000);
      for (let x = -1, count = 0; x <= 5000; x += 1) {
        if (primes[count] === x) count += 1;
        expect(primePiByLegendre(x), `π(${x})`).toBe(count);
      }
      for (let k = 0; k <= 12; k += 1) expect(primePiByLegendre(10 ** k), `π(10^${k})`).toBe(PI_POWERS_OF_TEN[k]);
      // Whole counts beyond 10^10 take a minute or more on one thread: the last 10^8 numbers below 10^11
      // and 10^12, and windows of 10^7 anywhere below, are sieved here and compared with Legendre's count
      // of everything before them.
      for (const k of [11, 12]) {
        const lo = 10 ** k - 1e8;
        expect(surveyPrimes(lo, 10 ** k).count, `π(10^${k})`).toBe(PI_POWERS_OF_TEN[k]! - primePiByLegendre(lo - 1));
      }
      const random = createRandom(12);
      for (let trial = 0; trial < 3; trial += 1) {
        const start = random.int(0, MAX_BOUND - 1e7);
        const end = start + 1e7;
        expect(surveyPrimes(start, end).count, `${start}…${end}`).toBe(
          primePiByLegendre(end) - primePiByLegendre(start - 1),
        );
      }
    },
  );

  it("counts π(x) as the survey does, without its twins and gaps", () => {
    for (let x = -3; x <= 200; x += 1) expect(primePi(x), `π(${x})`).toBe(surveyPrimes(0, x).count);
    const random = createRandom(8);
    for (let trial = 0; trial < 20; trial += 1) {
      const x = random.int(0, 30_000_000);
      expect(primePi(x), `π(${x})`).toBe(surveyPrimes(0, x).count);
    }
    expect(() => primePi(MAX_BOUND + 1)).toThrow(RangeError);
    expect(() => primePi(2.5)).toThrow(RangeError);
  });

  it("finds the largest prime gap and the twin pairs below 10^6 as the textbook sieve does", () => {
    const survey = surveyPrimes(0, 1_000_000);
    // The maximal gap 114 follows 492,113 (OEIS A002386).
    expect(survey.maxGap).toEqual({ size: 114, after: 492_113 });
    const primes = textbookPrimes(1_000_000);
    expect(survey.count).toBe(primes.length);
    expect(survey.twins).toBe(primes.filter((p, i) => primes[i + 1] === p + 2).length);
  });

  it("reports progress segment by segment up to the bound", () => {
    const steps = surveySteps(0, 5_000_000);
    const reached: number[] = [];
    let next = steps.next();
    while (!next.done) {
      reached.push(next.value);
      next = steps.next();
    }
    expect(reached.length).toBeGreaterThan(3);
    expect(reached.at(-1)).toBe(5_000_000);
    expect(next.value.count).toBe(textbookPrimes(5_000_000).length);
  });

  it("agrees with trial division on every range within 0…150", () => {
    for (let lo = 0; lo <= 150; lo += 1) {
      for (let hi = lo - 1; hi <= 150; hi += 1)
        expect(surveyPrimes(lo, hi), `${lo}…${hi}`).toEqual(bruteSurvey(lo, hi));
    }
  });

  it("agrees with trial division on random ranges near 10^12 and across 2^32 (large primes in buckets)", () => {
    const random = createRandom(2025);
    for (let trial = 0; trial < 16; trial += 1) {
      const centre = trial % 4 === 0 ? 2 ** 32 : MAX_BOUND;
      const hi = Math.min(MAX_BOUND, centre + random.int(-100_000, 100_000));
      const lo = hi - random.int(0, 3_000);
      expect(surveyPrimes(lo, hi), `${lo}…${hi}`).toEqual(bruteSurvey(lo, hi));
    }
  });

  it("agrees with a plain odd-number segmented sieve on the 10^8 numbers below 10^12", () => {
    const lo = MAX_BOUND - 1e8;
    const hi = MAX_BOUND;
    const oracle = surveyOf(lo, hi, (visit) => forEachPrimeOddSieve(lo, hi, visit));
    expect(oracle.count).toBeGreaterThan(3_000_000);
    expect(surveyPrimes(lo, hi)).toEqual(oracle);
    // The same in four blocks, as workers would survey them, merged.
    const sievingPrimes = oddPrimesUpTo(1e6);
    const cuts = [lo, lo + 12_345_678, lo + 50_000_000, lo + 50_000_001, hi + 1];
    const blocks = cuts.slice(1).map((end, i) => surveyPrimes(cuts[i]!, end - 1, sievingPrimes));
    expect(blocks.reduce(mergeSurveys)).toEqual(oracle);
  });

  it("refuses bounds it cannot sieve, and sieving primes that are not the odd primes", () => {
    expect(() => surveyPrimes(0, MAX_BOUND + 1)).toThrow(RangeError);
    expect(() => surveyPrimes(-1, 10)).toThrow(RangeError);
    expect(() => surveyPrimes(0, 1.5)).toThrow(RangeError);
    expect(() => surveyPrimes(0, 1000, Uint32Array.from([5, 7, 11]))).toThrow(RangeError);
    // 47 left out; a list stopping short of √hi (31 < √1000); a list in the wrong order.
    const withoutFortySeven = oddPrimesUpTo(100).filter((p) => p !== 47);
    expect(() => surveyPrimes(0, 10_000, withoutFortySeven)).toThrow(RangeError);
    expect(() => surveyPrimes(0, 1000, oddPrimesUpTo(29))).toThrow(RangeError);
    expect(() => surveyPrimes(0, 1000, oddPrimesUpTo(31).reverse())).toThrow(RangeError);
    // A longer list than needed is fine, and so is one ending just below √hi (31 ≤ √1000 < 37).
    expect(surveyPrimes(0, 1000, oddPrimesUpTo(1000)).count).toBe(168);
    expect(surveyPrimes(0, 1000, oddPrimesUpTo(31)).count).toBe(168);
    expect(surveyPrimes(10, 5)).toEqual(emptySurvey(10, 5));
    expect(oddPrimesUpTo(30)).toEqual(Uint32Array.from([3, 5, 7, 11, 13, 17, 19, 23, 29]));
  });
});

/** p(10^k), k = 0…9: the 10^k-th prime (OEIS A006988). */
const PRIME_AT_POWERS_OF_TEN = [2, 29, 541, 7919, 104729, 1299709, 15485863, 179424673, 2038074743, 22801763489];

describe("the n-th prime", () => {
  it("agrees with the textbook sieve for n up to 3000 and at random n up to 10^6", () => {
    const primes = textbookPrimes(15_500_000);
    for (let n = 1; n <= 3000; n += 1) expect(nthPrime(n), `p(${n})`).toBe(primes[n - 1]);
    const random = createRandom(99);
    for (let trial = 0; trial < 40; trial += 1) {
      const n = random.int(3000, primes.length);
      expect(nthPrime(n), `p(${n})`).toBe(primes[n - 1]);
    }
  });

  it("finds the 10^k-th prime as published for k ≤ 8, and the survey counts exactly 10^k primes up to it", () => {
    for (let k = 0; k <= 8; k += 1) {
      const p = nthPrime(10 ** k);
      expect(p, `p(10^${k})`).toBe(PRIME_AT_POWERS_OF_TEN[k]);
      const survey = surveyPrimes(0, p);
      expect(survey.count).toBe(10 ** k);
      expect(survey.last).toBe(p);
    }
  });

  it("finds the 10^9-th prime as published, and the survey counts 10^9 primes up to it", { timeout: 300_000 }, () => {
    const p = nthPrime(1e9);
    expect(p).toBe(PRIME_AT_POWERS_OF_TEN[9]);
    const survey = surveyPrimes(0, p);
    expect(survey.count).toBe(1e9);
    expect(survey.last).toBe(p);
  });

  it("refuses n that is not a whole number from 1 to π(10^12)", () => {
    expect(MAX_NTH).toBe(PI_POWERS_OF_TEN[12]);
    for (const n of [0, -1, 1.5, Number.NaN, MAX_NTH + 1]) expect(() => nthPrime(n), `${n}`).toThrow(RangeError);
  });
});
