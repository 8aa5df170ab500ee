/**
 * What a chart shows, as plain data: the pages' components describe their chart with one of these and
 * the chart module (x-charts-view.tsx, loaded after hydration) draws it. Keeping the description apart
 * lets the server render everything else without the chart library.
 */
export interface ChartSeries {
  label: string;
  data: number[];
}

/** Points in time along the x axis: days (`YYYY-MM-DD`), or hours and minutes (ISO instants). */
export interface TimeChartSpec {
  kind: "time";
  unit: "day" | "hour" | "minute";
  x: string[];
  /** Lines, filled areas (stacked when several), or bars (stacked when several). */
  style: "line" | "area" | "bars";
  series: ChartSeries[];
}

/** Named categories (pages, steps, tools), bars lying along the x axis. */
export interface CategoryChartSpec {
  kind: "categories";
  categories: string[];
  /** Several series stack in one bar per category. */
  series: ChartSeries[];
}

export type ChartSpec = TimeChartSpec | CategoryChartSpec;
