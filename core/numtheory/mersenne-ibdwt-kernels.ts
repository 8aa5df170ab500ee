/**
 * The hot loops of IBDWT squaring modulo M(p) (see mersenne-ibdwt.ts): the weighting, the pointwise
 * squaring of the packed real transform, and the rounding and carrying, the first and the last fused
 * with the first forward and the last inverse FFT stage. Written out by hand, digit by digit: in V8 a
 * loop over typed arrays runs fastest with every index and constant in plain sight.
 */
import type { FftPlan } from "./fft-complex";

/*
 * The constants of the DFTs of length 3 and 5 (as in fft-complex.ts), local: under some module loaders
 * (tsx's, for one) a constant imported from another module is a property read at every use, which
 * made the radix-5 loops three times slower.
 */
const SIN3 = Math.sin((2 * Math.PI) / 3);
const C1 = Math.cos((2 * Math.PI) / 5);
const C2 = Math.cos((4 * Math.PI) / 5);
const S1 = Math.sin((2 * Math.PI) / 5);
const S2 = Math.sin((4 * Math.PI) / 5);

/** 1.5·2^52: (x + ROUND) − ROUND is x rounded to the nearest integer for |x| < 2^51. */
export const ROUND = 6755399441055744;
/** Results beyond 2^49 in size leave too few fraction bits for the round-off to be measured. */
const MAX_MAGNITUDE = 2 ** 49;

export interface IbdwtPlan {
  p: number;
  /** The number of digits, the real transform's length. */
  digits: number;
  /** c_j = ⌈p·j/N⌉ for j = 0 … N: where digit j starts. */
  starts: Int32Array;
  fft: FftPlan;
  /** Work space of the complex transform of length N/2. */
  re: Float64Array;
  im: Float64Array;
  /** a_j. */
  weight: Float64Array;
  /** 1/(4·(N/2)·a_j): undoes the weight, the inverse transform's length and the packing's 1/4. */
  unweight: Float64Array;
  /** 2^(bits of digit j) and its inverse. */
  base: Float64Array;
  inverseBase: Float64Array;
  /** For k = 0 … n/2: where the forward transform leaves Z_k and Z_{n−k}. */
  pairAt: Int32Array;
  pairMirror: Int32Array;
  /** e^(−2πik/n) for k = 0 … n/2. */
  cos: Float64Array;
  sin: Float64Array;
  /**
   * The radix of the first forward stage when the weighting is done inside it and the carrying inside
   * the last inverse stage (3, 4 or 5, and more than one stage); 0 when they are passes of their own.
   */
  fusedRadix: number;
}

/** The weighted digits, packed two to a complex value, as a pass of its own. */
export function weigh(plan: IbdwtPlan, from: Float64Array): void {
  const { re, im, weight } = plan;
  const n = plan.digits / 2;
  for (let m = 0, j = 0; m < n; m += 1, j += 2) {
    re[m] = from[j]! * weight[j]!;
    im[m] = from[j + 1]! * weight[j + 1]!;
  }
}

/** V_k = E_k² + w^(2k)·O_k² + 2i·E_k·O_k for every pair k, n − k (times 4: E and O are left doubled). */
export function squarePacked(plan: IbdwtPlan): void {
  const { re, im, pairAt, pairMirror, cos, sin } = plan;
  const last = pairAt.length;
  for (let k = 0; k < last; k += 1) {
    const at = pairAt[k]!;
    const mirror = pairMirror[k]!;
    const a = re[at]!;
    const b = im[at]!;
    const c = re[mirror]!;
    const d = im[mirror]!;
    // 2E = Z_k + conj Z_{n−k}; 2O = (Z_k − conj Z_{n−k}) / i.
    const er = a + c;
    const ei = b - d;
    const or = b + d;
    const oi = c - a;
    const e2r = er * er - ei * ei;
    const e2i = 2 * er * ei;
    const o2r = or * or - oi * oi;
    const o2i = 2 * or * oi;
    const tr = cos[k]!;
    const ti = sin[k]!;
    const sr = e2r + o2r * tr - o2i * ti;
    const si = e2i + o2r * ti + o2i * tr;
    // 2i·E·O, with E·O = R: (sr − 2·R.im) + i(si + 2·R.re) at k, conj(S) + 2i·conj(R) at n − k.
    const rr2 = 2 * (er * or - ei * oi);
    const ri2 = 2 * (er * oi + ei * or);
    re[at] = sr - ri2;
    im[at] = si + rr2;
    re[mirror] = sr + ri2;
    im[mirror] = rr2 - si;
  }
}

/**
 * Unweights, rounds, adds `addend` to digit 0 and carries into `to`, as a pass of its own and in one
 * chain (for the smallest transforms, of one stage); returns the round-off, or Infinity.
 */
export function carry(plan: IbdwtPlan, to: Float64Array, addend: number): number {
  const { re, im, unweight, base, inverseBase } = plan;
  let roundoff = 0;
  let largest = 0;
  let high = 0;
  for (let j = 0; j < plan.digits; j += 1) {
    const y = ((j & 1) === 0 ? re[j >> 1]! : im[j >> 1]!) * unweight[j]!;
    const r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    const v = r + high;
    high = v * inverseBase[j]! + ROUND - ROUND;
    to[j] = v - high * base[j]!;
  }
  if (!(largest < MAX_MAGNITUDE && roundoff < 0.5)) return Infinity;
  propagate(plan, to, 0, high + addend);
  return roundoff;
}

/*
 * The first forward stage fused with the weighting, and the last inverse stage fused with the carrying:
 * each saves a pass over the data. The stage of radix r over blocks of length n = r·m is the one of
 * fft-complex.ts; the r outputs of the last inverse stage, at j + t·m for t < r, lie in r sections of
 * the number, and each section is carried by a chain of its own, the r chains side by side in one loop
 * (one chain alone would wait four floating-point latencies a digit). The carry out of each section then
 * goes into the next one, out of the top into digit 0 (2^p ≡ 1).
 */

/** The first forward stage, radix 3, reading the digits and weighting them on the way. */
export function weightedForward3(plan: IbdwtPlan, from: Float64Array): void {
  const { re, im, weight } = plan;
  const stage = plan.fft.stages[0]!;
  const m = stage.m;
  const tw = stage.twiddles;
  for (let j = 0; j < m; j += 1) {
    const i0 = j;
    const i1 = i0 + m;
    const i2 = i1 + m;
    const a0r = from[2 * i0]! * weight[2 * i0]!;
    const a0i = from[2 * i0 + 1]! * weight[2 * i0 + 1]!;
    const a1r = from[2 * i1]! * weight[2 * i1]!;
    const a1i = from[2 * i1 + 1]! * weight[2 * i1 + 1]!;
    const a2r = from[2 * i2]! * weight[2 * i2]!;
    const a2i = from[2 * i2 + 1]! * weight[2 * i2 + 1]!;
    const sr = a1r + a2r;
    const si = a1i + a2i;
    const cr = a0r - 0.5 * sr;
    const ci = a0i - 0.5 * si;
    const dr = SIN3 * (a1i - a2i);
    const di = SIN3 * (a2r - a1r);
    const y0r = a0r + sr;
    const y0i = a0i + si;
    let y1r = cr + dr;
    let y1i = ci + di;
    let y2r = cr - dr;
    let y2i = ci - di;
    const k = 4 * j;
    let wr = tw[k]!;
    let wi = tw[k + 1]!;
    let t = y1r * wr - y1i * wi;
    y1i = y1r * wi + y1i * wr;
    y1r = t;
    wr = tw[k + 2]!;
    wi = tw[k + 3]!;
    t = y2r * wr - y2i * wi;
    y2i = y2r * wi + y2i * wr;
    y2r = t;
    re[i0] = y0r;
    im[i0] = y0i;
    re[i1] = y1r;
    im[i1] = y1i;
    re[i2] = y2r;
    im[i2] = y2i;
  }
}

/**
 * The last inverse stage, radix 3, with unweighting, rounding and carrying: its 3 outputs are digits
 * of 3 sections of the number, each carried by its own chain, so the chains run side by side.
 */
export function inverseCarry3(plan: IbdwtPlan, to: Float64Array, addend: number): number {
  const { re, im, unweight, base, inverseBase } = plan;
  const stage = plan.fft.stages[0]!;
  const m = stage.m;
  const tw = stage.twiddles;
  let roundoff = 0;
  let largest = 0;
  let high0 = 0;
  let high1 = 0;
  let high2 = 0;
  for (let j = 0; j < m; j += 1) {
    const i0 = j;
    const i1 = i0 + m;
    const i2 = i1 + m;
    const a0r = re[i0]!;
    const a0i = im[i0]!;
    let a1r = re[i1]!;
    let a1i = im[i1]!;
    let a2r = re[i2]!;
    let a2i = im[i2]!;
    const k = 4 * j;
    let wr = tw[k]!;
    let wi = tw[k + 1]!;
    let t = a1r * wr + a1i * wi;
    a1i = a1i * wr - a1r * wi;
    a1r = t;
    wr = tw[k + 2]!;
    wi = tw[k + 3]!;
    t = a2r * wr + a2i * wi;
    a2i = a2i * wr - a2r * wi;
    a2r = t;
    const sr = a1r + a2r;
    const si = a1i + a2i;
    const cr = a0r - 0.5 * sr;
    const ci = a0i - 0.5 * si;
    const dr = SIN3 * (a2i - a1i);
    const di = SIN3 * (a1r - a2r);
    const y0r = a0r + sr;
    const y0i = a0i + si;
    const y1r = cr + dr;
    const y1i = ci + di;
    const y2r = cr - dr;
    const y2i = ci - di;
    let y = y0r * unweight[2 * i0]!;
    let r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    let v = r + high0;
    high0 = v * inverseBase[2 * i0]! + ROUND - ROUND;
    to[2 * i0] = v - high0 * base[2 * i0]!;
    y = y0i * unweight[2 * i0 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high0;
    high0 = v * inverseBase[2 * i0 + 1]! + ROUND - ROUND;
    to[2 * i0 + 1] = v - high0 * base[2 * i0 + 1]!;
    y = y1r * unweight[2 * i1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high1;
    high1 = v * inverseBase[2 * i1]! + ROUND - ROUND;
    to[2 * i1] = v - high1 * base[2 * i1]!;
    y = y1i * unweight[2 * i1 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high1;
    high1 = v * inverseBase[2 * i1 + 1]! + ROUND - ROUND;
    to[2 * i1 + 1] = v - high1 * base[2 * i1 + 1]!;
    y = y2r * unweight[2 * i2]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high2;
    high2 = v * inverseBase[2 * i2]! + ROUND - ROUND;
    to[2 * i2] = v - high2 * base[2 * i2]!;
    y = y2i * unweight[2 * i2 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high2;
    high2 = v * inverseBase[2 * i2 + 1]! + ROUND - ROUND;
    to[2 * i2 + 1] = v - high2 * base[2 * i2 + 1]!;
  }
  // NaN fails every comparison: ask for what must hold rather than for what must not.
  if (!(largest < MAX_MAGNITUDE && roundoff < 0.5)) return Infinity;
  propagate(plan, to, 2 * m, high0);
  propagate(plan, to, 4 * m, high1);
  propagate(plan, to, 0, high2 + addend);
  return roundoff;
}

/** The first forward stage, radix 4, reading the digits and weighting them on the way. */
export function weightedForward4(plan: IbdwtPlan, from: Float64Array): void {
  const { re, im, weight } = plan;
  const stage = plan.fft.stages[0]!;
  const m = stage.m;
  const tw = stage.twiddles;
  for (let j = 0; j < m; j += 1) {
    const i0 = j;
    const i1 = i0 + m;
    const i2 = i1 + m;
    const i3 = i2 + m;
    const a0r = from[2 * i0]! * weight[2 * i0]!;
    const a0i = from[2 * i0 + 1]! * weight[2 * i0 + 1]!;
    const a1r = from[2 * i1]! * weight[2 * i1]!;
    const a1i = from[2 * i1 + 1]! * weight[2 * i1 + 1]!;
    const a2r = from[2 * i2]! * weight[2 * i2]!;
    const a2i = from[2 * i2 + 1]! * weight[2 * i2 + 1]!;
    const a3r = from[2 * i3]! * weight[2 * i3]!;
    const a3i = from[2 * i3 + 1]! * weight[2 * i3 + 1]!;
    const t0r = a0r + a2r;
    const t0i = a0i + a2i;
    const t1r = a0r - a2r;
    const t1i = a0i - a2i;
    const t2r = a1r + a3r;
    const t2i = a1i + a3i;
    const t3r = a1i - a3i;
    const t3i = a3r - a1r;
    const y0r = t0r + t2r;
    const y0i = t0i + t2i;
    let y1r = t1r + t3r;
    let y1i = t1i + t3i;
    let y2r = t0r - t2r;
    let y2i = t0i - t2i;
    let y3r = t1r - t3r;
    let y3i = t1i - t3i;
    const k = 6 * j;
    let wr = tw[k]!;
    let wi = tw[k + 1]!;
    let t = y1r * wr - y1i * wi;
    y1i = y1r * wi + y1i * wr;
    y1r = t;
    wr = tw[k + 2]!;
    wi = tw[k + 3]!;
    t = y2r * wr - y2i * wi;
    y2i = y2r * wi + y2i * wr;
    y2r = t;
    wr = tw[k + 4]!;
    wi = tw[k + 5]!;
    t = y3r * wr - y3i * wi;
    y3i = y3r * wi + y3i * wr;
    y3r = t;
    re[i0] = y0r;
    im[i0] = y0i;
    re[i1] = y1r;
    im[i1] = y1i;
    re[i2] = y2r;
    im[i2] = y2i;
    re[i3] = y3r;
    im[i3] = y3i;
  }
}

/**
 * The last inverse stage, radix 4, with unweighting, rounding and carrying: its 4 outputs are digits
 * of 4 sections of the number, each carried by its own chain, so the chains run side by side.
 */
export function inverseCarry4(plan: IbdwtPlan, to: Float64Array, addend: number): number {
  const { re, im, unweight, base, inverseBase } = plan;
  const stage = plan.fft.stages[0]!;
  const m = stage.m;
  const tw = stage.twiddles;
  let roundoff = 0;
  let largest = 0;
  let high0 = 0;
  let high1 = 0;
  let high2 = 0;
  let high3 = 0;
  for (let j = 0; j < m; j += 1) {
    const i0 = j;
    const i1 = i0 + m;
    const i2 = i1 + m;
    const i3 = i2 + m;
    const a0r = re[i0]!;
    const a0i = im[i0]!;
    let a1r = re[i1]!;
    let a1i = im[i1]!;
    let a2r = re[i2]!;
    let a2i = im[i2]!;
    let a3r = re[i3]!;
    let a3i = im[i3]!;
    const k = 6 * j;
    let wr = tw[k]!;
    let wi = tw[k + 1]!;
    let t = a1r * wr + a1i * wi;
    a1i = a1i * wr - a1r * wi;
    a1r = t;
    wr = tw[k + 2]!;
    wi = tw[k + 3]!;
    t = a2r * wr + a2i * wi;
    a2i = a2i * wr - a2r * wi;
    a2r = t;
    wr = tw[k + 4]!;
    wi = tw[k + 5]!;
    t = a3r * wr + a3i * wi;
    a3i = a3i * wr - a3r * wi;
    a3r = t;
    const u0r = a0r + a2r;
    const u0i = a0i + a2i;
    const u1r = a0r - a2r;
    const u1i = a0i - a2i;
    const u2r = a1r + a3r;
    const u2i = a1i + a3i;
    const u3r = a3i - a1i;
    const u3i = a1r - a3r;
    const y0r = u0r + u2r;
    const y0i = u0i + u2i;
    const y1r = u1r + u3r;
    const y1i = u1i + u3i;
    const y2r = u0r - u2r;
    const y2i = u0i - u2i;
    const y3r = u1r - u3r;
    const y3i = u1i - u3i;
    let y = y0r * unweight[2 * i0]!;
    let r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    let v = r + high0;
    high0 = v * inverseBase[2 * i0]! + ROUND - ROUND;
    to[2 * i0] = v - high0 * base[2 * i0]!;
    y = y0i * unweight[2 * i0 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high0;
    high0 = v * inverseBase[2 * i0 + 1]! + ROUND - ROUND;
    to[2 * i0 + 1] = v - high0 * base[2 * i0 + 1]!;
    y = y1r * unweight[2 * i1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high1;
    high1 = v * inverseBase[2 * i1]! + ROUND - ROUND;
    to[2 * i1] = v - high1 * base[2 * i1]!;
    y = y1i * unweight[2 * i1 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high1;
    high1 = v * inverseBase[2 * i1 + 1]! + ROUND - ROUND;
    to[2 * i1 + 1] = v - high1 * base[2 * i1 + 1]!;
    y = y2r * unweight[2 * i2]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high2;
    high2 = v * inverseBase[2 * i2]! + ROUND - ROUND;
    to[2 * i2] = v - high2 * base[2 * i2]!;
    y = y2i * unweight[2 * i2 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high2;
    high2 = v * inverseBase[2 * i2 + 1]! + ROUND - ROUND;
    to[2 * i2 + 1] = v - high2 * base[2 * i2 + 1]!;
    y = y3r * unweight[2 * i3]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high3;
    high3 = v * inverseBase[2 * i3]! + ROUND - ROUND;
    to[2 * i3] = v - high3 * base[2 * i3]!;
    y = y3i * unweight[2 * i3 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high3;
    high3 = v * inverseBase[2 * i3 + 1]! + ROUND - ROUND;
    to[2 * i3 + 1] = v - high3 * base[2 * i3 + 1]!;
  }
  // NaN fails every comparison: ask for what must hold rather than for what must not.
  if (!(largest < MAX_MAGNITUDE && roundoff < 0.5)) return Infinity;
  propagate(plan, to, 2 * m, high0);
  propagate(plan, to, 4 * m, high1);
  propagate(plan, to, 6 * m, high2);
  propagate(plan, to, 0, high3 + addend);
  return roundoff;
}

/** The first forward stage, radix 5, reading the digits and weighting them on the way. */
export function weightedForward5(plan: IbdwtPlan, from: Float64Array): void {
  const { re, im, weight } = plan;
  const stage = plan.fft.stages[0]!;
  const m = stage.m;
  const tw = stage.twiddles;
  for (let j = 0; j < m; j += 1) {
    const i0 = j;
    const i1 = i0 + m;
    const i2 = i1 + m;
    const i3 = i2 + m;
    const i4 = i3 + m;
    const a0r = from[2 * i0]! * weight[2 * i0]!;
    const a0i = from[2 * i0 + 1]! * weight[2 * i0 + 1]!;
    const a1r = from[2 * i1]! * weight[2 * i1]!;
    const a1i = from[2 * i1 + 1]! * weight[2 * i1 + 1]!;
    const a2r = from[2 * i2]! * weight[2 * i2]!;
    const a2i = from[2 * i2 + 1]! * weight[2 * i2 + 1]!;
    const a3r = from[2 * i3]! * weight[2 * i3]!;
    const a3i = from[2 * i3 + 1]! * weight[2 * i3 + 1]!;
    const a4r = from[2 * i4]! * weight[2 * i4]!;
    const a4i = from[2 * i4 + 1]! * weight[2 * i4 + 1]!;
    const s1r = a1r + a4r;
    const s1i = a1i + a4i;
    const s2r = a2r + a3r;
    const s2i = a2i + a3i;
    const d1r = a1r - a4r;
    const d1i = a1i - a4i;
    const d2r = a2r - a3r;
    const d2i = a2i - a3i;
    const p1r = a0r + C1 * s1r + C2 * s2r;
    const p1i = a0i + C1 * s1i + C2 * s2i;
    const p2r = a0r + C2 * s1r + C1 * s2r;
    const p2i = a0i + C2 * s1i + C1 * s2i;
    const q1r = S1 * d1r + S2 * d2r;
    const q1i = S1 * d1i + S2 * d2i;
    const q2r = S2 * d1r - S1 * d2r;
    const q2i = S2 * d1i - S1 * d2i;
    const y0r = a0r + s1r + s2r;
    const y0i = a0i + s1i + s2i;
    let y1r = p1r + q1i;
    let y1i = p1i - q1r;
    let y4r = p1r - q1i;
    let y4i = p1i + q1r;
    let y2r = p2r + q2i;
    let y2i = p2i - q2r;
    let y3r = p2r - q2i;
    let y3i = p2i + q2r;
    const k = 8 * j;
    let wr = tw[k]!;
    let wi = tw[k + 1]!;
    let t = y1r * wr - y1i * wi;
    y1i = y1r * wi + y1i * wr;
    y1r = t;
    wr = tw[k + 2]!;
    wi = tw[k + 3]!;
    t = y2r * wr - y2i * wi;
    y2i = y2r * wi + y2i * wr;
    y2r = t;
    wr = tw[k + 4]!;
    wi = tw[k + 5]!;
    t = y3r * wr - y3i * wi;
    y3i = y3r * wi + y3i * wr;
    y3r = t;
    wr = tw[k + 6]!;
    wi = tw[k + 7]!;
    t = y4r * wr - y4i * wi;
    y4i = y4r * wi + y4i * wr;
    y4r = t;
    re[i0] = y0r;
    im[i0] = y0i;
    re[i1] = y1r;
    im[i1] = y1i;
    re[i2] = y2r;
    im[i2] = y2i;
    re[i3] = y3r;
    im[i3] = y3i;
    re[i4] = y4r;
    im[i4] = y4i;
  }
}

/**
 * The last inverse stage, radix 5, with unweighting, rounding and carrying: its 5 outputs are digits
 * of 5 sections of the number, each carried by its own chain, so the chains run side by side.
 */
export function inverseCarry5(plan: IbdwtPlan, to: Float64Array, addend: number): number {
  const { re, im, unweight, base, inverseBase } = plan;
  const stage = plan.fft.stages[0]!;
  const m = stage.m;
  const tw = stage.twiddles;
  let roundoff = 0;
  let largest = 0;
  let high0 = 0;
  let high1 = 0;
  let high2 = 0;
  let high3 = 0;
  let high4 = 0;
  for (let j = 0; j < m; j += 1) {
    const i0 = j;
    const i1 = i0 + m;
    const i2 = i1 + m;
    const i3 = i2 + m;
    const i4 = i3 + m;
    const a0r = re[i0]!;
    const a0i = im[i0]!;
    let a1r = re[i1]!;
    let a1i = im[i1]!;
    let a2r = re[i2]!;
    let a2i = im[i2]!;
    let a3r = re[i3]!;
    let a3i = im[i3]!;
    let a4r = re[i4]!;
    let a4i = im[i4]!;
    const k = 8 * j;
    let wr = tw[k]!;
    let wi = tw[k + 1]!;
    let t = a1r * wr + a1i * wi;
    a1i = a1i * wr - a1r * wi;
    a1r = t;
    wr = tw[k + 2]!;
    wi = tw[k + 3]!;
    t = a2r * wr + a2i * wi;
    a2i = a2i * wr - a2r * wi;
    a2r = t;
    wr = tw[k + 4]!;
    wi = tw[k + 5]!;
    t = a3r * wr + a3i * wi;
    a3i = a3i * wr - a3r * wi;
    a3r = t;
    wr = tw[k + 6]!;
    wi = tw[k + 7]!;
    t = a4r * wr + a4i * wi;
    a4i = a4i * wr - a4r * wi;
    a4r = t;
    const s1r = a1r + a4r;
    const s1i = a1i + a4i;
    const s2r = a2r + a3r;
    const s2i = a2i + a3i;
    const d1r = a1r - a4r;
    const d1i = a1i - a4i;
    const d2r = a2r - a3r;
    const d2i = a2i - a3i;
    const p1r = a0r + C1 * s1r + C2 * s2r;
    const p1i = a0i + C1 * s1i + C2 * s2i;
    const p2r = a0r + C2 * s1r + C1 * s2r;
    const p2i = a0i + C2 * s1i + C1 * s2i;
    const q1r = S1 * d1r + S2 * d2r;
    const q1i = S1 * d1i + S2 * d2i;
    const q2r = S2 * d1r - S1 * d2r;
    const q2i = S2 * d1i - S1 * d2i;
    const y0r = a0r + s1r + s2r;
    const y0i = a0i + s1i + s2i;
    const y1r = p1r - q1i;
    const y1i = p1i + q1r;
    const y4r = p1r + q1i;
    const y4i = p1i - q1r;
    const y2r = p2r - q2i;
    const y2i = p2i + q2r;
    const y3r = p2r + q2i;
    const y3i = p2i - q2r;
    let y = y0r * unweight[2 * i0]!;
    let r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    let v = r + high0;
    high0 = v * inverseBase[2 * i0]! + ROUND - ROUND;
    to[2 * i0] = v - high0 * base[2 * i0]!;
    y = y0i * unweight[2 * i0 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high0;
    high0 = v * inverseBase[2 * i0 + 1]! + ROUND - ROUND;
    to[2 * i0 + 1] = v - high0 * base[2 * i0 + 1]!;
    y = y1r * unweight[2 * i1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high1;
    high1 = v * inverseBase[2 * i1]! + ROUND - ROUND;
    to[2 * i1] = v - high1 * base[2 * i1]!;
    y = y1i * unweight[2 * i1 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high1;
    high1 = v * inverseBase[2 * i1 + 1]! + ROUND - ROUND;
    to[2 * i1 + 1] = v - high1 * base[2 * i1 + 1]!;
    y = y2r * unweight[2 * i2]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high2;
    high2 = v * inverseBase[2 * i2]! + ROUND - ROUND;
    to[2 * i2] = v - high2 * base[2 * i2]!;
    y = y2i * unweight[2 * i2 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high2;
    high2 = v * inverseBase[2 * i2 + 1]! + ROUND - ROUND;
    to[2 * i2 + 1] = v - high2 * base[2 * i2 + 1]!;
    y = y3r * unweight[2 * i3]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high3;
    high3 = v * inverseBase[2 * i3]! + ROUND - ROUND;
    to[2 * i3] = v - high3 * base[2 * i3]!;
    y = y3i * unweight[2 * i3 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high3;
    high3 = v * inverseBase[2 * i3 + 1]! + ROUND - ROUND;
    to[2 * i3 + 1] = v - high3 * base[2 * i3 + 1]!;
    y = y4r * unweight[2 * i4]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high4;
    high4 = v * inverseBase[2 * i4]! + ROUND - ROUND;
    to[2 * i4] = v - high4 * base[2 * i4]!;
    y = y4i * unweight[2 * i4 + 1]!;
    r = y + ROUND - ROUND;
    roundoff = Math.max(roundoff, Math.abs(y - r));
    largest = Math.max(largest, Math.abs(r));
    v = r + high4;
    high4 = v * inverseBase[2 * i4 + 1]! + ROUND - ROUND;
    to[2 * i4 + 1] = v - high4 * base[2 * i4 + 1]!;
  }
  // NaN fails every comparison: ask for what must hold rather than for what must not.
  if (!(largest < MAX_MAGNITUDE && roundoff < 0.5)) return Infinity;
  propagate(plan, to, 2 * m, high0);
  propagate(plan, to, 4 * m, high1);
  propagate(plan, to, 6 * m, high2);
  propagate(plan, to, 8 * m, high3);
  propagate(plan, to, 0, high4 + addend);
  return roundoff;
}

/** Adds a carry into digit `from` and propagates it until it is spent, from the top digit into digit 0. */
export function propagate(plan: IbdwtPlan, to: Float64Array, from: number, carryIn: number): void {
  const { base, inverseBase, digits } = plan;
  let high = carryIn;
  for (let j = from; high !== 0; j = j + 1 === digits ? 0 : j + 1) {
    const v = to[j]! + high;
    high = v * inverseBase[j]! + ROUND - ROUND;
    to[j] = v - high * base[j]!;
  }
}
