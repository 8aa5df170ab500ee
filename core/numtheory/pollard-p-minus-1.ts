import { gcd, modPow } from "./bigint";
import { type StopSignal, throwIfStopped } from "./factorization-types";
import { primesInRange, primesUpTo } from "./prime-sieve";

export interface PMinus1Options {
  /** Stage 1 raises the base to every prime power ≤ B1. */
  B1: number;
  /** Stage 2 then tries each single prime in (B1, B2]. */
  B2: number;
  signal?: StopSignal;
}

/** Bits of exponent gathered before one modPow: small enough to check the signal often on 300-digit n. */
const EXPONENT_CHUNK_BITS = 512;
/** Exponent bits between gcds in stage 1 (a gcd costs about as much as a few hundred mulmods). */
const STAGE1_GCD_BITS = 8192;
/** Primes per batched gcd in stage 2 (two mulmods each). */
const STAGE2_BATCH = 2048;
/** Width of the prime ranges stage 2 sieves at a time. */
const STAGE2_SIEVE_WIDTH = 1 << 20;
const BASE = 3n;

/**
 * Pollard's p − 1: a non-trivial factor of n, found when some prime p | n has
 * p − 1 built from prime powers ≤ B1 and at most one further prime ≤ B2; null
 * otherwise. Throws FactorizationStopped when the signal is raised.
 */
export function pollardPMinus1(n: bigint, options: PMinus1Options): bigint | null {
  const { B1, B2, signal } = options;
  if (n < 4n) return null;
  if (n % 2n === 0n) return 2n;
  // A base that shares a factor never reaches 1 modulo it.
  if (n % BASE === 0n) return BASE;
  const stage1 = stageOne(n, B1, signal);
  if ("found" in stage1) return stage1.found;
  if (B2 <= B1) return null;
  return stageTwo(n, stage1.power, B1, B2, signal);
}

/** BASE^E mod n for E = ∏ p^⌊log_p B1⌋, or the factor (or null) a gcd on the way settled. */
function stageOne(n: bigint, B1: number, signal: StopSignal | undefined): { power: bigint } | { found: bigint | null } {
  const primes = primesUpTo(B1);
  let x = BASE;
  let checkpoint = { x, index: 0 };
  let exponent = 1n;
  let chunkBits = 0;
  let bitsSinceGcd = 0;
  for (let i = 0; i < primes.length; i += 1) {
    const power = primePower(primes[i] ?? 2, B1);
    exponent *= BigInt(power);
    chunkBits += Math.log2(power);
    const last = i === primes.length - 1;
    if (chunkBits < EXPONENT_CHUNK_BITS && !last) continue;
    throwIfStopped(signal);
    x = modPow(x, exponent, n);
    bitsSinceGcd += chunkBits;
    exponent = 1n;
    chunkBits = 0;
    if (bitsSinceGcd < STAGE1_GCD_BITS && !last) continue;
    bitsSinceGcd = 0;
    const g = gcd(x - 1n, n);
    if (g === n) return { found: replayStageOne(n, B1, checkpoint.x, checkpoint.index, i) };
    if (g !== 1n) return { found: g };
    checkpoint = { x, index: i + 1 };
  }
  return { power: x };
}

/**
 * Every prime of n appeared in one stretch: redo primes[from..to] one prime
 * power at a time, and that power one prime at a time, to separate them.
 */
function replayStageOne(n: bigint, B1: number, start: bigint, from: number, to: number): bigint | null {
  const primes = primesUpTo(B1);
  let x = start;
  for (let i = from; i <= to; i += 1) {
    const p = primes[i] ?? 2;
    const next = modPow(x, BigInt(primePower(p, B1)), n);
    const g = gcd(next - 1n, n);
    if (g === 1n) {
      x = next;
      continue;
    }
    if (g !== n) return g;
    for (;;) {
      x = modPow(x, BigInt(p), n);
      const h = gcd(x - 1n, n);
      if (h === n) return null;
      if (h !== 1n) return h;
    }
  }
  return null;
}

/** The largest power of p that is ≤ bound. */
function primePower(p: number, bound: number): number {
  let power = p;
  while (power * p <= bound) power *= p;
  return power;
}

/**
 * Standard continuation: y^q for the primes q in (B1, B2], stepping between
 * them with cached powers y^gap, and gcd(∏ (y^q − 1), n) per batch.
 */
function stageTwo(n: bigint, y: bigint, B1: number, B2: number, signal: StopSignal | undefined): bigint | null {
  const gapPowers: bigint[] = [1n];
  const ySquared = (y * y) % n;
  const powerForGap = (gap: number): bigint => {
    while (gapPowers.length <= gap / 2) gapPowers.push(((gapPowers.at(-1) ?? 1n) * ySquared) % n);
    return gapPowers[gap / 2] ?? 1n;
  };
  let previous = 0;
  let current = 1n;
  let product = 1n;
  let batchStart = { previous, current };
  let batch: number[] = [];
  const settleBatch = (): bigint | null | undefined => {
    const g = gcd(product, n);
    if (g === n) return replayStageTwo(n, y, batchStart.current, batchStart.previous, batch, powerForGap);
    if (g !== 1n) return g;
    product = 1n;
    batch = [];
    batchStart = { previous, current };
    return undefined;
  };
  for (let low = B1 + 1; low <= B2; low += STAGE2_SIEVE_WIDTH) {
    const primes = primesInRange(low, Math.min(B2, low + STAGE2_SIEVE_WIDTH - 1));
    for (const q of primes) {
      current = previous === 0 ? modPow(y, BigInt(q), n) : (current * powerForGap(q - previous)) % n;
      previous = q;
      product = (product * (current - 1n)) % n;
      batch.push(q);
      if (batch.length < STAGE2_BATCH) continue;
      throwIfStopped(signal);
      const found = settleBatch();
      if (found !== undefined) return found;
    }
  }
  return settleBatch() ?? null;
}

/** A stage 2 batch hit every prime of n: recompute it with a gcd per prime, skipping terms ≡ 0 (mod n). */
function replayStageTwo(
  n: bigint,
  y: bigint,
  start: bigint,
  startPrime: number,
  batch: readonly number[],
  powerForGap: (gap: number) => bigint,
): bigint | null {
  let previous = startPrime;
  let current = start;
  for (const q of batch) {
    current = previous === 0 ? modPow(y, BigInt(q), n) : (current * powerForGap(q - previous)) % n;
    previous = q;
    const g = gcd(current - 1n, n);
    if (g !== 1n && g !== n) return g;
  }
  return null;
}
