/**
 * Functions whose roots, extrema, holes, asymptotes, jumps and domain ends are known in closed form
 * (or as the roots of tan t = t, found by bisection), for checking what the plotter tells its
 * reader (./analysis-cases.test.ts runs each through the page's own analysis, ./plot-entries.ts).
 *
 * What counts, as the plotter reports it:
 * - a root is a point where f is defined and 0: "crossing", "touching" (f keeps its sign),
 *   "edge" (f is 0 where its domain ends), "jump" (f is 0 at a point where it jumps); a zero on a
 *   whole stretch (floor x on [0, 1)) is none;
 * - an extremum is a strict local extremum where f is continuous (a corner of |x| is one); a
 *   jump's or a domain end's own point is reported as that, not as an extremum, and a hole has no
 *   value to be one;
 * - a hole is a point where f is undefined (in the mathematics: x/tan x at π/2, where tan is) while
 *   both one-sided limits exist and agree;
 * - an asymptote is a point where f is unbounded on at least one side (ln x at 0 is one);
 * - a jump has two different one-sided limits; f's value there is NaN where f is undefined.
 */

export interface KnownRoot {
  x: number;
  kind: "crossing" | "touching" | "edge" | "jump";
}

export interface KnownExtremum {
  x: number;
  y: number;
  kind: "minimum" | "maximum";
}

export interface KnownHole {
  x: number;
  limit: number;
}

export interface KnownJump {
  x: number;
  left: number;
  right: number;
  value: number;
}

export interface KnownEdge {
  x: number;
  value: number;
}

/** The features of a case with x in [lo, hi]. */
type Within<T> = (lo: number, hi: number) => T[];

export interface AnalysisCase {
  expression: string;
  roots: Within<KnownRoot>;
  extrema: Within<KnownExtremum>;
  holes: Within<KnownHole>;
  asymptotes: Within<number>;
  jumps: Within<KnownJump>;
  edges: Within<KnownEdge>;
  /** Points worth a closer look (zoomed views are centred on them), with f's value or limit there. */
  focus: [x: number, y: number][];
  /**
   * The formula cancels near its hole ((1 − cos x)/x²): in a view zoomed far enough, rounding
   * swamps the values there, and "unresolved" is the right answer instead of the hole.
   */
  cancels?: boolean;
}

const none = () => [];

/** Features at fixed places, kept if in [lo, hi]. */
function at<T extends { x: number }>(features: T[]): Within<T> {
  return (lo, hi) => features.filter((f) => f.x >= lo && f.x <= hi);
}

function atPoints(xs: number[]): Within<number> {
  return (lo, hi) => xs.filter((x) => x >= lo && x <= hi);
}

/** Features at (p + k·q)π for the whole k with the point in [lo, hi]; `make` builds each from x and k. */
function everyPi<T>(p: number, q: number, make: (x: number, k: number) => T): Within<T> {
  return (lo, hi) => {
    const out: T[] = [];
    for (let k = Math.ceil((lo / Math.PI - p) / q); (p + k * q) * Math.PI <= hi; k++) {
      const x = (p + k * q) * Math.PI;
      if (x >= lo) out.push(make(x, k));
    }
    return out;
  };
}

const even = (k: number) => ((k % 2) + 2) % 2 === 0;

/** The root of tan t = t in (nπ, nπ + π/2), n ≥ 1, by bisection of sin t − t cos t (which has no poles). */
export function tanFixedPoint(n: number): number {
  let [lo, hi] = [n * Math.PI + 1e-9, n * Math.PI + Math.PI / 2];
  const g = (t: number) => Math.sin(t) - t * Math.cos(t);
  const sign = Math.sign(g(lo));
  for (let i = 0; i < 200; i++) {
    const m = lo + (hi - lo) / 2;
    if (m === lo || m === hi) break;
    if (Math.sign(g(m)) === sign) lo = m;
    else hi = m;
  }
  return lo + (hi - lo) / 2;
}

const SINC_EXTREMA = [1, 2].flatMap((n) => {
  const t = tanFixedPoint(n);
  const y = Math.sin(t) / t;
  const kind = n % 2 === 1 ? ("minimum" as const) : ("maximum" as const);
  return [
    { x: -t, y, kind },
    { x: t, y, kind },
  ];
});

/** (1 − cos x)/x² has its maxima where tan(x/2) = x/2. */
const VERSINE_MAXIMA = [1].flatMap((n) => {
  const x = 2 * tanFixedPoint(n);
  const y = (1 - Math.cos(x)) / (x * x);
  return [
    { x: -x, y, kind: "maximum" as const },
    { x, y, kind: "maximum" as const },
  ];
});

const SQRT37 = Math.sqrt(37);

export const ANALYSIS_CASES: readonly AnalysisCase[] = [
  // Removable singularities.
  {
    expression: "sin(x)/x",
    roots: (lo, hi) => everyPi(1, 1, (x) => ({ x, kind: "crossing" as const }))(lo, hi).filter((r) => r.x !== 0),
    extrema: at(SINC_EXTREMA),
    holes: at([{ x: 0, limit: 1 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 1]],
  },
  {
    expression: "(x^2-1)/(x-1)",
    roots: at([{ x: -1, kind: "crossing" }]),
    extrema: none,
    holes: at([{ x: 1, limit: 2 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, 2]],
    cancels: true,
  },
  {
    expression: "(1-cos(x))/x^2",
    roots: (lo, hi) => everyPi(2, 2, (x) => ({ x, kind: "touching" as const }))(lo, hi).filter((r) => r.x !== 0),
    extrema: (lo, hi) => [
      ...at(VERSINE_MAXIMA)(lo, hi),
      ...everyPi(2, 2, (x) => ({ x, y: 0, kind: "minimum" as const }))(lo, hi).filter((e) => e.x !== 0),
    ],
    holes: at([{ x: 0, limit: 0.5 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 0.5]],
    cancels: true,
  },
  {
    expression: "x/tan(x)",
    roots: none,
    extrema: none,
    holes: (lo, hi) => [...at([{ x: 0, limit: 1 }])(lo, hi), ...everyPi(0.5, 1, (x) => ({ x, limit: 0 }))(lo, hi)],
    asymptotes: (lo, hi) => everyPi(1, 1, (x) => x)(lo, hi).filter((x) => x !== 0),
    jumps: none,
    edges: none,
    focus: [
      [0, 1],
      [Math.PI / 2, 0],
    ],
  },
  {
    expression: "tan(x)cos(x)",
    roots: everyPi(0, 1, (x) => ({ x, kind: "crossing" as const })),
    extrema: none,
    holes: everyPi(0.5, 1, (x, k) => ({ x, limit: even(k) ? 1 : -1 })),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[Math.PI / 2, 1]],
  },
  {
    expression: "sin(2x)/sin(x)",
    roots: everyPi(0.5, 1, (x) => ({ x, kind: "crossing" as const })),
    extrema: none,
    holes: everyPi(0, 1, (x, k) => ({ x, limit: even(k) ? 2 : -2 })),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [
      [0, 2],
      [Math.PI, -2],
    ],
    // sin near π is known only to ulp(π) absolutely, so to that over the distance from π relatively.
    cancels: true,
  },
  {
    expression: "(x^2-4)/(x-2)",
    roots: at([{ x: -2, kind: "crossing" }]),
    extrema: none,
    holes: at([{ x: 2, limit: 4 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[2, 4]],
    cancels: true,
  },
  {
    expression: "(x^3-1)/(x-1)",
    roots: none,
    extrema: at([{ x: -0.5, y: 0.75, kind: "minimum" }]),
    holes: at([{ x: 1, limit: 3 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, 3]],
    cancels: true,
  },
  {
    expression: "x/x",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 1 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 1]],
  },
  {
    expression: "(x^2+x)/x",
    roots: at([{ x: -1, kind: "crossing" }]),
    extrema: none,
    holes: at([{ x: 0, limit: 1 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 1]],
  },
  {
    expression: "tan(x)/x",
    roots: (lo, hi) => everyPi(1, 1, (x) => ({ x, kind: "crossing" as const }))(lo, hi).filter((r) => r.x !== 0),
    extrema: none,
    holes: at([{ x: 0, limit: 1 }]),
    asymptotes: everyPi(0.5, 1, (x) => x),
    jumps: none,
    edges: none,
    focus: [[0, 1]],
  },
  // Quotients that cancel near their holes.
  {
    expression: "(exp(x)-1)/x",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 1 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 1]],
    cancels: true,
  },
  {
    expression: "(exp(x)-1-x)/x^2",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 0.5 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 0.5]],
    cancels: true,
  },
  {
    expression: "(sqrt(1+x)-1)/x",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 0.5 }]),
    asymptotes: none,
    jumps: none,
    edges: at([{ x: -1, value: 1 }]),
    focus: [
      [0, 0.5],
      [-1, 1],
    ],
    cancels: true,
  },
  {
    expression: "(sqrt(x+4)-2)/x",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 0.25 }]),
    asymptotes: none,
    jumps: none,
    edges: at([{ x: -4, value: 0.5 }]),
    focus: [[0, 0.25]],
    cancels: true,
  },
  {
    expression: "(x-sin(x))/x^3",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 1 / 6 }]),
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 1 / 6]],
    cancels: true,
  },
  {
    expression: "ln(1+x)/x",
    roots: none,
    extrema: none,
    holes: at([{ x: 0, limit: 1 }]),
    asymptotes: atPoints([-1]),
    jumps: none,
    edges: none,
    focus: [[0, 1]],
    cancels: true,
  },
  // Poles of each order.
  {
    expression: "1/x",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: atPoints([0]),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "1/x^2",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: atPoints([0]),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "1/x^3",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: atPoints([0]),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "1/((x-1)(x+2))",
    roots: none,
    extrema: at([{ x: -0.5, y: -4 / 9, kind: "maximum" }]),
    holes: none,
    asymptotes: atPoints([-2, 1]),
    jumps: none,
    edges: none,
    focus: [
      [1, 0],
      [-2, 0],
    ],
  },
  {
    expression: "1/(x-1)^2",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: atPoints([1]),
    jumps: none,
    edges: none,
    focus: [[1, 0]],
  },
  {
    expression: "tan(x)",
    roots: everyPi(0, 1, (x) => ({ x, kind: "crossing" as const })),
    extrema: none,
    holes: none,
    asymptotes: everyPi(0.5, 1, (x) => x),
    jumps: none,
    edges: none,
    focus: [[Math.PI / 2, 0]],
  },
  {
    expression: "sec(x)",
    roots: none,
    extrema: everyPi(0, 1, (x, k) => ({
      x,
      y: even(k) ? 1 : -1,
      kind: even(k) ? ("minimum" as const) : ("maximum" as const),
    })),
    holes: none,
    asymptotes: everyPi(0.5, 1, (x) => x),
    jumps: none,
    edges: none,
    focus: [[-Math.PI / 2, 0]],
  },
  {
    expression: "csc(x)",
    roots: none,
    extrema: everyPi(0.5, 1, (x, k) => ({
      x,
      y: even(k) ? 1 : -1,
      kind: even(k) ? ("minimum" as const) : ("maximum" as const),
    })),
    holes: none,
    asymptotes: everyPi(0, 1, (x) => x),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "cot(x)",
    roots: everyPi(0.5, 1, (x) => ({ x, kind: "crossing" as const })),
    extrema: none,
    holes: none,
    asymptotes: everyPi(0, 1, (x) => x),
    jumps: none,
    edges: none,
    focus: [[Math.PI, 0]],
  },
  {
    expression: "(x^2-1)/(x^2-4)",
    roots: at([
      { x: -1, kind: "crossing" },
      { x: 1, kind: "crossing" },
    ]),
    extrema: at([{ x: 0, y: 0.25, kind: "maximum" }]),
    holes: none,
    asymptotes: atPoints([-2, 2]),
    jumps: none,
    edges: none,
    focus: [[2, 0]],
  },
  {
    expression: "x/(x^2-1)",
    roots: at([{ x: 0, kind: "crossing" }]),
    extrema: none,
    holes: none,
    asymptotes: atPoints([-1, 1]),
    jumps: none,
    edges: none,
    focus: [[1, 0]],
  },
  {
    expression: "exp(1/x)",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: atPoints([0]),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  // Jumps.
  {
    expression: "floor(x)",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: (lo, hi) => integersIn(lo, hi).map((n) => ({ x: n, left: n - 1, right: n, value: n })),
    edges: none,
    focus: [[1, 0.5]],
  },
  {
    expression: "sign(x)",
    roots: at([{ x: 0, kind: "jump" }]),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: at([{ x: 0, left: -1, right: 1, value: 0 }]),
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "abs(x)/x",
    roots: none,
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: at([{ x: 0, left: -1, right: 1, value: Number.NaN }]),
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "x - floor(x)",
    roots: (lo, hi) => integersIn(lo, hi).map((n) => ({ x: n, kind: "jump" as const })),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: (lo, hi) => integersIn(lo, hi).map((n) => ({ x: n, left: 1, right: 0, value: 0 })),
    edges: none,
    focus: [[2, 0.5]],
  },
  {
    expression: "mod(x, 3)",
    roots: (lo, hi) => integersIn(lo / 3, hi / 3).map((k) => ({ x: 3 * k, kind: "jump" as const })),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: (lo, hi) => integersIn(lo / 3, hi / 3).map((k) => ({ x: 3 * k, left: 3, right: 0, value: 0 })),
    edges: none,
    focus: [[3, 1.5]],
  },
  {
    expression: "{x < 1: x^2, 3 - x}",
    roots: at([
      { x: 0, kind: "touching" },
      { x: 3, kind: "crossing" },
    ]),
    extrema: at([{ x: 0, y: 0, kind: "minimum" }]),
    holes: none,
    asymptotes: none,
    jumps: at([{ x: 1, left: 1, right: 2, value: 2 }]),
    edges: none,
    focus: [[1, 1.5]],
  },
  // Functions that touch the axis.
  {
    expression: "x^2",
    roots: at([{ x: 0, kind: "touching" }]),
    extrema: at([{ x: 0, y: 0, kind: "minimum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "(x-1)^2(x+2)",
    roots: at([
      { x: -2, kind: "crossing" },
      { x: 1, kind: "touching" },
    ]),
    extrema: at([
      { x: -1, y: 4, kind: "maximum" },
      { x: 1, y: 0, kind: "minimum" },
    ]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, 0]],
  },
  {
    expression: "sin(x)^2",
    roots: everyPi(0, 1, (x) => ({ x, kind: "touching" as const })),
    extrema: (lo, hi) => [
      ...everyPi(0, 1, (x) => ({ x, y: 0, kind: "minimum" as const }))(lo, hi),
      ...everyPi(0.5, 1, (x) => ({ x, y: 1, kind: "maximum" as const }))(lo, hi),
    ],
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[Math.PI, 0]],
  },
  {
    expression: "(x^2-1)^2",
    roots: at([
      { x: -1, kind: "touching" },
      { x: 1, kind: "touching" },
    ]),
    extrema: at([
      { x: -1, y: 0, kind: "minimum" },
      { x: 0, y: 1, kind: "maximum" },
      { x: 1, y: 0, kind: "minimum" },
    ]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, 0]],
  },
  {
    expression: "cos(x) + 1",
    roots: everyPi(1, 2, (x) => ({ x, kind: "touching" as const })),
    extrema: (lo, hi) => [
      ...everyPi(0, 2, (x) => ({ x, y: 2, kind: "maximum" as const }))(lo, hi),
      ...everyPi(1, 2, (x) => ({ x, y: 0, kind: "minimum" as const }))(lo, hi),
    ],
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[Math.PI, 0]],
  },
  {
    expression: "abs(x)",
    roots: at([{ x: 0, kind: "touching" }]),
    extrema: at([{ x: 0, y: 0, kind: "minimum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "x^3",
    roots: at([{ x: 0, kind: "crossing" }]),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  // Ends of the domain.
  {
    expression: "sqrt(x)",
    roots: at([{ x: 0, kind: "edge" }]),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: at([{ x: 0, value: 0 }]),
    focus: [[0, 0]],
  },
  {
    expression: "sqrt(1 - x^2)",
    roots: at([
      { x: -1, kind: "edge" },
      { x: 1, kind: "edge" },
    ]),
    extrema: at([{ x: 0, y: 1, kind: "maximum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: at([
      { x: -1, value: 0 },
      { x: 1, value: 0 },
    ]),
    focus: [[1, 0]],
  },
  {
    expression: "sqrt(x^2 - 4)",
    roots: at([
      { x: -2, kind: "edge" },
      { x: 2, kind: "edge" },
    ]),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: at([
      { x: -2, value: 0 },
      { x: 2, value: 0 },
    ]),
    focus: [[2, 0]],
  },
  {
    expression: "sqrt(4 - x^2) - 1",
    roots: at([
      { x: -Math.sqrt(3), kind: "crossing" },
      { x: Math.sqrt(3), kind: "crossing" },
    ]),
    extrema: at([{ x: 0, y: 1, kind: "maximum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: at([
      { x: -2, value: -1 },
      { x: 2, value: -1 },
    ]),
    focus: [[2, -1]],
  },
  {
    expression: "ln(x)",
    roots: at([{ x: 1, kind: "crossing" }]),
    extrema: none,
    holes: none,
    asymptotes: atPoints([0]),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "ln(abs(x))",
    roots: at([
      { x: -1, kind: "crossing" },
      { x: 1, kind: "crossing" },
    ]),
    extrema: none,
    holes: none,
    asymptotes: atPoints([0]),
    jumps: none,
    edges: none,
    focus: [[0, 0]],
  },
  {
    expression: "asin(x)",
    roots: at([{ x: 0, kind: "crossing" }]),
    extrema: none,
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: at([
      { x: -1, value: -Math.PI / 2 },
      { x: 1, value: Math.PI / 2 },
    ]),
    focus: [[1, Math.PI / 2]],
  },
  // Smooth curves.
  {
    expression: "x^3 - 3x",
    roots: at([
      { x: -Math.sqrt(3), kind: "crossing" },
      { x: 0, kind: "crossing" },
      { x: Math.sqrt(3), kind: "crossing" },
    ]),
    extrema: at([
      { x: -1, y: 2, kind: "maximum" },
      { x: 1, y: -2, kind: "minimum" },
    ]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, -2]],
  },
  {
    expression: "sin(x)",
    roots: everyPi(0, 1, (x) => ({ x, kind: "crossing" as const })),
    extrema: everyPi(0.5, 1, (x, k) => ({
      x,
      y: even(k) ? 1 : -1,
      kind: even(k) ? ("maximum" as const) : ("minimum" as const),
    })),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[Math.PI, 0]],
  },
  {
    expression: "cos(x)",
    roots: everyPi(0.5, 1, (x) => ({ x, kind: "crossing" as const })),
    extrema: everyPi(0, 1, (x, k) => ({
      x,
      y: even(k) ? 1 : -1,
      kind: even(k) ? ("maximum" as const) : ("minimum" as const),
    })),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[Math.PI / 2, 0]],
  },
  {
    expression: "x^2 - 2",
    roots: at([
      { x: -Math.SQRT2, kind: "crossing" },
      { x: Math.SQRT2, kind: "crossing" },
    ]),
    extrema: at([{ x: 0, y: -2, kind: "minimum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[Math.SQRT2, 0]],
  },
  {
    expression: "(x + 3)(x - 1)(x - 4)/4",
    roots: at([
      { x: -3, kind: "crossing" },
      { x: 1, kind: "crossing" },
      { x: 4, kind: "crossing" },
    ]),
    extrema: at([
      { x: (2 - SQRT37) / 3, y: cubicAt((2 - SQRT37) / 3), kind: "maximum" },
      { x: (2 + SQRT37) / 3, y: cubicAt((2 + SQRT37) / 3), kind: "minimum" },
    ]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, 0]],
  },
  {
    expression: "abs(x^2 - 4) - 3",
    roots: at([
      { x: -Math.sqrt(7), kind: "crossing" },
      { x: -1, kind: "crossing" },
      { x: 1, kind: "crossing" },
      { x: Math.sqrt(7), kind: "crossing" },
    ]),
    extrema: at([
      { x: -2, y: -3, kind: "minimum" },
      { x: 0, y: 1, kind: "maximum" },
      { x: 2, y: -3, kind: "minimum" },
    ]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[2, -3]],
  },
  {
    expression: "x exp(-x)",
    roots: at([{ x: 0, kind: "crossing" }]),
    extrema: at([{ x: 1, y: Math.exp(-1), kind: "maximum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, Math.exp(-1)]],
  },
  {
    expression: "x/(1 + x^2)",
    roots: at([{ x: 0, kind: "crossing" }]),
    extrema: at([
      { x: -1, y: -0.5, kind: "minimum" },
      { x: 1, y: 0.5, kind: "maximum" },
    ]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[1, 0.5]],
  },
  {
    expression: "exp(-x^2)",
    roots: none,
    extrema: at([{ x: 0, y: 1, kind: "maximum" }]),
    holes: none,
    asymptotes: none,
    jumps: none,
    edges: none,
    focus: [[0, 1]],
  },
];

function cubicAt(x: number): number {
  return ((x + 3) * (x - 1) * (x - 4)) / 4;
}

function integersIn(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let n = Math.ceil(lo); n <= hi; n++) out.push(n + 0);
  return out;
}
