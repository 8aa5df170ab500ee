/**
 * Free factors of numbers of the special forms a^k ± 1, read off from the
 * algebra before any search: a^k − 1 = ∏_{d | k} Φ_d(a) and
 * a^k + 1 = ∏_{d | 2k, d ∤ k} Φ_d(a), with the Aurifeuillian identities that
 * split some Φ_d(a) further for a = 2, 3, 5.
 */
import { gcd, perfectPower } from "./bigint";

/** A piece of the split with the cyclotomic index it came from. */
interface Piece {
  value: bigint;
  index: number;
}

/**
 * Non-trivial factors (> 1, not necessarily prime) whose product is exactly n
 * when n = a^k ± 1 with a ≥ 2, k ≥ 2 and the algebra splits it into at least
 * two pieces; null otherwise. Sorted ascending.
 */
export function algebraicFactors(n: bigint): bigint[] | null {
  if (n < 3n) return null;
  let best: bigint[] | null = null;
  for (const sign of [-1, 1] as const) {
    const power = perfectPower(n - BigInt(sign));
    if (!power) continue;
    const pieces = aurifeuillianSplit(cyclotomicPieces(power.base, power.exponent, sign), power.base);
    const values = pieces.map((piece) => piece.value).filter((value) => value > 1n);
    if (values.length >= 2 && (!best || values.length > best.length)) best = values;
  }
  return best?.sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)) ?? null;
}

/** Φ_d(a), the d-th cyclotomic polynomial at a ≥ 2, exactly: ∏_{e | d} (a^{d/e} − 1)^{μ(e)}. */
export function cyclotomicValue(d: number, a: bigint): bigint {
  if (!Number.isSafeInteger(d) || d < 1 || a < 2n) throw new RangeError("cyclotomicValue needs whole d ≥ 1, a ≥ 2");
  let numerator = 1n;
  let denominator = 1n;
  for (const e of divisors(d)) {
    const mu = mobius(e);
    if (mu === 0) continue;
    const term = a ** BigInt(d / e) - 1n;
    if (mu === 1) numerator *= term;
    else denominator *= term;
  }
  return numerator / denominator;
}

/** The Φ_d(a) whose product is a^k − 1 (sign −1) or a^k + 1 (sign +1). */
function cyclotomicPieces(a: bigint, k: number, sign: -1 | 1): Piece[] {
  const indexes = sign === -1 ? divisors(k) : divisors(2 * k).filter((d) => k % d !== 0);
  return indexes.map((index) => ({ value: cyclotomicValue(index, a), index }));
}

/**
 * Aurifeuillian factors: Φ_d(a) for the d below is divisible by the left
 * factor L of an identity f = L·M, so gcd(Φ_d(a), L) splits it.
 *   2^{2h} + 1 = (2^h − 2^{(h+1)/2} + 1)(2^h + 2^{(h+1)/2} + 1), d = 4h;
 *   3^{2h} − 3^h + 1 = (3^h + 1 − 3^{(h+1)/2})(3^h + 1 + 3^{(h+1)/2}), d = 6h;
 *   (5^{5h} − 1)/(5^h − 1) = L·M, L, M = 5^{2h} + 3·5^h + 1 ∓ 5^{(h+1)/2}(5^h + 1), d = 5h;
 * each for odd h (Brent, "On computing factors of cyclotomic polynomials", 1993).
 */
function aurifeuillianSplit(pieces: readonly Piece[], a: bigint): Piece[] {
  const left = aurifeuillianLeft(a);
  if (!left) return [...pieces];
  const out: Piece[] = [];
  for (const piece of pieces) {
    const h = piece.index / left.step;
    if (!Number.isInteger(h) || h % 2 === 0) {
      out.push(piece);
      continue;
    }
    const g = gcd(piece.value, left.factor(BigInt(h)));
    if (g === 1n || g === piece.value) out.push(piece);
    else out.push({ value: g, index: piece.index }, { value: piece.value / g, index: piece.index });
  }
  return out;
}

function aurifeuillianLeft(a: bigint): { step: number; factor: (h: bigint) => bigint } | null {
  const half = (h: bigint) => (h + 1n) / 2n;
  if (a === 2n) return { step: 4, factor: (h) => 2n ** h - 2n ** half(h) + 1n };
  if (a === 3n) return { step: 6, factor: (h) => 3n ** h + 1n - 3n ** half(h) };
  if (a === 5n) return { step: 5, factor: (h) => 5n ** (2n * h) + 3n * 5n ** h + 1n - 5n ** half(h) * (5n ** h + 1n) };
  return null;
}

/** Divisors of d ≥ 1 in increasing order (trial division: d here is an exponent, far below 2^32). */
function divisors(d: number): number[] {
  const small: number[] = [];
  const large: number[] = [];
  for (let e = 1; e * e <= d; e += 1) {
    if (d % e !== 0) continue;
    small.push(e);
    if (e * e !== d) large.unshift(d / e);
  }
  return [...small, ...large];
}

function mobius(e: number): -1 | 0 | 1 {
  let rest = e;
  let sign: -1 | 1 = 1;
  for (let p = 2; p * p <= rest; p += 1) {
    if (rest % p !== 0) continue;
    rest /= p;
    if (rest % p === 0) return 0;
    sign = sign === 1 ? -1 : 1;
  }
  if (rest > 1) sign = sign === 1 ? -1 : 1;
  return sign;
}
