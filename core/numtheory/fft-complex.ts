/**
 * An in-place complex FFT on Float64Arrays (real and imaginary parts apart), of any length
 * 2^a·3^b·5^c, with no bit-reversal pass: the forward transform is decimation in frequency and
 * leaves its output in digit-reversed order; the inverse is decimation in time, takes that order and
 * gives its output in natural order. Between the two, a caller works on each frequency where
 * `position[k]` says it lies. Made for squaring by convolution, where the order in between does not
 * matter; every twiddle factor is computed once, directly by cos and sin (no recurrence), for
 * accuracy.
 *
 * A stage of radix r over blocks of length L = r·m takes the r values x[s + j + t·m] (t < r) of each
 * block, transforms them (a DFT of length r), multiplies output u by W_L^(j·u), W_L = e^(−2πi/L),
 * and puts it at s + j + u·m. Frequency k = u₁ + r₁(u₂ + r₂(u₃ + …)) then ends at
 * Σ uᵢ·mᵢ (see the derivation in the comment of `fftPlan`).
 */

export type Radix = 2 | 3 | 4 | 5 | 8;

export interface FftStage {
  radix: Radix;
  /** Block length over the radix: the distance between the values one butterfly takes. */
  m: number;
  /** W_L^(j·u) for j < m, u = 1 … r − 1, as re, im pairs, u fastest; empty when m = 1. */
  twiddles: Float64Array;
}

export interface FftPlan {
  n: number;
  stages: FftStage[];
  /** position[k]: where the forward transform leaves frequency k. */
  position: Int32Array;
}

/**
 * The radices of n, odd ones first, then fours, and an eight last when a two is left over (a last stage
 * has no twiddles, and one pass of eight costs less than a pass of four and one of two); null when n
 * has a prime factor above 5.
 */
export function radicesOf(n: number): Radix[] | null {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const odd: Radix[] = [];
  let rest = n;
  for (const r of [5, 3] as const) {
    while (rest % r === 0) {
      odd.push(r);
      rest /= r;
    }
  }
  let twos = 0;
  while (rest % 2 === 0) {
    twos += 1;
    rest /= 2;
  }
  if (rest !== 1) return null;
  if (twos === 1) return [...odd, 2];
  const fours: Radix[] = Array.from({ length: Math.floor(twos / 2) }, () => 4);
  if (twos % 2 === 1) fours[fours.length - 1] = 8;
  return [...odd, ...fours];
}

/**
 * The plan of a transform of length n. Stage i works on blocks of length Lᵢ = n / (r₁⋯r_{i−1}). After
 * the first stage, the subsequence at u₁·m₁ … u₁·m₁ + m₁ − 1 is Σ_t a[j + t·m₁] W_r₁^(t·u₁) W_n^(j·u₁),
 * whose DFT of length m₁ at k′ is X[u₁ + r₁·k′]: so position(k) = (k mod r₁)·m₁ + position′(⌊k / r₁⌋).
 */
export function fftPlan(n: number): FftPlan {
  const radices = radicesOf(n);
  if (radices === null) throw new RangeError(`no FFT plan for length ${n}: it must be 2^a·3^b·5^c`);
  const stages: FftStage[] = [];
  let length = n;
  for (const radix of radices) {
    const m = length / radix;
    const twiddles = new Float64Array(m > 1 ? 2 * m * (radix - 1) : 0);
    if (m > 1) {
      for (let j = 0; j < m; j += 1) {
        for (let u = 1; u < radix; u += 1) {
          // The angle reduced mod L first keeps it small, so cos and sin are as exact as they get.
          const angle = (-2 * Math.PI * ((j * u) % length)) / length;
          const at = 2 * (j * (radix - 1) + u - 1);
          twiddles[at] = Math.cos(angle);
          twiddles[at + 1] = Math.sin(angle);
        }
      }
    }
    stages.push({ radix, m, twiddles });
    length = m;
  }
  const position = new Int32Array(n);
  for (let k = 0; k < n; k += 1) {
    let rest = k;
    let at = 0;
    for (const stage of stages) {
      at += (rest % stage.radix) * stage.m;
      rest = Math.floor(rest / stage.radix);
    }
    position[k] = at;
  }
  return { n, stages, position };
}

/**
 * The forward transform X_k = Σ x_j e^(−2πijk/n), in place, X_k left at position[k]; from stage `first`
 * on when a caller has done the ones before itself.
 */
export function fftForward(plan: FftPlan, re: Float64Array, im: Float64Array, first = 0): void {
  const n = plan.n;
  for (let i = first; i < plan.stages.length; i += 1) {
    const stage = plan.stages[i]!;
    switch (stage.radix) {
      case 4:
        if (stage.m === 1) forward4Plain(re, im, n);
        else forward4(re, im, n, stage.m, stage.twiddles);
        break;
      case 8:
        if (stage.m !== 1) throw new RangeError("a radix-8 stage is only ever the last");
        forward8Plain(re, im, n);
        break;
      case 2:
        forward2(re, im, n, stage.m, stage.twiddles);
        break;
      case 3:
        forward3(re, im, n, stage.m, stage.twiddles);
        break;
      case 5:
        forward5(re, im, n, stage.m, stage.twiddles);
        break;
    }
  }
}

/**
 * The inverse transform without the 1/n: x_j·n = Σ X_k e^(+2πijk/n), X_k read at position[k]; down to
 * stage `last` only when a caller does the ones before it itself.
 */
export function fftInverse(plan: FftPlan, re: Float64Array, im: Float64Array, last = 0): void {
  const n = plan.n;
  for (let i = plan.stages.length - 1; i >= last; i -= 1) {
    const stage = plan.stages[i]!;
    switch (stage.radix) {
      case 4:
        if (stage.m === 1) inverse4Plain(re, im, n);
        else inverse4(re, im, n, stage.m, stage.twiddles);
        break;
      case 8:
        if (stage.m !== 1) throw new RangeError("a radix-8 stage is only ever the last");
        inverse8Plain(re, im, n);
        break;
      case 2:
        inverse2(re, im, n, stage.m, stage.twiddles);
        break;
      case 3:
        inverse3(re, im, n, stage.m, stage.twiddles);
        break;
      case 5:
        inverse5(re, im, n, stage.m, stage.twiddles);
        break;
    }
  }
}

function forward2(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 2 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const ar = re[i0]!;
      const ai = im[i0]!;
      const br = re[i1]!;
      const bi = im[i1]!;
      re[i0] = ar + br;
      im[i0] = ai + bi;
      const dr = ar - br;
      const di = ai - bi;
      if (m === 1) {
        re[i1] = dr;
        im[i1] = di;
      } else {
        const wr = tw[2 * j]!;
        const wi = tw[2 * j + 1]!;
        re[i1] = dr * wr - di * wi;
        im[i1] = dr * wi + di * wr;
      }
    }
  }
}

function inverse2(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 2 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const ar = re[i0]!;
      const ai = im[i0]!;
      let br = re[i1]!;
      let bi = im[i1]!;
      if (m !== 1) {
        const wr = tw[2 * j]!;
        const wi = tw[2 * j + 1]!;
        const tr = br * wr + bi * wi;
        bi = bi * wr - br * wi;
        br = tr;
      }
      re[i0] = ar + br;
      im[i0] = ai + bi;
      re[i1] = ar - br;
      im[i1] = ai - bi;
    }
  }
}

/** Radix 4 without twiddles (the last forward stage). */
function forward4Plain(re: Float64Array, im: Float64Array, n: number): void {
  for (let i0 = 0; i0 < n; i0 += 4) {
    const a0r = re[i0]!;
    const a0i = im[i0]!;
    const a1r = re[i0 + 1]!;
    const a1i = im[i0 + 1]!;
    const a2r = re[i0 + 2]!;
    const a2i = im[i0 + 2]!;
    const a3r = re[i0 + 3]!;
    const a3i = im[i0 + 3]!;
    const t0r = a0r + a2r;
    const t0i = a0i + a2i;
    const t1r = a0r - a2r;
    const t1i = a0i - a2i;
    const t2r = a1r + a3r;
    const t2i = a1i + a3i;
    // −i·(a1 − a3)
    const t3r = a1i - a3i;
    const t3i = a3r - a1r;
    re[i0] = t0r + t2r;
    im[i0] = t0i + t2i;
    re[i0 + 1] = t1r + t3r;
    im[i0 + 1] = t1i + t3i;
    re[i0 + 2] = t0r - t2r;
    im[i0 + 2] = t0i - t2i;
    re[i0 + 3] = t1r - t3r;
    im[i0 + 3] = t1i - t3i;
  }
}

function forward4(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 4 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const i2 = i1 + m;
      const i3 = i2 + m;
      const a0r = re[i0]!;
      const a0i = im[i0]!;
      const a1r = re[i1]!;
      const a1i = im[i1]!;
      const a2r = re[i2]!;
      const a2i = im[i2]!;
      const a3r = re[i3]!;
      const a3i = im[i3]!;
      const t0r = a0r + a2r;
      const t0i = a0i + a2i;
      const t1r = a0r - a2r;
      const t1i = a0i - a2i;
      const t2r = a1r + a3r;
      const t2i = a1i + a3i;
      const t3r = a1i - a3i;
      const t3i = a3r - a1r;
      re[i0] = t0r + t2r;
      im[i0] = t0i + t2i;
      const k = 6 * j;
      const w1r = tw[k]!;
      const w1i = tw[k + 1]!;
      const w2r = tw[k + 2]!;
      const w2i = tw[k + 3]!;
      const w3r = tw[k + 4]!;
      const w3i = tw[k + 5]!;
      let xr = t1r + t3r;
      let xi = t1i + t3i;
      re[i1] = xr * w1r - xi * w1i;
      im[i1] = xr * w1i + xi * w1r;
      xr = t0r - t2r;
      xi = t0i - t2i;
      re[i2] = xr * w2r - xi * w2i;
      im[i2] = xr * w2i + xi * w2r;
      xr = t1r - t3r;
      xi = t1i - t3i;
      re[i3] = xr * w3r - xi * w3i;
      im[i3] = xr * w3i + xi * w3r;
    }
  }
}

function inverse4Plain(re: Float64Array, im: Float64Array, n: number): void {
  for (let i0 = 0; i0 < n; i0 += 4) {
    const b0r = re[i0]!;
    const b0i = im[i0]!;
    const b1r = re[i0 + 1]!;
    const b1i = im[i0 + 1]!;
    const b2r = re[i0 + 2]!;
    const b2i = im[i0 + 2]!;
    const b3r = re[i0 + 3]!;
    const b3i = im[i0 + 3]!;
    const u0r = b0r + b2r;
    const u0i = b0i + b2i;
    const u1r = b0r - b2r;
    const u1i = b0i - b2i;
    const u2r = b1r + b3r;
    const u2i = b1i + b3i;
    // +i·(b1 − b3)
    const u3r = b3i - b1i;
    const u3i = b1r - b3r;
    re[i0] = u0r + u2r;
    im[i0] = u0i + u2i;
    re[i0 + 1] = u1r + u3r;
    im[i0 + 1] = u1i + u3i;
    re[i0 + 2] = u0r - u2r;
    im[i0 + 2] = u0i - u2i;
    re[i0 + 3] = u1r - u3r;
    im[i0 + 3] = u1i - u3i;
  }
}

function inverse4(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 4 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const i2 = i1 + m;
      const i3 = i2 + m;
      const k = 6 * j;
      const w1r = tw[k]!;
      const w1i = tw[k + 1]!;
      const w2r = tw[k + 2]!;
      const w2i = tw[k + 3]!;
      const w3r = tw[k + 4]!;
      const w3i = tw[k + 5]!;
      const b0r = re[i0]!;
      const b0i = im[i0]!;
      let xr = re[i1]!;
      let xi = im[i1]!;
      const b1r = xr * w1r + xi * w1i;
      const b1i = xi * w1r - xr * w1i;
      xr = re[i2]!;
      xi = im[i2]!;
      const b2r = xr * w2r + xi * w2i;
      const b2i = xi * w2r - xr * w2i;
      xr = re[i3]!;
      xi = im[i3]!;
      const b3r = xr * w3r + xi * w3i;
      const b3i = xi * w3r - xr * w3i;
      const u0r = b0r + b2r;
      const u0i = b0i + b2i;
      const u1r = b0r - b2r;
      const u1i = b0i - b2i;
      const u2r = b1r + b3r;
      const u2i = b1i + b3i;
      const u3r = b3i - b1i;
      const u3i = b1r - b3r;
      re[i0] = u0r + u2r;
      im[i0] = u0i + u2i;
      re[i1] = u1r + u3r;
      im[i1] = u1i + u3i;
      re[i2] = u0r - u2r;
      im[i2] = u0i - u2i;
      re[i3] = u1r - u3r;
      im[i3] = u1i - u3i;
    }
  }
}

/** sin(2π/3): the DFT of length 3 is a0 + a1 + a2 and a0 − (a1 + a2)/2 ∓ i·sin(2π/3)·(a1 − a2). */
const SIN3 = Math.sin((2 * Math.PI) / 3);

function forward3(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 3 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const i2 = i1 + m;
      const a0r = re[i0]!;
      const a0i = im[i0]!;
      const a1r = re[i1]!;
      const a1i = im[i1]!;
      const a2r = re[i2]!;
      const a2i = im[i2]!;
      const sr = a1r + a2r;
      const si = a1i + a2i;
      const cr = a0r - 0.5 * sr;
      const ci = a0i - 0.5 * si;
      // −i·sin(2π/3)·(a1 − a2)
      const dr = SIN3 * (a1i - a2i);
      const di = SIN3 * (a2r - a1r);
      re[i0] = a0r + sr;
      im[i0] = a0i + si;
      let y1r = cr + dr;
      let y1i = ci + di;
      let y2r = cr - dr;
      let y2i = ci - di;
      if (m > 1) {
        const k = 4 * j;
        const w1r = tw[k]!;
        const w1i = tw[k + 1]!;
        const w2r = tw[k + 2]!;
        const w2i = tw[k + 3]!;
        const t1 = y1r * w1r - y1i * w1i;
        y1i = y1r * w1i + y1i * w1r;
        y1r = t1;
        const t2 = y2r * w2r - y2i * w2i;
        y2i = y2r * w2i + y2i * w2r;
        y2r = t2;
      }
      re[i1] = y1r;
      im[i1] = y1i;
      re[i2] = y2r;
      im[i2] = y2i;
    }
  }
}

function inverse3(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 3 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const i2 = i1 + m;
      const a0r = re[i0]!;
      const a0i = im[i0]!;
      let a1r = re[i1]!;
      let a1i = im[i1]!;
      let a2r = re[i2]!;
      let a2i = im[i2]!;
      if (m > 1) {
        const k = 4 * j;
        const w1r = tw[k]!;
        const w1i = tw[k + 1]!;
        const w2r = tw[k + 2]!;
        const w2i = tw[k + 3]!;
        const t1 = a1r * w1r + a1i * w1i;
        a1i = a1i * w1r - a1r * w1i;
        a1r = t1;
        const t2 = a2r * w2r + a2i * w2i;
        a2i = a2i * w2r - a2r * w2i;
        a2r = t2;
      }
      const sr = a1r + a2r;
      const si = a1i + a2i;
      const cr = a0r - 0.5 * sr;
      const ci = a0i - 0.5 * si;
      // +i·sin(2π/3)·(a1 − a2)
      const dr = SIN3 * (a2i - a1i);
      const di = SIN3 * (a1r - a2r);
      re[i0] = a0r + sr;
      im[i0] = a0i + si;
      re[i1] = cr + dr;
      im[i1] = ci + di;
      re[i2] = cr - dr;
      im[i2] = ci - di;
    }
  }
}

/*
 * The DFT of length 5 with ω = e^(∓2πi/5): with s1 = a1 + a4, s2 = a2 + a3, d1 = a1 − a4, d2 = a2 − a3,
 *   y0 = a0 + s1 + s2,
 *   y1, y4 = a0 + c1·s1 + c2·s2 ∓ i(±)(S1·d1 + S2·d2),
 *   y2, y3 = a0 + c2·s1 + c1·s2 ∓ i(±)(S2·d1 − S1·d2),
 * where c_k = cos(2πk/5), S_k = sin(2πk/5); the forward sign is −i for y1 and y2, +i for y4 and y3,
 * and the other way round for the inverse.
 */
const C1 = Math.cos((2 * Math.PI) / 5);
const C2 = Math.cos((4 * Math.PI) / 5);
const S1 = Math.sin((2 * Math.PI) / 5);
const S2 = Math.sin((4 * Math.PI) / 5);

function forward5(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 5 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
      const i1 = i0 + m;
      const i2 = i1 + m;
      const i3 = i2 + m;
      const i4 = i3 + m;
      const a0r = re[i0]!;
      const a0i = im[i0]!;
      const a1r = re[i1]!;
      const a1i = im[i1]!;
      const a2r = re[i2]!;
      const a2i = im[i2]!;
      const a3r = re[i3]!;
      const a3i = im[i3]!;
      const a4r = re[i4]!;
      const a4i = im[i4]!;
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
      re[i0] = a0r + s1r + s2r;
      im[i0] = a0i + s1i + s2i;
      // y1 = p1 − i·q1, y4 = p1 + i·q1, y2 = p2 − i·q2, y3 = p2 + i·q2.
      let y1r = p1r + q1i;
      let y1i = p1i - q1r;
      let y4r = p1r - q1i;
      let y4i = p1i + q1r;
      let y2r = p2r + q2i;
      let y2i = p2i - q2r;
      let y3r = p2r - q2i;
      let y3i = p2i + q2r;
      if (m > 1) {
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
      }
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
}

function inverse5(re: Float64Array, im: Float64Array, n: number, m: number, tw: Float64Array): void {
  const length = 5 * m;
  for (let s = 0; s < n; s += length) {
    for (let j = 0; j < m; j += 1) {
      const i0 = s + j;
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
      if (m > 1) {
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
      }
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
      re[i0] = a0r + s1r + s2r;
      im[i0] = a0i + s1i + s2i;
      // The conjugate root: y1 = p1 + i·q1, y4 = p1 − i·q1, y2 = p2 + i·q2, y3 = p2 − i·q2.
      re[i1] = p1r - q1i;
      im[i1] = p1i + q1r;
      re[i4] = p1r + q1i;
      im[i4] = p1i - q1r;
      re[i2] = p2r - q2i;
      im[i2] = p2i + q2r;
      re[i3] = p2r + q2i;
      im[i3] = p2i - q2r;
    }
  }
}

const HALF_SQRT2 = Math.SQRT1_2;

/**
 * Radix 8 without twiddles (the last forward stage): with b_t = a_t + a_{t+4} and
 * c_t = (a_t − a_{t+4})·ω^t (ω = e^(−2πi/8), t < 4), y_{2v} is the DFT of length 4 of b and y_{2v+1}
 * that of c.
 */
function forward8Plain(re: Float64Array, im: Float64Array, n: number): void {
  for (let i = 0; i < n; i += 8) {
    const a0r = re[i]!;
    const a0i = im[i]!;
    const a1r = re[i + 1]!;
    const a1i = im[i + 1]!;
    const a2r = re[i + 2]!;
    const a2i = im[i + 2]!;
    const a3r = re[i + 3]!;
    const a3i = im[i + 3]!;
    const a4r = re[i + 4]!;
    const a4i = im[i + 4]!;
    const a5r = re[i + 5]!;
    const a5i = im[i + 5]!;
    const a6r = re[i + 6]!;
    const a6i = im[i + 6]!;
    const a7r = re[i + 7]!;
    const a7i = im[i + 7]!;
    const b0r = a0r + a4r;
    const b0i = a0i + a4i;
    const b1r = a1r + a5r;
    const b1i = a1i + a5i;
    const b2r = a2r + a6r;
    const b2i = a2i + a6i;
    const b3r = a3r + a7r;
    const b3i = a3i + a7i;
    const c0r = a0r - a4r;
    const c0i = a0i - a4i;
    // (x + iy)·(1 − i)/√2 = ((x + y) + i(y − x))/√2
    let xr = a1r - a5r;
    let xi = a1i - a5i;
    const c1r = HALF_SQRT2 * (xr + xi);
    const c1i = HALF_SQRT2 * (xi - xr);
    // ·(−i)
    const c2r = a2i - a6i;
    const c2i = a6r - a2r;
    // (x + iy)·(−1 − i)/√2 = ((y − x) − i(x + y))/√2
    xr = a3r - a7r;
    xi = a3i - a7i;
    const c3r = HALF_SQRT2 * (xi - xr);
    const c3i = -HALF_SQRT2 * (xr + xi);
    // DFT4 of b into y0, y2, y4, y6.
    let t0r = b0r + b2r;
    let t0i = b0i + b2i;
    let t1r = b0r - b2r;
    let t1i = b0i - b2i;
    let t2r = b1r + b3r;
    let t2i = b1i + b3i;
    let t3r = b1i - b3i;
    let t3i = b3r - b1r;
    re[i] = t0r + t2r;
    im[i] = t0i + t2i;
    re[i + 2] = t1r + t3r;
    im[i + 2] = t1i + t3i;
    re[i + 4] = t0r - t2r;
    im[i + 4] = t0i - t2i;
    re[i + 6] = t1r - t3r;
    im[i + 6] = t1i - t3i;
    // DFT4 of c into y1, y3, y5, y7.
    t0r = c0r + c2r;
    t0i = c0i + c2i;
    t1r = c0r - c2r;
    t1i = c0i - c2i;
    t2r = c1r + c3r;
    t2i = c1i + c3i;
    t3r = c1i - c3i;
    t3i = c3r - c1r;
    re[i + 1] = t0r + t2r;
    im[i + 1] = t0i + t2i;
    re[i + 3] = t1r + t3r;
    im[i + 3] = t1i + t3i;
    re[i + 5] = t0r - t2r;
    im[i + 5] = t0i - t2i;
    re[i + 7] = t1r - t3r;
    im[i + 7] = t1i - t3i;
  }
}

/** The inverse of `forward8Plain` (times 8): x_t = B_t + ω^(−t)·C_t, x_{t+4} = B_t − ω^(−t)·C_t. */
function inverse8Plain(re: Float64Array, im: Float64Array, n: number): void {
  for (let i = 0; i < n; i += 8) {
    // Inverse DFT4 of the even outputs: B.
    let y0r = re[i]!;
    let y0i = im[i]!;
    let y1r = re[i + 2]!;
    let y1i = im[i + 2]!;
    let y2r = re[i + 4]!;
    let y2i = im[i + 4]!;
    let y3r = re[i + 6]!;
    let y3i = im[i + 6]!;
    let u0r = y0r + y2r;
    let u0i = y0i + y2i;
    let u1r = y0r - y2r;
    let u1i = y0i - y2i;
    let u2r = y1r + y3r;
    let u2i = y1i + y3i;
    let u3r = y3i - y1i;
    let u3i = y1r - y3r;
    const b0r = u0r + u2r;
    const b0i = u0i + u2i;
    const b1r = u1r + u3r;
    const b1i = u1i + u3i;
    const b2r = u0r - u2r;
    const b2i = u0i - u2i;
    const b3r = u1r - u3r;
    const b3i = u1i - u3i;
    // Inverse DFT4 of the odd outputs: C.
    y0r = re[i + 1]!;
    y0i = im[i + 1]!;
    y1r = re[i + 3]!;
    y1i = im[i + 3]!;
    y2r = re[i + 5]!;
    y2i = im[i + 5]!;
    y3r = re[i + 7]!;
    y3i = im[i + 7]!;
    u0r = y0r + y2r;
    u0i = y0i + y2i;
    u1r = y0r - y2r;
    u1i = y0i - y2i;
    u2r = y1r + y3r;
    u2i = y1i + y3i;
    u3r = y3i - y1i;
    u3i = y1r - y3r;
    const c0r = u0r + u2r;
    const c0i = u0i + u2i;
    let xr = u1r + u3r;
    let xi = u1i + u3i;
    // ·(1 + i)/√2
    const c1r = HALF_SQRT2 * (xr - xi);
    const c1i = HALF_SQRT2 * (xr + xi);
    // (u0 − u2)·i
    const c2r = u2i - u0i;
    const c2i = u0r - u2r;
    xr = u1r - u3r;
    xi = u1i - u3i;
    // ·(−1 + i)/√2
    const c3r = -HALF_SQRT2 * (xr + xi);
    const c3i = HALF_SQRT2 * (xr - xi);
    re[i] = b0r + c0r;
    im[i] = b0i + c0i;
    re[i + 4] = b0r - c0r;
    im[i + 4] = b0i - c0i;
    re[i + 1] = b1r + c1r;
    im[i + 1] = b1i + c1i;
    re[i + 5] = b1r - c1r;
    im[i + 5] = b1i - c1i;
    re[i + 2] = b2r + c2r;
    im[i + 2] = b2i + c2i;
    re[i + 6] = b2r - c2r;
    im[i + 6] = b2i - c2i;
    re[i + 3] = b3r + c3r;
    im[i + 3] = b3i + c3i;
    re[i + 7] = b3r - c3r;
    im[i + 7] = b3i - c3i;
  }
}
