import { isSquare, jacobi, modPow } from "./bigint";

/** Proven prime, prime beyond reasonable doubt (BPSW, no known counterexample), or composite. */
export type PrimalityVerdict = "prime" | "probable-prime" | "composite";

const TRIAL_LIMIT = 1000;

/** The primes below TRIAL_LIMIT, by a sieve of Eratosthenes. */
export const smallPrimes: readonly number[] = (() => {
  const composite = new Uint8Array(TRIAL_LIMIT);
  const primes: number[] = [];
  for (let i = 2; i < TRIAL_LIMIT; i += 1) {
    if (composite[i]) continue;
    primes.push(i);
    for (let j = i * i; j < TRIAL_LIMIT; j += i) composite[j] = 1;
  }
  return primes;
})();

const TWO_64 = 1n << 64n;

/**
 * Bases that make Miller–Rabin deterministic below 2^64: no composite below
 * 2^64 is a strong probable prime to all seven (Jim Sinclair, 2011, verified
 * against Feitsma and Galway's list of base-2 pseudoprimes).
 */
const BASES_BELOW_2_64 = [2n, 325n, 9375n, 28178n, 450775n, 9780504n, 1795265022n] as const;

/** Whether odd n > 2 is a strong probable prime to base a (Miller–Rabin round). */
export function isStrongProbablePrime(n: bigint, a: bigint): boolean {
  const base = a % n;
  // A base that is a multiple of n says nothing (Sinclair's bases can exceed small n).
  if (base === 0n) return true;
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s += 1;
  }
  let x = modPow(base, d, n);
  if (x === 1n || x === n - 1n) return true;
  for (let r = 1; r < s; r += 1) {
    x = (x * x) % n;
    if (x === n - 1n) return true;
    if (x === 1n) return false;
  }
  return false;
}

/**
 * Strong Lucas probable-prime test with Selfridge's parameters (method A):
 * the first D in 5, −7, 9, −11, … with (D/n) = −1, P = 1, Q = (1 − D)/4.
 * n must be odd, > 2 and not a perfect square (else no such D exists).
 */
export function isStrongLucasProbablePrime(n: bigint): boolean {
  let D = 5n;
  for (;;) {
    const j = jacobi(D, n);
    if (j === -1) break;
    // (D/n) = 0 means gcd(D, n) > 1: composite unless n is |D| itself.
    if (j === 0 && (D < 0n ? -D : D) !== n) return false;
    D = D > 0n ? -(D + 2n) : -D + 2n;
  }
  const P = 1n;
  const Q = (1n - D) / 4n;
  let d = n + 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s += 1;
  }
  const half = (x: bigint) => {
    const even = (x & 1n) === 0n ? x : x + n;
    return even >> 1n;
  };
  const reduce = (x: bigint) => ((x % n) + n) % n;
  // U_1 = 1, V_1 = P, then walk the bits of d after the leading one.
  let U = 1n;
  let V = P;
  let Qk = reduce(Q);
  for (const bit of d.toString(2).slice(1)) {
    U = reduce(U * V);
    V = reduce(V * V - 2n * Qk);
    Qk = reduce(Qk * Qk);
    if (bit === "1") {
      const nextU = half(reduce(P * U + V));
      V = half(reduce(D * U + P * V));
      U = nextU;
      Qk = reduce(Qk * Q);
    }
  }
  if (U === 0n || V === 0n) return true;
  for (let r = 1; r < s; r += 1) {
    V = reduce(V * V - 2n * Qk);
    if (V === 0n) return true;
    Qk = reduce(Qk * Qk);
  }
  return false;
}

/**
 * Whether n ≥ 2 is prime: proven for n < 2^64 (trial division, then
 * deterministic Miller–Rabin), and by BPSW (strong base-2 Miller–Rabin plus
 * strong Lucas) above, which is then labelled a probable prime.
 */
export function primality(n: bigint): PrimalityVerdict {
  if (n < 2n) throw new RangeError("primality is defined for n ≥ 2");
  for (const p of smallPrimes) {
    const prime = BigInt(p);
    if (n === prime) return "prime";
    if (n % prime === 0n) return "composite";
  }
  if (n < BigInt(TRIAL_LIMIT * TRIAL_LIMIT)) return "prime";
  if (n < TWO_64) return BASES_BELOW_2_64.every((a) => isStrongProbablePrime(n, a)) ? "prime" : "composite";
  if (!isStrongProbablePrime(n, 2n)) return "composite";
  if (isSquare(n)) return "composite";
  return isStrongLucasProbablePrime(n) ? "probable-prime" : "composite";
}

export function isProbablePrime(n: bigint): boolean {
  return n >= 2n && primality(n) !== "composite";
}
