/**
 * Writing n = a² + b² through Gaussian integers: each prime p ≡ 1 (mod 4) splits as
 * p = ππ̄ with π = x + yi, and every representation of n is, up to units and order,
 * (1 + i)^k · ∏ q^(f/2) · ∏ π^j π̄^(e−j) for one choice of j per prime.
 */
import { isqrt, jacobi, modPow } from "./bigint";
import { requireCompleteFactorization } from "./arithmetic-functions";
import type { Factor } from "./factorization-types";

/** Beyond this many Gaussian products the list stops after `limit` representations instead of finding the largest a. */
export const TWO_SQUARES_ENUMERATION_LIMIT = 50_000;

export interface TwoSquares {
  /**
   * The number of representations n = a² + b² with a ≥ b ≥ 0 (order and signs ignored).
   * The classical r₂(n), which counts ordered signed pairs, is 8·count − 4 when n is a square
   * or twice a square, else 8·count.
   */
  count: bigint;
  /** Up to `limit` representations [a, b], sorted by a descending. */
  representations: [bigint, bigint][];
  /**
   * True when `representations` are the ones with the largest a. False when there were too many
   * to enumerate (see TWO_SQUARES_ENUMERATION_LIMIT): then they are the first ones found.
   */
  largestFirst: boolean;
  /** Why n is no sum of two squares (count 0). */
  obstruction?: string;
}

type Gaussian = readonly [re: bigint, im: bigint];

function multiply([a, b]: Gaussian, [c, d]: Gaussian): Gaussian {
  return [a * c - b * d, a * d + b * c];
}

/** The powers z^0 … z^exponent. */
function powers(z: Gaussian, exponent: number): Gaussian[] {
  const list: Gaussian[] = [[1n, 0n]];
  for (let k = 1; k <= exponent; k += 1) list.push(multiply(list[k - 1]!, z));
  return list;
}

/**
 * x + yi with x² + y² = p for a prime p ≡ 1 (mod 4): a square root of −1 mod p from a
 * quadratic non-residue c (c^((p−1)/4)), then Euclid on (p, root) stopped below √p (Cornacchia).
 */
export function gaussianPrimeAbove(p: bigint): Gaussian {
  if (p % 4n !== 1n) throw new RangeError(`${p} is not ≡ 1 (mod 4)`);
  // Under GRH the least non-residue is below 2·ln(p)² (Bach, 1990); failing that, p is no prime.
  const searchLimit = 2 * (p.toString(2).length * Math.LN2) ** 2 + 10;
  let c = 2n;
  while (jacobi(c, p) !== -1) {
    c += 1n;
    if (c > searchLimit) throw new Error(`${p} is not prime: no quadratic non-residue found`);
  }
  const root = modPow(c, (p - 1n) / 4n, p);
  const bound = isqrt(p);
  let [a, b] = [p, root];
  while (b > bound) [a, b] = [b, a % b];
  const other = isqrt(p - b * b);
  if (b * b + other * other !== p) throw new Error(`${p} is not prime: it is no sum of two squares this way`);
  return [b, other];
}

function normalize([re, im]: Gaussian): [bigint, bigint] {
  const x = re < 0n ? -re : re;
  const y = im < 0n ? -im : im;
  return x >= y ? [x, y] : [y, x];
}

export function twoSquares(factors: readonly Factor[], limit: number): TwoSquares {
  requireCompleteFactorization(factors);
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number ≥ 0, got ${limit}`);
  let base: Gaussian = [1n, 0n];
  const choices: Gaussian[][] = [];
  let products = 1n;
  for (const { value: p, exponent } of factors) {
    if (p === 2n) {
      // (1 + i)² = 2i, so (1 + i)^k = 2^⌊k/2⌋ · i^⌊k/2⌋ · (1 + i)^(k mod 2); units do not change the pair.
      base = multiply(base, [1n << BigInt(exponent >> 1), 0n]);
      if (exponent % 2 === 1) base = multiply(base, [1n, 1n]);
    } else if (p % 4n === 3n) {
      if (exponent % 2 === 1) {
        return {
          count: 0n,
          representations: [],
          largestFirst: true,
          obstruction: `${p} ≡ 3 (mod 4) divides n to the odd power ${exponent}`,
        };
      }
      base = multiply(base, [p ** BigInt(exponent / 2), 0n]);
    } else {
      const pi = gaussianPrimeAbove(p);
      const piPowers = powers(pi, exponent);
      const piBarPowers = powers([pi[0], -pi[1]], exponent);
      choices.push(piPowers.map((piPower, j) => multiply(piPower, piBarPowers[exponent - j]!)));
      products *= BigInt(exponent + 1);
    }
  }
  // Each representation arises from a product and from its conjugate: these coincide only for one product.
  const count = (products + 1n) / 2n;
  const enumerateAll = products <= BigInt(TWO_SQUARES_ENUMERATION_LIMIT);
  const wanted = enumerateAll ? Number(count) : limit;
  const found = new Map<string, [bigint, bigint]>();
  const visit = (index: number, z: Gaussian): void => {
    if (found.size >= wanted) return;
    const options = choices[index];
    if (options === undefined) {
      const pair = normalize(z);
      found.set(`${pair[0]},${pair[1]}`, pair);
      return;
    }
    for (const option of options) visit(index + 1, multiply(z, option));
  };
  if (limit > 0) visit(0, base);
  const representations = [...found.values()].sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0)).slice(0, limit);
  return { count, representations, largestFirst: enumerateAll };
}
