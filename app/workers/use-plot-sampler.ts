import { useEffect, useRef, useState } from "react";
import type { EntryOutcome } from "../../core/plot/plot-entries";
import type { PlotView } from "../../core/plot/viewport";
import type { PlotRequest, PlotResponse } from "./plot-protocol";

export interface SampledPlot {
  outcomes: EntryOutcome[];
  /** The view the outcomes were sampled for; the page redraws them in the current view until new ones come. */
  view: PlotView | null;
}

/**
 * Samples the plot in a Web Worker. At most one request is in flight: while the
 * worker works, newer requests replace each other, and only the newest is sent
 * when it answers — so a fast pan never queues stale work.
 */
export function usePlotSampler(
  entries: readonly string[],
  parameters: Readonly<Record<string, number>>,
  view: PlotView | null,
): SampledPlot {
  const [sampled, setSampled] = useState<SampledPlot>({ outcomes: [], view: null });
  const worker = useRef<Worker | null>(null);
  const busy = useRef(false);
  const pending = useRef<PlotRequest | null>(null);
  const nextId = useRef(1);
  const views = useRef(new Map<number, PlotView>());

  useEffect(() => {
    const current = new Worker(new URL("./plot.worker.ts", import.meta.url), { type: "module" });
    worker.current = current;
    const send = (request: PlotRequest) => {
      busy.current = true;
      views.current.set(request.id, request.view);
      current.postMessage(request);
    };
    current.onmessage = (message: MessageEvent<PlotResponse>) => {
      const { id, outcomes } = message.data;
      const sampledView = views.current.get(id) ?? null;
      views.current.delete(id);
      setSampled({ outcomes, view: sampledView });
      busy.current = false;
      const next = pending.current;
      pending.current = null;
      if (next) send(next);
    };
    current.onerror = (event) => {
      busy.current = false;
      console.error("The plot worker failed", event.message);
    };
    // Requests made before the worker existed.
    const first = pending.current;
    pending.current = null;
    if (first) send(first);
    return () => {
      current.terminate();
      worker.current = null;
      busy.current = false;
    };
  }, []);

  const parametersKey = JSON.stringify(parameters);
  const entriesKey = JSON.stringify(entries);
  useEffect(() => {
    if (!view) return;
    const request: PlotRequest = { id: nextId.current++, entries, parameters, view };
    if (worker.current && !busy.current) {
      busy.current = true;
      views.current.set(request.id, request.view);
      worker.current.postMessage(request);
    } else {
      pending.current = request;
    }
    // The keys stand for the arrays' contents, which callers rebuild on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entriesKey, parametersKey, view]);

  return sampled;
}
