import { data } from "react-router";
import { settleAnalytics } from "#app/analytics/ingest.server";
import { dayOf, readDayRange, readPagesFilter } from "#app/analytics/report-range";
import { csvFileName, csvHeader, csvValue, inDepthTable, isInDepthTable } from "#app/analytics/report-tables";
import { readAnalyticsInDepth } from "#app/models/analytics-report.server";
import { now } from "#app/utils/clock";
import { toCsv } from "#app/utils/csv";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/analytics-csv";

/**
 * GET /admin/admin2/csv/:table?from=…&to=…&pages=…: one table of the analytics page as a CSV file, for
 * the same range and pages filter the page read (behind the admin guard like the page). A range or
 * filter the page would refuse is refused here too, rather than quietly giving other rows under the
 * asked range's name.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isInDepthTable(params.table)) throw data({ message: "Page Not Found" }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const reading = readDayRange(search, dayOf(now()));
  const pagesFilter = readPagesFilter(search);
  const refusal = reading.error ?? pagesFilter.error;
  if (refusal) {
    return new Response(`${refusal}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { db } = getDatabase();
  await settleAnalytics(db);
  const table = inDepthTable(
    await readAnalyticsInDepth(db, reading.range, { pagesContaining: pagesFilter.pages }),
    params.table,
  );
  const body = toCsv(
    table.columns.map(csvHeader),
    table.rows.map((row) => row.map((value, index) => csvValue(value, table.columns[index]!.kind))),
  );
  return new Response(body, {
    headers: {
      // RFC 4180's media type; header=present tells a reader the first record names the columns.
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${csvFileName(table.id, reading.range)}"`,
      // Figures about the site's visitors: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
