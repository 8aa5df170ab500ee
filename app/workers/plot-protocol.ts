import type { LayerStyle } from "#app/graphics/curve-layer";
import type { PlotView } from "#core/plot/viewport";
import type { EntryOutcome } from "#core/plot/plot-entries";

/** One picture to compute: every entry of the plot, for the given view and parameter values. */
export interface PlotRequest {
  id: number;
  entries: readonly string[];
  parameters: Readonly<Record<string, number>>;
  view: PlotView;
  /** Paint the curves too, in this style. */
  style: LayerStyle | null;
}

export interface PlotResponse {
  id: number;
  outcomes: EntryOutcome[];
  /** The curves painted for the request's view and style, when asked for and the worker can paint. */
  layer: ImageBitmap | null;
}
