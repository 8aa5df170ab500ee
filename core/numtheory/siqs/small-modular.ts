/**
 * Modular arithmetic on ordinary numbers for moduli below 2^26, where every
 * product of two residues is below 2^52 and so exact in a double. The sieve
 * works with thousands of such primes per polynomial; BigInt would be far slower.
 */

/** a·b mod m for 0 ≤ a, b < m < 2^26, without the slow floating-point `%`. */
export function mulMod(a: number, b: number, m: number): number {
  const product = a * b;
  // The quotient estimate can be one off either way; one correction step fixes it.
  let r = product - m * Math.floor(product / m);
  if (r < 0) r += m;
  else if (r >= m) r -= m;
  return r;
}

/** base^exponent mod m (m < 2^26, exponent ≥ 0). */
export function powMod(base: number, exponent: number, m: number): number {
  let result = 1 % m;
  let b = base % m;
  let e = exponent;
  while (e > 0) {
    if (e & 1) result = mulMod(result, b, m);
    b = mulMod(b, b, m);
    e = Math.floor(e / 2);
  }
  return result;
}

/** The inverse of a mod m (m < 2^31, gcd(a, m) = 1), by extended Euclid; 0 when no inverse exists. */
export function invMod(a: number, m: number): number {
  let r0 = m;
  let r1 = a % m;
  let s0 = 0;
  let s1 = 1;
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1) return 0;
  return s0 < 0 ? s0 + m : s0;
}

/**
 * A square root of a modulo an odd prime p < 2^26 when a is a quadratic
 * residue (Tonelli–Shanks), 0 for a ≡ 0, and -1 when a is a non-residue.
 */
export function sqrtModPrime(a: number, p: number): number {
  const x = a % p;
  if (x === 0) return 0;
  if (p === 2) return x;
  if (powMod(x, (p - 1) / 2, p) !== 1) return -1;
  let q = p - 1;
  let s = 0;
  while (q % 2 === 0) {
    q /= 2;
    s += 1;
  }
  let z = 2;
  while (powMod(z, (p - 1) / 2, p) !== p - 1) z += 1;
  let m = s;
  let c = powMod(z, q, p);
  let t = powMod(x, q, p);
  let r = powMod(x, (q + 1) / 2, p);
  while (t !== 1) {
    let i = 0;
    let t2 = t;
    while (t2 !== 1) {
      t2 = mulMod(t2, t2, p);
      i += 1;
    }
    let b = c;
    for (let j = 0; j < m - i - 1; j += 1) b = mulMod(b, b, p);
    m = i;
    c = mulMod(b, b, p);
    t = mulMod(t, c, p);
    r = mulMod(r, b, p);
  }
  return r;
}
