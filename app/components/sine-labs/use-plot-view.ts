import { useCallback, useState } from "react";
import type { View } from "../math/plot/plot-state";

/** A plot's view with its reset, for pages that hold a <Plot> themselves. */
export function usePlotView(initial: View) {
  const [view, setView] = useState(initial);
  const reset = useCallback(() => setView(initial), [initial]);
  return { view, setView, reset };
}
