/**
 * The shapes of the figures the admin dashboard (/admin/admin), the analytics page (/admin/admin2)
 * and the usage charts (/tests/mychart) show, for pages and components to import. They are defined in
 * app/models/analytics-figures.ts, beside the model that computes them
 * (app/models/analytics-report.server.ts): a model may not import a domain service. Days are UTC,
 * `YYYY-MM-DD`.
 */
import { type REPORT_DEVICES, type REPORT_TOOLS } from "#app/models/analytics-figures";
import { type DEVICES, type TOOLS } from "./events";

export {
  COHORT_WEEKS,
  DEFAULT_RANGE_DAYS,
  FUNNEL_STEPS,
  MAX_RANGE_DAYS,
  TOP_PAGES_LIMIT,
  TOP_REFERRERS_LIMIT,
  REPORT_DEVICES,
  REPORT_TOOLS,
  type ReportDevice,
  type ReportTool,
  dayRangeSchema,
  defaultDayRange,
  type AnalyticsInDepth,
  type CohortRow,
  type DashboardFigures,
  type DayPoint,
  type DayRange,
  type FunnelRow,
  type FunnelStep,
  type UsageCharts,
} from "#app/models/analytics-figures";

// The reports repeat the vocabulary they group by; these lines stop compiling when it drifts from events.ts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const vocabularyAgrees: [Same<typeof TOOLS, typeof REPORT_TOOLS>, Same<typeof DEVICES, typeof REPORT_DEVICES>] = [
  true,
  true,
];
void vocabularyAgrees;
