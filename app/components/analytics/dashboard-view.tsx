import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { DashboardFigures } from "#app/analytics/reports";
import { AdminSection } from "#app/components/admin/admin-section";
import { FactsTable } from "#app/components/diagnostics/facts-table";
import { formatDuration, formatUtc } from "#app/utils/format-date";
import { formatMoney, PLAN_CURRENCIES, type PlanCurrency } from "#app/utils/money";
import { SUBSCRIPTION_PHASES, type SubscriptionPhase } from "#app/utils/subscription-phase";
import { ChartsNoScript } from "./chart-slot";
import { FiguresTable } from "./figures-table";
import { formatBytes, formatCount, formatShare } from "./format";
import { StatGrid } from "./stat-grid";
import { TimeSeriesFigure } from "./time-series-figure";

const PHASE_LABELS: Record<SubscriptionPhase, string> = {
  trialing: "Trial",
  active: "Active",
  cancelling: "Cancelling at the period's end",
  pausing: "Active, pause ahead",
  paused: "Paused",
  past_due: "Past due",
  unpaid: "Unpaid",
  incomplete: "First payment not made",
  cancelled: "Cancelled in the last 30 days",
  other: "In a state this app does not know",
};

/** Subscriptions that pay or will pay for premium now: not trials, not paused, not ended. */
const SUBSCRIBED_PHASES: readonly SubscriptionPhase[] = ["active", "cancelling", "pausing", "past_due"];

const DIALECT_NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

function isPlanCurrency(code: string): code is PlanCurrency {
  return (PLAN_CURRENCIES as readonly string[]).includes(code);
}

/** Recurring revenue in its currency; a currency the plans no longer offer still shows its amount. */
function formatRevenue({ currency, minor }: { currency: string; minor: number }): string {
  if (isPlanCurrency(currency)) return formatMoney({ minor, currency });
  return `${formatCount(minor)} ${currency} (minor units)`;
}

/**
 * The admin dashboard (/admin/admin): users, learning, tools, subscriptions and the system, the last
 * 30 days. Every number is in the server's HTML (cards and tables); the charts are drawn afterwards.
 */
export function DashboardView({ figures }: { figures: DashboardFigures }) {
  const { users, learning, tools, visitors, subscriptions, system } = figures;
  const days = visitors.byDay.map((point) => point.day);
  const subscribed = SUBSCRIBED_PHASES.reduce((sum, phase) => sum + subscriptions.counts[phase], 0);
  return (
    <>
      {/* Outside the stack: an element of its own there would take a gap of the stack's spacing. */}
      <ChartsNoScript />
      <Stack spacing={5}>
        <Typography color="text.secondary">
          Figures taken <time dateTime={figures.at}>{formatUtc(figures.at)}</time>; “30 days” are the 30 UTC days up to
          today.
        </Typography>

        <AdminSection id="users" title="Users">
          <Stack spacing={3}>
            <StatGrid
              label="Users"
              stats={[
                { label: "Accounts", value: formatCount(users.total) },
                { label: "New accounts", value: formatCount(users.newIn30Days), detail: "in 30 days" },
                { label: "Active today", value: formatCount(users.active.day1), detail: "in the last 24 hours" },
                { label: "Active this week", value: formatCount(users.active.day7), detail: "in the last 7 days" },
                { label: "Active this month", value: formatCount(users.active.day30), detail: "in the last 30 days" },
                { label: "Visitors", value: formatCount(visitors.total), detail: "visitor-days in 30 days" },
                { label: "Page views", value: formatCount(visitors.pageViews), detail: "in 30 days" },
              ]}
            />
            <ChartGrid>
              <TimeSeriesFigure
                id="visitors-by-day"
                title="Visitors and page views"
                unit="day"
                x={days}
                style="line"
                series={[
                  { label: "Visitors", data: visitors.byDay.map((point) => point.visitors) },
                  { label: "Page views", data: visitors.byDay.map((point) => point.pageViews) },
                ]}
              />
              <TimeSeriesFigure
                id="sign-ups-by-day"
                title="Sign-ups"
                unit="day"
                x={users.signUpsByDay.map((point) => point.day)}
                style="bars"
                series={[{ label: "Sign-ups", data: users.signUpsByDay.map((point) => point.value) }]}
              />
            </ChartGrid>
          </Stack>
        </AdminSection>

        <AdminSection id="learning" title="Learning">
          <Stack spacing={3}>
            <StatGrid
              label="Learning"
              stats={[
                {
                  label: "Chapters read",
                  value: formatCount(learning.chaptersRead),
                  detail: "learner and chapter pairs",
                },
                { label: "Sections read", value: formatCount(learning.sectionsRead), detail: "in 30 days" },
                { label: "Quiz answers", value: formatCount(learning.quizAnswers), detail: "in 30 days" },
                { label: "Answered right", value: formatShare(learning.shareRight), detail: "of the quiz answers" },
                {
                  label: "Skills mastered",
                  value: formatCount(learning.masteryReached),
                  detail: "learner and skill pairs",
                },
              ]}
            />
            <TimeSeriesFigure
              id="answers-by-day"
              title="Quiz answers"
              unit="day"
              x={learning.answersByDay.map((point) => point.day)}
              style="bars"
              series={[
                { label: "Right", data: learning.answersByDay.map((point) => point.right) },
                { label: "Wrong", data: learning.answersByDay.map((point) => point.wrong) },
              ]}
            />
          </Stack>
        </AdminSection>

        <AdminSection id="tools" title="Tools">
          <Stack spacing={3}>
            <StatGrid
              label="Tools"
              stats={[
                { label: "Factorizations", value: formatCount(tools.factorizations), detail: "in 30 days" },
                { label: "Plots", value: formatCount(tools.plots), detail: "in 30 days" },
                { label: "Prime tools", value: formatCount(tools.primeTools), detail: "in 30 days" },
              ]}
            />
            <TimeSeriesFigure
              id="tools-by-day"
              title="Tool use"
              unit="day"
              x={tools.byDay.map((point) => point.day)}
              style="area"
              series={[
                { label: "Factorizations", data: tools.byDay.map((point) => point.factorization) },
                { label: "Plots", data: tools.byDay.map((point) => point.plot) },
                { label: "Prime tools", data: tools.byDay.map((point) => point.primes) },
              ]}
            />
          </Stack>
        </AdminSection>

        <AdminSection id="subscriptions" title="Subscriptions">
          <Stack spacing={3}>
            <StatGrid
              label="Subscriptions"
              stats={[
                {
                  label: "Subscribers",
                  value: formatCount(subscribed),
                  detail: "active, cancelling, pausing or past due",
                },
                { label: "Trials", value: formatCount(subscriptions.counts.trialing) },
                {
                  label: "Churn",
                  value: formatShare(subscriptions.churn.rate),
                  detail: `${formatCount(subscriptions.churn.ended)} of ${formatCount(subscriptions.churn.atStart)} ended in 30 days`,
                },
                {
                  label: "Complimentary",
                  value: formatCount(subscriptions.complimentaryAccounts),
                  detail: "grants in force",
                },
                ...(subscriptions.monthlyRecurringRevenue.length === 0
                  ? [{ label: "Monthly recurring revenue", value: "None", detail: "no subscription is charged" }]
                  : subscriptions.monthlyRecurringRevenue.map((revenue) => ({
                      label: `Monthly recurring revenue (${revenue.currency})`,
                      value: formatRevenue(revenue),
                    }))),
              ]}
            />
            <Box component="section" aria-labelledby="subscription-phases">
              <Typography id="subscription-phases" variant="h6" component="h3" sx={{ mb: 1 }}>
                Subscriptions by phase
              </Typography>
              <FiguresTable
                caption="Subscriptions by phase"
                hideCaption
                columns={[{ label: "Phase" }, { label: "Subscriptions", numeric: true }]}
                rows={SUBSCRIPTION_PHASES.map((phase) => [
                  PHASE_LABELS[phase],
                  formatCount(subscriptions.counts[phase]),
                ])}
              />
            </Box>
          </Stack>
        </AdminSection>

        <AdminSection id="system" title="System">
          <FactsTable
            labelledBy="system"
            facts={[
              { term: "Build", value: <code>{system.buildId}</code> },
              { term: "Running for", value: formatDuration(system.uptimeSeconds) },
              { term: "Database", value: DIALECT_NAMES[system.dialect] },
              { term: "Database size", value: formatBytes(system.databaseBytes) },
              { term: "Server errors in 24 hours", value: formatCount(system.serverErrors24h) },
              { term: "Analytics events stored", value: formatCount(system.storedEvents) },
              { term: "Oldest stored event", value: system.oldestEventDay ?? "None" },
            ]}
          />
        </AdminSection>
      </Stack>
    </>
  );
}

/** Two charts side by side on wide screens, one above the other on narrow ones. */
function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", xl: "repeat(2, minmax(0, 1fr))" },
        gap: 3,
      }}
    >
      {children}
    </Box>
  );
}
