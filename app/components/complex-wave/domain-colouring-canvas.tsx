import Box from "@mui/material/Box";
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ComplexFormula } from "#core/plot/complex-formula";
import {
  COMPLEX_VIEW_MOVES,
  pixelOf,
  pointAt,
  type ComplexPoint,
  type ComplexView,
} from "#core/plot/complex-plane-view";
import type { ColouringOptions } from "#core/plot/domain-colouring";
import { axisTicks } from "#core/plot/ticks";
import { PAN_ZOOM_SX, usePanZoom } from "../math/use-pan-zoom";
import { useSchemePalette } from "../plot-labs/use-scheme-palette";
import { CanvasDomainRenderer, type RasterQuality } from "./canvas-domain-renderer";
import { drawPlaneOverlay } from "./plane-overlay";
import { WebGLDomainRenderer } from "./webgl-domain-renderer";

export type Renderer = "webgl" | "canvas";

/** The picture's shape: 3 wide for 2 high. */
export const ASPECT = 3 / 2;
/** A key press zooms by this factor. */
const KEY_ZOOM = 1.5;
/** The probe moves by a round step of at least this fraction of the width. */
const PROBE_STEP_FRACTION = 1 / 40;

/** The probe's step for the keyboard: a round number (1, 2 or 5 × 10^k) near 1/40 of the width. */
export function probeStep(view: ComplexView): number {
  return axisTicks(0, 2 * view.halfWidth, 1, { minSpacingPx: PROBE_STEP_FRACTION }).step;
}

/** Logged once per page load: why the picture is drawn on the CPU. */
const logged = new Set<string>();
function logOnce(level: "info" | "warn", message: string) {
  if (logged.has(message)) return;
  logged.add(message);
  console[level](message);
}

interface DomainColouringCanvasProps {
  formula: ComplexFormula;
  parameterValues: readonly number[];
  view: ComplexView;
  onViewChange(view: ComplexView): void;
  options: ColouringOptions;
  probe: ComplexPoint | null;
  onProbeChange(probe: ComplexPoint): void;
  /** Draw on the CPU even where WebGL works (`?renderer=canvas`). */
  forceCanvas: boolean;
  onRenderer(renderer: Renderer, reason: string | null): void;
  onResetView(): void;
  label: string;
  describedBy: string;
}

/**
 * The picture of f over the view: on the GPU through WebGL where it works, else on a 2-D canvas
 * a band of rows per frame. Above it a transparent canvas with the axes and the probe. Drag or
 * use the wheel (or two fingers) to move and zoom; the keyboard moves the probe (arrows), pans
 * (Shift + arrows), zooms (+ and −) and resets (0).
 */
export function DomainColouringCanvas(props: DomainColouringCanvasProps) {
  const { formula, parameterValues, view, options, probe, forceCanvas, label, describedBy } = props;
  const frame = useRef<HTMLDivElement>(null);
  const glCanvas = useRef<HTMLCanvasElement>(null);
  const flatCanvas = useRef<HTMLCanvasElement>(null);
  const overlay = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0, density: 1 });
  const [webgl, setWebgl] = useState<WebGLDomainRenderer | null>(null);
  const [webglProblem, setWebglProblem] = useState<string | null>(null);
  /** The formula the GPU refused, if the current one is it. */
  const [refused, setRefused] = useState<{ expression: string; reason: string } | null>(null);
  const [interacting, setInteracting] = useState(false);
  const flat = useRef<CanvasDomainRenderer | null>(null);
  const { palette, fontFamily } = useSchemePalette();

  const gpuRefusesThis = refused !== null && refused.expression === formula.glsl.expression;
  const renderer: Renderer = forceCanvas || webgl === null || gpuRefusesThis ? "canvas" : "webgl";
  const reason = forceCanvas
    ? "asked for with ?renderer=canvas"
    : webgl === null
      ? webglProblem
      : gpuRefusesThis
        ? `the GPU refused this formula's shader (${refused.reason.trim()})`
        : null;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.round(entry.contentRect.width);
      setSize({ width, height: Math.round(width / ASPECT), density: window.devicePixelRatio || 1 });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (forceCanvas || !glCanvas.current) return;
    const setup = WebGLDomainRenderer.create(glCanvas.current);
    if (setup.ok) {
      setWebgl(setup.renderer);
    } else {
      setWebglProblem(setup.reason);
      logOnce("info", `Domain colouring: drawing on the CPU because ${setup.reason}.`);
    }
  }, [forceCanvas]);

  const onRenderer = useEffectEvent(props.onRenderer);
  useEffect(() => {
    if (webgl !== null || webglProblem !== null || forceCanvas) onRenderer(renderer, reason);
  }, [renderer, reason, webgl, webglProblem, forceCanvas]);

  const backingWidth = Math.round(size.width * size.density);
  const backingHeight = Math.round(size.height * size.density);

  // The GPU picture: cheap, so redrawn on every change, at the next frame (several changes in one frame draw once).
  useEffect(() => {
    const canvas = glCanvas.current;
    if (renderer !== "webgl" || !webgl || !canvas || backingWidth === 0) return;
    const request = requestAnimationFrame(() => {
      if (canvas.width !== backingWidth) canvas.width = backingWidth;
      if (canvas.height !== backingHeight) canvas.height = backingHeight;
      const problem = webgl.setFunction(formula.glsl);
      if (problem !== null) {
        logOnce("warn", `Domain colouring: the GPU refused the shader, drawing on the CPU instead: ${problem}`);
        setRefused({ expression: formula.glsl.expression, reason: problem });
        return;
      }
      webgl.draw(view, parameterValues, options);
      frame.current?.setAttribute("data-drawn", "full");
    });
    return () => cancelAnimationFrame(request);
  }, [renderer, webgl, formula, parameterValues, view, options, backingWidth, backingHeight]);

  // The CPU picture: coarse while the view moves, then full resolution, a band per frame.
  useEffect(() => {
    const canvas = flatCanvas.current;
    if (renderer !== "canvas" || !canvas || backingWidth === 0) return;
    if (canvas.width !== backingWidth) canvas.width = backingWidth;
    if (canvas.height !== backingHeight) canvas.height = backingHeight;
    if (!flat.current) {
      const context = canvas.getContext("2d");
      if (!context) return;
      flat.current = new CanvasDomainRenderer(context);
    }
    const quality: RasterQuality = interacting ? "coarse" : "full";
    frame.current?.setAttribute("data-drawn", "none");
    const f = formula.withParameters(parameterValues);
    flat.current.draw(f, view, options, quality, (done) => frame.current?.setAttribute("data-drawn", done));
    return () => flat.current?.cancel();
  }, [renderer, formula, parameterValues, view, options, backingWidth, backingHeight, interacting]);

  useEffect(() => {
    const canvas = overlay.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context || size.width === 0) return;
    if (canvas.width !== backingWidth) canvas.width = backingWidth;
    if (canvas.height !== backingHeight) canvas.height = backingHeight;
    context.setTransform(size.density, 0, 0, size.density, 0, 0);
    drawPlaneOverlay(context, view, size.width, size.height, probe, {
      ink: "rgba(255, 255, 255, 0.9)",
      text: palette.text.primary,
      chip: palette.mode === "dark" ? "rgba(18, 18, 18, 0.8)" : "rgba(255, 255, 255, 0.85)",
      font: `12px ${fontFamily ?? "sans-serif"}`,
    });
  }, [view, probe, size, backingWidth, backingHeight, palette, fontFamily]);

  // One pointer drags the view, two pinch-zoom it, the wheel zooms (the CPU picture is coarse
  // meanwhile); a hovering mouse moves the probe.
  const latestView = useRef(view);
  useLayoutEffect(() => {
    latestView.current = view;
  }, [view]);
  usePanZoom(frame, {
    moves: COMPLEX_VIEW_MOVES,
    view: () => latestView.current,
    onView: (next, moving) => {
      latestView.current = next;
      props.onViewChange(next);
      setInteracting(moving);
    },
    onSettle: () => setInteracting(false),
    onReset: props.onResetView,
    onHover: (at, event) => {
      if (event.pointerType === "mouse") props.onProbeChange(pointAt(view, size.width, size.height, at.x, at.y));
    },
    // The plain arrows move the probe; + and − zoom about it.
    arrowsPan: false,
    keyZoomStep: KEY_ZOOM,
    keyZoomAt: ({ width, height }) =>
      probe ? pixelOf(view, width, height, probe.re, probe.im) : { x: width / 2, y: height / 2 },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    const arrow = arrows[event.key];
    // Shift + arrows pan (usePanZoom).
    if (!arrow || event.shiftKey) return;
    event.preventDefault();
    const step = probeStep(view);
    const here = probe ?? { re: view.centreRe, im: view.centreIm };
    // Snapped to the step's grid, so the read-out shows round numbers.
    const snap = (x: number) => Math.round(x / step) * step;
    props.onProbeChange({ re: snap(here.re + arrow[0] * step), im: snap(here.im + arrow[1] * step) });
  };

  const canvasStyle = (shown: boolean) =>
    ({ position: "absolute", inset: 0, width: "100%", height: "100%", display: shown ? "block" : "none" }) as const;
  return (
    <Box
      ref={frame}
      role="application"
      aria-roledescription="complex plane"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      data-renderer={renderer}
      onKeyDown={onKeyDown}
      sx={{
        position: "relative",
        width: "100%",
        aspectRatio: `${ASPECT}`,
        ...PAN_ZOOM_SX,
        bgcolor: "action.hover",
        borderRadius: 1,
        overflow: "hidden",
        outlineOffset: 2,
        "&:focus-visible": { outline: "3px solid", outlineColor: "primary.main" },
      }}
    >
      <Box component="canvas" ref={glCanvas} aria-hidden sx={canvasStyle(renderer === "webgl")} />
      <Box component="canvas" ref={flatCanvas} aria-hidden sx={canvasStyle(renderer === "canvas")} />
      <Box component="canvas" ref={overlay} aria-hidden sx={{ ...canvasStyle(true), pointerEvents: "none" }} />
    </Box>
  );
}
