import type { PlotlyStatic } from "plotly.js-strict-dist-min";
import { useCallback, useEffect, useState } from "react";

/** SPEC.md §4: the message a failed load of the chart module logs, word for word. */
export const PLOTLY_LOAD_FAILURE = "Failed to load Plotly script";

export type PlotlyLoad = { status: "loading" } | { status: "ready"; plotly: PlotlyStatic } | { status: "failed" };

/**
 * Loads plotly (about 5 MB) in the browser only, after hydration, so only the pages that plot
 * download it and the server never evaluates it (it needs `self`). A failed load is logged and
 * can be tried again: `retry` imports the module anew.
 */
export function usePlotly(): { load: PlotlyLoad; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<PlotlyLoad>({ status: "loading" });

  useEffect(() => {
    let cancelled = false;
    import("plotly.js-strict-dist-min").then(
      (module) => {
        if (!cancelled) setLoad({ status: "ready", plotly: module.default });
      },
      (error: unknown) => {
        console.error(PLOTLY_LOAD_FAILURE, error);
        if (!cancelled) setLoad({ status: "failed" });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  return { load, retry };
}
