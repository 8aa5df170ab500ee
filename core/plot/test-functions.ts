/**
 * Thirty functions that exercise the function sampler, as a reader would type them, each with
 * what its mathematics says about it: where it has poles, where it jumps and which dot is filled,
 * where its domain ends, where it has a hole. The sampler's tests check the drawings against these facts, and the
 * plot benchmark times the whole set.
 */

/** A finite jump at x: f(x) = `value`; `limits` are the one-sided limits f does not take (open dots). */
export interface KnownJump {
  x: number;
  value: number;
  limits: number[];
}

/** An end of the domain at (x, y), where y is f's limit there (Infinity for a pole at the edge). */
export interface KnownEdge {
  x: number;
  y: number;
}

/** A hole: f undefined at x, with limit y from both sides (an open dot on a continuous curve). */
export interface KnownHole {
  x: number;
  y: number;
}

export interface TestFunction {
  name: string;
  /** The expression in x, in the plotter's formula language. */
  expression: string;
  /** Poles (vertical asymptotes) in [lo, hi]. */
  asymptotes?: (lo: number, hi: number) => number[];
  jumps?: (lo: number, hi: number) => KnownJump[];
  edges?: KnownEdge[];
  holes?: KnownHole[];
  /** Points where the curve is dense (sin(1/x)) or has a hole: left out of the comparison with dense evaluation. */
  singular?: number[];
  /** The centre of the zoomed test view, chosen to show the function's interesting part. */
  zoomCentre: [number, number];
}

/** offset + k·period for the integers k with the value in [lo, hi]. */
export function periodicIn(offset: number, period: number, lo: number, hi: number): number[] {
  const xs: number[] = [];
  for (let k = Math.ceil((lo - offset) / period); offset + k * period <= hi; k++) xs.push(offset + k * period);
  return xs;
}

const within = (xs: number[]) => (lo: number, hi: number) => xs.filter((x) => x >= lo && x <= hi);
const jumpsWithin = (jumps: KnownJump[]) => (lo: number, hi: number) => jumps.filter((j) => j.x >= lo && j.x <= hi);

export const TEST_FUNCTIONS: readonly TestFunction[] = [
  { name: "parabola", expression: "x^2", zoomCentre: [0.3, 0.2] },
  { name: "cubic with extrema at ±1", expression: "x^3 - 3x", zoomCentre: [1, -2] },
  { name: "cubic with roots −3, 1, 4", expression: "(x + 3)(x - 1)(x - 4)/4", zoomCentre: [1, 0] },
  { name: "hyperbola", expression: "1/x", asymptotes: within([0]), zoomCentre: [0, 0] },
  {
    name: "rational with two poles",
    expression: "(x^2 - 1)/(x^2 - 4)",
    asymptotes: within([-2, 2]),
    zoomCentre: [2, 0],
  },
  { name: "double pole", expression: "1/(x - 1)^2", asymptotes: within([1]), zoomCentre: [1, 0.4] },
  {
    name: "tangent",
    expression: "tan(x)",
    asymptotes: (lo, hi) => periodicIn(Math.PI / 2, Math.PI, lo, hi),
    zoomCentre: [Math.PI / 2, 0],
  },
  {
    name: "secant",
    expression: "sec(x)",
    asymptotes: (lo, hi) => periodicIn(Math.PI / 2, Math.PI, lo, hi),
    zoomCentre: [Math.PI / 2, 1],
  },
  {
    name: "cosecant",
    expression: "csc(x)",
    asymptotes: (lo, hi) => periodicIn(0, Math.PI, lo, hi),
    zoomCentre: [0, 1],
  },
  {
    name: "floor",
    expression: "floor(x)",
    jumps: (lo, hi) => periodicIn(0, 1, lo, hi).map((k) => ({ x: k, value: k, limits: [k - 1] })),
    zoomCentre: [1, 0.5],
  },
  {
    name: "sign",
    expression: "sign(x)",
    jumps: jumpsWithin([{ x: 0, value: 0, limits: [-1, 1] }]),
    zoomCentre: [0, 0],
  },
  {
    name: "mod 3",
    expression: "mod(x, 3)",
    jumps: (lo, hi) => periodicIn(0, 3, lo, hi).map((k) => ({ x: k, value: 0, limits: [3] })),
    zoomCentre: [3, 1.5],
  },
  {
    name: "sawtooth",
    expression: "x - floor(x)",
    jumps: (lo, hi) => periodicIn(0, 1, lo, hi).map((k) => ({ x: k, value: 0, limits: [1] })),
    zoomCentre: [2, 0.5],
  },
  { name: "absolute value with corners", expression: "abs(x^2 - 4) - 3", zoomCentre: [2, -2.5] },
  { name: "square root", expression: "sqrt(x)", edges: [{ x: 0, y: 0 }], zoomCentre: [0.3, 0.3] },
  { name: "logarithm", expression: "ln(x)", edges: [{ x: 0, y: -Infinity }], zoomCentre: [0.5, -0.5] },
  { name: "logarithm of |x|", expression: "ln(|x|)", asymptotes: within([0]), zoomCentre: [0, -1] },
  {
    name: "upper unit semicircle",
    expression: "sqrt(1 - x^2)",
    edges: [
      { x: -1, y: 0 },
      { x: 1, y: 0 },
    ],
    zoomCentre: [1, 0.3],
  },
  {
    name: "square root with a gap",
    expression: "sqrt(x^2 - 4)",
    edges: [
      { x: -2, y: 0 },
      { x: 2, y: 0 },
    ],
    zoomCentre: [2, 0.5],
  },
  { name: "sin(1/x)", expression: "sin(1/x)", singular: [0], zoomCentre: [0.05, 0] },
  { name: "x sin(1/x)", expression: "x sin(1/x)", holes: [{ x: 0, y: 0 }], singular: [0], zoomCentre: [0.05, 0] },
  { name: "exponential", expression: "e^x", zoomCentre: [1, 2.5] },
  { name: "gaussian", expression: "exp(-x^2)", zoomCentre: [0.7, 0.5] },
  { name: "sinc", expression: "sin(x)/x", holes: [{ x: 0, y: 1 }], singular: [0], zoomCentre: [0, 0.8] },
  { name: "|sin x|", expression: "|sin(x)|", zoomCentre: [Math.PI, 0.3] },
  {
    name: "piecewise with a jump",
    expression: "{x < 1: x^2, 3 - x}",
    jumps: jumpsWithin([{ x: 1, value: 2, limits: [1] }]),
    zoomCentre: [1, 1.5],
  },
  { name: "chirp", expression: "sin(x^2)", zoomCentre: [6, 0] },
  { name: "nested", expression: "cos(exp(x/3))", zoomCentre: [6, 0] },
  { name: "steep logistic", expression: "1/(1 + e^(-30x))", zoomCentre: [0, 0.5] },
  { name: "cube root", expression: "cbrt(x)", zoomCentre: [0, 0] },
];
