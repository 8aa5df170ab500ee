/**
 * Squaring modulo M(p) = 2^p − 1 by floating-point FFT with the irrational-base discrete weighted
 * transform (IBDWT) of R. Crandall and B. Fagin, "Discrete weighted transforms and large-integer
 * arithmetic", Mathematics of Computation 62 (1994), 305–324: the method of GIMPS's Prime95.
 *
 * A residue is held as N signed digits x_j, digit j standing for bits c_j … c_{j+1} − 1 with
 * c_j = ⌈p·j / N⌉, so a digit has ⌊p/N⌋ or ⌈p/N⌉ bits, and the value is Σ x_j·2^(c_j). With the weights
 * a_j = 2^(c_j − p·j/N), the cyclic convolution of the weighted digits x_j·a_j is, unweighted, the
 * product modulo 2^p − 1 itself: the wrap-around of a cyclic convolution is exactly 2^p ≡ 1. So a
 * squaring is: weight, FFT, square pointwise, inverse FFT, unweight, round to integers, propagate
 * carries (the carry out of the top digit goes back into digit 0).
 *
 * The N real weighted digits are packed two to a complex value (z_m = y_2m + i·y_2m+1) into one complex
 * FFT of length n = N/2. With Z its transform, E_k = (Z_k + conj Z_{n−k})/2 and
 * O_k = (Z_k − conj Z_{n−k})/2i are the transforms of the even and odd digits, the full transform is
 * Y_k = E_k + w^k·O_k and Y_{k+n} = E_k − w^k·O_k (w = e^(−2πi/N)), and the square, packed the same
 * way for the inverse, is V_k = E_k² + w^(2k)·O_k² + 2i·E_k·O_k (V_{n−k} follows from E_{n−k} = conj E_k).
 *
 * Digits are kept balanced (|x_j| ≤ 2^(bits)/2), which keeps the convolution's terms small and its
 * round-off far from 1/2. Every squaring measures its round-off (the largest distance of a result from
 * the nearest integer); the caller redoes a squaring exactly when it is too large.
 */
import { fftForward, fftInverse, fftPlan, radicesOf } from "./fft-complex";
import {
  carry,
  inverseCarry3,
  inverseCarry4,
  inverseCarry5,
  propagate,
  ROUND,
  squarePacked,
  weigh,
  weightedForward3,
  weightedForward4,
  weightedForward5,
  type IbdwtPlan,
} from "./mersenne-ibdwt-kernels";

export type { IbdwtPlan } from "./mersenne-ibdwt-kernels";

/**
 * Transform lengths N usable for M(p): fewer digits than bits but digits of at most 48 bits (a double
 * holds them exactly, so the digits before a squaring that is not trusted give back the residue), N/2 =
 * 2^a·3^b·5^c for the complex FFT, and N a multiple of 8.
 */
export function isTransformLength(p: number, digits: number): boolean {
  if (!Number.isSafeInteger(digits) || digits < 8 || digits % 8 !== 0 || digits >= p) return false;
  if (Math.ceil(p / digits) > 48) return false;
  let half = digits / 2;
  for (const r of [2, 3, 5]) while (half % r === 0) half /= r;
  return half === 1;
}

export function ibdwtPlan(p: number, digits: number): IbdwtPlan {
  if (!isTransformLength(p, digits)) throw new RangeError(`no IBDWT of ${digits} digits for M(${p})`);
  const n = digits / 2;
  const starts = new Int32Array(digits + 1);
  for (let j = 0; j <= digits; j += 1) starts[j] = Math.ceil((p * j) / digits);
  const weight = new Float64Array(digits);
  const unweight = new Float64Array(digits);
  const base = new Float64Array(digits);
  const inverseBase = new Float64Array(digits);
  for (let j = 0; j < digits; j += 1) {
    // c_j − p·j/N = (c_j·N − p·j)/N, with an exact integer numerator.
    const a = 2 ** ((starts[j]! * digits - p * j) / digits);
    weight[j] = a;
    unweight[j] = 1 / (4 * n * a);
    const bits = starts[j + 1]! - starts[j]!;
    base[j] = 2 ** bits;
    inverseBase[j] = 2 ** -bits;
  }
  const fft = fftPlan(n);
  const half = Math.floor(n / 2);
  const pairAt = new Int32Array(half + 1);
  const pairMirror = new Int32Array(half + 1);
  const cos = new Float64Array(half + 1);
  const sin = new Float64Array(half + 1);
  for (let k = 0; k <= half; k += 1) {
    pairAt[k] = fft.position[k]!;
    pairMirror[k] = fft.position[(n - k) % n]!;
    cos[k] = Math.cos((2 * Math.PI * k) / n);
    sin[k] = -Math.sin((2 * Math.PI * k) / n);
  }
  return {
    p,
    digits,
    starts,
    fft,
    re: new Float64Array(n),
    im: new Float64Array(n),
    weight,
    unweight,
    base,
    inverseBase,
    pairAt,
    pairMirror,
    cos,
    sin,
    fusedRadix: fft.stages.length > 1 && [3, 4, 5].includes(fft.stages[0]!.radix) ? fft.stages[0]!.radix : 0,
  };
}

/**
 * to ← from² + addend (mod M(p)), both balanced digit vectors of the plan (they must differ; `from` is
 * left as it was). Returns the round-off: the largest distance of an unrounded result from an integer,
 * or Infinity when the results grew too large to tell. The caller decides whether to trust `to`.
 */
export function squareAddMersenne(plan: IbdwtPlan, from: Float64Array, to: Float64Array, addend: number): number {
  const { re, im } = plan;
  switch (plan.fusedRadix) {
    case 4:
      weightedForward4(plan, from);
      break;
    case 3:
      weightedForward3(plan, from);
      break;
    case 5:
      weightedForward5(plan, from);
      break;
    default:
      weigh(plan, from);
  }
  const fusedStages = plan.fusedRadix === 0 ? 0 : 1;
  fftForward(plan.fft, re, im, fusedStages);
  squarePacked(plan);
  fftInverse(plan.fft, re, im, fusedStages);
  switch (plan.fusedRadix) {
    case 4:
      return inverseCarry4(plan, to, addend);
    case 3:
      return inverseCarry3(plan, to, addend);
    case 5:
      return inverseCarry5(plan, to, addend);
    default:
      return carry(plan, to, addend);
  }
}

/** The balanced digits of s (0 ≤ s < 2^p), into `to`. */
export function digitsOf(plan: IbdwtPlan, s: bigint, to: Float64Array): void {
  const { starts } = plan;
  const split = (value: bigint, lo: number, hi: number): void => {
    if (hi - lo === 1) {
      to[lo] = Number(value);
      return;
    }
    const mid = (lo + hi) >> 1;
    const width = BigInt(starts[mid]! - starts[lo]!);
    split(value & ((1n << width) - 1n), lo, mid);
    split(value >> width, mid, hi);
  };
  split(s, 0, plan.digits);
  // From digits in [0, 2^bits) to balanced ones, the carry out of the top wrapping around.
  const { base, inverseBase } = plan;
  let high = 0;
  for (let j = 0; j < plan.digits; j += 1) {
    const v = to[j]! + high;
    high = v * inverseBase[j]! + ROUND - ROUND;
    to[j] = v - high * base[j]!;
  }
  propagate(plan, to, 0, high);
}

/** The value Σ x_j·2^(c_j) of a digit vector, reduced to [0, M(p)). */
export function valueOf(plan: IbdwtPlan, from: Float64Array): bigint {
  const { starts } = plan;
  const join = (lo: number, hi: number): bigint => {
    if (hi - lo === 1) return BigInt(from[lo]!);
    const mid = (lo + hi) >> 1;
    return join(lo, mid) + (join(mid, hi) << BigInt(starts[mid]! - starts[lo]!));
  };
  const m = (1n << BigInt(plan.p)) - 1n;
  const value = join(0, plan.digits) % m;
  return value < 0n ? value + m : value;
}

/**
 * The most bits a digit may have for N digits. The round-off of a squaring grows as 2^(2·bits) and
 * slowly with N; measured here over whole Lucas–Lehmer tests (round-off ÷ 2^(2·bits) ≈ 1.4·10⁻¹⁴ at
 * N = 512, 2.4·10⁻¹⁴ at 1,024, 5·10⁻¹⁴ at 2,304, 8·10⁻¹⁴ at 4,608), it is bounded by
 * c(N) = 3·10⁻¹⁴·(N/1024)^0.8 times 2^(2·bits). The limit asks for a largest round-off of about
 * ROUNDOFF_TARGET, far below the ROUNDOFF_LIMIT that makes a squaring be redone.
 */
export function maxDigitBits(digits: number): number {
  const c = 3e-14 * (digits / 1024) ** 0.8;
  return 0.5 * Math.log2(ROUNDOFF_TARGET / c);
}

/** The largest round-off the choice of N aims at. */
export const ROUNDOFF_TARGET = 0.06;
/** A squaring whose round-off reaches this is not trusted: it is redone exactly, and N grows. */
export const ROUNDOFF_LIMIT = 0.4;

/**
 * The time of one squaring with N digits, in nanoseconds, by a model fitted to measurements (Node 20, one
 * core): about 9.3 ns a digit for weighting, squaring pointwise and carrying, plus for each stage of
 * the complex FFT (forward and inverse) 2.15 (radix 4), 2.2 (radix 3) or 2.8 (radix 5) ns a digit, a
 * last stage without twiddles 1.0 (radix 4) or 1.4 (radix 8), and a first stage of radix 3 or 5, which
 * carries in 3 or 5 chains, 0.6 or 1.1 more. So N = 1,024 (stages 4·4·4·8) beats N = 1,000 (5·5·5·4).
 */
export function transformCost(digits: number): number {
  const radices = radicesOf(digits / 2) ?? [];
  let perDigit = 9.3;
  radices.forEach((radix, i) => {
    if (i === radices.length - 1) perDigit += radix === 8 ? 1.4 : radix === 4 ? 1.0 : 1.5;
    else if (i === 0) perDigit += radix === 4 ? 2.15 : radix === 3 ? 2.8 : radix === 5 ? 3.9 : 4;
    else perDigit += radix === 4 ? 2.15 : radix === 3 ? 2.2 : 2.8;
  });
  return digits * perDigit;
}

/**
 * The fastest usable N larger than `above` (by `transformCost`) whose digits are at most
 * `maxDigitBits(N)` bits; null if there is none below p.
 */
export function chooseTransformLength(p: number, above = 0): number | null {
  let best: number | null = null;
  let bestCost = Infinity;
  for (let digits = 8 * Math.floor(above / 8) + 8; digits < p; digits += 8) {
    if (!isTransformLength(p, digits) || p / digits > maxDigitBits(digits)) continue;
    // Costs grow about as N: past 1.5 times the smallest usable N, nothing is cheaper.
    if (best !== null && digits > 1.5 * best) break;
    const cost = transformCost(digits);
    if (cost < bestCost) {
      best = digits;
      bestCost = cost;
    }
  }
  return best;
}

export interface LucasLehmerFftOptions {
  /** Start with this many digits instead of the chosen ones (tests force a too-small transform). */
  digits?: number;
  /** Iterations between two yields. */
  stepIterations?: number;
  /** The round-off from which a squaring is redone (tests lower it to make the guard act). */
  roundoffLimit?: number;
}

export interface LucasLehmerFftResult {
  /** s(p − 2) mod M(p), in [0, M(p)). */
  residue: bigint;
  /** The transform lengths used, in order: more than one when round-off forced a larger one. */
  transformLengths: number[];
  /** The largest round-off of a squaring that was kept. */
  maxRoundoff: number;
  /** The iterations (from 0) whose squaring was redone exactly, its round-off having reached the limit. */
  redone: number[];
  /** Iterations done by BigInt after no transform length was left. */
  exactIterations: number;
}

/**
 * s(p − 2) mod M(p) for the Lucas–Lehmer sequence s(0) = 4, s(i + 1) = s(i)² − 2, by IBDWT squaring, as
 * a generator that yields the number of iterations done every `stepIterations`. A squaring whose
 * round-off reaches ROUNDOFF_LIMIT is redone with BigInt from the digits before it (kept: each squaring
 * writes into the other of two digit vectors), and the test goes on with the next larger N; when none
 * is left, with BigInt to the end. So a residue is never built on a squaring that was not trusted.
 */
export function* lucasLehmerFftSteps(
  p: number,
  options: LucasLehmerFftOptions = {},
): Generator<number, LucasLehmerFftResult> {
  const total = p - 2;
  const step = options.stepIterations ?? 16;
  const limit = options.roundoffLimit ?? ROUNDOFF_LIMIT;
  const m = (1n << BigInt(p)) - 1n;
  const bits = BigInt(p);
  const exactStep = (s: bigint): bigint => {
    let x = s * s + m - 2n;
    x = (x & m) + (x >> bits);
    return x >= m ? x - m : x;
  };
  const result: LucasLehmerFftResult = {
    residue: 0n,
    transformLengths: [],
    maxRoundoff: 0,
    redone: [],
    exactIterations: 0,
  };
  let digits = options.digits ?? chooseTransformLength(p);
  let plan = digits === null ? null : ibdwtPlan(p, digits);
  let current = new Float64Array(digits ?? 0);
  let next = new Float64Array(digits ?? 0);
  let exact: bigint | null = 4n;
  if (plan !== null) {
    result.transformLengths.push(plan.digits);
    digitsOf(plan, 4n, current);
    exact = null;
  }
  for (let i = 0; i < total; i += 1) {
    if (plan === null) {
      exact = exactStep(exact!);
      result.exactIterations += 1;
    } else {
      const roundoff = squareAddMersenne(plan, current, next, -2);
      if (roundoff < limit) {
        if (roundoff > result.maxRoundoff) result.maxRoundoff = roundoff;
        [current, next] = [next, current];
      } else {
        result.redone.push(i);
        const s = exactStep(valueOf(plan, current));
        digits = chooseTransformLength(p, plan.digits);
        plan = digits === null ? null : ibdwtPlan(p, digits);
        if (plan === null) {
          exact = s;
        } else {
          result.transformLengths.push(plan.digits);
          current = new Float64Array(plan.digits);
          next = new Float64Array(plan.digits);
          digitsOf(plan, s, current);
        }
      }
    }
    if ((i + 1) % step === 0) yield i + 1;
  }
  result.residue = plan === null ? exact! : valueOf(plan, current);
  return result;
}
