/**
 * Complex functions on the principal branch, written for domain colouring. Values live in a
 * register file (a Float64Array): a complex number at index k is r[k] + i·r[k+1]. Each function
 * reads its arguments at the given indices and writes its result at `out`, so evaluating per pixel
 * allocates nothing (only typed-array elements and small-integer indices cross calls, never a
 * boxed double). Functions that need intermediate values use TEMPORARY_REGISTERS registers
 * from index `t`, handing the rest on to the functions they call. `out` may equal an argument.
 *
 * On the real axis (imaginary part exactly 0) each function returns Math's value wherever that is
 * real, so complex and real evaluation agree there; off the axis the standard formulas apply:
 * ln z = ln|z| + i·arg z with arg in (−π, π], sqrt with non-negative real part, z^w = exp(w ln z),
 * asinh z = ln(z + sqrt(z² + 1)), acosh z = ln(z + sqrt(z + 1)·sqrt(z − 1)),
 * atanh z = ½(ln(1 + z) − ln(1 − z)), asin z = −i asinh(iz), acos z = π/2 − asin z,
 * atan z = −i atanh(iz), tanh z = −i tan(iz).
 */

export type Registers = Float64Array;

/** Registers from `t` that the functions here may overwrite (the deepest chains, acos → asin → asinh and atan → atanh, use 6). */
export const TEMPORARY_REGISTERS = 6;

/** |Im z| beyond which tan z is ±i to double precision (cosh 2b would overflow soon after). */
const TAN_SATURATION = 20;

/** |a + bi| without overflow or underflow in between (Math.hypot would, but it boxes its arguments). */
function modulus(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  const big = x > y ? x : y;
  const small = x > y ? y : x;
  if (small === 0 || big === Infinity) return big;
  const ratio = small / big;
  return big * Math.sqrt(1 + ratio * ratio);
}

export function abs(r: Registers, z: number, out: number): void {
  r[out] = modulus(r[z]!, r[z + 1]!);
  r[out + 1] = 0;
}

/** z/|z|, and 0 at 0. */
export function sign(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  const m = modulus(a, b);
  r[out] = m === 0 ? 0 : a / m;
  r[out + 1] = m === 0 ? 0 : b / m;
}

export function negate(r: Registers, z: number, out: number): void {
  r[out] = -r[z]!;
  r[out + 1] = -r[z + 1]!;
}

export function add(r: Registers, z: number, w: number, out: number): void {
  r[out] = r[z]! + r[w]!;
  r[out + 1] = r[z + 1]! + r[w + 1]!;
}

export function subtract(r: Registers, z: number, w: number, out: number): void {
  r[out] = r[z]! - r[w]!;
  r[out + 1] = r[z + 1]! - r[w + 1]!;
}

export function multiply(r: Registers, z: number, w: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  const c = r[w]!;
  const d = r[w + 1]!;
  r[out] = a * c - b * d;
  r[out + 1] = a * d + b * c;
}

/** z / w by Smith's method (no overflow in c² + d²); a real quotient is Math's, so 1/0 = Infinity. */
export function divide(r: Registers, z: number, w: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  const c = r[w]!;
  const d = r[w + 1]!;
  if (d === 0) {
    r[out] = a / c;
    r[out + 1] = b === 0 ? 0 : b / c;
  } else if (Math.abs(c) >= Math.abs(d)) {
    const q = d / c;
    const den = c + d * q;
    r[out] = (a + b * q) / den;
    r[out + 1] = (b - a * q) / den;
  } else {
    const q = c / d;
    const den = d + c * q;
    r[out] = (a * q + b) / den;
    r[out + 1] = (b * q - a) / den;
  }
}

/** 1 / z. */
export function reciprocal(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0) {
    r[out] = 1 / a;
    r[out + 1] = 0;
  } else if (Math.abs(a) >= Math.abs(b)) {
    const q = b / a;
    const den = a + b * q;
    r[out] = 1 / den;
    r[out + 1] = -q / den;
  } else {
    const q = a / b;
    const den = b + a * q;
    r[out] = q / den;
    r[out + 1] = -1 / den;
  }
}

export function exp(r: Registers, z: number, out: number): void {
  const scale = Math.exp(r[z]!);
  const b = r[z + 1]!;
  r[out] = b === 0 ? scale : scale * Math.cos(b);
  r[out + 1] = b === 0 ? 0 : scale * Math.sin(b);
}

export function ln(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  const real = b === 0 && a > 0;
  r[out] = real ? Math.log(a) : Math.log(modulus(a, b));
  r[out + 1] = real ? 0 : Math.atan2(b, a);
}

export function log10(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  if (r[z + 1] === 0 && a > 0) {
    r[out] = Math.log10(a);
    r[out + 1] = 0;
  } else {
    ln(r, z, out);
    r[out] = r[out]! / Math.LN10;
    r[out + 1] = r[out + 1]! / Math.LN10;
  }
}

/** log_w z = ln z / ln w. */
export function logBase(r: Registers, z: number, w: number, out: number, t: number): void {
  ln(r, w, t);
  ln(r, z, out);
  divide(r, out, t, out);
}

export function sqrt(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0 && a >= 0) {
    r[out] = Math.sqrt(a);
    r[out + 1] = 0;
    return;
  }
  const m = modulus(a, b);
  const s = Math.sqrt((Math.abs(a) + m) / 2);
  // Below the real axis (including −0) the root lies below it too.
  const below = b < 0 || (b === 0 && 1 / b < 0);
  if (m === 0) {
    r[out] = 0;
    r[out + 1] = 0;
  } else if (a >= 0) {
    r[out] = s;
    r[out + 1] = b / (2 * s);
  } else {
    r[out] = Math.abs(b) / (2 * s);
    r[out + 1] = below ? -s : s;
  }
}

/** z^w on the principal branch; 0^w is 0 for Re w > 0, 1 for w = 0, undefined otherwise. */
export function pow(r: Registers, z: number, w: number, out: number, t: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  const c = r[w]!;
  const d = r[w + 1]!;
  if (b === 0 && d === 0 && (a > 0 || Number.isInteger(c))) {
    r[out] = Math.pow(a, c);
    r[out + 1] = 0;
  } else if (a === 0 && b === 0 && c > 0) {
    r[out] = 0;
    r[out + 1] = 0;
  } else if (a === 0 && b === 0 && c === 0 && d === 0) {
    r[out] = 1;
    r[out + 1] = 0;
  } else if (a === 0 && b === 0) {
    r[out] = NaN;
    r[out + 1] = NaN;
  } else {
    ln(r, z, t);
    const lnRe = r[t]!;
    const lnIm = r[t + 1]!;
    r[t] = c * lnRe - d * lnIm;
    r[t + 1] = c * lnIm + d * lnRe;
    exp(r, t, out);
  }
}

/** z^n for a whole n, by repeated squaring (exact for small integers, as real powers are). */
export function powInteger(r: Registers, z: number, n: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0) {
    r[out] = Math.pow(a, n);
    r[out + 1] = 0;
    return;
  }
  let resultRe = 1;
  let resultIm = 0;
  let baseRe = a;
  let baseIm = b;
  for (let k = Math.abs(n); k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) {
      const re = resultRe * baseRe - resultIm * baseIm;
      resultIm = resultRe * baseIm + resultIm * baseRe;
      resultRe = re;
    }
    const re = baseRe * baseRe - baseIm * baseIm;
    baseIm = 2 * baseRe * baseIm;
    baseRe = re;
  }
  r[out] = resultRe;
  r[out + 1] = resultIm;
  if (n < 0) reciprocal(r, out, out);
}

/** The principal n-th root z^(1/n); on the non-negative real axis with a real n, Math's. */
export function nthRoot(r: Registers, z: number, n: number, out: number, t: number): void {
  const a = r[z]!;
  const degree = r[n]!;
  if (degree === 0 && r[n + 1] === 0) {
    r[out] = NaN;
    r[out + 1] = NaN;
  } else if (r[z + 1] === 0 && a >= 0 && r[n + 1] === 0) {
    r[out] = Math.pow(a, 1 / degree);
    r[out + 1] = 0;
  } else {
    reciprocal(r, n, t);
    pow(r, z, t, out, t + 2);
  }
}

export function cbrt(r: Registers, z: number, out: number, t: number): void {
  const a = r[z]!;
  if (r[z + 1] === 0 && a >= 0) {
    r[out] = Math.cbrt(a);
    r[out + 1] = 0;
  } else {
    r[t] = 1 / 3;
    r[t + 1] = 0;
    pow(r, z, t, out, t + 2);
  }
}

export function sin(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  r[out] = b === 0 ? Math.sin(a) : Math.sin(a) * Math.cosh(b);
  r[out + 1] = b === 0 ? 0 : Math.cos(a) * Math.sinh(b);
}

export function cos(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  r[out] = b === 0 ? Math.cos(a) : Math.cos(a) * Math.cosh(b);
  r[out + 1] = b === 0 ? 0 : -Math.sin(a) * Math.sinh(b);
}

/** tan z = (sin 2a + i sinh 2b) / (cos 2a + cosh 2b). */
export function tan(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0) {
    r[out] = Math.tan(a);
    r[out + 1] = 0;
  } else if (Math.abs(b) > TAN_SATURATION) {
    r[out] = 2 * Math.sin(2 * a) * Math.exp(-2 * Math.abs(b));
    r[out + 1] = Math.sign(b);
  } else {
    const den = Math.cos(2 * a) + Math.cosh(2 * b);
    r[out] = Math.sin(2 * a) / den;
    r[out + 1] = Math.sinh(2 * b) / den;
  }
}

export function cot(r: Registers, z: number, out: number): void {
  tan(r, z, out);
  reciprocal(r, out, out);
}

export function sec(r: Registers, z: number, out: number): void {
  cos(r, z, out);
  reciprocal(r, out, out);
}

export function csc(r: Registers, z: number, out: number): void {
  sin(r, z, out);
  reciprocal(r, out, out);
}

export function sinh(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  r[out] = b === 0 ? Math.sinh(a) : Math.sinh(a) * Math.cos(b);
  r[out + 1] = b === 0 ? 0 : Math.cosh(a) * Math.sin(b);
}

export function cosh(r: Registers, z: number, out: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  r[out] = b === 0 ? Math.cosh(a) : Math.cosh(a) * Math.cos(b);
  r[out + 1] = b === 0 ? 0 : Math.sinh(a) * Math.sin(b);
}

/** i·z into t (for the identities that rotate their argument). */
function timesI(r: Registers, z: number, t: number): void {
  const a = r[z]!;
  r[t] = -r[z + 1]!;
  r[t + 1] = a;
}

/** −i·w into out. */
function timesMinusI(r: Registers, w: number, out: number): void {
  const a = r[w]!;
  r[out] = r[w + 1]!;
  r[out + 1] = -a;
}

export function tanh(r: Registers, z: number, out: number, t: number): void {
  if (r[z + 1] === 0) {
    r[out] = Math.tanh(r[z]!);
    r[out + 1] = 0;
    return;
  }
  timesI(r, z, t);
  tan(r, t, t);
  timesMinusI(r, t, out);
}

export function asinh(r: Registers, z: number, out: number, t: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0) {
    r[out] = Math.asinh(a);
    r[out + 1] = 0;
    return;
  }
  // asinh is odd: work in the right half-plane, where z + sqrt(z² + 1) does not cancel.
  const flip = a < 0;
  const x = flip ? -a : a;
  const y = flip ? -b : b;
  r[t] = x * x - y * y + 1;
  r[t + 1] = 2 * x * y;
  sqrt(r, t, t);
  r[t] = x + r[t]!;
  r[t + 1] = y + r[t + 1]!;
  ln(r, t, out);
  if (flip) negate(r, out, out);
}

export function asin(r: Registers, z: number, out: number, t: number): void {
  const a = r[z]!;
  if (r[z + 1] === 0 && Math.abs(a) <= 1) {
    r[out] = Math.asin(a);
    r[out + 1] = 0;
    return;
  }
  timesI(r, z, t);
  asinh(r, t, t, t + 2);
  timesMinusI(r, t, out);
}

export function acos(r: Registers, z: number, out: number, t: number): void {
  const a = r[z]!;
  if (r[z + 1] === 0 && Math.abs(a) <= 1) {
    r[out] = Math.acos(a);
    r[out + 1] = 0;
    return;
  }
  asin(r, z, t, t + 2);
  r[out] = Math.PI / 2 - r[t]!;
  r[out + 1] = -r[t + 1]!;
}

export function atanh(r: Registers, z: number, out: number, t: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0 && Math.abs(a) < 1) {
    r[out] = Math.atanh(a);
    r[out + 1] = 0;
    return;
  }
  r[t] = 1 + a;
  r[t + 1] = b;
  ln(r, t, t);
  r[t + 2] = 1 - a;
  r[t + 3] = -b;
  ln(r, t + 2, t + 2);
  r[out] = (r[t]! - r[t + 2]!) / 2;
  r[out + 1] = (r[t + 1]! - r[t + 3]!) / 2;
}

export function atan(r: Registers, z: number, out: number, t: number): void {
  if (r[z + 1] === 0) {
    r[out] = Math.atan(r[z]!);
    r[out + 1] = 0;
    return;
  }
  timesI(r, z, t);
  atanh(r, t, t, t + 2);
  timesMinusI(r, t, out);
}

export function acosh(r: Registers, z: number, out: number, t: number): void {
  const a = r[z]!;
  const b = r[z + 1]!;
  if (b === 0 && a >= 1) {
    r[out] = Math.acosh(a);
    r[out + 1] = 0;
    return;
  }
  r[t] = a + 1;
  r[t + 1] = b;
  sqrt(r, t, t);
  r[t + 2] = a - 1;
  r[t + 3] = b;
  sqrt(r, t + 2, t + 2);
  multiply(r, t, t + 2, t);
  r[t] = a + r[t]!;
  r[t + 1] = b + r[t + 1]!;
  ln(r, t, out);
}
