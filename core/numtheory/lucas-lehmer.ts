/**
 * Mersenne numbers M(p) = 2^p − 1: the Lucas–Lehmer test, and trial
 * factoring by the only candidates a factor can be.
 *
 * Lucas–Lehmer: for an odd prime p, M(p) is prime exactly when s(p − 2) ≡ 0
 * (mod M(p)), where s(0) = 4 and s(i + 1) = s(i)² − 2. Reducing mod M(p)
 * needs no division: since 2^p ≡ 1, x ≡ (x mod 2^p) + ⌊x / 2^p⌋, a mask and
 * a shift, repeated until x < 2^p (one fold suffices after a squaring, plus
 * at most one subtraction).
 *
 * From FFT_FROM_EXPONENT up, the squarings are done instead by floating-point
 * FFT with Crandall and Fagin's irrational-base discrete weighted transform
 * (mersenne-ibdwt.ts), which reduces mod M(p) for free; its round-off is
 * checked at every squaring, and one that is not trusted is redone exactly.
 *
 * The work is split into steps so a worker can report progress between them
 * and stop when asked (an AbortSignal).
 */
import { modPow } from "./bigint";
import { lucasLehmerFftSteps } from "./mersenne-ibdwt";
import { isProbablePrime, smallPrimes } from "./primality";

export type MersenneVerdict =
  /** Lucas–Lehmer found s(p − 2) ≡ 0: M(p) is prime (a proof, not a probable prime). */
  | { kind: "prime"; exponent: number }
  /** Lucas–Lehmer found a non-zero residue: composite, no factor known from this test. */
  | { kind: "composite"; exponent: number; residue64: string }
  /** A factor was found, which proves M(p) composite without the test. */
  | { kind: "factor"; exponent: number; factor: bigint; reason: "exponent-composite" | "trial-factor" };

export interface LucasLehmerProgress {
  iteration: number;
  total: number;
}

/** The largest exponent the page lets a reader test (about an hour of BigInt squaring on a laptop; a minute by FFT). */
export const MAX_EXPONENT = 200_000;

/** Iterations between two looks at the clock (progress, cancellation): enough to cost nothing next to them. */
const STEP_ITERATIONS = 16;

/**
 * The smallest exponent squared by FFT (IBDWT), where it overtakes BigInt. Measured in Node 20, whole
 * tests: p = 1,009, BigInt 0.68 ms and FFT 0.81 ms; 1,301, both 1.3 ms; 1,601, 2.6 against 2.0 ms;
 * 9,689, 226 against 84 ms.
 */
export const FFT_FROM_EXPONENT = 1_300;

/** M(p) = 2^p − 1. */
export function mersenne(p: number): bigint {
  return (1n << BigInt(p)) - 1n;
}

/** x mod M(p) for 0 ≤ x < M(p)², by folding: the high bits are added to the low ones. */
export function foldMersenne(x: bigint, p: bigint, m: bigint): bigint {
  let folded = (x & m) + (x >> p);
  if (folded >= m) folded -= m;
  return folded;
}

/** The last 64 bits of a residue as 16 hex digits, the way GIMPS reports Lucas–Lehmer residues. */
function residue64(s: bigint): string {
  return (s & 0xffff_ffff_ffff_ffffn).toString(16).toUpperCase().padStart(16, "0");
}

function requireExponent(p: number): void {
  if (!Number.isSafeInteger(p) || p < 2 || p > MAX_EXPONENT) {
    throw new RangeError(`the exponent must be a whole number from 2 to ${MAX_EXPONENT.toLocaleString("en")}`);
  }
}

/** The smallest prime factor of a small n > 1. */
function smallestPrimeFactor(n: number): number {
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return d;
  return n;
}

/**
 * The Lucas–Lehmer test of M(p) as a generator of progress: each value is how far it is, and the
 * return value the verdict. A composite exponent p = ab needs no test: M(a) divides M(p).
 */
export function* lucasLehmerSteps(p: number): Generator<LucasLehmerProgress, MersenneVerdict> {
  requireExponent(p);
  const d = smallestPrimeFactor(p);
  if (d !== p) return { kind: "factor", exponent: p, factor: mersenne(d), reason: "exponent-composite" };
  if (p === 2) return { kind: "prime", exponent: 2 };
  const total = p - 2;
  let s: bigint;
  if (p >= FFT_FROM_EXPONENT) {
    const steps = lucasLehmerFftSteps(p, { stepIterations: STEP_ITERATIONS });
    for (;;) {
      const next = steps.next();
      if (next.done) {
        s = next.value.residue;
        break;
      }
      yield { iteration: next.value, total };
    }
  } else {
    s = yield* lucasLehmerBigIntSteps(p);
  }
  return s === 0n ? { kind: "prime", exponent: p } : { kind: "composite", exponent: p, residue64: residue64(s) };
}

/** s(p − 2) mod M(p) by BigInt squaring and folding, yielding progress like `lucasLehmerSteps`. */
function* lucasLehmerBigIntSteps(p: number): Generator<LucasLehmerProgress, bigint> {
  const bits = BigInt(p);
  const m = mersenne(p);
  const total = p - 2;
  let s = 4n;
  for (let i = 0; i < total; i += 1) {
    // s² − 2 may be −2 or −1 when s is 0 or 1; adding M keeps it non-negative.
    s = foldMersenne(s * s + m - 2n, bits, m);
    if ((i + 1) % STEP_ITERATIONS === 0) yield { iteration: i + 1, total };
  }
  return s;
}

/** Runs the test to the end: for tests, benchmarks and small exponents. */
export function lucasLehmer(p: number): MersenneVerdict {
  const steps = lucasLehmerSteps(p);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * A factor q = 2kp + 1 of M(p) with k ≤ maxK, or null. Every prime factor of M(p), p an odd prime, has
 * that form and is ±1 mod 8 (2 is a square mod q, since 2^p ≡ 1 with p odd). Candidates with a small
 * prime factor are skipped, so the first divisor found is the smallest prime factor in range.
 */
export function mersenneTrialFactor(p: number, maxK: number): bigint | null {
  requireExponent(p);
  const bigP = BigInt(p);
  const m = mersenne(p);
  for (let k = 1; k <= maxK; k += 1) {
    const q = 2n * BigInt(k) * bigP + 1n;
    if (q * q > m) return null;
    const r8 = q % 8n;
    if (r8 !== 1n && r8 !== 7n) continue;
    if (hasSmallFactor(q)) continue;
    if (modPow(2n, bigP, q) === 1n) return q;
  }
  return null;
}

function hasSmallFactor(q: bigint): boolean {
  for (const prime of smallPrimes.slice(1, 60)) {
    const small = BigInt(prime);
    if (small * small > q) return false;
    if (q % small === 0n) return true;
  }
  return false;
}

/** Whether p is an exponent worth a Lucas–Lehmer test: prime (2^ab − 1 is divisible by 2^a − 1). */
export function isMersenneExponentCandidate(p: number): boolean {
  return Number.isSafeInteger(p) && p >= 2 && isProbablePrime(BigInt(p));
}
