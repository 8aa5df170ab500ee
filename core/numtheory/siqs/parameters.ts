import { chooseMultiplier } from "./multiplier";
import { sqrtModPrime } from "./small-modular";

/** The unit of the sieve interval's length: M is a whole number of these. */
export const SIEVE_BLOCK = 1 << 15;

/**
 * Everything a sieving worker needs, derived once from n. Structured-cloneable
 * (bigint, numbers and typed arrays only) so it can be posted to workers.
 */
export interface SiqsParameters {
  n: bigint;
  /** Knuth–Schroeppel multiplier k; the sieve works on k·n. */
  multiplier: number;
  kn: bigint;
  /** Factor base: 2, then the odd primes p with k·n a square mod p (or p | k), increasing. */
  primes: Int32Array;
  /** t with t² ≡ k·n (mod p) for each factor-base prime (0 when p | k·n). */
  sqrtKn: Int32Array;
  /** Rounded scaled logarithms of the primes, the sieve's increments. */
  logs: Uint8Array;
  /** Sieve interval is [−M, M) with M = blocksPerSide · SIEVE_BLOCK. */
  blocksPerSide: number;
  /** Cofactors below this bound (above the factor base, hence prime) make partial relations. */
  largePrimeBound: number;
  /** logs[i] ≈ logScale · log2(primes[i]). */
  logScale: number;
  /** Sieve threshold, in the units of `logs`. */
  threshold: number;
  /** Primes below this index are not sieved (too many hits for their small logarithm). */
  firstSievedPrime: number;
  /** A prime of the factor base dividing n, found while building it (0 if none). */
  smallFactor: number;
}

/**
 * Parameters by decimal digits of n: factor-base size, sieve blocks per side,
 * large-prime bound as a multiple of the largest factor-base prime, threshold
 * slack in bits, and the smallest sieved prime.
 * Tuned on this project's benchmark semiprimes; intermediate sizes are interpolated.
 * bench/factor/tune-siqs.ts measures a row's neighbours (2026-11-28, after the sieve lost its buckets):
 * at 55 digits two blocks a side beat one by 10–15 %; at 55–65 digits every other step of one
 * parameter (factor base ×0.8 or ×1.25, up to 12,000 primes at 65 digits; large-prime bound ×½ or ×2;
 * slack ±4 bits; smallest sieved prime ×0.6 or ×1.6) changed the time by less than the ±10 % the
 * same row varies between runs, so those rows stand.
 * From 50 digits the factor base is sized by relation yield: relations per
 * second grow faster with it than the number needed, until the linear algebra
 * (superlinear in its size) outweighs that; 30 bits of slack admit more
 * partials for little extra candidate checking.
 */
const TABLE: readonly (readonly [number, number, number, number, number, number])[] = [
  [15, 60, 1, 20, 2, 30],
  [20, 100, 1, 30, 4, 30],
  [30, 200, 1, 40, 8, 50],
  [40, 500, 1, 50, 14, 100],
  [45, 800, 1, 60, 20, 150],
  [50, 1700, 1, 60, 28, 250],
  [55, 2600, 2, 80, 30, 250],
  [60, 4200, 2, 120, 30, 250],
  [65, 6300, 2, 150, 30, 250],
  [70, 9000, 3, 150, 30, 250],
  [75, 10500, 4, 200, 30, 250],
  [80, 12000, 4, 200, 28, 250],
  [90, 22000, 6, 200, 28, 250],
  [100, 40000, 8, 200, 28, 250],
  [120, 80000, 8, 200, 28, 250],
];

/** The tunable choices behind a parameter set (the table's columns). */
export interface SiqsTuning {
  fbSize: number;
  blocks: number;
  lpMultiplier: number;
  slack: number;
  /** Primes below this are not sieved (many steps for a small logarithm); trial division still finds them. */
  smallestSievedPrime: number;
}

export function tuningFor(digits: number): SiqsTuning {
  const first = TABLE[0]!;
  const last = TABLE[TABLE.length - 1]!;
  if (digits <= first[0])
    return {
      fbSize: first[1],
      blocks: first[2],
      lpMultiplier: first[3],
      slack: first[4],
      smallestSievedPrime: first[5],
    };
  if (digits >= last[0])
    return { fbSize: last[1], blocks: last[2], lpMultiplier: last[3], slack: last[4], smallestSievedPrime: last[5] };
  let i = 0;
  while (TABLE[i + 1]![0] < digits) i += 1;
  const lo = TABLE[i]!;
  const hi = TABLE[i + 1]!;
  const f = (digits - lo[0]) / (hi[0] - lo[0]);
  const mix = (a: number, b: number) => a + (b - a) * f;
  return {
    fbSize: Math.round(mix(lo[1], hi[1])),
    blocks: Math.round(mix(lo[2], hi[2])),
    lpMultiplier: Math.round(mix(lo[3], hi[3])),
    slack: mix(lo[4], hi[4]),
    smallestSievedPrime: Math.round(mix(lo[5], hi[5])),
  };
}

/** Primes below limit by the sieve of Eratosthenes. */
function primesBelow(limit: number): number[] {
  const composite = new Uint8Array(limit);
  const primes: number[] = [];
  for (let i = 2; i < limit; i += 1) {
    if (composite[i]) continue;
    primes.push(i);
    for (let j = i * i; j < limit; j += i) composite[j] = 1;
  }
  return primes;
}

/** Parameters for factoring odd composite n (not a perfect power, no tiny factors). */
export function chooseSiqsParameters(n: bigint): SiqsParameters {
  return buildSiqsParameters(n, tuningFor(n.toString().length));
}

/** Parameters for n with explicit tuning (benchmarks and tests vary it). */
export function buildSiqsParameters(n: bigint, row: SiqsTuning): SiqsParameters {
  const multiplier = chooseMultiplier(n);
  const kn = n * BigInt(multiplier);

  const primes: number[] = [2];
  const roots: number[] = [Number(kn & 1n)];
  let smallFactor = 0;
  let limit = Math.max(1000, Math.ceil(row.fbSize * Math.log(row.fbSize + 2) * 3));
  let candidates = primesBelow(limit);
  let next = 1;
  while (primes.length < row.fbSize) {
    if (next >= candidates.length) {
      limit *= 2;
      candidates = primesBelow(limit);
    }
    const p = candidates[next]!;
    next += 1;
    const residue = Number(kn % BigInt(p));
    if (residue === 0) {
      if (multiplier % p !== 0) smallFactor ||= p;
      primes.push(p);
      roots.push(0);
      continue;
    }
    const root = sqrtModPrime(residue, p);
    if (root < 0) continue;
    primes.push(p);
    roots.push(root);
  }

  const largest = primes[primes.length - 1]!;
  const blocksPerSide = row.blocks;
  const halfInterval = blocksPerSide * SIEVE_BLOCK;
  // |Q(x)/A| is at most about M·√(kn/2) over the interval when A ≈ √(2kn)/M.
  const valueBits = Math.log2(halfInterval) + bitLengthApprox(kn) / 2 - 0.5;
  const largePrimeBound = Math.min(largest * row.lpMultiplier, 2 ** 31 - 1, largest * largest - 1);
  const thresholdBits = valueBits - Math.log2(largePrimeBound) - row.slack;
  // Scale logarithms so that threshold plus the widest overshoot stays within a byte.
  const scale = Math.min(1, 100 / valueBits);
  const logs = new Uint8Array(primes.length);
  for (let i = 0; i < primes.length; i += 1) logs[i] = Math.round(Math.log2(primes[i]!) * scale);
  let firstSievedPrime = 1;
  while (firstSievedPrime < primes.length - 1 && primes[firstSievedPrime]! < row.smallestSievedPrime)
    firstSievedPrime += 1;

  return {
    n,
    multiplier,
    kn,
    primes: Int32Array.from(primes),
    sqrtKn: Int32Array.from(roots),
    logs,
    blocksPerSide,
    largePrimeBound,
    logScale: scale,
    threshold: Math.max(1, Math.round(thresholdBits * scale)),
    firstSievedPrime,
    smallFactor,
  };
}

/** log2(x) for a positive bigint of any size, to double precision. */
export function bitLengthApprox(x: bigint): number {
  const bits = x.toString(2).length;
  if (bits <= 52) return Math.log2(Number(x));
  const shift = BigInt(bits - 52);
  return Math.log2(Number(x >> shift)) + (bits - 52);
}
