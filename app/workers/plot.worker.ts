import { plotEntries } from "#core/plot/plot-entries";
import { paintCurveLayer } from "#app/graphics/curve-layer";
import type { PlotRequest, PlotResponse } from "./plot-protocol";

/** Samples and paints plots off the page's thread, so panning and typing never wait for the maths. */
self.onmessage = (event: MessageEvent<PlotRequest>) => {
  const { id, entries, parameters, view, style } = event.data;
  const outcomes = plotEntries(entries, parameters, view);
  const layer = style ? paintCurveLayer(outcomes, view, style) : null;
  const response: PlotResponse = { id, outcomes, layer };
  // The bitmap moves to the page rather than being copied.
  self.postMessage(response, { transfer: layer ? [layer] : [] });
};
