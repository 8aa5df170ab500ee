import Box from "@mui/material/Box";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { EntryOutcome } from "../../../../core/plot/plot-entries";
import type { PlotView } from "../../../../core/plot/viewport";
import { usePlotSampler } from "../../../workers/use-plot-sampler";
import { drawPlot, type PlotPicture, type TracePoint } from "./draw-plot";
import { nearestVertex, pointOnGraph, stepAlong, vertexNearX, type TraceTarget } from "./trace";
import type { ColorScheme } from "./plot-palette";
import { plotPicture } from "./plot-picture";
import type { View } from "./plot-state";
import { usePlotInteraction } from "./use-plot-interaction";
import { useResolvedScheme } from "../../../theme/use-resolved-scheme";

export interface PlotEntry {
  text: string;
  visible: boolean;
  color: string;
}

interface PlotProps {
  entries: readonly PlotEntry[];
  parameters: Readonly<Record<string, number>>;
  view: View;
  onViewChange(view: View): void;
  onReset(): void;
  /** Label the x-axis in multiples of π. */
  piTicks?: boolean;
  /** Mark roots, extrema and meeting points on the curves (pages that animate a curve turn them off). */
  showMarkers?: boolean;
  /** CSS height of the plot; its width is its container's. */
  height?: string;
  /** What the plot shows, for screen readers (the curves' own descriptions follow it). */
  label: string;
  /** Each entry's outcome (its geometry, or why it cannot be drawn), as the worker last answered. */
  onOutcomes?(outcomes: readonly EntryOutcome[]): void;
  /** Anything drawn over the plot (a trace read-out, controls). */
  children?: ReactNode;
  /** The canvas, for export. */
  canvasRef?: React.RefObject<HTMLCanvasElement | null>;
}

/** The pointer picks up the curve point nearest to it within this distance. */
const TRACE_REACH_PX = 24;

/** Five significant digits: a read-out, not a computation. */
const coordinate = (value: number) => String(Number(value.toPrecision(5))).replace("-", "\u2212");

/** Sizes the canvas for the device pixel ratio and draws the picture on it. */
function paint(element: HTMLCanvasElement, picture: PlotPicture, pixelRatio: number) {
  element.width = Math.round(picture.width * pixelRatio);
  element.height = Math.round(picture.height * pixelRatio);
  const ctx = element.getContext("2d");
  if (!ctx) return;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  drawPlot(ctx, picture);
}

/** Tracks an element's CSS size and the device pixel ratio. */
function useElementSize(element: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number; pixelRatio: number } | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () =>
      setSize({ width: target.clientWidth, height: target.clientHeight, pixelRatio: window.devicePixelRatio || 1 });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/**
 * A plot of typed formulas on a canvas: sampled in a Web Worker, drawn at the
 * device pixel ratio in the current colour scheme, panned and zoomed by mouse,
 * wheel, touch and keyboard. Lessons, quizzes and the plot pages all use it.
 */
export function Plot({
  entries,
  parameters,
  view,
  onViewChange,
  onReset,
  piTicks = false,
  showMarkers = true,
  height = "480px",
  label,
  onOutcomes,
  children,
  canvasRef,
}: PlotProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const ownCanvas = useRef<HTMLCanvasElement | null>(null);
  const canvas = canvasRef ?? ownCanvas;
  const size = useElementSize(frame);
  const scheme: ColorScheme = useResolvedScheme();
  const [trace, setTrace] = useState<TraceTarget | null>(null);
  const [tracing, setTracing] = useState(false);

  const plotView: PlotView | null = useMemo(
    () => (size && size.width > 0 && size.height > 0 ? { ...view, ...size } : null),
    [view, size],
  );
  const texts = entries.map((entry) => entry.text);
  const sampled = usePlotSampler(texts, parameters, plotView);

  useEffect(() => {
    onOutcomes?.(sampled.outcomes);
  }, [sampled.outcomes, onOutcomes]);

  usePlotInteraction(frame, { view, onView: onViewChange, onReset, keys: !tracing });

  // Curves that can be traced: visible, and sampled for their current text.
  const traceable = useMemo(
    () =>
      sampled.outcomes.flatMap((outcome, entry) =>
        outcome.ok &&
        entries[entry]?.visible &&
        entries[entry]?.text === outcome.text &&
        outcome.geometry.lines.length > 0
          ? [{ entry, geometry: outcome.geometry, graph: outcome.kind === "explicit" && outcome.axis === "y" }]
          : [],
      ),
    [sampled.outcomes, entries],
  );

  const onPointerMove = (event: React.PointerEvent) => {
    if (event.buttons !== 0 || !plotView || tracing) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = view.xMin + ((event.clientX - box.left) / box.width) * (view.xMax - view.xMin);
    const y = view.yMax - ((event.clientY - box.top) / box.height) * (view.yMax - view.yMin);
    const scale = { x: box.width / (view.xMax - view.xMin), y: box.height / (view.yMax - view.yMin) };
    setTrace(nearestVertex(traceable, x, y, scale, TRACE_REACH_PX));
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "t") {
      event.preventDefault();
      if (tracing) {
        setTracing(false);
        setTrace(null);
        return;
      }
      const first = traceable[0];
      setTracing(first !== undefined);
      const middle = (view.xMin + view.xMax) / 2;
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
    const step = (steps * (view.xMax - view.xMin)) / 100;
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

  const tracedColor = trace ? entries[trace.entry]?.color : undefined;
  const picture = useMemo(() => {
    if (!plotView) return null;
    const traced: TracePoint | null = trace && tracedColor ? { x: trace.x, y: trace.y, color: tracedColor } : null;
    const { width, height: heightPx } = plotView;
    return plotPicture({
      view,
      width,
      height: heightPx,
      scheme,
      piTicks,
      showMarkers,
      entries,
      outcomes: sampled.outcomes,
      trace: traced,
    });
  }, [plotView, view, scheme, piTicks, showMarkers, entries, sampled.outcomes, trace, tracedColor]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !picture || !plotView) return;
    paint(element, picture, plotView.pixelRatio);
  }, [canvas, picture, plotView]);

  return (
    <Box
      ref={frame}
      tabIndex={0}
      role="img"
      aria-label={`${label} Press t to trace the curves with the arrow keys.`}
      data-view={[view.xMin, view.xMax, view.yMin, view.yMax].join(",")}
      onPointerMove={onPointerMove}
      onPointerLeave={() => !tracing && setTrace(null)}
      onKeyDown={onKeyDown}
      sx={{
        position: "relative",
        height,
        touchAction: "none",
        cursor: "grab",
        borderRadius: 1,
        overflow: "hidden",
        border: 1,
        borderColor: "divider",
        "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 2 },
      }}
    >
      <canvas ref={canvas} style={{ width: "100%", height: "100%", display: "block" }} />
      <Box
        aria-live="polite"
        sx={{
          position: "absolute",
          top: 8,
          left: 8,
          px: 1,
          borderRadius: 1,
          bgcolor: "background.paper",
          fontFamily: "monospace",
          fontSize: "0.875rem",
          opacity: trace ? 0.92 : 0,
          pointerEvents: "none",
        }}
      >
        {trace && `Expression ${trace.entry + 1}: (${coordinate(trace.x)}, ${coordinate(trace.y)})`}
      </Box>
      {children}
    </Box>
  );
}
