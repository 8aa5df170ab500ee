import type { StopSignal } from "../factorization-types";
import { BLOCK_BITS, SIEVE_BLOCK, type SiqsParameters } from "./parameters";
import { ACoefficientChooser, initialRoots, NO_ROOT, polynomialFamily, type PolynomialFamily } from "./polynomial";
import type { Relation, RelationBatch } from "./relation";

/** How much the double estimate of a cofactor may exceed the large-prime bound (prime powers it cannot see). */
const PRIME_POWER_SLACK = 16;
/** Bits by which the sieve's rounded logarithm sum may understate the smooth part. */
const LOG_ROUNDING_SLACK = 4;
const BLOCK_MASK = SIEVE_BLOCK - 1;
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

/** The sieve state for one worker: typed arrays reused from polynomial to polynomial. */
class PolynomialSiever {
  readonly halfInterval: number;
  private readonly blockCount: number;
  private readonly size: number;
  /** Primes below this index are sieved block by block; the rest (≥ one block) go through buckets. */
  private readonly mediumEnd: number;
  private readonly primes: Int32Array;
  private readonly inverses: Float64Array;
  private readonly bigPrimes: bigint[];
  private readonly root1: Int32Array;
  private readonly root2: Int32Array;
  private readonly next1: Int32Array;
  private readonly next2: Int32Array;
  private deltas: Int32Array;
  private readonly sieve = new Uint8Array(SIEVE_BLOCK);
  private readonly sieveWords = new Int32Array(this.sieve.buffer);
  private readonly bucketCapacity: number;
  private readonly buckets: Int32Array;
  private readonly bucketFill: Int32Array;
  private readonly candidateSlot = new Uint16Array(SIEVE_BLOCK);
  private readonly initialByte: number;
  private readonly divisors: number[] = [];
  /** Factor-base indices of primes dividing kn: one root only, which the two-root sieve loop cannot take. */
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
    this.blockCount = 2 * params.blocksPerSide;
    let mediumEnd = 1;
    while (mediumEnd < this.size && primes[mediumEnd]! < SIEVE_BLOCK) mediumEnd += 1;
    this.mediumEnd = mediumEnd;
    // Slightly above 1/p so that ⌊j·(1/p)⌋ is never below the true quotient for j < 2^30.
    this.inverses = new Float64Array(this.size);
    for (let i = 0; i < this.size; i += 1) this.inverses[i] = (1 + 2 ** -40) / primes[i]!;
    this.bigPrimes = Array.from(primes, (p) => BigInt(p));
    this.root1 = new Int32Array(this.size);
    this.root2 = new Int32Array(this.size);
    this.next1 = new Int32Array(this.size);
    this.next2 = new Int32Array(this.size);
    this.deltas = new Int32Array(0);
    // A prime of at least one block hits each block at most once per root.
    this.bucketCapacity = 2 * (this.size - mediumEnd) + 1;
    this.buckets = new Int32Array(this.blockCount * this.bucketCapacity);
    this.bucketFill = new Int32Array(this.blockCount);
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
    const { primes, root1, root2, next1, next2, deltas, mediumEnd } = this;
    let offset = -1;
    let up = false;
    if (index === 0 || this.family !== family) {
      this.startFamily(family);
      next1.set(root1.subarray(0, mediumEnd));
      next2.set(root2.subarray(0, mediumEnd));
    } else {
      const l = 31 - Math.clz32(index & -index);
      up = this.stepGrayCode(index, l);
      offset = l * this.size;
      shiftMediumRoots(primes, root1, root2, next1, next2, this.deltas, offset, mediumEnd, up);
    }
    fillBuckets(
      primes,
      root1,
      root2,
      deltas,
      offset,
      up,
      mediumEnd,
      this.size,
      this.buckets,
      this.bucketFill,
      this.bucketCapacity,
      this.blockCount * SIEVE_BLOCK,
    );
    // Primes dividing A have no root; single-root primes (p | kn) are left to trial division.
    for (const i of family.aIndices) root1[i] = root2[i] = next1[i] = next2[i] = NO_ROOT;
    for (const i of this.singleRoot) root2[i] = next1[i] = next2[i] = NO_ROOT;
    for (let block = 0; block < this.blockCount; block += 1) {
      this.sieveBlock(block);
      this.scanBlock(block, out);
    }
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

  private sieveBlock(block: number): void {
    const { sieve, primes, next1, next2 } = this;
    const logs = this.params.logs;
    sieve.fill(this.initialByte);
    const end = this.mediumEnd;
    for (let i = this.params.firstSievedPrime; i < end; i += 1) {
      const p = primes[i]!;
      const lg = logs[i]!;
      let lo = next1[i]!;
      let hi = next2[i]!;
      if (lo > hi) {
        const t = lo;
        lo = hi;
        hi = t;
      }
      while (hi < SIEVE_BLOCK) {
        sieve[lo]! += lg;
        sieve[hi]! += lg;
        lo += p;
        hi += p;
      }
      if (lo < SIEVE_BLOCK) {
        sieve[lo]! += lg;
        lo += p;
      }
      next1[i] = lo - SIEVE_BLOCK;
      next2[i] = hi - SIEVE_BLOCK;
    }
    const { buckets, bucketCapacity } = this;
    const start = block * bucketCapacity;
    const stop = start + this.bucketFill[block]!;
    for (let k = start; k < stop; k += 1) {
      const entry = buckets[k]!;
      sieve[entry & BLOCK_MASK]! += logs[entry >>> BLOCK_BITS]!;
    }
  }

  private scanBlock(block: number, out: Relation[]): void {
    const { sieve, sieveWords } = this;
    const high = HIGH_BITS;
    let candidates: number[] | null = null;
    // Sixteen bytes per test: candidates are rare.
    for (let w = 0; w < SIEVE_BLOCK / 4; w += 4) {
      if (((sieveWords[w]! | sieveWords[w + 1]! | sieveWords[w + 2]! | sieveWords[w + 3]!) & high) === 0) continue;
      for (let k = 4 * w; k < 4 * w + 16; k += 1) if (sieve[k]! & 0x80) (candidates ??= []).push(k);
    }
    if (!candidates) return;
    // Which large primes hit each candidate: one pass over this block's bucket.
    const { candidateSlot, buckets, bucketCapacity } = this;
    const largeHits: number[][] = candidates.map(() => []);
    candidates.forEach((offset, slot) => (candidateSlot[offset] = slot + 1));
    const start = block * bucketCapacity;
    const stop = start + this.bucketFill[block]!;
    for (let k = start; k < stop; k += 1) {
      const entry = buckets[k]!;
      const slot = candidateSlot[entry & BLOCK_MASK]!;
      if (slot) largeHits[slot - 1]!.push(entry >>> BLOCK_BITS);
    }
    for (const offset of candidates) candidateSlot[offset] = 0;
    candidates.forEach((offset, slot) => {
      const sieveBits = ((sieve[offset]! - this.initialByte) & 0xff) / this.params.logScale;
      const relation = this.trialDivide(block * SIEVE_BLOCK + offset, sieveBits, largeHits[slot]!);
      if (relation) out.push(relation);
    });
  }

  /**
   * Factors Q(x)/A at sieve position j over the factor base. A double estimate
   * of the cofactor, after the unsieved small primes and the sieve's own
   * logarithm sum, rejects most candidates early. Medium primes are found by
   * comparing j mod p with the roots (no BigInt), large ones came from the
   * buckets; BigInt division only confirms exponents and leaves the cofactor.
   */
  private trialDivide(j: number, sieveBits: number, largeHits: number[]): Relation | null {
    const { primes, inverses, root1, root2, divisors, bigPrimes } = this;
    const family = this.family!;
    // A double estimate of the cofactor rejects most candidates before any BigInt work.
    const xd = j - this.halfInterval;
    let estimate = Math.abs((this.aDouble * xd + this.twoBDouble) * xd + this.cDouble);
    if (((xd + this.bParity) & 1) === 1) estimate /= this.oddYTwoPower;
    divisors.length = 0;
    const firstSieved = this.params.firstSievedPrime;
    for (let i = 1; i < firstSieved; i += 1) {
      const p = primes[i]!;
      const r = j - ((j * inverses[i]!) | 0) * p;
      if (r === root1[i] || r === root2[i]) {
        divisors.push(i);
        estimate /= p;
      }
    }
    for (const i of this.singleRoot) {
      if (i < firstSieved) continue;
      const p = primes[i]!;
      if (j - ((j * inverses[i]!) | 0) * p === root1[i]) estimate /= p;
    }
    // The sieve already summed the logarithms of the sieved primes (to rounding).
    if (Math.log2(estimate) - sieveBits > this.logCutoff) return null;
    for (let i = firstSieved; i < this.mediumEnd; i += 1) {
      const p = primes[i]!;
      const r = j - ((j * inverses[i]!) | 0) * p;
      if (r === root1[i] || r === root2[i]) {
        divisors.push(i);
        estimate /= p;
      }
    }
    for (const i of largeHits) estimate /= primes[i]!;
    if (estimate > this.cofactorCutoff) return null;
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
    for (const i of largeHits) {
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

/** Moves both roots of the medium primes by one row of Gray-code deltas (mod p), also as the sieve's start. */
function shiftMediumRoots(
  primes: Int32Array,
  root1: Int32Array,
  root2: Int32Array,
  next1: Int32Array,
  next2: Int32Array,
  deltas: Int32Array,
  offset: number,
  end: number,
  up: boolean,
): void {
  for (let i = 1; i < end; i += 1) {
    const p = primes[i]!;
    const d = up ? deltas[offset + i]! : p - deltas[offset + i]!;
    let r = root1[i]! + d;
    if (r >= p) r -= p;
    root1[i] = r;
    next1[i] = r;
    r = root2[i]! + d;
    if (r >= p) r -= p;
    root2[i] = r;
    next2[i] = r;
  }
}

/**
 * For the large primes (one block or more), moves the roots by a row of
 * deltas (unless offset < 0) and scatters their hits into per-block buckets
 * as (factor-base index << 15) | offset in block, in the same pass.
 */
function fillBuckets(
  primes: Int32Array,
  root1: Int32Array,
  root2: Int32Array,
  deltas: Int32Array,
  offset: number,
  up: boolean,
  start: number,
  size: number,
  buckets: Int32Array,
  bucketFill: Int32Array,
  bucketCapacity: number,
  end: number,
): void {
  bucketFill.fill(0);
  const shift = offset >= 0;
  for (let i = start; i < size; i += 1) {
    const p = primes[i]!;
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
    const tag = i << BLOCK_BITS;
    for (let r = r1; r < end; r += p) {
      const block = r >> BLOCK_BITS;
      buckets[block * bucketCapacity + bucketFill[block]!++] = tag | (r & BLOCK_MASK);
    }
    for (let r = r2; r < end; r += p) {
      const block = r >> BLOCK_BITS;
      buckets[block * bucketCapacity + bucketFill[block]!++] = tag | (r & BLOCK_MASK);
    }
  }
}
