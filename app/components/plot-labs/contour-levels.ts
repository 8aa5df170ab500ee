import { parseCoordinate } from "./coordinate-text";

/** Fewer levels say little; more than this turn the plot into a smear of lines. */
export const MIN_LEVEL_COUNT = 2;
export const MAX_LEVEL_COUNT = 60;

/** Relative slack when counting levels, so that 0 to 1 by 0.1 is 11 levels despite rounding. */
const LEVEL_COUNT_SLACK = 1e-9;

export type ContourColouring = "fill" | "heatmap" | "lines";

/** Where the level lines go: about `count` levels chosen by plotly, or every `step` from `start` to `end`. */
export interface LevelInput {
  mode: "auto" | "manual";
  count: number;
  start: string;
  end: string;
  step: string;
}

/** The `contours` part of plotly's contour trace that places the levels. */
export type LevelSpec =
  { autocontour: true; ncontours: number } | { autocontour: false; start: number; end: number; size: number };

export type LevelReading = { ok: true; spec: LevelSpec } | { ok: false; problem: string };

export function readLevels(levels: LevelInput): LevelReading {
  if (levels.mode === "auto") {
    const { count } = levels;
    if (!Number.isInteger(count) || count < MIN_LEVEL_COUNT || count > MAX_LEVEL_COUNT) {
      return { ok: false, problem: `the number of levels must be from ${MIN_LEVEL_COUNT} to ${MAX_LEVEL_COUNT}` };
    }
    return { ok: true, spec: { autocontour: true, ncontours: count } };
  }
  const start = parseCoordinate(levels.start);
  const end = parseCoordinate(levels.end);
  const step = parseCoordinate(levels.step);
  if (![start, end, step].every(Number.isFinite))
    return { ok: false, problem: "the levels need numbers for first, last and step" };
  if (end < start) return { ok: false, problem: "the last level must not be below the first" };
  if (!(step > 0)) return { ok: false, problem: "the step between levels must be greater than 0" };
  if (Math.floor((end - start) / step + LEVEL_COUNT_SLACK) + 1 > MAX_LEVEL_COUNT) {
    return { ok: false, problem: `at most ${MAX_LEVEL_COUNT} levels: make the step larger` };
  }
  return { ok: true, spec: { autocontour: false, start, end, size: step } };
}
