/**
 * Primes by a segmented sieve of Eratosthenes: `primesUpTo` keeps its largest
 * result (factoring asks for the same bounds again and again), `primesInRange`
 * streams ranges too large to keep.
 */

/** Odd numbers per segment: 2^16 bytes stays in the L1/L2 cache while sieving. */
const SEGMENT_ODDS = 1 << 16;

let cached: Uint32Array = new Uint32Array(0);
let cachedLimit = 1;

/** The primes ≤ limit in increasing order (a view into a shared cache: do not write to it). */
export function primesUpTo(limit: number): Uint32Array {
  if (!Number.isSafeInteger(limit) || limit > 0xffff_ffff)
    throw new RangeError("primesUpTo needs a whole limit < 2^32");
  if (limit > cachedLimit) {
    cached = primesInRange(2, limit);
    cachedLimit = limit;
  }
  return cached.subarray(0, countAtMost(cached, limit));
}

/** The primes p with low ≤ p ≤ high, in increasing order (a fresh array). */
export function primesInRange(low: number, high: number): Uint32Array {
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || high > 0xffff_ffff) {
    throw new RangeError("primesInRange needs whole bounds below 2^32");
  }
  const out = new GrowableUint32();
  if (high < 2 || low > high) return out.toArray();
  if (low <= 2) out.push(2);
  const base = oddBasePrimes(Math.floor(Math.sqrt(high)));
  // Sieve odd numbers only: index i of a segment stands for start + 2i.
  const composite = new Uint8Array(SEGMENT_ODDS);
  for (let start = Math.max(3, low % 2 === 0 ? low + 1 : low); start <= high; start += 2 * SEGMENT_ODDS) {
    const end = Math.min(high, start + 2 * SEGMENT_ODDS - 1);
    const size = Math.floor((end - start) / 2) + 1;
    composite.fill(0, 0, size);
    for (const p of base) {
      const square = p * p;
      if (square > end) break;
      // The first odd multiple of p that is ≥ start and ≥ p² (smaller ones have a smaller factor).
      let first = square >= start ? square : Math.ceil(start / p) * p;
      if (first % 2 === 0) first += p;
      for (let i = (first - start) / 2; i < size; i += p) composite[i] = 1;
    }
    for (let i = 0; i < size; i += 1) if (composite[i] === 0) out.push(start + 2 * i);
  }
  return out.toArray();
}

/** Odd primes ≤ limit by a plain sieve (limit ≤ 65536 here, the square root of 2^32). */
function oddBasePrimes(limit: number): number[] {
  const composite = new Uint8Array(limit + 1);
  const primes: number[] = [];
  for (let i = 3; i <= limit; i += 2) {
    if (composite[i]) continue;
    primes.push(i);
    for (let j = i * i; j <= limit; j += 2 * i) composite[j] = 1;
  }
  return primes;
}

/** How many entries of the sorted array are ≤ limit (binary search). */
function countAtMost(sorted: Uint32Array, limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) <= limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

class GrowableUint32 {
  private data = new Uint32Array(1024);
  private length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length] = value;
    this.length += 1;
  }

  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}
