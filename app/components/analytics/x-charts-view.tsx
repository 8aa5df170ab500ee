/**
 * The one module that imports @mui/x-charts. ChartSlot loads it lazily after hydration, so the library
 * is a chunk of its own that only the analytics pages fetch, and the server never renders it (the
 * charts measure their container, which only the browser knows).
 *
 * The charts are drawings only: keyboard navigation is off and the slot is hidden from assistive
 * technology, because the table beside each chart holds the same numbers as text.
 */
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { ResolvedScheme } from "#app/theme/use-resolved-scheme";
import { seriesColor } from "./chart-palette";
import type { CategoryChartSpec, ChartSpec, TimeChartSpec } from "./chart-spec";
import { formatClock, formatCount, formatDay, formatDayAndClock } from "./format";

export interface XChartsViewProps {
  spec: ChartSpec;
  scheme: ResolvedScheme;
  /** Draw at once: the reader asked for less motion, or the chart refreshes itself. */
  skipAnimation: boolean;
}

/** Tick labels this long or longer are cut (the table has the whole text). */
const MAX_LABEL_LENGTH = 24;

const countFormatter = (value: number | null) => (value === null ? "" : formatCount(value));

function shorten(label: string): string {
  return label.length > MAX_LABEL_LENGTH ? `${label.slice(0, MAX_LABEL_LENGTH - 1)}…` : label;
}

function timeLabel(unit: TimeChartSpec["unit"], value: string, context: "tick" | "tooltip"): string {
  if (unit === "day") return formatDay(value);
  if (unit === "hour" && context === "tooltip") return `${formatDayAndClock(value)} UTC`;
  return context === "tooltip" ? `${formatClock(value)} UTC` : formatClock(value);
}

/** About six labels along the axis, whatever the number of points. */
function everyNth(points: number): (value: unknown, index: number) => boolean {
  const step = Math.max(1, Math.ceil(points / 6));
  return (_value, index) => index % step === 0;
}

/**
 * The chart fills its slot (no width or height given): legend, axes and plot together take the slot's
 * height, which ChartSlot fixed before the chart arrived.
 */
export default function XChartsView({ spec, scheme, skipAnimation }: XChartsViewProps) {
  return spec.kind === "time" ? (
    <TimeChart spec={spec} scheme={scheme} skipAnimation={skipAnimation} />
  ) : (
    <CategoryChart spec={spec} scheme={scheme} skipAnimation={skipAnimation} />
  );
}

function TimeChart({ spec, scheme, skipAnimation }: XChartsViewProps & { spec: TimeChartSpec }) {
  const stacked = spec.series.length > 1 && spec.style !== "line";
  const series = spec.series.map((entry, index) => ({
    data: entry.data,
    label: entry.label,
    color: seriesColor(scheme, index),
    valueFormatter: countFormatter,
    ...(stacked ? { stack: "total" } : {}),
  }));
  const tickInterval = everyNth(spec.x.length);
  const common = {
    skipAnimation,
    disableKeyboardNavigation: true,
    hideLegend: spec.series.length < 2,
    grid: { horizontal: true },
    yAxis: [{ tickMinStep: 1, tickNumber: 5, valueFormatter: countFormatter, width: "auto" as const }],
  };
  const xAxisBase = {
    data: spec.x,
    tickInterval,
    valueFormatter: (value: string, context: { location: string }) =>
      timeLabel(spec.unit, value, context.location === "tooltip" ? "tooltip" : "tick"),
  };
  if (spec.style === "bars") {
    return <BarChart {...common} xAxis={[{ ...xAxisBase, scaleType: "band" }]} series={series} />;
  }
  return (
    <LineChart
      {...common}
      xAxis={[{ ...xAxisBase, scaleType: "point" }]}
      series={series.map((entry) => ({ ...entry, area: spec.style === "area", showMark: false, curve: "linear" }))}
    />
  );
}

function CategoryChart({ spec, scheme, skipAnimation }: XChartsViewProps & { spec: CategoryChartSpec }) {
  const stacked = spec.series.length > 1;
  return (
    <BarChart
      skipAnimation={skipAnimation}
      disableKeyboardNavigation
      layout="horizontal"
      hideLegend={!stacked}
      grid={{ vertical: true }}
      yAxis={[
        {
          scaleType: "band",
          data: spec.categories,
          width: "auto",
          valueFormatter: (value: string, context: { location: string }) =>
            context.location === "tooltip" ? value : shorten(value),
        },
      ]}
      xAxis={[{ tickMinStep: 1, tickNumber: 6, valueFormatter: countFormatter }]}
      series={spec.series.map((entry, index) => ({
        data: entry.data,
        label: entry.label,
        color: seriesColor(scheme, index),
        valueFormatter: countFormatter,
        ...(stacked ? { stack: "total" } : {}),
      }))}
    />
  );
}
