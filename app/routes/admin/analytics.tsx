import { InDepthView } from "#app/components/analytics/in-depth-view";
import { Page } from "#app/components/page";
import { settleAnalytics } from "#app/analytics/ingest.server";
import { dayOf, rangeQuery, readDayRange, readPagesFilter } from "#app/analytics/report-range";
import type { InDepthTableId } from "#app/analytics/report-tables";
import { readAnalyticsInDepth } from "#app/models/analytics-report.server";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [{ title: "Analytics · Numberlab" }];

const ANALYTICS_PATH = "/admin/admin2";

/**
 * /admin/admin2?from=…&to=…&pages=…: the report for a range of days (the last 30 by default), its top
 * pages narrowed to the addresses containing `pages` when given.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const today = dayOf(now());
  const params = new URL(request.url).searchParams;
  const reading = readDayRange(params, today);
  const pagesFilter = readPagesFilter(params);
  const { db } = getDatabase();
  await settleAnalytics(db);
  const report = await readAnalyticsInDepth(db, reading.range, { pagesContaining: pagesFilter.pages });
  return { report, typed: reading.typed, rangeError: reading.error, pagesFilter, today };
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report, typed, rangeError, pagesFilter, today } = loaderData;
  const query = rangeQuery(report.range, pagesFilter.pages);
  return (
    <Page
      title="Analytics"
      lead="How learners use the site, in depth: pages, sources, devices, the funnel, retention, tools and quizzes."
      maxWidth="xl"
    >
      <InDepthView
        report={report}
        typed={typed}
        rangeError={rangeError}
        pagesFilter={pagesFilter}
        action={ANALYTICS_PATH}
        csvHref={(table: InDepthTableId) => `${ANALYTICS_PATH}/csv/${table}?${query}`}
        today={today}
      />
    </Page>
  );
}
