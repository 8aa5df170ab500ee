import type { SiqsParameters } from "./parameters";
import { invMod, mulMod } from "./small-modular";

/** Marks a root that must never be sieved or matched (primes dividing A, second root of p | kn). */
export const NO_ROOT = 1 << 30;

/** How far (as a ratio) the random A-factors may stray from their ideal size before the window widens. */
const WINDOW_RATIO = 1.6;
/** Ideal size of one A-factor for large n: big enough that losing it from the sieve costs little. */
const IDEAL_A_FACTOR = 2000;

/**
 * Chooses A = q₁…q_s (factor-base primes) near the ideal √(2kn)/M, at random
 * from a seeded generator, never repeating an A already used by this chooser.
 */
export class ACoefficientChooser {
  readonly factorCount: number;
  private readonly logTarget: number;
  private window: number[] = [];
  private ratio = WINDOW_RATIO;
  private readonly used = new Set<bigint>();

  constructor(
    private readonly params: SiqsParameters,
    halfInterval: number,
    private readonly random: () => number,
  ) {
    const { primes } = params;
    this.logTarget = (Math.log(2) + lnBig(params.kn)) / 2 - Math.log(halfInterval);
    const largestUseful = primes[Math.floor((primes.length - 1) * 0.8)]!;
    const smallestUseful = primes[Math.min(params.firstSievedPrime + 1, primes.length - 1)]!;
    let s = Math.max(1, Math.round(this.logTarget / Math.log(IDEAL_A_FACTOR)));
    while (s > 1 && Math.exp(this.logTarget / s) < smallestUseful) s -= 1;
    while (Math.exp(this.logTarget / s) > largestUseful) s += 1;
    this.factorCount = s;
    this.buildWindow();
  }

  private usable(i: number): boolean {
    const { primes, sqrtKn } = this.params;
    return i >= this.params.firstSievedPrime && i < primes.length && sqrtKn[i] !== 0;
  }

  private buildWindow(): void {
    const { primes } = this.params;
    const ideal = Math.exp(this.logTarget / this.factorCount);
    this.window = [];
    for (let i = 1; i < primes.length; i += 1) {
      const p = primes[i]!;
      if (p >= ideal / this.ratio && p <= ideal * this.ratio && this.usable(i)) this.window.push(i);
    }
  }

  /** The next unused A with the factor-base indices of its primes (increasing), or null if none can be found. */
  next(): { a: bigint; indices: number[] } | null {
    const { primes } = this.params;
    for (let widenings = 0; widenings < 8; widenings += 1) {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const chosen = this.pickRandom(this.factorCount - 1);
        if (!chosen) break;
        let logProduct = 0;
        for (const i of chosen) logProduct += Math.log(primes[i]!);
        const last = this.closestUnchosen(Math.exp(this.logTarget - logProduct), chosen);
        if (last < 0) continue;
        chosen.push(last);
        chosen.sort((x, y) => x - y);
        let a = 1n;
        for (const i of chosen) a *= BigInt(primes[i]!);
        if (this.used.has(a)) continue;
        this.used.add(a);
        return { a, indices: chosen };
      }
      this.ratio *= 1.5;
      this.buildWindow();
    }
    return null;
  }

  private pickRandom(count: number): number[] | null {
    if (this.window.length < count + 1) return null;
    const chosen: number[] = [];
    while (chosen.length < count) {
      const i = this.window[Math.floor(this.random() * this.window.length)]!;
      if (!chosen.includes(i)) chosen.push(i);
    }
    return chosen;
  }

  /** The usable factor-base index not in `chosen` whose prime is nearest (in ratio) to target. */
  private closestUnchosen(target: number, chosen: number[]): number {
    const { primes } = this.params;
    let hi = 1;
    while (hi < primes.length && primes[hi]! < target) hi += 1;
    let lo = hi - 1;
    // Walk outwards from the insertion point, taking whichever side is nearer in log scale.
    while (lo >= 1 || hi < primes.length) {
      const loGap = lo >= 1 ? Math.log(target / primes[lo]!) : Infinity;
      const hiGap = hi < primes.length ? Math.log(primes[hi]! / target) : Infinity;
      const i = loGap <= hiGap ? lo-- : hi++;
      if (this.usable(i) && !chosen.includes(i)) return i;
    }
    return -1;
  }
}

/** The B-terms of one A: B = Σ ±B_l solves B² ≡ kn (mod A) for each sign choice. */
export interface PolynomialFamily {
  a: bigint;
  aIndices: number[];
  bTerms: bigint[];
}

export function polynomialFamily(params: SiqsParameters, a: bigint, aIndices: number[]): PolynomialFamily {
  const bTerms = aIndices.map((index) => {
    const q = params.primes[index]!;
    const cofactor = a / BigInt(q);
    const inverse = invMod(Number(cofactor % BigInt(q)), q);
    let gamma = mulMod(params.sqrtKn[index]!, inverse, q);
    if (gamma > q / 2) gamma = q - gamma;
    return cofactor * BigInt(gamma);
  });
  return { a, aIndices, bTerms };
}

/**
 * Sieve roots of the first polynomial of a family (all B-terms added), as
 * positions in [0, 2M) modulo p, and the Gray-code steps 2·B_l·A⁻¹ mod p.
 * `deltas` holds one row of primes.length entries per B-term.
 */
export function initialRoots(
  params: SiqsParameters,
  family: PolynomialFamily,
  halfInterval: number,
  root1: Int32Array,
  root2: Int32Array,
  deltas: Int32Array,
): void {
  const { primes, sqrtKn } = params;
  const size = primes.length;
  const s = family.aIndices.length;
  const qs = family.aIndices.map((i) => primes[i]!);
  // B_l = (A/q_l)·γ_l; keep γ_l so that B_l mod p is a product of small residues.
  const gammas = family.bTerms.map((b, l) => Number(b / (family.a / BigInt(qs[l]!))));
  const prefix = new Float64Array(s + 1);
  const suffix = new Float64Array(s + 1);
  const isAFactor = new Uint8Array(size);
  for (const i of family.aIndices) isAFactor[i] = 1;
  root1[0] = NO_ROOT;
  root2[0] = NO_ROOT;
  for (let i = 1; i < size; i += 1) {
    const p = primes[i]!;
    if (isAFactor[i]) {
      root1[i] = NO_ROOT;
      root2[i] = NO_ROOT;
      for (let l = 0; l < s; l += 1) deltas[l * size + i] = 0;
      continue;
    }
    prefix[0] = 1;
    for (let l = 0; l < s; l += 1) prefix[l + 1] = mulMod(prefix[l]!, qs[l]! % p, p);
    suffix[s] = 1;
    for (let l = s - 1; l >= 0; l -= 1) suffix[l] = mulMod(suffix[l + 1]!, qs[l]! % p, p);
    const aInverse = invMod(prefix[s]!, p);
    let bModP = 0;
    for (let l = 0; l < s; l += 1) {
      const bl = mulMod(mulMod(prefix[l]!, suffix[l + 1]!, p), gammas[l]! % p, p);
      bModP += bl;
      if (bModP >= p) bModP -= p;
      const delta = mulMod(aInverse, bl, p) * 2;
      deltas[l * size + i] = delta >= p ? delta - p : delta;
    }
    const t = sqrtKn[i]!;
    const shift = halfInterval % p;
    let r1 = mulMod(aInverse, (t - bModP + p) % p, p) + shift;
    if (r1 >= p) r1 -= p;
    root1[i] = r1;
    if (t === 0) {
      root2[i] = NO_ROOT;
    } else {
      let r2 = mulMod(aInverse, (2 * p - t - bModP) % p, p) + shift;
      if (r2 >= p) r2 -= p;
      root2[i] = r2;
    }
  }
}

/** Natural logarithm of a positive bigint of any size. */
export function lnBig(x: bigint): number {
  const bits = x.toString(2).length;
  if (bits <= 52) return Math.log(Number(x));
  return Math.log(Number(x >> BigInt(bits - 52))) + (bits - 52) * Math.LN2;
}
