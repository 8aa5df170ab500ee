/** Exact integer helpers on BigInt, the building blocks of primality and factoring. */

export function abs(n: bigint): bigint {
  return n < 0n ? -n : n;
}

export function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The least non-negative residue of a mod m (m > 0). */
export function mod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

/** base^exponent mod modulus by square-and-multiply (exponent ≥ 0, modulus ≥ 1). */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (exponent < 0n) throw new RangeError("modPow needs a non-negative exponent");
  if (modulus === 1n) return 0n;
  let result = 1n;
  let b = mod(base, modulus);
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The inverse of a modulo m, or null when gcd(a, m) ≠ 1 (extended Euclid). */
export function modInverse(a: bigint, m: bigint): bigint | null {
  let [oldR, r] = [mod(a, m), m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return oldR === 1n ? mod(oldS, m) : null;
}

export function bitLength(n: bigint): number {
  return abs(n).toString(2).length - (n === 0n ? 1 : 0);
}

/** ⌊n^(1/k)⌋ for n ≥ 0, k ≥ 1, by Newton's iteration from above (exact for any size). */
export function integerRoot(n: bigint, k: number): bigint {
  if (n < 0n) throw new RangeError("integerRoot needs n ≥ 0");
  if (!Number.isInteger(k) || k < 1) throw new RangeError("integerRoot needs a whole k ≥ 1");
  if (n < 2n || k === 1) return n;
  const K = BigInt(k);
  // 2^⌈bits/k⌉ is at least the root, so the iteration decreases monotonically to it.
  let x = 1n << BigInt(Math.ceil(bitLength(n) / k));
  for (;;) {
    const next = ((K - 1n) * x + n / x ** (K - 1n)) / K;
    if (next >= x) return x;
    x = next;
  }
}

export function isqrt(n: bigint): bigint {
  return integerRoot(n, 2);
}

export function isSquare(n: bigint): boolean {
  if (n < 0n) return false;
  const r = isqrt(n);
  return r * r === n;
}

/**
 * n = base^exponent with the largest exponent ≥ 2, or null when n (> 1) is
 * not a perfect power. Only prime exponents need trying; repeating on the
 * base finds composite ones.
 */
export function perfectPower(n: bigint): { base: bigint; exponent: number } | null {
  if (n < 4n) return null;
  const maxExponent = bitLength(n);
  for (let k = 2; k <= maxExponent; k += 1) {
    if (!isSmallPrime(k)) continue;
    const root = integerRoot(n, k);
    if (root ** BigInt(k) === n) {
      const inner = perfectPower(root);
      return inner ? { base: inner.base, exponent: inner.exponent * k } : { base: root, exponent: k };
    }
  }
  return null;
}

function isSmallPrime(k: number): boolean {
  if (k < 2) return false;
  for (let d = 2; d * d <= k; d += 1) if (k % d === 0) return false;
  return true;
}

/** The Jacobi symbol (a/n) for odd n > 0. */
export function jacobi(a: bigint, n: bigint): -1 | 0 | 1 {
  if (n <= 0n || (n & 1n) === 0n) throw new RangeError("jacobi needs an odd n > 0");
  let x = mod(a, n);
  let m = n;
  let sign: 1 | -1 = 1;
  while (x !== 0n) {
    while ((x & 1n) === 0n) {
      x >>= 1n;
      const r = m & 7n;
      // (2/m) = −1 exactly when m ≡ 3 or 5 (mod 8).
      if (r === 3n || r === 5n) sign = sign === 1 ? -1 : 1;
    }
    [x, m] = [m, x];
    // Quadratic reciprocity: a sign change when both are ≡ 3 (mod 4).
    if ((x & 3n) === 3n && (m & 3n) === 3n) sign = sign === 1 ? -1 : 1;
    x %= m;
  }
  return m === 1n ? sign : 0;
}
