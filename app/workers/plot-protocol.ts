import type { PlotView } from "../../core/plot/viewport";
import type { EntryOutcome } from "../../core/plot/plot-entries";

/** One picture to compute: every entry of the plot, for the given view and parameter values. */
export interface PlotRequest {
  id: number;
  entries: readonly string[];
  parameters: Readonly<Record<string, number>>;
  view: PlotView;
}

export interface PlotResponse {
  id: number;
  outcomes: EntryOutcome[];
}
