/**
 * Shared by the plot tests and the benchmark: closures compiled from typed text, and the standard
 * views of the test set (1920 × 1080, square pixels).
 */
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { functionOf, functionOf2, type FunctionClosures, type FunctionClosures2 } from "./from-expression";
import type { PlotView } from "./viewport";

export const STANDARD_VIEW: PlotView = {
  xMin: -10,
  xMax: 10,
  yMin: -5.625,
  yMax: 5.625,
  width: 1920,
  height: 1080,
  pixelRatio: 1,
};

/** A view ten times closer than STANDARD_VIEW, centred on (cx, cy). */
export function zoomedView([cx, cy]: readonly [number, number]): PlotView {
  return { ...STANDARD_VIEW, xMin: cx - 1, xMax: cx + 1, yMin: cy - 0.5625, yMax: cy + 0.5625 };
}

function parsed(text: string) {
  const result = parseExpression(text, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`"${text}": ${result.error.message}`);
  return result.ast;
}

/** f and its enclosure for an expression in `variable`. */
export function compiledFunction(text: string, variable = "x"): FunctionClosures {
  return functionOf(parsed(text), variable);
}

/** F and its enclosure for an expression (or relation L = R, read as L − R) in x and y. */
export function compiledFunction2(text: string): FunctionClosures2 {
  return functionOf2(parsed(text), ["x", "y"]);
}
