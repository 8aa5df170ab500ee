import Typography from "@mui/material/Typography";
import type { ChartSeries, TimeChartSpec } from "./chart-spec";
import { ChartFigure } from "./chart-figure";
import { FiguresTable, FoldedTable } from "./figures-table";
import { formatClock, formatCount, formatDay, formatDayAndClock } from "./format";

const FIRST_COLUMN: Record<TimeChartSpec["unit"], string> = { day: "Day", hour: "Hour (UTC)", minute: "Minute (UTC)" };

function pointLabel(unit: TimeChartSpec["unit"], value: string): string {
  if (unit === "day") return formatDay(value);
  if (unit === "hour") return formatDayAndClock(value);
  return formatClock(value);
}

interface TimeSeriesFigureProps {
  id: string;
  title: string;
  level?: "h2" | "h3";
  description?: string;
  unit: TimeChartSpec["unit"];
  /** The points in time: days, or ISO instants of hours or minutes. */
  x: string[];
  series: ChartSeries[];
  style: TimeChartSpec["style"];
  /** The table stays folded under a summary (it is long); cards elsewhere carry the totals. */
  folded?: boolean;
  live?: boolean;
  height?: number;
}

/**
 * Figures over time (days, hours, minutes): a line, area or bar chart, and the same figures in a
 * table, one row per point. Daily, hourly and live views all use it.
 */
export function TimeSeriesFigure({
  id,
  title,
  level,
  description,
  unit,
  x,
  series,
  style,
  folded = true,
  live,
  height,
}: TimeSeriesFigureProps) {
  // A chart of nothing but zeros is an empty frame: the sentence below says it better.
  const drawn = series.some((entry) => entry.data.some((value) => value !== 0));
  const table = (
    <FiguresTable
      caption={`${title}, by ${unit}`}
      hideCaption={!folded}
      columns={[{ label: FIRST_COLUMN[unit] }, ...series.map((entry) => ({ label: entry.label, numeric: true }))]}
      rows={x.map((point, index) => [
        pointLabel(unit, point),
        ...series.map((entry) => formatCount(entry.data[index] ?? 0)),
      ])}
      rowKey={(index) => x[index]!}
      empty="Nothing in this period."
    />
  );
  return (
    <ChartFigure
      id={id}
      title={title}
      level={level}
      description={description}
      spec={drawn ? { kind: "time", unit, x, style, series } : null}
      live={live}
      height={height}
    >
      {!drawn && x.length > 0 && <Typography color="text.secondary">None in this period.</Typography>}
      {folded ? <FoldedTable summary={`${title}: the table of figures`}>{table}</FoldedTable> : table}
    </ChartFigure>
  );
}
