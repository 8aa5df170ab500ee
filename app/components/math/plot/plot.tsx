import Box from "@mui/material/Box";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { EntryOutcome } from "#core/plot/plot-entries";
import { padView, VIEW_RANGE_MOVES, viewCovers, type PlotView } from "#core/plot/viewport";
import { usePlotSampler } from "#app/workers/use-plot-sampler";
import { paintPlot, type LayerStyle, type PaintedLayer } from "#app/graphics/curve-layer";
import type { TracePoint } from "#app/graphics/draw-plot";
import type { ColorScheme } from "#app/graphics/plot-palette";
import { plotPicture } from "#app/graphics/plot-picture";
import type { View } from "./plot-state";
import { usePlotTrace } from "./use-plot-trace";
import { useResolvedScheme } from "#app/theme/use-resolved-scheme";
import { PAN_ZOOM_SX, usePanZoom } from "../use-pan-zoom";

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

/** While a gesture goes on, the worker paints this share of the view's size beyond each of its edges… */
const GESTURE_MARGIN = 0.5;
/** …and is asked again when less than this share is left to spare on a side. */
const GESTURE_SPARE = 0.2;

/** Five significant digits: a read-out, not a computation. */
const coordinate = (value: number) => String(Number(value.toPrecision(5))).replace("-", "\u2212");

const viewAttribute = (view: View) => [view.xMin, view.xMax, view.yMin, view.yMax].join(",");

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
  // The outcomes the page renders from (tracing, findings): those of the last settled view.
  const [outcomes, setOutcomes] = useState<EntryOutcome[]>([]);

  // Pans and zooms run outside React: the view shown and the newest outcomes live here, the
  // canvas is redrawn once per animation frame, and the page hears of them when a gesture ends.
  const shownView = useRef(view);
  const latestOutcomes = useRef<EntryOutcome[]>([]);
  const latestLayer = useRef<PaintedLayer | null>(null);
  const moving = useRef(false);
  const frameRequest = useRef(0);
  const { trace, tracing, onPointerMove, onPointerLeave, onKeyDown } = usePlotTrace(
    entries,
    outcomes,
    () => shownView.current,
  );

  const texts = entries.map((entry) => entry.text);
  const tracedColor = trace ? entries[trace.entry]?.color : undefined;
  const traced: TracePoint | null = trace && tracedColor ? { x: trace.x, y: trace.y, color: tracedColor } : null;
  const style: LayerStyle = {
    entries: entries.map(({ text, visible, color }) => ({ text, visible, color })),
    showMarkers,
    scheme,
    pixelRatio: size?.pixelRatio ?? 1,
  };
  const styleKey = JSON.stringify(style);
  const inputs = {
    size,
    scheme,
    piTicks,
    showMarkers,
    entries,
    texts,
    parameters,
    traced,
    view,
    onViewChange,
    style,
    styleKey,
  };
  const latest = useRef(inputs);

  const draw = useCallback(() => {
    cancelAnimationFrame(frameRequest.current);
    frameRequest.current = 0;
    const element = canvas.current;
    const { size: box, ...now } = latest.current;
    if (!element || !box || box.width <= 0 || box.height <= 0) return;
    const picture = plotPicture({
      view: shownView.current,
      width: box.width,
      height: box.height,
      scheme: now.scheme,
      piTicks: now.piTicks,
      showMarkers: now.showMarkers,
      entries: now.entries,
      outcomes: latestOutcomes.current,
      trace: now.traced,
    });
    paintPlot(element, picture, box.pixelRatio, latestLayer.current, now.styleKey);
    // The attribute always names the view the canvas shows.
    frame.current?.setAttribute("data-view", viewAttribute(shownView.current));
  }, [canvas]);

  const sampler = usePlotSampler(({ outcomes: next, view: painted, layer, style: paintedStyle }) => {
    latestOutcomes.current = next;
    latestLayer.current?.bitmap.close();
    latestLayer.current = layer && { bitmap: layer, view: painted, styleKey: JSON.stringify(paintedStyle) };
    if (moving.current) {
      frameRequest.current ||= requestAnimationFrame(draw);
    } else if (viewAttribute(painted) === viewAttribute(shownView.current)) {
      setOutcomes(next);
    } else {
      // A picture asked for during a gesture (a view padded beyond the one shown) came after it
      // ended: it is drawn, but the findings ("Drawn for x from … to …") wait for the view at rest.
      draw();
    }
  });
  // During a gesture the worker is asked for a picture larger than the view, and asked again only
  // when the view nears its edge or changes scale; at rest, for the view exactly (its findings too).
  const gestureRequest = useRef<PlotView | null>(null);
  const requestSample = useCallback(() => {
    const { size: box, texts: now, parameters: values, style: painted } = latest.current;
    if (!box || box.width <= 0 || box.height <= 0) return;
    const shown = { ...shownView.current, ...box };
    if (!moving.current) {
      gestureRequest.current = null;
      sampler.request(now, values, shown, painted);
      return;
    }
    if (gestureRequest.current && viewCovers(gestureRequest.current, shown, GESTURE_SPARE)) return;
    gestureRequest.current = padView(shown, GESTURE_MARGIN);
    sampler.request(now, values, gestureRequest.current, painted);
  }, [sampler]);

  // A view set by the page (a reset, a lesson's own view) replaces the one shown.
  useLayoutEffect(() => {
    latest.current = inputs;
    if (viewAttribute(view) === viewAttribute(shownView.current)) return;
    shownView.current = view;
    moving.current = false;
    requestSample();
  });
  // Every render draws at once, so the canvas never lags the page around it.
  useLayoutEffect(draw);
  useEffect(
    () => () => {
      cancelAnimationFrame(frameRequest.current);
      latestLayer.current?.bitmap.close();
      latestLayer.current = null;
    },
    [],
  );

  const samplingKey = JSON.stringify([texts, parameters, size, styleKey]);
  useEffect(requestSample, [samplingKey, requestSample]);

  useEffect(() => {
    onOutcomes?.(outcomes);
  }, [outcomes, onOutcomes]);

  const showView = (next: View, gesture: boolean) => {
    shownView.current = next;
    moving.current = gesture;
    requestSample();
    if (gesture) {
      frameRequest.current ||= requestAnimationFrame(draw);
    } else {
      draw();
      latest.current.onViewChange(next);
    }
  };
  // The page's findings wait for the worker's answer for the view at rest.
  const settle = () => {
    if (!moving.current) return;
    moving.current = false;
    draw();
    requestSample();
    if (viewAttribute(shownView.current) !== viewAttribute(latest.current.view)) {
      latest.current.onViewChange(shownView.current);
    }
  };
  usePanZoom(frame, {
    moves: VIEW_RANGE_MOVES,
    view: () => shownView.current,
    onView: showView,
    onSettle: settle,
    onReset,
    keys: !tracing,
  });

  return (
    <Box
      ref={frame}
      tabIndex={0}
      role="img"
      aria-label={`${label} Press t to trace the curves with the arrow keys.`}
      data-view={viewAttribute(view)}
      onPointerMove={onPointerMove}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      sx={{
        position: "relative",
        height,
        ...PAN_ZOOM_SX,
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
