import { useEffect, useMemo, useRef } from "react";
import type { EntryOutcome } from "#core/plot/plot-entries";
import type { PlotView } from "#core/plot/viewport";
import type { LayerStyle } from "#app/graphics/curve-layer";
import type { PlotRequest, PlotResponse } from "./plot-protocol";

export interface PlotSampler {
  /**
   * Asks for the entries sampled in this view, and their curves painted in this style;
   * the newest request wins, a repeat of it is ignored.
   */
  request(
    entries: readonly string[],
    parameters: Readonly<Record<string, number>>,
    view: PlotView,
    style: LayerStyle | null,
  ): void;
}

/** A worker's answer, with what it was asked for. */
export interface Sampled {
  outcomes: EntryOutcome[];
  view: PlotView;
  /** The curves painted, or null when the worker cannot paint. */
  layer: ImageBitmap | null;
  /** The style the layer was painted in. */
  style: LayerStyle | null;
}

/**
 * Samples plots in a Web Worker. At most one request is in flight: while the
 * worker works, newer requests replace each other, and only the newest is sent
 * when it answers — so a fast pan never queues stale work. Answers go to
 * `onSampled`, outside React, so a pan can redraw without rendering the page.
 */
export function usePlotSampler(onSampled: (sampled: Sampled) => void): PlotSampler {
  const worker = useRef<Worker | null>(null);
  const busy = useRef(false);
  const pending = useRef<PlotRequest | null>(null);
  const lastKey = useRef("");
  const nextId = useRef(1);
  const asked = useRef(new Map<number, PlotRequest>());
  const latestOnSampled = useRef(onSampled);
  useEffect(() => {
    latestOnSampled.current = onSampled;
  });

  const send = useRef((request: PlotRequest) => {
    const current = worker.current;
    if (!current || busy.current) {
      pending.current = request;
      return;
    }
    busy.current = true;
    asked.current.set(request.id, request);
    current.postMessage(request);
  });

  useEffect(() => {
    const current = new Worker(new URL("./plot.worker.ts", import.meta.url), { type: "module" });
    worker.current = current;
    current.onmessage = (message: MessageEvent<PlotResponse>) => {
      const { id, outcomes, layer } = message.data;
      const request = asked.current.get(id);
      asked.current.delete(id);
      busy.current = false;
      const next = pending.current;
      pending.current = null;
      if (next) send.current(next);
      if (request) latestOnSampled.current({ outcomes, view: request.view, layer, style: request.style });
      else layer?.close();
    };
    current.onerror = (event) => {
      busy.current = false;
      console.error("The plot worker failed", event.message);
    };
    // A request made before the worker existed.
    const first = pending.current;
    pending.current = null;
    if (first) send.current(first);
    return () => {
      current.terminate();
      worker.current = null;
      busy.current = false;
      lastKey.current = "";
    };
  }, []);

  return useMemo<PlotSampler>(
    () => ({
      request(entries, parameters, view, style) {
        const key = JSON.stringify([entries, parameters, view, style]);
        if (key === lastKey.current) return;
        lastKey.current = key;
        send.current({ id: nextId.current++, entries: [...entries], parameters: { ...parameters }, view, style });
      },
    }),
    [],
  );
}
