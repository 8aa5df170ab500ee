/**
 * A function of two variables, z = f(x, y), typed by a reader, sampled on a regular grid for the
 * 3-D surface and contour labs. The grid is laid out as plotly's surface and contour traces read
 * it: `z[row][column]` is f(x[column], y[row]). A point where f is undefined (outside its domain,
 * a division by zero, an overflow) is null, which plotly leaves as a gap instead of joining the
 * neighbours across it.
 */
import type { ExprNode } from "../expr/ast";
import { compileReal, ExprCompileError } from "../expr/compile-real";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";

/** The variables a surface formula may use, in the order the compiled function reads them. */
export const SURFACE_VARIABLES = ["x", "y"] as const;

/** Fewest samples per axis: two make one grid cell. */
export const MIN_RESOLUTION = 2;
/** Most samples per axis: 201 × 201 ≈ 40 000 points, evaluated at once on the main thread. */
export const MAX_RESOLUTION = 201;
/** Ranges reach at most this far from 0, so the axes' ticks stay readable numbers. */
export const MAX_COORDINATE = 1e6;
/** Narrower ranges would have neighbouring samples that doubles cannot tell apart. */
export const MIN_SPAN = 1e-6;

export interface AxisRange {
  min: number;
  max: number;
}

export interface GridSpec {
  x: AxisRange;
  y: AxisRange;
  /** Samples per axis, both ends included. */
  resolution: number;
}

export interface SurfaceGrid {
  x: number[];
  y: number[];
  /** z[row][column] = f(x[column], y[row]); null where f is undefined. */
  z: (number | null)[][];
  undefinedPoints: number;
  /** Least and greatest defined value; null when f is defined nowhere on the grid. */
  zRange: AxisRange | null;
}

/** Why a range cannot be sampled, in words, or null when it can. */
export function axisRangeProblem(range: AxisRange): string | null {
  if (!Number.isFinite(range.min) || !Number.isFinite(range.max)) return "both ends must be numbers";
  if (Math.abs(range.min) > MAX_COORDINATE || Math.abs(range.max) > MAX_COORDINATE) {
    return `the ends must lie between −${MAX_COORDINATE} and ${MAX_COORDINATE}`;
  }
  if (!(range.max - range.min >= MIN_SPAN)) return "the end must be greater than the start";
  return null;
}

export function resolutionProblem(resolution: number): string | null {
  if (!Number.isInteger(resolution) || resolution < MIN_RESOLUTION || resolution > MAX_RESOLUTION) {
    return `the resolution must be a whole number from ${MIN_RESOLUTION} to ${MAX_RESOLUTION}`;
  }
  return null;
}

/** `count` evenly spaced values from min to max, both ends exact. */
export function axisSamples(range: AxisRange, count: number): number[] {
  const problem = axisRangeProblem(range) ?? resolutionProblem(count);
  if (problem !== null) throw new RangeError(problem);
  const step = (range.max - range.min) / (count - 1);
  // Multiplying (not accumulating) keeps the error of each sample at one rounding; the last is set exactly.
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? range.max : range.min + i * step));
}

/** Samples f on the grid; any value that is not a finite number becomes null. */
export function sampleGrid(f: (x: number, y: number) => number, spec: GridSpec): SurfaceGrid {
  const x = axisSamples(spec.x, spec.resolution);
  const y = axisSamples(spec.y, spec.resolution);
  let undefinedPoints = 0;
  let zMin = Number.POSITIVE_INFINITY;
  let zMax = Number.NEGATIVE_INFINITY;
  const z = y.map((yValue) =>
    x.map((xValue) => {
      const value = f(xValue, yValue);
      if (!Number.isFinite(value)) {
        undefinedPoints += 1;
        return null;
      }
      if (value < zMin) zMin = value;
      if (value > zMax) zMax = value;
      return value;
    }),
  );
  return { x, y, z, undefinedPoints, zRange: zMin <= zMax ? { min: zMin, max: zMax } : null };
}

/** The plotter's language, less what a surface cannot be: a point or a list. */
const SURFACE_SYNTAX = { ...FORMULA_OPTIONS, tuples: false, lists: false };

/** `z = f(x, y)` is read as f(x, y); any other equation or inequality is refused with its place. */
function surfaceExpression(
  ast: ExprNode,
): { ok: true; ast: ExprNode } | { ok: false; message: string; position: number } {
  if (ast.kind !== "relation") return { ok: true, ast };
  const [left, right] = ast.operands;
  if (
    ast.operators.length === 1 &&
    ast.operators[0] === "=" &&
    left?.kind === "variable" &&
    left.name === "z" &&
    right
  ) {
    return { ok: true, ast: right };
  }
  return {
    ok: false,
    message: `a surface needs a formula of x and y, not a comparison (from ${ast.span.start + 1}): type f(x, y) or z = f(x, y)`,
    position: ast.span.start,
  };
}

export type CompiledSurface =
  | { ok: true; ast: ExprNode; evaluate: (x: number, y: number) => number }
  | { ok: false; message: string; position: number };

/**
 * Reads a typed formula as a function of x and y. The parser's message says what is wrong and
 * where (counting characters from 1), and so does the compiler's for a letter other than x and
 * y: the surface has no slider to give it a value.
 */
export function compileSurface(text: string): CompiledSurface {
  const parsed = parseExpression(text, SURFACE_SYNTAX);
  if (!parsed.ok) return { ok: false, message: parsed.error.message, position: parsed.error.position };
  const surface = surfaceExpression(parsed.ast);
  if (!surface.ok) return surface;
  let compiled: (env: ArrayLike<number>) => number;
  try {
    compiled = compileReal(surface.ast, SURFACE_VARIABLES);
  } catch (error) {
    if (!(error instanceof ExprCompileError)) throw error;
    return { ok: false, message: `${error.message}, at ${error.span.start + 1}`, position: error.span.start };
  }
  const env = new Float64Array(SURFACE_VARIABLES.length);
  return {
    ok: true,
    ast: surface.ast,
    evaluate: (x, y) => {
      env[0] = x;
      env[1] = y;
      return compiled(env);
    },
  };
}
