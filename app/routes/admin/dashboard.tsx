import { DashboardView } from "#app/components/analytics/dashboard-view";
import { Page } from "#app/components/page";
import { settleAnalytics } from "#app/analytics/ingest.server";
import { serverInfoContext } from "#app/http/request-context";
import { readDashboardFigures } from "#app/models/analytics-report.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Numberlab" }];

/** When this server process started: the dashboard's uptime counts from it. */
const processStartedAt = new Date(Date.now() - process.uptime() * 1000);

/** /admin/admin: the figures of the last 30 days, taken now (events still queued are written first). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getDatabase();
  await settleAnalytics(db);
  const { build } = context.get(serverInfoContext);
  const figures = await readDashboardFigures(db, { buildId: build.id, startedAt: processStartedAt });
  return { figures };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <Page title="Dashboard" lead="Users, learning, tools, subscriptions and the system at a glance." maxWidth="xl">
      <DashboardView figures={loaderData.figures} />
    </Page>
  );
}
