import Box from "@mui/material/Box";
import { lazy, Suspense } from "react";
import { useReducedMotion } from "#app/components/use-reduced-motion";
import { useResolvedScheme } from "#app/theme/use-resolved-scheme";
import type { ChartSpec } from "./chart-spec";
import { useHydrated } from "./use-hydrated";

const XChartsView = lazy(() => import("./x-charts-view"));

export const CHART_HEIGHT = 260;

/** Hides the empty chart slots when scripts do not run: the tables beside them carry the figures. */
export function ChartsNoScript() {
  return (
    <noscript>
      <style>{"[data-chart-slot]{display:none}"}</style>
    </noscript>
  );
}

/**
 * Where a chart appears once the page has hydrated and the chart chunk has arrived. The slot has the
 * chart's height from the first byte, so nothing below it moves when the chart is drawn. Hidden from
 * assistive technology: the chart's figures are in the table that goes with it.
 */
export function ChartSlot({
  spec,
  height = CHART_HEIGHT,
  live = false,
}: {
  spec: ChartSpec;
  height?: number;
  /** The chart redraws itself with fresh figures: no entry animation each time. */
  live?: boolean;
}) {
  const hydrated = useHydrated();
  const scheme = useResolvedScheme();
  const reducedMotion = useReducedMotion();
  return (
    <Box
      data-chart-slot
      aria-hidden="true"
      sx={{ height, minWidth: 0, my: 1, display: "flex", flexDirection: "column", overflow: "hidden" }}
    >
      {hydrated && (
        <Suspense fallback={null}>
          <XChartsView spec={spec} scheme={scheme} skipAnimation={live || reducedMotion} />
        </Suspense>
      )}
    </Box>
  );
}
