/**
 * From the typed entries of a plot to what it draws: each entry is parsed,
 * classified (./classify-entry.ts), compiled with the current parameter values
 * (./from-expression.ts), sampled for the view (./sample-all.ts) and, for graphs
 * of x, analysed for roots, extrema and meeting points (./analysis.ts). One
 * entry's error never stops the others. This is the plot worker's whole job,
 * and runs the same in Node for tests and benchmarks.
 */
import type { ExprNode } from "../expr/ast";
import { compileReal } from "../expr/compile-real";
import { derivative } from "../expr/derivative";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { analyseGraph, findIntersections, type GraphFindings, type Root, type Slope } from "./analysis";
import { classifyEntry, PARAMETRIC_VARIABLE, type ClassifiedEntry } from "./classify-entry";
import type { CurveSample } from "./curve-types";
import { describeGraph, spokenAt, spokenNumber, spokenValue } from "./describe-graph";
import { functionOf, functionOf2, type FunctionClosures, type Parameters } from "./from-expression";
import { emptyGeometry, type EntryGeometry, type Marker } from "./plot-geometry";
import { sampleEntry, type PlotEntry, type PlotResult } from "./sample-all";
import type { PlotView } from "./viewport";

/** A parameter no slider has set yet is 1, the value a new slider starts at. */
export const DEFAULT_PARAMETER_VALUE = 1;
/** Parametric curves run over t ∈ [0, 2π] and polar ones over θ ∈ [0, 2π]: one turn of the circle. */
export const PARAMETER_RANGE: readonly [number, number] = [0, 2 * Math.PI];
/** Marked points per graph, so a wildly oscillating curve cannot flood the list. */
export const MAX_MARKERS_PER_KIND = 25;

export type EntryKind = Exclude<ClassifiedEntry["kind"], "unsupported"> | "empty";

export type EntryOutcome =
  | {
      ok: true;
      /** The text this outcome was computed for (the page may have moved on). */
      text: string;
      kind: EntryKind;
      /** For graphs: which variable the curve gives (y = f(x) → "y"). */
      axis: "x" | "y" | null;
      geometry: EntryGeometry;
      /** Names the entry reads from sliders. */
      parameters: string[];
      /** `a = 3` sets a parameter rather than drawing. */
      definition: { name: string; value: number } | null;
      /** What is drawn, in words, for screen readers and the findings list. */
      description: string;
      /** For graphs of x (y = f(x)): what the analysis found, as numbers. */
      findings: GraphFindings | null;
      /** A work budget ran out: the drawing may be incomplete. */
      truncated: boolean;
    }
  | { ok: false; text: string; message: string; position?: number };

type Drawn = Extract<EntryOutcome, { ok: true }>;

function valuesFor(names: readonly string[], values: Parameters): Record<string, number> {
  return Object.fromEntries(names.map((name) => [name, values[name] ?? DEFAULT_PARAMETER_VALUE]));
}

function evaluateConstant(value: ExprNode, names: readonly string[], values: Parameters): number {
  return compileReal(value, [...names])(names.map((name) => values[name] ?? DEFAULT_PARAMETER_VALUE));
}

/** The sampler's entry for a classified one (definitions and points need no sampling). */
function samplerEntry(entry: ClassifiedEntry, values: Parameters): PlotEntry | null {
  switch (entry.kind) {
    case "explicit": {
      const { f, F } = functionOf(entry.body, entry.axis === "y" ? "x" : "y", valuesFor(entry.parameters, values));
      return entry.relation === "="
        ? { kind: "function", f, F, axis: entry.axis }
        : { kind: "function-inequality", f, F, relation: entry.relation, axis: entry.axis };
    }
    case "polar": {
      if (entry.relation !== "=") return null;
      const { f: r, F: R } = functionOf(entry.body, entry.angle, valuesFor(entry.parameters, values));
      return { kind: "polar", r, R, thetaMin: PARAMETER_RANGE[0], thetaMax: PARAMETER_RANGE[1] };
    }
    case "parametric": {
      const fixed = valuesFor(entry.parameters, values);
      const x = functionOf(entry.x, PARAMETRIC_VARIABLE, fixed);
      const y = functionOf(entry.y, PARAMETRIC_VARIABLE, fixed);
      const curve = { x: x.f, X: x.F, y: y.f, Y: y.F };
      return { kind: "parametric", curve, tMin: PARAMETER_RANGE[0], tMax: PARAMETER_RANGE[1] };
    }
    case "implicit": {
      const { F, FI } = functionOf2(entry.body, ["x", "y"], valuesFor(entry.parameters, values));
      return entry.relation === "="
        ? { kind: "implicit", F, FI }
        : { kind: "implicit-inequality", F, FI, relation: entry.relation };
    }
    default:
      return null;
  }
}

function asymptotesOf(curve: CurveSample): number[] {
  return curve.breaks.filter((b) => b.kind === "asymptote").map((b) => b.x);
}

/** Four corners per rectangle xMin, yMin, xMax, yMax: polygons the renderer fills like any region. */
function rectanglesToPolygons(rectangles: Float64Array): Float64Array[] {
  const polygons: Float64Array[] = [];
  for (let i = 0; i + 3 < rectangles.length; i += 4) {
    const [x0, y0, x1, y1] = [rectangles[i]!, rectangles[i + 1]!, rectangles[i + 2]!, rectangles[i + 3]!];
    polygons.push(new Float64Array([x0, y0, x1, y0, x1, y1, x0, y1]));
  }
  return polygons;
}

function geometryOf(result: PlotResult, axis: "x" | "y" | null): EntryGeometry {
  switch (result.kind) {
    case "curve":
      return {
        ...emptyGeometry(),
        lines: result.curve.polylines,
        dots: result.curve.dots,
        // Asymptotes of x = g(y) are horizontal; only vertical ones are drawn as lines.
        asymptotes: axis === "y" ? asymptotesOf(result.curve) : [],
      };
    case "implicit":
      return { ...emptyGeometry(), lines: result.curve.polylines };
    case "function-region":
      return {
        ...emptyGeometry(),
        lines: result.region.boundary.polylines,
        regions: result.region.fills,
        dashed: result.region.strict,
        dots: result.region.boundary.dots,
      };
    case "implicit-region":
      return {
        ...emptyGeometry(),
        lines: result.region.boundary.polylines,
        regions: rectanglesToPolygons(result.region.rectangles),
        dashed: result.region.strict,
      };
  }
}

function truncatedOf(result: PlotResult): boolean {
  switch (result.kind) {
    case "curve":
    case "implicit":
      return result.curve.truncated;
    case "function-region":
      return result.region.boundary.truncated;
    case "implicit-region":
      return result.region.truncated;
  }
}

const RELATION_WORDS = { "<": "below", "<=": "on or below", ">": "above", ">=": "on or above" } as const;

function describe(entry: ClassifiedEntry, result: PlotResult, view: PlotView): string {
  if (entry.kind === "explicit" && result.kind === "curve") return describeGraph(entry.axis, result.curve, view);
  if (entry.kind === "explicit" && result.kind === "function-region" && entry.relation !== "=") {
    const side =
      entry.axis === "y"
        ? RELATION_WORDS[entry.relation]
        : RELATION_WORDS[entry.relation].replace("below", "left of").replace("above", "right of");
    return `The region ${side} the curve is shaded; its boundary is ${result.region.strict ? "dashed: not part of it" : "solid: part of it"}.`;
  }
  if (entry.kind === "polar") return "A polar curve, drawn for θ from 0 to 2π.";
  if (entry.kind === "parametric") return "A parametric curve, drawn for t from 0 to 2π.";
  if (entry.kind === "implicit" && entry.relation === "=") {
    const pieces = result.kind === "implicit" ? result.curve.polylines.length : 0;
    return pieces === 0
      ? "No point of this curve lies in the view."
      : "An implicit curve: the points where both sides are equal.";
  }
  return `The region where the inequality holds is shaded; its boundary is ${entry.kind === "implicit" && (entry.relation === "<" || entry.relation === ">") ? "dashed" : "solid"}.`;
}

/** f′ and its enclosure, for touching roots and exact extrema; none where the derivative has no formula (floor, mod …). */
function slopeOf(body: ExprNode, parameters: readonly string[], values: Parameters): Slope | undefined {
  try {
    return functionOf(derivative(body, "x"), "x", valuesFor(parameters, values));
  } catch {
    return undefined;
  }
}

const ROOT_NOTES: Record<Root["kind"], string> = {
  crossing: "",
  touching: " (touching the axis)",
  edge: " (where the domain ends)",
  jump: " (where the curve jumps)",
};

/** A point as written, exact parts exactly: "(π/2, 1)", "(4.49, −0.217)". */
function spokenPoint(x: number, y: number): string {
  return `(${spokenValue(x).text}, ${spokenValue(y).text})`;
}

/** Roots and extrema of a graph of x, as markers and a sentence. */
function describeFindings(findings: GraphFindings): { markers: Marker[]; sentence: string } {
  const { roots, extrema } = findings;
  const markers: Marker[] = [
    ...roots.points.map((root) => ({
      x: root.x,
      y: 0,
      kind: "root" as const,
      label: `Root at ${spokenAt("x", [root.x])}${ROOT_NOTES[root.kind]}`,
    })),
    ...extrema.points.map((extremum) => ({
      x: extremum.x,
      y: extremum.y,
      kind: "extremum" as const,
      label: `Local ${extremum.kind} at ${spokenPoint(extremum.x, extremum.y)}`,
    })),
  ];
  const sentences: string[] = [];
  if (roots.points.length > 0)
    sentences.push(
      `Crosses or touches the x-axis at ${spokenAt(
        "x",
        roots.points.map((r) => r.x),
      )}.`,
    );
  else sentences.push("No roots in the view.");
  const maxima = extrema.points.filter((e) => e.kind === "maximum").map((e) => e.x);
  const minima = extrema.points.filter((e) => e.kind === "minimum").map((e) => e.x);
  if (maxima.length > 0)
    sentences.push(`Local ${maxima.length === 1 ? "maximum" : "maxima"} at ${spokenAt("x", maxima)}.`);
  if (minima.length > 0)
    sentences.push(`Local ${minima.length === 1 ? "minimum" : "minima"} at ${spokenAt("x", minima)}.`);
  return { markers, sentence: sentences.join(" ") };
}

function drawEntry(text: string, entry: ClassifiedEntry, values: Parameters, view: PlotView): EntryOutcome {
  if (entry.kind === "unsupported") return { ok: false, text, message: entry.message };
  const base = {
    ok: true as const,
    text,
    kind: entry.kind,
    parameters: entry.parameters,
    definition: null,
    findings: null,
    truncated: false,
  };
  if (entry.kind === "definition") {
    const value = evaluateConstant(entry.value, entry.parameters, values);
    if (!Number.isFinite(value)) return { ok: false, text, message: `${entry.name} has no finite value here` };
    return {
      ...base,
      axis: null,
      geometry: emptyGeometry(),
      definition: { name: entry.name, value },
      description: `Sets ${entry.name} = ${spokenNumber(value)}.`,
    };
  }
  if (entry.kind === "points") {
    const dots = entry.points
      .map(([x, y]) => ({
        x: evaluateConstant(x, entry.parameters, values),
        y: evaluateConstant(y, entry.parameters, values),
        filled: true,
      }))
      .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    const listed = dots.map((p) => `(${spokenNumber(p.x)}, ${spokenNumber(p.y)})`);
    return {
      ...base,
      axis: null,
      geometry: { ...emptyGeometry(), dots },
      description:
        dots.length === 1 ? `The point ${listed[0]}.` : `${dots.length} points: ${listed.slice(0, 10).join(", ")}.`,
    };
  }
  const sampler = samplerEntry(entry, values);
  if (!sampler) return { ok: false, text, message: "a polar curve is drawn with r = …; polar regions are not drawn" };
  const result = sampleEntry(sampler, view);
  const axis = entry.kind === "explicit" ? entry.axis : null;
  const geometry = geometryOf(result, axis);
  let description = describe(entry, result, view);
  let findings: GraphFindings | null = null;
  if (entry.kind === "explicit" && entry.axis === "y" && sampler.kind === "function" && result.kind === "curve") {
    findings = analyseGraph(sampler.f, sampler.F, view, result.curve, {
      maxPoints: MAX_MARKERS_PER_KIND,
      derivative: slopeOf(entry.body, entry.parameters, values),
    });
    const { markers, sentence } = describeFindings(findings);
    geometry.markers = markers;
    description = `${description} ${sentence}`;
  }
  return { ...base, axis, geometry, description, findings, truncated: truncatedOf(result) };
}

/** Where each pair of graphs of x meets, added to the first of the two as markers. */
function markIntersections(outcomes: EntryOutcome[], closures: (FunctionClosures | null)[], view: PlotView) {
  for (let i = 0; i < closures.length; i++) {
    for (let j = i + 1; j < closures.length; j++) {
      const a = closures[i];
      const b = closures[j];
      const outcome = outcomes[i];
      if (!a || !b || !outcome?.ok) continue;
      const found = findIntersections(a.f, a.F, b.f, b.F, view, { maxPoints: MAX_MARKERS_PER_KIND });
      for (const point of found.points) {
        outcome.geometry.markers.push({
          x: point.x,
          y: point.y,
          kind: "intersection",
          label: `Meets expression ${j + 1} at ${spokenPoint(point.x, point.y)}`,
        });
      }
    }
  }
}

/** Every entry's outcome, in order. Definitions (`a = 3`) apply to all the other entries. */
export function plotEntries(texts: readonly string[], sliderValues: Parameters, view: PlotView): EntryOutcome[] {
  const parsed = texts.map((text) => (text.trim() === "" ? null : parseExpression(text, FORMULA_OPTIONS)));
  const classified = parsed.map((result) => (result?.ok ? classifyEntry(result.ast) : null));

  const values: Record<string, number> = { ...sliderValues };
  for (const entry of classified) {
    if (entry?.kind !== "definition") continue;
    const value = evaluateConstant(entry.value, entry.parameters, values);
    if (Number.isFinite(value)) values[entry.name] = value;
  }

  const graphs: (FunctionClosures | null)[] = [];
  const outcomes = texts.map((text, index): EntryOutcome => {
    const result = parsed[index];
    const entry = classified[index];
    graphs[index] = null;
    if (!result || !entry) {
      const empty: Drawn = {
        ok: true,
        text,
        kind: "empty",
        axis: null,
        geometry: emptyGeometry(),
        parameters: [],
        definition: null,
        description: "",
        findings: null,
        truncated: false,
      };
      return result && !result.ok
        ? { ok: false, text, message: result.error.message, position: result.error.position }
        : empty;
    }
    try {
      const outcome = drawEntry(text, entry, values, view);
      if (outcome.ok && entry.kind === "explicit" && entry.axis === "y" && entry.relation === "=") {
        graphs[index] = functionOf(entry.body, "x", valuesFor(entry.parameters, values));
      }
      return outcome;
    } catch (error) {
      // A compile error names what is wrong (an unknown function, a wrong number of arguments).
      return { ok: false, text, message: error instanceof Error ? error.message : String(error) };
    }
  });
  markIntersections(outcomes, graphs, view);
  return outcomes;
}
