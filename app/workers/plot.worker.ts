import { plotEntries } from "../../core/plot/plot-entries";
import type { PlotRequest, PlotResponse } from "./plot-protocol";

/** Samples plots off the page's thread, so panning and typing never wait for the maths. */
self.onmessage = (event: MessageEvent<PlotRequest>) => {
  const { id, entries, parameters, view } = event.data;
  const response: PlotResponse = { id, outcomes: plotEntries(entries, parameters, view) };
  self.postMessage(response);
};
