import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { UsageChartsView } from "#app/components/analytics/usage-charts-view";
import { Page } from "#app/components/page";
import { settleAnalytics } from "#app/analytics/ingest.server";
import { readUsageCharts } from "#app/models/analytics-report.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/usage-charts";

export const meta: Route.MetaFunction = () => [{ title: "Usage charts · Numberlab" }];

/** How often the live figures are read again while the tab is visible. */
const REFRESH_MS = 30_000;

export async function loader() {
  const { db } = getDatabase();
  await settleAnalytics(db);
  return { charts: await readUsageCharts(db) };
}

/**
 * Reads the page's data again every REFRESH_MS while the tab is visible, and at once when it becomes
 * visible again; a hidden tab asks nothing of the server.
 */
function useLiveRefresh(intervalMs: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      timer = setInterval(() => void revalidate(), intervalMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        void revalidate();
        start();
      } else {
        stop();
      }
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [revalidate, intervalMs]);
}

export default function UsageChartsLab({ loaderData }: Route.ComponentProps) {
  useLiveRefresh(REFRESH_MS);
  return (
    <Page
      title="Usage charts"
      lead="How the site is used right now: the last 30 minutes and the last 48 hours."
      maxWidth="xl"
    >
      <UsageChartsView
        charts={loaderData.charts}
        refreshNote="The page reads them again every 30 seconds while it is in view."
      />
    </Page>
  );
}
