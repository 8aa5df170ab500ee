import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";
import { inDepthTable, type InDepthTableId } from "#app/analytics/report-tables";
import type { PagesFilterReading } from "#app/analytics/report-range";
import type { AnalyticsInDepth } from "#app/analytics/reports";
import { visuallyHidden } from "#app/components/visually-hidden";
import { formatDate } from "#app/utils/format-date";
import { ChartFigure } from "./chart-figure";
import { ChartsNoScript } from "./chart-slot";
import { CohortTable } from "./cohort-table";
import { formatCount } from "./format";
import { ReportTableFigure } from "./report-table-figure";
import { StatGrid } from "./stat-grid";

interface InDepthViewProps {
  report: AnalyticsInDepth;
  /** What the form shows: the days asked for, as typed. */
  typed: { from: string; to: string };
  /** Why the asked range was not used (the report is then the default range's); null when it was. */
  rangeError: string | null;
  /** The text the top pages were narrowed to, as typed, and why it was refused. */
  pagesFilter: PagesFilterReading;
  /** The page's own address, where the form sends the range. */
  action: string;
  /** The address of a table's CSV file for the report's range. */
  csvHref: (table: InDepthTableId) => string;
  today: string;
}

const RANGE_ERROR_ID = "range-error";
const PAGES_HELP_ID = "pages-filter-help";

/**
 * The analytics page (/admin/admin2): a range of days, then each table of the report with a chart of
 * it and a link to its CSV file. The tables are the page; the charts draw some of their columns.
 */
export function InDepthView({ report, typed, rangeError, pagesFilter, action, csvHref, today }: InDepthViewProps) {
  const download = (id: InDepthTableId, title: string) => (
    <Button
      href={csvHref(id)}
      download
      variant="outlined"
      color="inherit"
      size="small"
      startIcon={<DownloadIcon />}
      sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
    >
      Download CSV
      <Box component="span" sx={visuallyHidden}>{` (${title})`}</Box>
    </Button>
  );
  const table = (id: InDepthTableId) => inDepthTable(report, id);
  const { from, to } = report.range;
  return (
    <>
      {/* Outside the stack: an element of its own there would take a gap of the stack's spacing. */}
      <ChartsNoScript />
      <Stack spacing={5}>
        <Box component="section" aria-labelledby="range-heading">
          <Typography id="range-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            Range and pages
          </Typography>
          <Box
            component={Form}
            method="get"
            action={action}
            sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-start" }}
          >
            {(["from", "to"] as const).map((field) => (
              <TextField
                key={field}
                name={field}
                type="date"
                label={field === "from" ? "From" : "To"}
                size="small"
                defaultValue={rangeError ? typed[field] : report.range[field]}
                error={Boolean(rangeError)}
                sx={{ width: { xs: "100%", sm: "12rem" } }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: {
                    max: today,
                    "aria-describedby": rangeError ? RANGE_ERROR_ID : undefined,
                  },
                }}
              />
            ))}
            <TextField
              name="pages"
              type="search"
              label="Pages containing"
              size="small"
              defaultValue={pagesFilter.typed}
              error={pagesFilter.error !== null}
              helperText={
                pagesFilter.error ? `${pagesFilter.error} Showing every page.` : "Part of an address, like /chapter/"
              }
              sx={{ width: { xs: "100%", sm: "16rem" } }}
              slotProps={{
                inputLabel: { shrink: true },
                formHelperText: { id: PAGES_HELP_ID },
                htmlInput: { "aria-describedby": PAGES_HELP_ID },
              }}
            />
            <Button type="submit" variant="contained" sx={{ minHeight: 40 }}>
              Show
            </Button>
          </Box>
          {rangeError && (
            <Typography id={RANGE_ERROR_ID} color="error" sx={{ mt: 1 }}>
              {rangeError} Showing the last 30 days instead.
            </Typography>
          )}
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            From {formatDate(`${from}T00:00:00Z`)} to {formatDate(`${to}T00:00:00Z`)}, both included (UTC days).
            Visitors are counted per day: one person on three days is three visitor-days.
          </Typography>
        </Box>

        <StatGrid
          label="Totals"
          stats={[
            { label: "Visitors", value: formatCount(report.totals.visitors), detail: "visitor-days" },
            { label: "Page views", value: formatCount(report.totals.pageViews) },
            { label: "Events", value: formatCount(report.totals.events), detail: "of every kind" },
          ]}
        />

        <ReportTableFigure
          id="pages"
          table={table("pages")}
          barColumns={[1]}
          action={download("pages", "Top pages")}
          description={
            pagesFilter.pages
              ? `The most viewed addresses containing “${pagesFilter.pages}” (in any case), query strings left out.`
              : "The most viewed addresses, query strings left out."
          }
          empty={
            pagesFilter.pages
              ? `No page views of addresses containing “${pagesFilter.pages}” in this range.`
              : "No page views in this range."
          }
        />
        <ReportTableFigure
          id="referrers"
          table={table("referrers")}
          barColumns={[1]}
          action={download("referrers", "Referrer domains")}
          description="Other sites that visitors came from."
          empty="No visits from other sites in this range."
        />
        <ReportTableFigure
          id="devices"
          table={table("devices")}
          barColumns={[1]}
          action={download("devices", "Devices")}
          description="From the width of the browser window: phones under 600 pixels, tablets under 1280."
          empty="No visitors in this range."
        />
        <ReportTableFigure
          id="funnel"
          table={table("funnel")}
          barColumns={[1]}
          action={download("funnel", "Funnel")}
          description="Visitors, then accounts that signed up in the range, read a first chapter, answered a first quiz question and subscribed. The drop-off is the share of the step before that did not go on."
          empty="No figures in this range."
        />
        <ChartFigure
          id="cohorts"
          title={table("cohorts").title}
          level="h2"
          action={download("cohorts", "Weekly retention")}
          description="Accounts by the week they signed up (weeks start on Monday), and the share of them active in each week after; a dash is a week not over yet, or a week without sign-ups."
          spec={null}
        >
          <CohortTable cohorts={report.cohorts} caption={table("cohorts").title} />
        </ChartFigure>
        <ReportTableFigure
          id="tools"
          table={table("tools")}
          barColumns={[1]}
          action={download("tools", "Tool usage")}
          description="Uses of each tool; only factorizations report whether they finished, were stopped or failed."
          empty="No tool was used in this range."
        />
        <ReportTableFigure
          id="quiz-difficulty"
          table={table("quiz-difficulty")}
          barColumns={[1]}
          action={download("quiz-difficulty", "Quiz items by difficulty")}
          description="Quiz answers by the question's difficulty, from 1 (easiest)."
          empty="No quiz answers in this range."
        />
      </Stack>
    </>
  );
}
