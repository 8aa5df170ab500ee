/**
 * The zeros and poles of a complex function in a rectangle, for describing a domain-colouring
 * picture in words.
 *
 * The argument principle finds them: the argument of f(z) turns by 2π·(zeros − poles) as z goes
 * once anticlockwise round a loop (each counted with its order). The rectangle is cut into cells;
 * each cell's boundary is walked in small steps, adding up the turn of the argument (each step's
 * change taken in (−π, π], the step halved while it turns far). A cell whose count is not 0 holds a
 * zero (count > 0) or a pole (count < 0). Newton's method, on g = f for a zero and 1/f for a pole,
 * then finds the point to full precision, starting from the cell's smallest (or largest) sample of
 * |f|. A zero or pole a hair from a cell's edge can spoil the count of that cell and its neighbour
 * (the turn along the edge between them is counted in both, the wrong way round), so each point
 * found is checked, and its order counted, on a small circle centred on it, where the argument
 * turns evenly.
 *
 * Limits: a zero and a pole in one cell cancel; points on the rectangle's edge may be missed;
 * a branch point (0 for sqrt) is not a zero of any order and is not reported.
 */
import type { ComplexPoint, PlaneRange } from "./complex-plane-view";

/** f written as the compilers write it: the value at re + i·im goes into `out`. */
export type ComplexMap = (re: number, im: number, out: ComplexPoint) => void;

export interface ZeroOrPole extends ComplexPoint {
  /** The order: 2 for a double zero or pole. */
  order: number;
}

export interface ZerosAndPoles {
  zeros: ZeroOrPole[];
  poles: ZeroOrPole[];
}

export interface SearchOptions {
  /** Cells along the longer side of the rectangle. */
  cells?: number;
  /** Samples along each side of a cell. */
  stepsPerSide?: number;
}

export const DEFAULT_CELLS = 48;
export const DEFAULT_STEPS_PER_SIDE = 4;
/** A step of a walk that turns the argument by more than this is halved… */
const SMOOTH_STEP_TURN = Math.PI / 4;
/** …at most this many times (a jump across a branch cut never becomes smooth). */
const MAX_BISECTIONS = 10;
/** Samples on the circle that checks a point and counts its order. */
const CIRCLE_SAMPLES = 64;
/** The checking circle's radius, as a fraction of a cell and of the distance to the nearest other point. */
const CIRCLE_RADIUS_CELLS = 0.5;
const CIRCLE_RADIUS_NEIGHBOUR = 0.45;
const NEWTON_STEPS = 40;
/** Newton has converged when a step is smaller than this fraction of a cell (a double zero is only found to about √ε, so not much finer). */
const NEWTON_TOLERANCE_CELLS = 1e-6;
/** The central difference for g′ uses this fraction of a cell as its half-step. */
const DERIVATIVE_STEP_CELLS = 1e-4;
/**
 * The sample grid is shifted by this fraction of a step, so zeros at round numbers (0, 1, i) do
 * not fall on a sample, where the argument is undefined.
 */
const GRID_SHIFT = (Math.sqrt(5) - 1) / 4;

const TWO_PI = 2 * Math.PI;

/** The change from angle a to angle b, in (−π, π]. */
function turn(a: number, b: number): number {
  let d = b - a;
  while (d > Math.PI) d -= TWO_PI;
  while (d <= -Math.PI) d += TWO_PI;
  return d;
}

/** Walks of the argument of f along segments, halving steps that turn far. */
class ArgumentWalk {
  private readonly value = { re: 0, im: 0 };

  constructor(private readonly f: ComplexMap) {}

  phaseAt(re: number, im: number): number {
    this.f(re, im, this.value);
    return Math.atan2(this.value.im, this.value.re);
  }

  /** The turn of the argument along the segment from A to B, whose phases are known. */
  turn(
    reA: number,
    imA: number,
    phaseA: number,
    reB: number,
    imB: number,
    phaseB: number,
    depth = MAX_BISECTIONS,
  ): number {
    const d = turn(phaseA, phaseB);
    // NaN (f undefined at an end) is returned at once: halving would not help, and costs 2^depth.
    if (!(Math.abs(d) > SMOOTH_STEP_TURN) || depth === 0) return d;
    const reM = (reA + reB) / 2;
    const imM = (imA + imB) / 2;
    const phaseM = this.phaseAt(reM, imM);
    return (
      this.turn(reA, imA, phaseA, reM, imM, phaseM, depth - 1) +
      this.turn(reM, imM, phaseM, reB, imB, phaseB, depth - 1)
    );
  }

  /** Zeros minus poles inside the circle of radius r round c, each with its order. */
  countInCircle(c: ComplexPoint, r: number): number {
    let total = 0;
    let re = c.re + r;
    let im = c.im;
    let phase = this.phaseAt(re, im);
    for (let k = 1; k <= CIRCLE_SAMPLES; k += 1) {
      const angle = (TWO_PI * k) / CIRCLE_SAMPLES;
      const nextRe = c.re + r * Math.cos(angle);
      const nextIm = c.im + r * Math.sin(angle);
      const nextPhase = this.phaseAt(nextRe, nextIm);
      total += this.turn(re, im, phase, nextRe, nextIm, nextPhase);
      re = nextRe;
      im = nextIm;
      phase = nextPhase;
    }
    return Math.round(total / TWO_PI);
  }
}

interface Candidate extends ComplexPoint {
  isZero: boolean;
}

export function findZerosAndPoles(f: ComplexMap, range: PlaneRange, options: SearchOptions = {}): ZerosAndPoles {
  const cells = options.cells ?? DEFAULT_CELLS;
  const steps = options.stepsPerSide ?? DEFAULT_STEPS_PER_SIDE;
  const width = range.reMax - range.reMin;
  const height = range.imMax - range.imMin;
  const cellSize = Math.max(width, height) / cells;
  const cellsRe = Math.max(1, Math.round(width / cellSize));
  const cellsIm = Math.max(1, Math.round(height / cellSize));
  const stepRe = width / (cellsRe * steps);
  const stepIm = height / (cellsIm * steps);
  const columns = cellsRe * steps + 1;
  const rows = cellsIm * steps + 1;
  const reOf = (index: number) => range.reMin + ((index % columns) - GRID_SHIFT) * stepRe;
  const imOf = (index: number) => range.imMin + (Math.floor(index / columns) - GRID_SHIFT) * stepIm;

  // Samples on the fine grid, row 0 at imMin, index = row · columns + column.
  const walk = new ArgumentWalk(f);
  const phase = new Float64Array(columns * rows);
  const modulus = new Float64Array(columns * rows);
  const value = { re: 0, im: 0 };
  for (let index = 0; index < columns * rows; index += 1) {
    f(reOf(index), imOf(index), value);
    phase[index] = Math.atan2(value.im, value.re);
    modulus[index] = Math.hypot(value.re, value.im);
  }

  const candidates: Candidate[] = [];
  const boundary: number[] = [];
  for (let cellRow = 0; cellRow < cellsIm; cellRow += 1) {
    for (let cellColumn = 0; cellColumn < cellsRe; cellColumn += 1) {
      const corner = cellRow * steps * columns + cellColumn * steps;
      // Anticlockwise: along the bottom, up the right side, back along the top, down the left.
      boundary.length = 0;
      for (let s = 0; s < steps; s += 1) boundary.push(corner + s);
      for (let s = 0; s < steps; s += 1) boundary.push(corner + steps + s * columns);
      for (let s = 0; s < steps; s += 1) boundary.push(corner + steps * columns + steps - s);
      for (let s = 0; s < steps; s += 1) boundary.push(corner + (steps - s) * columns);
      let total = 0;
      for (let s = 0; s < boundary.length; s += 1) {
        const a = boundary[s]!;
        const b = boundary[(s + 1) % boundary.length]!;
        total += walk.turn(reOf(a), imOf(a), phase[a]!, reOf(b), imOf(b), phase[b]!);
      }
      const count = Math.round(total / TWO_PI);
      if (!(count !== 0)) continue;
      const isZero = count > 0;
      let best = corner;
      for (let r = 0; r <= steps; r += 1) {
        for (let c = 0; c <= steps; c += 1) {
          const index = corner + r * columns + c;
          if (isZero ? modulus[index]! < modulus[best]! : modulus[index]! > modulus[best]!) best = index;
        }
      }
      const start = { re: reOf(best), im: imOf(best) };
      const point = newton(f, start, Math.abs(count), isZero, cellSize) ?? newton(f, start, 1, isZero, cellSize);
      if (point === null || !within(point, range)) continue;
      const duplicate = candidates.some(
        (other) => other.isZero === isZero && Math.hypot(other.re - point.re, other.im - point.im) < cellSize / 2,
      );
      if (!duplicate) candidates.push({ ...point, isZero });
    }
  }

  const found: ZerosAndPoles = { zeros: [], poles: [] };
  for (const candidate of candidates) {
    let nearest = Infinity;
    for (const other of candidates) {
      if (other !== candidate)
        nearest = Math.min(nearest, Math.hypot(other.re - candidate.re, other.im - candidate.im));
    }
    const radius = Math.min(CIRCLE_RADIUS_CELLS * cellSize, CIRCLE_RADIUS_NEIGHBOUR * nearest);
    const count = walk.countInCircle(candidate, radius);
    if (candidate.isZero ? count > 0 : count < 0) {
      (candidate.isZero ? found.zeros : found.poles).push({
        re: candidate.re,
        im: candidate.im,
        order: Math.abs(count),
      });
    }
  }
  const byPosition = (a: ComplexPoint, b: ComplexPoint) => a.re - b.re || a.im - b.im;
  found.zeros.sort(byPosition);
  found.poles.sort(byPosition);
  return found;
}

const within = (z: ComplexPoint, r: PlaneRange) =>
  z.re >= r.reMin && z.re <= r.reMax && z.im >= r.imMin && z.im <= r.imMax;

/** Newton's method on g = f (zero) or 1/f (pole) with multiplicity `order`; null if it does not converge. */
function newton(
  f: ComplexMap,
  start: ComplexPoint,
  order: number,
  isZero: boolean,
  cellSize: number,
): ComplexPoint | null {
  const h = cellSize * DERIVATIVE_STEP_CELLS;
  const tolerance = cellSize * NEWTON_TOLERANCE_CELLS;
  const g = { re: 0, im: 0 };
  const plus = { re: 0, im: 0 };
  const minus = { re: 0, im: 0 };
  const evaluate = (re: number, im: number, out: ComplexPoint) => {
    f(re, im, out);
    if (!isZero) {
      const norm = out.re * out.re + out.im * out.im;
      out.re = out.re / norm;
      out.im = -out.im / norm;
    }
  };
  let re = start.re;
  let im = start.im;
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    evaluate(re, im, g);
    if (g.re === 0 && g.im === 0) return { re, im };
    evaluate(re + h, im, plus);
    evaluate(re - h, im, minus);
    // g is analytic, so g′ = ∂g/∂x, by a central difference.
    const dRe = (plus.re - minus.re) / (2 * h);
    const dIm = (plus.im - minus.im) / (2 * h);
    const norm = dRe * dRe + dIm * dIm;
    // order · g / g′
    const stepRe = (order * (g.re * dRe + g.im * dIm)) / norm;
    const stepIm = (order * (g.im * dRe - g.re * dIm)) / norm;
    if (!Number.isFinite(stepRe) || !Number.isFinite(stepIm)) return null;
    re -= stepRe;
    im -= stepIm;
    if (Math.hypot(stepRe, stepIm) < tolerance) return { re, im };
  }
  return null;
}
