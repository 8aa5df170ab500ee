import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from "#app/analytics/events";
import type { UsageCharts } from "#app/analytics/reports";
import { formatUtc } from "#app/utils/format-date";
import { ChartsNoScript } from "./chart-slot";
import { formatCount } from "./format";
import { StatGrid } from "./stat-grid";
import { TimeSeriesFigure } from "./time-series-figure";

const EVENT_LABELS: Record<AnalyticsEventName, string> = {
  page_view: "Page views",
  tool_use: "Tool uses",
  quiz_answer: "Quiz answers",
  chapter_read: "Chapters read",
  sign_up: "Sign-ups",
  subscription_step: "Subscription steps",
  push_received: "Pushes received",
  push_click: "Push clicks",
};

function eventLabel(name: string): string {
  return (EVENT_LABELS as Record<string, string>)[name] ?? name;
}

/** The event names of the hourly figures, in the vocabulary's order (names it does not know last). */
function eventNames(hours: UsageCharts["eventsPerHour"]): string[] {
  const seen = new Set(hours.flatMap((point) => Object.keys(point.counts)));
  const known: string[] = ANALYTICS_EVENT_NAMES.filter((name) => seen.has(name));
  return [...known, ...[...seen].filter((name) => !known.includes(name)).sort()];
}

/**
 * The usage charts (/tests/mychart): what the dashboard does not show, the last 48 hours by hour and
 * the last 30 minutes by minute. `refreshNote` says how the live part keeps itself current.
 */
export function UsageChartsView({ charts, refreshNote }: { charts: UsageCharts; refreshNote: string }) {
  const names = eventNames(charts.eventsPerHour);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return (
    <>
      {/* Outside the stack: an element of its own there would take a gap of the stack's spacing. */}
      <ChartsNoScript />
      <Stack spacing={5}>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            Figures taken <time dateTime={charts.at}>{formatUtc(charts.at, { seconds: true })}</time>. {refreshNote}
          </Typography>
          <StatGrid
            label="Now"
            stats={[
              { label: "Visitors now", value: formatCount(charts.visitorsNow), detail: "in the last 5 minutes" },
              { label: "Events in 30 minutes", value: formatCount(sum(charts.live.map((point) => point.events))) },
              {
                label: "Events in 48 hours",
                value: formatCount(sum(charts.eventsPerHour.flatMap((point) => Object.values(point.counts)))),
              },
            ]}
          />
        </Stack>
        <TimeSeriesFigure
          id="live"
          title="Live: the last 30 minutes"
          level="h2"
          description="Events and distinct visitors each minute (UTC)."
          unit="minute"
          x={charts.live.map((point) => point.minute)}
          style="line"
          live
          series={[
            { label: "Events", data: charts.live.map((point) => point.events) },
            { label: "Visitors", data: charts.live.map((point) => point.visitors) },
          ]}
        />
        <TimeSeriesFigure
          id="events-per-hour"
          title="Events per hour: the last 48 hours"
          level="h2"
          description="Every kind of event, stacked, each hour (UTC)."
          unit="hour"
          x={charts.eventsPerHour.map((point) => point.hour)}
          style="bars"
          height={300}
          series={names.map((name) => ({
            label: eventLabel(name),
            data: charts.eventsPerHour.map((point) => point.counts[name] ?? 0),
          }))}
        />
      </Stack>
    </>
  );
}
