import { useMemo, useState } from "react";
import type { EntryOutcome } from "#core/plot/plot-entries";
import type { PlotEntry } from "./plot";
import type { View } from "./plot-state";
import { nearestVertex, pointOnGraph, stepAlong, vertexNearX, type TraceTarget } from "./trace";

/** The pointer picks up the curve point nearest to it within this distance. */
const TRACE_REACH_PX = 24;

/**
 * Tracing the curves: the pointer picks up the nearest point of a curve; `t`
 * starts a keyboard trace, the arrows move along a curve (Shift: ten steps) or
 * to the next one, Escape or `t` ends it.
 */
export function usePlotTrace(
  entries: readonly PlotEntry[],
  outcomes: readonly EntryOutcome[],
  currentView: () => View,
) {
  const [trace, setTrace] = useState<TraceTarget | null>(null);
  const [tracing, setTracing] = useState(false);

  // Curves that can be traced: visible, and sampled for their current text.
  const traceable = useMemo(
    () =>
      outcomes.flatMap((outcome, entry) =>
        outcome.ok &&
        entries[entry]?.visible &&
        entries[entry]?.text === outcome.text &&
        outcome.geometry.lines.length > 0
          ? [{ entry, geometry: outcome.geometry, graph: outcome.kind === "explicit" && outcome.axis === "y" }]
          : [],
      ),
    [outcomes, entries],
  );

  const onPointerMove = (event: React.PointerEvent) => {
    if (event.buttons !== 0 || tracing) return;
    const shown = currentView();
    const box = event.currentTarget.getBoundingClientRect();
    const x = shown.xMin + ((event.clientX - box.left) / box.width) * (shown.xMax - shown.xMin);
    const y = shown.yMax - ((event.clientY - box.top) / box.height) * (shown.yMax - shown.yMin);
    const scale = { x: box.width / (shown.xMax - shown.xMin), y: box.height / (shown.yMax - shown.yMin) };
    setTrace(nearestVertex(traceable, x, y, scale, TRACE_REACH_PX));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const shown = currentView();
    if (event.key === "t") {
      event.preventDefault();
      if (tracing) {
        setTracing(false);
        setTrace(null);
        return;
      }
      const first = traceable[0];
      setTracing(first !== undefined);
      const middle = (shown.xMin + shown.xMax) / 2;
      setTrace(
        first
          ? (pointOnGraph(first.geometry, first.entry, middle) ?? vertexNearX(first.geometry, first.entry, middle))
          : null,
      );
      return;
    }
    if (!tracing || !trace) return;
    const position = traceable.findIndex((curve) => curve.entry === trace.entry);
    const steps = event.shiftKey ? 10 : 1;
    const step = (steps * (shown.xMax - shown.xMin)) / 100;
    const moveTo = (index: number, x: number) => {
      const curve = traceable[(index + traceable.length) % traceable.length];
      if (curve) setTrace(vertexNearX(curve.geometry, curve.entry, x));
    };
    // Graphs of x move by a hundredth of the view's width; other curves by vertices along them.
    const slide = (direction: 1 | -1) => {
      const curve = traceable[position];
      if (!curve) return;
      const next = curve.graph
        ? (pointOnGraph(curve.geometry, curve.entry, trace.x + direction * step) ??
          vertexNearX(curve.geometry, curve.entry, trace.x + direction * step))
        : stepAlong(curve.geometry, curve.entry, trace, direction * steps);
      if (next) setTrace(next);
    };
    const actions: Record<string, () => void> = {
      ArrowLeft: () => slide(-1),
      ArrowRight: () => slide(1),
      ArrowUp: () => moveTo(position - 1, trace.x),
      ArrowDown: () => moveTo(position + 1, trace.x),
      Escape: () => {
        setTracing(false);
        setTrace(null);
      },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const onPointerLeave = () => {
    if (!tracing) setTrace(null);
  };

  return { trace, tracing, onPointerMove, onPointerLeave, onKeyDown };
}
