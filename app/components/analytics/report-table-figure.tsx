import type { ReactNode } from "react";
import type { ReportTable } from "#app/analytics/report-tables";
import type { CategoryChartSpec } from "./chart-spec";
import { ChartFigure } from "./chart-figure";
import { FiguresTable } from "./figures-table";
import { formatCell } from "./format";

interface ReportTableFigureProps {
  id: string;
  table: ReportTable;
  description?: ReactNode;
  /** The columns drawn as bars, one bar per row named by its first cell; none: a table only. */
  barColumns?: readonly number[];
  /** At most this many rows in the chart (the table keeps them all). */
  chartRows?: number;
  action?: ReactNode;
  empty: string;
}

/** A table of the analytics page, with horizontal bars of some of its columns above it. */
export function ReportTableFigure({
  id,
  table,
  description,
  barColumns = [],
  chartRows = 10,
  action,
  empty,
}: ReportTableFigureProps) {
  const charted = table.rows.slice(0, chartRows);
  const spec: CategoryChartSpec | null =
    barColumns.length > 0 && charted.length > 0
      ? {
          kind: "categories",
          categories: charted.map((row) => String(row[0])),
          series: barColumns.map((column) => ({
            label: table.columns[column]!.label,
            data: charted.map((row) => Number(row[column] ?? 0)),
          })),
        }
      : null;
  return (
    <ChartFigure
      id={id}
      title={table.title}
      level="h2"
      description={description}
      action={action}
      spec={spec}
      // A bar per row, and room for the axis: short lists get a short chart.
      height={spec ? Math.min(360, 70 + charted.length * 30) : undefined}
    >
      <FiguresTable
        caption={table.title}
        hideCaption
        columns={table.columns.map((column) => ({ label: column.label, numeric: column.kind !== "text" }))}
        rows={table.rows.map((row) => row.map((value, index) => formatCell(value, table.columns[index]!.kind)))}
        empty={empty}
      />
    </ChartFigure>
  );
}
