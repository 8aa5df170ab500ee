import type { StopSignal } from "../factorization-types";
import { SIEVE_BLOCK, type SiqsParameters } from "./parameters";
import { ACoefficientChooser, initialRoots, NO_ROOT, polynomialFamily, type PolynomialFamily } from "./polynomial";
import type { Relation, RelationBatch } from "./relation";

/** How much the double estimate of a cofactor may exceed the large-prime bound (prime powers it cannot see). */
const PRIME_POWER_SLACK = 16;
/** Bits by which the sieve's rounded logarithm sum may understate the smooth part. */
const LOG_ROUNDING_SLACK = 4;
/** Every byte starts at 128 − threshold, so a byte with its top bit set has reached the threshold. */
const HIGH_BITS = 0x80808080 | 0;

export interface SieveOptions {
  seed: number;
  signal: StopSignal;
  onBatch: (batch: RelationBatch) => void;
  batchMilliseconds?: number;
}

/**
 * Sieve forever (until signal.aborted), calling onBatch about every
 * batchMilliseconds with new relations; the last batch is flushed before
 * returning. Each seed drives its own random choice of A among thousands to
 * billions of candidates, so workers with different seeds sieve different
 * polynomials (a rare coincidence only costs time: the collector drops
 * duplicates). Returns early only when no unused A is left (tiny n).
 */
export function sieveRelations(params: SiqsParameters, options: SieveOptions): void {
  const siever = new PolynomialSiever(params);
  const chooser = new ACoefficientChooser(params, siever.halfInterval, seededRandom(options.seed));
  const interval = options.batchMilliseconds ?? 250;
  let pending: Relation[] = [];
  let polynomials = 0;
  let lastBatch = Date.now();
  const flush = () => {
    options.onBatch({ relations: pending, polynomials });
    pending = [];
    polynomials = 0;
    lastBatch = Date.now();
  };
  for (;;) {
    const choice = chooser.next();
    if (!choice) break;
    const family = polynomialFamily(params, choice.a, choice.indices);
    const count = 1 << (family.aIndices.length - 1);
    for (let index = 0; index < count; index += 1) {
      if (options.signal.aborted) {
        flush();
        return;
      }
      siever.sievePolynomial(family, index, pending);
      polynomials += 1;
      if (Date.now() - lastBatch >= interval) flush();
    }
  }
  flush();
}

/** Seeded generator (mulberry32): each worker's sequence of A values depends only on its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The positions of one polynomial under trial division, as parallel typed arrays (the divisor search
 * runs over them once per factor-base prime; at 60 digits a list of objects took 10 % longer in all):
 * each one's factor-base divisors so far and the estimate of what is left of Q(x)/A.
 */
class Candidates {
  count = 0;
  positions = new Int32Array(64);
  estimates = new Float64Array(64);
  divisors: number[][] = [];

  clear(): void {
    this.count = 0;
  }

  add(position: number, estimate: number, divisors: number[]): void {
    if (this.count === this.positions.length) {
      const positions = new Int32Array(2 * this.count);
      positions.set(this.positions);
      this.positions = positions;
      const estimates = new Float64Array(2 * this.count);
      estimates.set(this.estimates);
      this.estimates = estimates;
    }
    this.positions[this.count] = position;
    this.estimates[this.count] = estimate;
    this.divisors[this.count] = divisors;
    this.count += 1;
  }
}

/**
 * The sieve state for one worker: typed arrays reused from polynomial to
 * polynomial. The whole interval [−M, M) is one byte array (64–256 KB up to
 * 80 digits, within the L2 cache), so every prime scatters straight into it:
 * measured on the benchmark machine, a scattered update costs the same in a
 * 128 KB array as in a 32 KB L1 block, while routing the larger primes through
 * per-block buckets cost about 12 ns per hit (filling, applying and
 * rescanning them).
 */
class PolynomialSiever {
  readonly halfInterval: number;
  /** Sieve length 2M. */
  private readonly length: number;
  private readonly size: number;
  /** First factor-base index whose prime is at least the interval length: each root hits at most once. */
  private readonly largeStart: number;
  private readonly primes: Int32Array;
  private readonly inverses: Float64Array;
  private readonly bigPrimes: bigint[];
  private readonly root1: Int32Array;
  private readonly root2: Int32Array;
  private deltas: Int32Array;
  private readonly sieve: Uint8Array;
  private readonly sieveWords: Int32Array;
  private readonly initialByte: number;
  /** This polynomial's positions that passed the first estimate. */
  private readonly candidates = new Candidates();
  /** Factor-base indices of primes dividing kn: one root only. */
  private readonly singleRoot: number[] = [];
  private family: PolynomialFamily | null = null;
  private b = 0n;
  private c = 0n;
  private twoB = 0n;
  private aDouble = 0;
  private twoBDouble = 0;
  private cDouble = 0;
  /** 1 when B is odd: then y = Ax + B is odd exactly when x is even (A is odd). */
  private bParity = 0;
  /** The power of 2 that always divides Q(x)/A when y is odd, fixed by kn mod 8. */
  private readonly oddYTwoPower: number;
  /** Cofactor estimates above this are rejected; the slack covers unseen prime powers. */
  private readonly cofactorCutoff: number;
  /** log2 of the cofactor bound, plus slack for the rounding of the sieve's logarithms. */
  private readonly logCutoff: number;

  constructor(private readonly params: SiqsParameters) {
    const { primes } = params;
    this.primes = primes;
    this.size = primes.length;
    this.halfInterval = params.blocksPerSide * SIEVE_BLOCK;
    this.length = 2 * this.halfInterval;
    let largeStart = 1;
    while (largeStart < this.size && primes[largeStart]! < this.length) largeStart += 1;
    this.largeStart = largeStart;
    // Slightly above 1/p so that ⌊j·(1/p)⌋ is never below the true quotient for j < 2^30.
    this.inverses = new Float64Array(this.size);
    for (let i = 0; i < this.size; i += 1) this.inverses[i] = (1 + 2 ** -40) / primes[i]!;
    this.bigPrimes = Array.from(primes, (p) => BigInt(p));
    this.root1 = new Int32Array(this.size);
    this.root2 = new Int32Array(this.size);
    this.deltas = new Int32Array(0);
    this.sieve = new Uint8Array(this.length);
    this.sieveWords = new Int32Array(this.sieve.buffer);
    this.initialByte = Math.max(0, 128 - params.threshold);
    for (let i = 1; i < this.size; i += 1) if (params.sqrtKn[i] === 0) this.singleRoot.push(i);
    const knMod8 = Number(params.kn & 7n);
    // y² − kn for odd y is ≡ 1 − kn (mod 8): divisible by 8, 4 or 2.
    this.oddYTwoPower = knMod8 === 1 ? 8 : knMod8 === 5 ? 4 : 2;
    this.cofactorCutoff = params.largePrimeBound * PRIME_POWER_SLACK;
    this.logCutoff = Math.log2(params.largePrimeBound) + LOG_ROUNDING_SLACK;
  }

  /** Sieves polynomial `index` (in Gray-code order) of the family, appending relations. */
  sievePolynomial(family: PolynomialFamily, index: number, out: Relation[]): void {
    const { primes, root1, root2, deltas, sieve, length } = this;
    const { logs, firstSievedPrime } = this.params;
    let offset = -1;
    let up = false;
    if (index === 0 || this.family !== family) {
      this.startFamily(family);
    } else {
      const l = 31 - Math.clz32(index & -index);
      up = this.stepGrayCode(index, l);
      offset = l * this.size;
    }
    sieve.fill(this.initialByte);
    // The unsieved small primes still need their roots, for trial division.
    sievePrimes(primes, logs, root1, root2, deltas, offset, up, 1, firstSievedPrime, sieve, 0);
    sievePrimes(primes, logs, root1, root2, deltas, offset, up, firstSievedPrime, this.size, sieve, length);
    // Primes dividing A have no root; the second root of p | kn does not exist. The moves above shifted
    // these markers, which stayed beyond the interval and so never sieved.
    for (const i of family.aIndices) root1[i] = root2[i] = NO_ROOT;
    for (const i of this.singleRoot) root2[i] = NO_ROOT;
    this.scan(out);
  }

  private startFamily(family: PolynomialFamily): void {
    this.family = family;
    const s = family.aIndices.length;
    if (this.deltas.length !== s * this.size) this.deltas = new Int32Array(s * this.size);
    initialRoots(this.params, family, this.halfInterval, this.root1, this.root2, this.deltas);
    this.b = family.bTerms.reduce((sum, term) => sum + term, 0n);
    this.setCoefficients();
  }

  private setCoefficients(): void {
    const a = this.family!.a;
    this.c = (this.b * this.b - this.params.kn) / a;
    this.twoB = 2n * this.b;
    this.aDouble = Number(a);
    this.twoBDouble = Number(this.twoB);
    this.cDouble = Number(this.c);
    this.bParity = Number(this.b & 1n);
  }

  /**
   * Moves B from polynomial index−1 to index: B-term l changes sign. Returns
   * whether the roots move up (B − 2B_l) rather than down (B + 2B_l) by 2·B_l·A⁻¹.
   */
  private stepGrayCode(index: number, l: number): boolean {
    const subtract = ((index ^ (index >> 1)) >> l) & 1;
    const term = this.family!.bTerms[l]! * 2n;
    this.b = subtract ? this.b - term : this.b + term;
    this.setCoefficients();
    return subtract === 1;
  }

  /**
   * Finds the positions whose byte reached the threshold, keeps those whose
   * double estimate of the cofactor (after the unsieved small primes and the
   * sieve's own logarithm sum) can still be below the bound, then finds their
   * sieved prime divisors together: one pass over the factor base for all of
   * them, comparing j mod p with the roots (no BigInt; for primes beyond the
   * interval j mod p is j). BigInt division only confirms exponents and
   * leaves the cofactor.
   */
  private scan(out: Relation[]): void {
    const { sieve, sieveWords, candidates } = this;
    const high = HIGH_BITS;
    const words = this.length >> 2;
    candidates.clear();
    // Thirty-two bytes per test: candidates are rare.
    for (let w = 0; w < words; w += 8) {
      if (
        ((sieveWords[w]! |
          sieveWords[w + 1]! |
          sieveWords[w + 2]! |
          sieveWords[w + 3]! |
          sieveWords[w + 4]! |
          sieveWords[w + 5]! |
          sieveWords[w + 6]! |
          sieveWords[w + 7]!) &
          high) ===
        0
      )
        continue;
      for (let k = 4 * w; k < 4 * w + 32; k += 1) {
        if ((sieve[k]! & 0x80) === 0) continue;
        const sieveBits = ((sieve[k]! - this.initialByte) & 0xff) / this.params.logScale;
        this.addIfPromising(k, sieveBits);
      }
    }
    if (candidates.count === 0) return;
    this.findSievedDivisors();
    for (let c = 0; c < candidates.count; c += 1) {
      if (candidates.estimates[c]! > this.cofactorCutoff) continue;
      const relation = this.relationAt(candidates.positions[c]!, candidates.divisors[c]!);
      if (relation) out.push(relation);
    }
  }

  /**
   * Divides the cofactor estimate of Q(x)/A at position j by the unsieved
   * small primes, and keeps j as a candidate unless even the sieved primes'
   * logarithm sum cannot bring it below the bound.
   */
  private addIfPromising(j: number, sieveBits: number): void {
    const { primes, inverses, root1, root2 } = this;
    const xd = j - this.halfInterval;
    let estimate = Math.abs((this.aDouble * xd + this.twoBDouble) * xd + this.cDouble);
    if (((xd + this.bParity) & 1) === 1) estimate /= this.oddYTwoPower;
    const divisors: number[] = [];
    const firstSieved = this.params.firstSievedPrime;
    for (let i = 1; i < firstSieved; i += 1) {
      const p = primes[i]!;
      const r = j - ((j * inverses[i]!) | 0) * p;
      if (r === root1[i] || r === root2[i]) {
        divisors.push(i);
        estimate /= p;
      }
    }
    // The sieve already summed the logarithms of the sieved primes (to rounding).
    if (Math.log2(estimate) - sieveBits <= this.logCutoff) this.candidates.add(j, estimate, divisors);
  }

  /** Adds each candidate's sieved prime divisors and divides its estimate by them, prime by prime. */
  private findSievedDivisors(): void {
    const { primes, inverses, root1, root2, largeStart, length } = this;
    const { count, positions, estimates, divisors } = this.candidates;
    for (let i = this.params.firstSievedPrime; i < largeStart; i += 1) {
      const p = primes[i]!;
      const inverse = inverses[i]!;
      const r1 = root1[i]!;
      const r2 = root2[i]!;
      for (let c = 0; c < count; c += 1) {
        const j = positions[c]!;
        const r = j - ((j * inverse) | 0) * p;
        if (r === r1 || r === r2) {
          divisors[c]!.push(i);
          estimates[c]! /= p;
        }
      }
    }
    for (let i = largeStart; i < this.size; i += 1) {
      const r1 = root1[i]!;
      const r2 = root2[i]!;
      // Most primes beyond the interval have no root inside it.
      if (r1 >= length && r2 >= length) continue;
      for (let c = 0; c < count; c += 1) {
        const j = positions[c]!;
        if (j === r1 || j === r2) {
          divisors[c]!.push(i);
          estimates[c]! /= primes[i]!;
        }
      }
    }
  }

  /** The relation at position j given its factor-base divisors, or null when the cofactor is too large. */
  private relationAt(j: number, divisors: number[]): Relation | null {
    const { bigPrimes } = this;
    const family = this.family!;
    const xd = j - this.halfInterval;
    const x = BigInt(xd);
    let v = (family.a * x + this.twoB) * x + this.c;
    const negative = v < 0n;
    if (negative) v = -v;
    if (v === 0n) return null;
    const factors: number[] = [...family.aIndices];
    while ((v & 1n) === 0n) {
      v >>= 1n;
      factors.push(0);
    }
    for (const i of divisors) {
      const p = bigPrimes[i]!;
      do {
        v /= p;
        factors.push(i);
      } while (v % p === 0n);
    }
    for (const i of family.aIndices) {
      const p = bigPrimes[i]!;
      while (v % p === 0n) {
        v /= p;
        factors.push(i);
      }
    }
    if (v >= BigInt(this.params.largePrimeBound)) return null;
    const large = Number(v);
    factors.sort((a, b) => a - b);
    return {
      y: family.a * x + this.b,
      negative,
      factors: Int32Array.from(factors),
      large1: 1,
      large2: large,
    };
  }
}

/**
 * Moves the roots of primes [start, end) by one row of Gray-code deltas (mod p; none when offset < 0)
 * and adds their logarithms at every hit in [0, length). A prime beyond the interval hits at most once
 * per root; with a length of 0 the roots only move.
 */
function sievePrimes(
  primes: Int32Array,
  logs: Uint8Array,
  root1: Int32Array,
  root2: Int32Array,
  deltas: Int32Array,
  offset: number,
  up: boolean,
  start: number,
  end: number,
  sieve: Uint8Array,
  length: number,
): void {
  const shift = offset >= 0;
  for (let i = start; i < end; i += 1) {
    const p = primes[i]!;
    const lg = logs[i]!;
    let r1 = root1[i]!;
    let r2 = root2[i]!;
    if (shift) {
      const d = up ? deltas[offset + i]! : p - deltas[offset + i]!;
      r1 += d;
      if (r1 >= p) r1 -= p;
      root1[i] = r1;
      r2 += d;
      if (r2 >= p) r2 -= p;
      root2[i] = r2;
    }
    // Two separate runs: a missing second root (a marker beyond any interval) never enters its loop.
    for (; r1 < length; r1 += p) sieve[r1]! += lg;
    for (; r2 < length; r2 += p) sieve[r2]! += lg;
  }
}
