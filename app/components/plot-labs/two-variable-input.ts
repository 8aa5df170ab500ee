import type { ExprNode } from "#core/expr/ast";
import { formatValue, parseCoordinate } from "./coordinate-text";
import {
  compileSurface,
  resolutionProblem,
  sampleGrid,
  axisRangeProblem,
  type SurfaceGrid,
} from "#core/plot/surface-grid";

/** What the reader typed for a function of x and y, as text until it is read. */
export interface TwoVariableInput {
  formula: string;
  xMin: string;
  xMax: string;
  yMin: string;
  yMax: string;
  resolution: number;
}

export interface TwoVariableProblems {
  formula?: string;
  x?: string;
  y?: string;
  resolution?: string;
}

export type TwoVariableReading =
  { ok: true; formula: string; ast: ExprNode; grid: SurfaceGrid } | { ok: false; problems: TwoVariableProblems };

/** Reads every field; samples the grid only when all of them are right. */
export function readTwoVariableInput(input: TwoVariableInput): TwoVariableReading {
  const problems: TwoVariableProblems = {};
  const compiled = compileSurface(input.formula);
  if (!compiled.ok) problems.formula = compiled.message;
  const x = { min: parseCoordinate(input.xMin), max: parseCoordinate(input.xMax) };
  const y = { min: parseCoordinate(input.yMin), max: parseCoordinate(input.yMax) };
  const xProblem = axisRangeProblem(x);
  if (xProblem) problems.x = `x: ${xProblem}`;
  const yProblem = axisRangeProblem(y);
  if (yProblem) problems.y = `y: ${yProblem}`;
  const resolution = resolutionProblem(input.resolution);
  if (resolution) problems.resolution = resolution;
  if (!compiled.ok || xProblem || yProblem || resolution) return { ok: false, problems };
  return {
    ok: true,
    formula: input.formula.trim(),
    ast: compiled.ast,
    grid: sampleGrid(compiled.evaluate, { x, y, resolution: input.resolution }),
  };
}

/** What the grid shows, in a sentence for readers who cannot see the plot. */
export function describeGrid(grid: SurfaceGrid, formula: string, name: string): string {
  const first = (values: number[]) => formatValue(values[0]!);
  const last = (values: number[]) => formatValue(values[values.length - 1]!);
  const where = `${name} = ${formula.trim()} for x from ${first(grid.x)} to ${last(grid.x)} and y from ${first(grid.y)} to ${last(grid.y)}, on ${grid.x.length} × ${grid.y.length} points`;
  const values = grid.zRange
    ? `: values from ${formatValue(grid.zRange.min)} to ${formatValue(grid.zRange.max)}`
    : ": undefined at every point";
  const gaps =
    grid.undefinedPoints > 0 && grid.zRange
      ? `; undefined at ${grid.undefinedPoints} point${grid.undefinedPoints === 1 ? "" : "s"}, left as gaps`
      : "";
  return `${where}${values}${gaps}.`;
}
