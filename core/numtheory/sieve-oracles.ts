/**
 * Oracles for the tests of the prime sieve (prime-count.ts, sieve-segment.ts), each independent of
 * the wheel: trial division, the textbook sieve, and a plain segmented sieve of the odd numbers, one
 * byte each, with every sieving prime visiting every segment.
 */

/** Whether n is prime, by trial division: slow, and obviously right. */
export function isPrimeByTrialDivision(n: number): boolean {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

/** The primes up to n by the textbook sieve, one byte per number. */
export function textbookPrimes(n: number): number[] {
  const composite = new Uint8Array(n + 1);
  const primes: number[] = [];
  for (let k = 2; k <= n; k += 1) {
    if (composite[k]) continue;
    primes.push(k);
    for (let m = k * k; m <= n; m += k) composite[m] = 1;
  }
  return primes;
}

/**
 * Calls `visit` with each prime lo ≤ p ≤ hi in order, found by a plain segmented sieve: the odd
 * numbers one byte each, 2^20 to a segment, each odd prime up to √hi crossing off its odd multiples.
 */
export function forEachPrimeOddSieve(lo: number, hi: number, visit: (p: number) => void): void {
  if (lo <= 2 && hi >= 2) visit(2);
  const root = Math.floor(Math.sqrt(hi));
  const small = textbookPrimes(root).slice(1);
  const SEGMENT = 1 << 20;
  const composite = new Uint8Array(SEGMENT);
  // Segment numbers: base + 2i for i < SEGMENT, base odd.
  let base = Math.max(3, lo);
  if (base % 2 === 0) base += 1;
  for (; base <= hi; base += 2 * SEGMENT) {
    composite.fill(0);
    const top = Math.min(hi, base + 2 * (SEGMENT - 1));
    for (const p of small) {
      if (p * p > top) break;
      // The first odd multiple of p at or after max(p², base).
      let m = Math.max(p * p, Math.ceil(base / p) * p);
      if (m % 2 === 0) m += p;
      for (let i = (m - base) / 2; i < SEGMENT; i += p) composite[i] = 1;
    }
    for (let n = base; n <= top; n += 2) if (!composite[(n - base) / 2] && n > 1) visit(n);
  }
}

/**
 * π(x) with no sieve at all, by Legendre's idea in Lucy Hedgehog's form: S(v) counts the numbers
 * 2…v not yet struck off, kept only for the values v = ⌊x/k⌋. For each prime p ≤ √x in turn, every
 * such v ≥ p² loses the numbers whose least prime factor is p: S(v) −= S(⌊v/p⌋) − S(p − 1). About
 * x^(3/4) steps: a couple of seconds at 10^12. Exact while x < 2^53 (⌊a/b⌋ of doubles is then exact).
 */
export function primePiByLegendre(x: number): number {
  if (x < 2) return 0;
  let root = Math.floor(Math.sqrt(x));
  while (root * root > x) root -= 1;
  while ((root + 1) * (root + 1) <= x) root += 1;
  // small[v] = S(v) for v ≤ √x; large[k] = S(⌊x/k⌋) for k ≤ √x.
  const small = new Float64Array(root + 1);
  const large = new Float64Array(root + 1);
  for (let v = 1; v <= root; v += 1) small[v] = v - 1;
  for (let k = 1; k <= root; k += 1) large[k] = Math.floor(x / k) - 1;
  for (let p = 2; p <= root; p += 1) {
    if (small[p] === small[p - 1]) continue; // p was struck off: not prime
    const below = small[p - 1]!; // the primes below p
    const square = p * p;
    const last = Math.min(root, Math.floor(x / square));
    for (let k = 1; k <= last; k += 1) {
      const kp = k * p;
      large[k]! -= (kp <= root ? large[kp]! : small[Math.floor(x / kp)]!) - below;
    }
    for (let v = root; v >= square; v -= 1) small[v]! -= small[Math.floor(v / p)]! - below;
  }
  return large[1]!;
}
