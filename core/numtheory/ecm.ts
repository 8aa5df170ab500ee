/**
 * Lenstra's elliptic curve method with Montgomery curves (Suyama's
 * parametrisation), stage 1 by the Montgomery ladder and a baby-step
 * giant-step stage 2. A curve depends only on (n, σ, B1, B2), so workers given
 * disjoint σ ranges never repeat each other's work.
 */
import { gcd, modInverse } from "./bigint";
import { ladder, suyamaCurve } from "./ecm-montgomery";
import { ecmStageTwo, stageTwoPlan } from "./ecm-stage2";
import { type StopSignal, throwIfStopped } from "./factorization-types";
import { primesUpTo } from "./prime-sieve";

export interface EcmPlan {
  B1: number;
  B2: number;
  curves: number;
}

/**
 * B1 per factor size from GMP-ECM's README table of optimal B1 (after the
 * ECMNET table of Silverman and Wagstaff). B2 = 100·B1 (capped below 2^32),
 * and `curves` is the expected number of curves for a factor of that many
 * digits with this stage 2: 1/P, where P is the chance that a number of size
 * 10^digits / e^3.134 (the extra smoothness of Suyama curves, whose orders are
 * divisible by 12; the constant GMP-ECM uses) has all prime factors ≤ B1 but at
 * most one ≤ B2, from Dickman's ρ. These land within 10 % of the ECMNET counts,
 * which assumed the same B2 = 100·B1.
 */
const PLAN_TABLE: readonly (readonly [digits: number, B1: number, curves: number])[] = [
  [15, 2_000, 27],
  [20, 11_000, 100],
  [25, 50_000, 325],
  [30, 250_000, 764],
  [35, 1_000_000, 1_890],
  [40, 3_000_000, 5_445],
  [45, 11_000_000, 11_430],
  [50, 43_000_000, 20_535],
];
const B2_PER_B1 = 100;
const MAX_B2 = 0xffff_ffff;

/** Recommended plan to find factors of up to `digits` digits (rounded up to the table's rows; at most 50 digits). */
export function ecmPlanForFactorDigits(digits: number): EcmPlan {
  const row = PLAN_TABLE.find(([rowDigits]) => rowDigits >= digits) ?? PLAN_TABLE[PLAN_TABLE.length - 1];
  if (!row) throw new Error("The ECM plan table is empty.");
  const [, B1, curves] = row;
  return { B1, B2: Math.min(B1 * B2_PER_B1, MAX_B2), curves };
}

/** Ladder scalars gathered per normalisation: the inversion is then well under 1 % of the work. */
const STAGE1_CHUNK_BITS = 2048;

/** Stage 1's scalar ∏ p^⌊log_p B1⌋ in pieces, with the primes each piece covers. */
interface ScalarChunk {
  bits: string;
  firstPrime: number;
  endPrime: number;
}

let cachedChunks: { B1: number; chunks: readonly ScalarChunk[] } | null = null;

function stageOneChunks(B1: number): readonly ScalarChunk[] {
  if (cachedChunks?.B1 === B1) return cachedChunks.chunks;
  const primes = primesUpTo(B1);
  const chunks: ScalarChunk[] = [];
  let scalar = 1n;
  let bits = 0;
  let firstPrime = 0;
  for (let i = 0; i < primes.length; i += 1) {
    const power = primePower(primes[i] ?? 2, B1);
    scalar *= BigInt(power);
    bits += Math.log2(power);
    if (bits < STAGE1_CHUNK_BITS && i < primes.length - 1) continue;
    chunks.push({ bits: scalar.toString(2), firstPrime, endPrime: i + 1 });
    scalar = 1n;
    bits = 0;
    firstPrime = i + 1;
  }
  cachedChunks = { B1, chunks };
  return chunks;
}

/** The largest power of p that is ≤ bound. */
function primePower(p: number, bound: number): number {
  let power = p;
  while (power * p <= bound) power *= p;
  return power;
}

/** Outcome of one curve: a proper factor, nothing, or a σ that gives no curve modulo n. */
type CurveOutcome = bigint | null | "degenerate";

/** One curve; non-trivial factor or null. Needs 3 ≤ B1; stage 2 runs when B2 > B1. */
export function ecmCurve(n: bigint, sigma: bigint, B1: number, B2: number, signal?: StopSignal): bigint | null {
  const outcome = runCurve(n, sigma, B1, B2, signal);
  return outcome === "degenerate" ? null : outcome;
}

/**
 * Curves σ = firstSigma, …, firstSigma + curves − 1, stopping at the first
 * factor. A degenerate σ (only ever 0, ±1, ±3, ±5 or ±5/3 mod n) counts as a
 * curve done with nothing found, so disjoint σ ranges stay disjoint. Throws
 * FactorizationStopped if the signal is raised; onCurve(done) after each curve.
 */
export function ecm(
  n: bigint,
  options: {
    B1: number;
    B2: number;
    curves: number;
    firstSigma: bigint;
    signal?: StopSignal;
    onCurve?: (curvesDone: number) => void;
  },
): bigint | null {
  const { B1, B2, curves, firstSigma, signal, onCurve } = options;
  for (let done = 0; done < curves; done += 1) {
    throwIfStopped(signal);
    const outcome = runCurve(n, firstSigma + BigInt(done), B1, B2, signal);
    if (typeof outcome === "bigint") return outcome;
    onCurve?.(done + 1);
  }
  return null;
}

function runCurve(n: bigint, sigma: bigint, B1: number, B2: number, signal: StopSignal | undefined): CurveOutcome {
  if (!Number.isSafeInteger(B1) || B1 < 3 || !Number.isSafeInteger(B2) || B2 > MAX_B2) {
    throw new RangeError("ECM needs whole bounds with 3 ≤ B1 and B2 < 2^32.");
  }
  if (n < 4n) return null;
  if (n % 2n === 0n) return 2n;
  const curve = suyamaCurve(n, sigma);
  if ("found" in curve) return curve.found ?? "degenerate";
  const { a24 } = curve;
  let x = curve.x;
  for (const chunk of stageOneChunks(B1)) {
    const { X, Z } = ladder(x, chunk.bits, a24, n, signal).kP;
    const inverse = modInverse(Z, n);
    if (inverse === null) {
      const g = gcd(Z, n);
      return g !== n ? g : retraceStageOne(n, a24, x, chunk, B1, signal);
    }
    // Back to Z = 1, which keeps the next ladder's differential additions one multiplication cheaper.
    x = (X * inverse) % n;
  }
  if (B2 <= B1) return null;
  return ecmStageTwo(n, a24, x, stageTwoPlan(B1, B2, signal), signal);
}

/**
 * Every prime of n reached the point at infinity within one chunk: multiply by
 * its prime powers one at a time, then by single primes, to part them.
 */
function retraceStageOne(
  n: bigint,
  a24: bigint,
  start: bigint,
  chunk: ScalarChunk,
  B1: number,
  signal: StopSignal | undefined,
): bigint | null {
  const primes = primesUpTo(B1);
  let x = start;
  for (let i = chunk.firstPrime; i < chunk.endPrime; i += 1) {
    const p = primes[i] ?? 2;
    const { X, Z } = ladder(x, primePower(p, B1).toString(2), a24, n, signal).kP;
    const g = gcd(Z, n);
    if (g === 1n) {
      x = (X * (modInverse(Z, n) ?? 0n)) % n;
      continue;
    }
    if (g !== n) return g;
    for (let power = p; power <= B1; power *= p) {
      const single = ladder(x, p.toString(2), a24, n, signal).kP;
      const h = gcd(single.Z, n);
      if (h !== 1n) return h === n ? null : h;
      x = (single.X * (modInverse(single.Z, n) ?? 0n)) % n;
    }
    return null;
  }
  return null;
}
