/**
 * Interval arithmetic for the plotter: each operation returns an enclosure of every value the
 * function takes on the box, rounded outward, with whether the function is defined on all, some or
 * none of the box and whether it may jump there. The plotter uses it to skip empty regions, find
 * implicit curves and locate asymptotes without missing thin features.
 *
 * Guarantees: [lo, hi] contains f(p) for every point p of the box where f is defined (an
 * overflow counts: its bound may be ±Infinity); "all" and "none" are certain, "some" may be
 * pessimistic (so may a `continuous: false`), and `continuous: true` means no jump and no pole.
 * A function that tends to ±Infinity only at the edge of its domain (ln at 0, sqrt has none) is
 * continuous; a division whose divisor may be 0 is not. Every computed bound is widened by
 * OUTWARD_MARGIN, which covers the rounding of + − × / and the ≤ 1 ulp error of Math's functions;
 * bounds that are exact (0 from x², 1 from cosh, integers from floor) are kept as they are.
 * Where defined is "none", lo and hi are NaN.
 */
import { factorial, gcd, lcm, LARGEST_FACTORIAL_ARGUMENT, nthRoot, roundHalfAway } from "./real-math";

export interface Interval {
  lo: number;
  hi: number;
  defined: "all" | "some" | "none";
  continuous: boolean;
}

export type Definedness = Interval["defined"];

/** Relative widening of each computed bound: at least 4 ulps, above the 1 ulp Math's functions may be off by. */
export const OUTWARD_MARGIN = 4 * Number.EPSILON;
/**
 * Period positions (extrema of sin, poles of tan) this close to a box count as inside it, in periods
 * times (1 + the position's size in periods): the rounding of (x − offset)/period, with π and the
 * offsets as doubles, stays below a few ε of that. A fixed billionth of a period, as before, made tan
 * "maybe undefined" for 3e-9 either side of π/2, which a view zoomed 10⁶ times sees as pixels.
 */
export const PERIOD_SLACK = 8 * Number.EPSILON;
/** Beyond this |x|, x / 2π is too coarse to place extrema, so sin and cos give [−1, 1] and tan gives everything. */
export const PERIODIC_ARGUMENT_LIMIT = 1e6;

/** The least widening of a bound near 0: the smallest normal double (arithmetic on subnormals is slow). */
const SMALLEST_NORMAL = 2 ** -1022;

const TWO_PI = 2 * Math.PI;
const HALF_PI = Math.PI / 2;

/** A bound just below v: exact zeros and infinities stay (an overflow's lower bound is the largest double). */
export function lowerBound(v: number): number {
  if (v !== v) return -Infinity;
  if (v === 0 || v === -Infinity) return v;
  if (v === Infinity) return Number.MAX_VALUE;
  return v - Math.max(Math.abs(v) * OUTWARD_MARGIN, SMALLEST_NORMAL);
}

export function upperBound(v: number): number {
  if (v !== v) return Infinity;
  if (v === 0 || v === Infinity) return v;
  if (v === -Infinity) return -Number.MAX_VALUE;
  return v + Math.max(Math.abs(v) * OUTWARD_MARGIN, SMALLEST_NORMAL);
}

/** A result that came out 0 although its true value may be a tiny non-zero (an underflow) gets a tiny bound. */
const lowerOfInexact = (v: number) => (v === 0 ? -SMALLEST_NORMAL : lowerBound(v));
const upperOfInexact = (v: number) => (v === 0 ? SMALLEST_NORMAL : upperBound(v));

export function interval(lo: number, hi: number, defined: Definedness = "all", continuous = true): Interval {
  return defined === "none" ? nowhere() : { lo, hi, defined, continuous };
}

export const point = (v: number): Interval => ({ lo: v, hi: v, defined: "all", continuous: true });

export const nowhere = (): Interval => ({ lo: NaN, hi: NaN, defined: "none", continuous: true });

/** Defined where both are: certain answers stay certain, anything mixed is "some". */
export function meet(a: Definedness, b: Definedness): Definedness {
  if (a === "none" || b === "none") return "none";
  return a === "all" && b === "all" ? "all" : "some";
}

const isPoint = (a: Interval) => a.lo === a.hi;

/** An enclosure of the point-wise union (a piecewise switch, a function's two parts). */
export function hull(a: Interval, b: Interval): Interval {
  if (a.defined === "none") return b;
  if (b.defined === "none") return a;
  return { lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi), defined: "some", continuous: false };
}

// ---------------------------------------------------------------- arithmetic

export function negate(a: Interval): Interval {
  return a.defined === "none" ? a : { lo: -a.hi, hi: -a.lo, defined: a.defined, continuous: a.continuous };
}

/** Two point operands whose sum is exact stay a point, so `x^(2+1)` is still a whole power. */
function exactSum(x: number, y: number): boolean {
  const s = x + y;
  const yPart = s - x;
  return Number.isFinite(s) && x - (s - yPart) + (y - yPart) === 0;
}

export function add(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  const continuous = a.continuous && b.continuous;
  if (isPoint(a) && isPoint(b) && exactSum(a.lo, b.lo)) return interval(a.lo + b.lo, a.lo + b.lo, defined, continuous);
  return interval(lowerBound(a.lo + b.lo), upperBound(a.hi + b.hi), defined, continuous);
}

export function subtract(a: Interval, b: Interval): Interval {
  return add(a, negate(b));
}

/** Bounds of x·y: exact 0 when a factor is 0 (also 0·∞), and a tiny non-zero bound for an underflow. */
const productLow = (x: number, y: number) => (x === 0 || y === 0 ? 0 : lowerOfInexact(x * y));
const productHigh = (x: number, y: number) => (x === 0 || y === 0 ? 0 : upperOfInexact(x * y));
const quotientLow = (x: number, y: number) => (x === 0 ? 0 : lowerOfInexact(x / y));
const quotientHigh = (x: number, y: number) => (x === 0 ? 0 : upperOfInexact(x / y));

export function multiply(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  const continuous = a.continuous && b.continuous;
  if (isPoint(a) && isPoint(b)) {
    const p = a.lo * b.lo;
    if (Number.isInteger(a.lo) && Number.isInteger(b.lo) && Math.abs(p) <= Number.MAX_SAFE_INTEGER) {
      return interval(p, p, defined, continuous);
    }
  }
  const lo = Math.min(productLow(a.lo, b.lo), productLow(a.lo, b.hi), productLow(a.hi, b.lo), productLow(a.hi, b.hi));
  const hi = Math.max(
    productHigh(a.lo, b.lo),
    productHigh(a.lo, b.hi),
    productHigh(a.hi, b.lo),
    productHigh(a.hi, b.hi),
  );
  return interval(lo, hi, defined, continuous);
}

export function divide(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  if (b.lo > 0 || b.hi < 0) {
    const continuous = a.continuous && b.continuous;
    const lo = Math.min(
      quotientLow(a.lo, b.lo),
      quotientLow(a.lo, b.hi),
      quotientLow(a.hi, b.lo),
      quotientLow(a.hi, b.hi),
    );
    const hi = Math.max(
      quotientHigh(a.lo, b.lo),
      quotientHigh(a.lo, b.hi),
      quotientHigh(a.hi, b.lo),
      quotientHigh(a.hi, b.hi),
    );
    // ∞/∞ has no bound of its own: anything.
    return lo !== lo || hi !== hi
      ? interval(-Infinity, Infinity, defined, continuous)
      : interval(lo, hi, defined, continuous);
  }
  // The divisor may be 0: undefined there, a pole nearby.
  if (b.lo === 0 && b.hi === 0) return nowhere();
  const some = meet(defined, "some");
  if (a.lo === 0 && a.hi === 0) return interval(0, 0, some, false);
  if (a.lo <= 0 && a.hi >= 0) return interval(-Infinity, Infinity, some, false);
  if (b.lo === 0) {
    // b in (0, d]: a/b runs from a/d away to ±Infinity.
    return a.lo > 0
      ? interval(quotientLow(a.lo, b.hi), Infinity, some, false)
      : interval(-Infinity, quotientHigh(a.hi, b.hi), some, false);
  }
  if (b.hi === 0) {
    return a.lo > 0
      ? interval(-Infinity, quotientHigh(a.lo, b.lo), some, false)
      : interval(quotientLow(a.hi, b.lo), Infinity, some, false);
  }
  return interval(-Infinity, Infinity, some, false);
}

// ---------------------------------------------------------------- powers

/** a^n for a whole n. */
export function powInteger(a: Interval, n: number): Interval {
  if (a.defined === "none") return a;
  if (n === 0) return interval(1, 1, a.defined, a.continuous);
  if (n < 0) return divide(point(1), powInteger(a, -n));
  // A power of exactly 0 is exactly 0; any other power that comes out 0 underflowed.
  const lowAtLo = a.lo === 0 ? 0 : lowerOfInexact(Math.pow(a.lo, n));
  const highAtLo = a.lo === 0 ? 0 : upperOfInexact(Math.pow(a.lo, n));
  const lowAtHi = a.hi === 0 ? 0 : lowerOfInexact(Math.pow(a.hi, n));
  const highAtHi = a.hi === 0 ? 0 : upperOfInexact(Math.pow(a.hi, n));
  if (n % 2 === 1) return interval(lowAtLo, highAtHi, a.defined, a.continuous);
  if (a.lo >= 0) return interval(Math.max(0, lowAtLo), highAtHi, a.defined, a.continuous);
  if (a.hi <= 0) return interval(Math.max(0, lowAtHi), highAtLo, a.defined, a.continuous);
  return interval(0, Math.max(highAtLo, highAtHi), a.defined, a.continuous);
}

/** a^b in general (Math.pow's meaning: a negative base only with a whole exponent). */
export function pow(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  if (isPoint(b) && Number.isInteger(b.lo)) {
    const whole = powInteger(a, b.lo);
    return { ...whole, continuous: whole.continuous && b.continuous, defined: meet(whole.defined, b.defined) };
  }
  let result = nowhere();
  let everywhere = true;
  if (a.hi >= 0) {
    // x ≥ 0: x^y = exp(y·ln x), with ln 0 = −Infinity and 0·∞ = 0 giving 0^0 = 1.
    const positive = interval(Math.max(a.lo, 0), a.hi);
    result = exp(multiply(ln(positive, true), b));
    // 0^y jumps (0 for y > 0, 1 at 0, Infinity below): not continuous where the base reaches 0 and y may be ≤ 0.
    if (positive.lo === 0 && b.lo <= 0) result = { ...result, continuous: false };
    if (positive.lo === 0 && b.lo < 0) everywhere = false;
  }
  if (a.lo < 0) {
    // x < 0: defined only at whole y (isolated values of either sign), undefined elsewhere.
    everywhere = false;
    const first = Math.ceil(b.lo);
    const last = Math.floor(b.hi);
    if (first <= last) {
      const magnitude = exp(multiply(ln(interval(Math.max(0, -a.hi), -a.lo), true), interval(first, last)));
      const negative = interval(-magnitude.hi, magnitude.hi, "some", false);
      result = result.defined === "none" ? negative : hull(result, negative);
    }
  }
  if (result.defined === "none") return result;
  return {
    ...result,
    defined: everywhere ? meet(result.defined, defined) : "some",
    continuous: result.continuous && a.continuous && b.continuous,
  };
}

// ---------------------------------------------------------------- elementary functions

export function exp(a: Interval): Interval {
  if (a.defined === "none") return a;
  return interval(Math.max(0, lowerBound(Math.exp(a.lo))), upperOfInexact(Math.exp(a.hi)), a.defined, a.continuous);
}

/** ln on (0, ∞). With `zeroIsMinusInfinity` (for pow), ln 0 = −Infinity is a value, not a gap. */
export function ln(a: Interval, zeroIsMinusInfinity = false): Interval {
  if (a.defined === "none") return a;
  if (a.hi < 0 || (a.hi === 0 && !zeroIsMinusInfinity)) return nowhere();
  const lo = a.lo > 0 ? lowerBound(Math.log(a.lo)) : -Infinity;
  const partly = a.lo < 0 || (a.lo === 0 && !zeroIsMinusInfinity);
  return interval(lo, upperBound(Math.log(a.hi)), partly ? "some" : a.defined, a.continuous);
}

/** log_b(a) = ln a / ln b (a base of 1 divides by 0). */
export function logBase(a: Interval, base: Interval): Interval {
  return divide(ln(a), ln(base));
}

/** f increasing on [domainLo, domainHi] (closed ends unless `open`), values clamped to [rangeLo, rangeHi]. */
function increasing(
  a: Interval,
  f: (x: number) => number,
  domainLo = -Infinity,
  domainHi = Infinity,
  open = false,
  rangeLo = -Infinity,
  rangeHi = Infinity,
): Interval {
  if (a.defined === "none") return a;
  const outside = open ? a.hi <= domainLo || a.lo >= domainHi : a.hi < domainLo || a.lo > domainHi;
  if (outside) return nowhere();
  const partly = open ? a.lo <= domainLo || a.hi >= domainHi : a.lo < domainLo || a.hi > domainHi;
  const x0 = Math.max(a.lo, domainLo);
  const x1 = Math.min(a.hi, domainHi);
  const lo = Math.max(rangeLo, lowerBound(f(x0)));
  const hi = Math.min(rangeHi, upperBound(f(x1)));
  return interval(lo, hi, partly ? "some" : a.defined, a.continuous);
}

const negativeAcos = (x: number) => -Math.acos(x);

export const sqrt = (a: Interval) => increasing(a, Math.sqrt, 0, Infinity, false, 0);
export const cbrt = (a: Interval) => increasing(a, Math.cbrt);
export const log10 = (a: Interval) => increasing(a, Math.log10, 0, Infinity, true);
export const asin = (a: Interval) => increasing(a, Math.asin, -1, 1);
export const acos = (a: Interval) => negate(increasing(a, negativeAcos, -1, 1));
export const atan = (a: Interval) => increasing(a, Math.atan);
export const sinh = (a: Interval) => increasing(a, Math.sinh);
export const tanh = (a: Interval) => increasing(a, Math.tanh, -Infinity, Infinity, false, -1, 1);
export const asinh = (a: Interval) => increasing(a, Math.asinh);
export const acosh = (a: Interval) => increasing(a, Math.acosh, 1, Infinity, false, 0);
export const atanh = (a: Interval) => increasing(a, Math.atanh, -1, 1, true);

/** cosh: least at the end nearer 0 (1 if the box holds 0), greatest at the farther end. */
export function cosh(a: Interval): Interval {
  if (a.defined === "none") return a;
  const far = Math.max(-a.lo, a.hi);
  const near = a.lo <= 0 && a.hi >= 0 ? 0 : Math.min(Math.abs(a.lo), Math.abs(a.hi));
  const lo = near === 0 ? 1 : Math.max(1, lowerBound(Math.cosh(near)));
  return interval(lo, upperBound(Math.cosh(far)), a.defined, a.continuous);
}

export function abs(a: Interval): Interval {
  if (a.defined === "none" || a.lo >= 0) return a;
  if (a.hi <= 0) return negate(a);
  return interval(0, Math.max(-a.lo, a.hi), a.defined, a.continuous);
}

/** Whether some offset + k·period lies in [lo, hi] (or within its rounding, PERIOD_SLACK, of it). */
function hitsPeriodPoint(lo: number, hi: number, offset: number, period: number): boolean {
  const from = (lo - offset) / period;
  const to = (hi - offset) / period;
  const slack = PERIOD_SLACK * (1 + Math.max(Math.abs(from), Math.abs(to)));
  return Math.ceil(from - slack) <= to + slack;
}

const periodicUnknown = (a: Interval, width: number) =>
  !Number.isFinite(a.lo) ||
  !Number.isFinite(a.hi) ||
  a.hi - a.lo >= width ||
  Math.max(-a.lo, a.hi) > PERIODIC_ARGUMENT_LIMIT;

/** sin or cos: the endpoints' values, widened to ±1 where a maximum or minimum lies inside. */
function sinusoid(a: Interval, f: (x: number) => number, maximumAt: number, minimumAt: number): Interval {
  if (a.defined === "none") return a;
  if (periodicUnknown(a, TWO_PI)) return interval(-1, 1, a.defined, a.continuous);
  const v0 = f(a.lo);
  const v1 = f(a.hi);
  const hi = hitsPeriodPoint(a.lo, a.hi, maximumAt, TWO_PI) ? 1 : Math.min(1, upperBound(Math.max(v0, v1)));
  const lo = hitsPeriodPoint(a.lo, a.hi, minimumAt, TWO_PI) ? -1 : Math.max(-1, lowerBound(Math.min(v0, v1)));
  return interval(lo, hi, a.defined, a.continuous);
}

export const sin = (a: Interval) => sinusoid(a, Math.sin, HALF_PI, -HALF_PI);
export const cos = (a: Interval) => sinusoid(a, Math.cos, 0, Math.PI);

/** tan (poles at π/2 + kπ, increasing between) or cot (poles at kπ, decreasing between). */
function tangent(a: Interval, cotangent: boolean): Interval {
  if (a.defined === "none") return a;
  const poleAt = cotangent ? 0 : HALF_PI;
  if (periodicUnknown(a, Math.PI) || hitsPeriodPoint(a.lo, a.hi, poleAt, Math.PI)) {
    return interval(-Infinity, Infinity, meet(a.defined, "some"), false);
  }
  const f = cotangent ? (x: number) => Math.cos(x) / Math.sin(x) : Math.tan;
  const [from, to] = cotangent ? [a.hi, a.lo] : [a.lo, a.hi];
  return interval(lowerBound(f(from)), upperBound(f(to)), a.defined, a.continuous);
}

export const tan = (a: Interval) => tangent(a, false);
export const cot = (a: Interval) => tangent(a, true);
export const sec = (a: Interval) => divide(point(1), cos(a));
export const csc = (a: Interval) => divide(point(1), sin(a));

// ---------------------------------------------------------------- steps and whole-number functions

/** A non-decreasing step function: exact at the ends, continuous only if no step lies inside. */
function step(a: Interval, f: (x: number) => number): Interval {
  if (a.defined === "none") return a;
  const lo = f(a.lo);
  const hi = f(a.hi);
  return interval(lo, hi, a.defined, a.continuous && lo === hi);
}

export const floor = (a: Interval) => step(a, Math.floor);
export const ceil = (a: Interval) => step(a, Math.ceil);
export const round = (a: Interval) => step(a, roundHalfAway);
export const sign = (a: Interval) => step(a, Math.sign);

export function min(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  return interval(Math.min(a.lo, b.lo), Math.min(a.hi, b.hi), defined, a.continuous && b.continuous);
}

export function max(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  return interval(Math.max(a.lo, b.lo), Math.max(a.hi, b.hi), defined, a.continuous && b.continuous);
}

/** a mod b with the sign of b: a − k·b while ⌊a/b⌋ = k stays one whole number, else anywhere between 0 and b. */
export function mod(a: Interval, b: Interval): Interval {
  const defined = meet(a.defined, b.defined);
  if (defined === "none") return nowhere();
  if (b.lo <= 0 && b.hi >= 0) {
    if (b.lo === 0 && b.hi === 0) return nowhere();
    return interval(Math.min(b.lo, 0), Math.max(b.hi, 0), "some", false);
  }
  const quotient = divide(a, b);
  const k = Math.floor(quotient.lo);
  const [rangeLo, rangeHi] = b.lo > 0 ? [0, b.hi] : [b.lo, 0];
  if (k === Math.floor(quotient.hi) && Number.isFinite(k)) {
    const r = subtract(a, multiply(point(k), b));
    return interval(Math.max(rangeLo, r.lo), Math.min(rangeHi, r.hi), defined, r.continuous);
  }
  return interval(rangeLo, rangeHi, defined, false);
}

/** The whole numbers in a, or null if there are none. */
function wholeNumbers(a: Interval): [number, number] | null {
  const first = Math.ceil(a.lo);
  const last = Math.floor(a.hi);
  return first <= last ? [first, last] : null;
}

/** gcd or lcm: defined at whole numbers only, so only a box of whole-number points is defined everywhere. */
export function wholeNumberFunction(name: "gcd" | "lcm", args: readonly Interval[]): Interval {
  if (args.some((arg) => arg.defined === "none" || wholeNumbers(arg) === null)) return nowhere();
  if (args.every((arg) => isPoint(arg) && arg.defined === "all")) {
    const f = name === "gcd" ? gcd : lcm;
    const value = args
      .slice(1)
      .reduce((acc, arg) => f(acc, arg.lo), args.length === 1 ? gcd(args[0]!.lo, 0) : args[0]!.lo);
    return Number.isNaN(value) ? nowhere() : point(value);
  }
  const largest = args.map((arg) => Math.max(-arg.lo, arg.hi));
  // gcd is at most the largest |argument|; lcm at most the product of them.
  const hi = name === "gcd" ? Math.max(...largest) : upperBound(largest.reduce((p, v) => p * v, 1));
  return interval(0, hi, "some", false);
}

/** n! at whole n ≥ 0 only (no Γ): exact at a whole point, else the factorials of the whole numbers inside. */
export function factorialOf(a: Interval): Interval {
  if (a.defined === "none" || a.hi < 0) return nowhere();
  const whole = wholeNumbers(interval(Math.max(a.lo, 0), a.hi));
  if (whole === null) return nowhere();
  if (isPoint(a)) return point(factorial(a.lo));
  const [first, last] = whole;
  // Past 170! a double overflows; the true value is finite, so its lower bound is the largest double.
  const lo = first > LARGEST_FACTORIAL_ARGUMENT ? Number.MAX_VALUE : factorial(first);
  return interval(lo, factorial(last), "some", false);
}

/** The real n-th root: for a point n like nthRoot; otherwise x^(1/n) and, where n may be odd, its mirror for x < 0. */
export function nthRootOf(a: Interval, n: Interval): Interval {
  const defined = meet(a.defined, n.defined);
  if (defined === "none") return nowhere();
  const degree = n.lo;
  if (isPoint(n) && degree === 0) return nowhere();
  if (isPoint(n) && Number.isInteger(degree) && degree % 2 !== 0) {
    const root = increasing(a, (x) => nthRoot(x, Math.abs(degree)));
    return degree > 0 ? root : divide(point(1), root);
  }
  const principal = pow(a, divide(point(1), n));
  if (a.lo >= 0 || isPoint(n) || wholeNumbers(n) === null) return principal;
  const mirrored = negate(pow(interval(Math.max(0, -a.hi), -a.lo), divide(point(1), n)));
  return { ...hull(principal, mirrored), defined: "some", continuous: false };
}
