import type { EntryOutcome } from "#core/plot/plot-entries";
import { axisTicks } from "#core/plot/ticks";
import type { ViewRange } from "#core/plot/viewport";
import type { AxisTick, DrawnCurve, PlotColors, PlotPicture, TracePoint } from "./draw-plot";
import { PLOT_BACKGROUND, type ColorScheme } from "./plot-palette";

export const PLOT_COLORS: Record<ColorScheme, PlotColors> = {
  light: {
    background: PLOT_BACKGROUND.light,
    minorGrid: "#f0f0f0",
    majorGrid: "#d6d6d6",
    axis: "#444444",
    text: "#333333",
  },
  dark: {
    background: PLOT_BACKGROUND.dark,
    minorGrid: "#222222",
    majorGrid: "#3a3a3a",
    axis: "#bbbbbb",
    text: "#dddddd",
  },
};

/** Ticks of one axis in the renderer's shape: labelled majors, unlabelled minors. */
function ticksFor(min: number, max: number, lengthPx: number, pi: boolean): AxisTick[] {
  const ticks = axisTicks(min, max, lengthPx, { pi });
  return [
    ...ticks.minor.map((value) => ({ value, label: null, major: false })),
    ...ticks.major.map(({ value, label }) => ({ value, label, major: true })),
  ];
}

type PictureEntry = { text: string; visible: boolean; color: string };

/** The curves to draw: each visible entry's geometry in its colour, markers kept or dropped. */
export function drawnCurves(
  entries: readonly PictureEntry[],
  outcomes: readonly EntryOutcome[],
  showMarkers: boolean,
): DrawnCurve[] {
  const curves: DrawnCurve[] = [];
  outcomes.forEach((outcome, index) => {
    const entry = entries[index];
    // An outcome computed for text since edited is not drawn in the new entry's colour.
    if (outcome.ok && entry?.visible && entry.text === outcome.text) {
      const geometry = showMarkers ? outcome.geometry : { ...outcome.geometry, markers: [] };
      curves.push({ geometry, color: entry.color });
    }
  });
  return curves;
}

export interface PictureInput {
  view: ViewRange;
  width: number;
  height: number;
  scheme: ColorScheme;
  piTicks: boolean;
  /** Draw the analysis markers (roots, extrema, meeting points); true unless said otherwise. */
  showMarkers?: boolean;
  entries: readonly PictureEntry[];
  outcomes: readonly EntryOutcome[];
  trace?: TracePoint | null;
}

/** Everything one frame of the plot shows, for the canvas and for SVG export alike. */
export function plotPicture({
  view,
  width,
  height,
  scheme,
  piTicks,
  showMarkers = true,
  entries,
  outcomes,
  trace = null,
}: PictureInput): PlotPicture {
  return {
    view,
    width,
    height,
    ticks: { x: ticksFor(view.xMin, view.xMax, width, piTicks), y: ticksFor(view.yMin, view.yMax, height, false) },
    colors: PLOT_COLORS[scheme],
    curves: drawnCurves(entries, outcomes, showMarkers),
    trace,
  };
}
