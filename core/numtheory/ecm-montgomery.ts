/**
 * Montgomery curves B·y² = x³ + A·x² + x over Z/nZ in X:Z coordinates, the
 * arithmetic of ECM. Residues stay in (−n, n): JavaScript's % keeps the sign of
 * the dividend, sums and differences are left unreduced, and every value that
 * decides anything goes through gcd, which ignores the sign.
 */
import { gcd, mod, modInverse } from "./bigint";
import { type StopSignal, throwIfStopped } from "./factorization-types";

/** A point (X : Z); Z ≡ 0 (mod p) is the point at infinity modulo the prime p. */
export interface XZPoint {
  X: bigint;
  Z: bigint;
}

/** A curve given by (A + 2)/4, the constant of the doubling formula, and a point on it with Z = 1. */
export interface CurveStart {
  a24: bigint;
  x: bigint;
}

/**
 * Suyama's parametrisation: u = σ² − 5, v = 4σ, A + 2 = (v − u)³(3u + v)/(4u³v),
 * starting point (u³ : v³). Its group orders are divisible by 12, which makes
 * them smoother than random numbers of the same size.
 * Returns the curve, or `found` when the parameters share a factor with n:
 * a proper factor, or null for a σ that is degenerate modulo n itself
 * (σ ≡ 0, ±1, ±3, ±5, ±5/3).
 */
export function suyamaCurve(n: bigint, sigma: bigint): CurveStart | { found: bigint | null } {
  const s = mod(sigma, n);
  const u = mod(s * s - 5n, n);
  const v = (4n * s) % n;
  const u3 = (u * u * u) % n;
  const v3 = (v * v * v) % n;
  const diff = v - u;
  const numerator = (((diff * diff * diff) % n) * (3n * u + v)) % n;
  const denominator = (16n * u3 * v) % n;
  // A singular curve (A = ±2) or a vanishing denominator: each reveals p | n or is degenerate for all of n.
  for (const value of [numerator, numerator - denominator, denominator * v3]) {
    const g = gcd(value, n);
    if (g === n) return { found: null };
    if (g !== 1n) return { found: g };
  }
  // One inversion serves both: a24 = numerator/denominator and x = u³/v³.
  const inverse = modInverse(denominator * v3, n);
  if (inverse === null) return { found: null };
  return {
    a24: (((numerator * v3) % n) * inverse) % n,
    x: (((u3 * denominator) % n) * inverse) % n,
  };
}

/** [2]P: 3M + 2S. */
export function xDouble(P: XZPoint, a24: bigint, n: bigint): XZPoint {
  const sum = P.X + P.Z;
  const difference = P.X - P.Z;
  const a = (sum * sum) % n;
  const b = (difference * difference) % n;
  const c = a - b;
  return { X: (a * b) % n, Z: (c * (b + ((a24 * c) % n))) % n };
}

/** P + Q from P − Q (the difference must not be the point at infinity): 4M + 2S. */
export function xAdd(P: XZPoint, Q: XZPoint, difference: XZPoint, n: bigint): XZPoint {
  const u = ((P.X - P.Z) * (Q.X + Q.Z)) % n;
  const v = ((P.X + P.Z) * (Q.X - Q.Z)) % n;
  const sum = u + v;
  const diff = u - v;
  return { X: (difference.Z * ((sum * sum) % n)) % n, Z: (difference.X * ((diff * diff) % n)) % n };
}

/** How many ladder steps run between looks at the stop signal (~10 ms on a 300-digit n). */
const LADDER_SIGNAL_STEPS = 256;

/**
 * The Montgomery ladder on the point (x : 1): returns [k]P and [k + 1]P for the
 * k written in binary by `bits` (leading digit 1). With the difference fixed at
 * P and Z = 1, each bit costs 6M + 4S.
 */
export function ladder(
  x: bigint,
  bits: string,
  a24: bigint,
  n: bigint,
  signal?: StopSignal,
): { kP: XZPoint; nextP: XZPoint } {
  let X0 = x;
  let Z0 = 1n;
  const first = xDouble({ X: x, Z: 1n }, a24, n);
  let X1 = first.X;
  let Z1 = first.Z;
  for (let i = 1; i < bits.length; i += 1) {
    if (i % LADDER_SIGNAL_STEPS === 0) throwIfStopped(signal);
    const sum0 = X0 + Z0;
    const dif0 = X0 - Z0;
    const sum1 = X1 + Z1;
    const dif1 = X1 - Z1;
    // Differential addition R0 + R1, whose difference is always P = (x : 1).
    const u = (dif0 * sum1) % n;
    const v = (sum0 * dif1) % n;
    const addSum = u + v;
    const addDif = u - v;
    const addX = (addSum * addSum) % n;
    const addZ = (x * ((addDif * addDif) % n)) % n;
    // Doubling of whichever register the bit says, from the sums already at hand.
    const one = bits.charCodeAt(i) === 49;
    const sum = one ? sum1 : sum0;
    const dif = one ? dif1 : dif0;
    const a = (sum * sum) % n;
    const b = (dif * dif) % n;
    const c = a - b;
    const dblX = (a * b) % n;
    const dblZ = (c * (b + ((a24 * c) % n))) % n;
    if (one) {
      X0 = addX;
      Z0 = addZ;
      X1 = dblX;
      Z1 = dblZ;
    } else {
      X0 = dblX;
      Z0 = dblZ;
      X1 = addX;
      Z1 = addZ;
    }
  }
  return { kP: { X: X0, Z: Z0 }, nextP: { X: X1, Z: Z1 } };
}
