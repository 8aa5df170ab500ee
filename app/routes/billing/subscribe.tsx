import CheckIcon from "@mui/icons-material/Check";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link } from "react-router";
import type { PlanInterval } from "#database/schema";
import { PLAN_SECTION_PATH, SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import { returnPath, trialDaysFor } from "#app/billing/checkout.server";
import { answerCheckoutForm } from "#app/billing/checkout-form.server";
import { describePlanState, PAUSE_MONTHS, toPlanView, WITHDRAWAL_DAYS } from "#app/billing/plan-state";
import { perPeriod, planAmountMinor, planName, planPrices, planSchema, yearlySaving } from "#app/billing/plans";
import { getPaymentProvider } from "#app/billing/provider.server";
import { PlanChoiceForm } from "#app/components/billing/plan-choice-form";
import { PlanStatus } from "#app/components/billing/plan-status";
import { TestModeNotice } from "#app/components/billing/test-mode-notice";
import { Page } from "#app/components/page";
import { LabelledCell, TableRegion } from "#app/components/table-region";
import { userContext } from "#app/http/request-context";
import { readSettings } from "#app/models/app-settings.server";
import { listPublishedChapters } from "#app/models/chapter.server";
import { findCurrentSubscription } from "#app/models/subscription.server";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { formatDate } from "#app/utils/format-date";
import { formatMoney } from "#app/utils/money";
import { countOf } from "#app/utils/plural";
import { sendCheckoutForm } from "#app/analytics/client/action-events";
import { track } from "#app/analytics/client/track";
import type { Route } from "./+types/subscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Subscribe · Numberlab" },
  {
    name: "description",
    content: "What Numberlab's free plan includes, what premium adds, and the monthly and yearly plans.",
  },
];

/**
 * The plans as they are now: the free and premium chapters from the course, the free quiz limit and the
 * prices from the settings, the trial only if this account can still have one. A subscriber sees where
 * their plan stands instead of buy buttons.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const url = new URL(request.url);
  const { db } = getDatabase();
  const provider = getPaymentProvider();
  const [settings, chapters, current] = await Promise.all([
    readSettings(db),
    listPublishedChapters(db),
    user ? findCurrentSubscription(db, user.id) : null,
  ]);
  const prices = planPrices(settings);
  const money = (minor: number) => formatMoney({ minor, currency: prices.currency });
  const chosen = planSchema.safeParse(url.searchParams.get("plan"));
  const view = current ? toPlanView(current) : null;
  return {
    signedIn: user !== null,
    isTestMode: provider.isTestMode,
    plans: (["monthly", "yearly"] as const).map((plan) => ({
      plan,
      name: planName(plan),
      price: money(planAmountMinor(prices, plan)),
      per: perPeriod(plan),
    })),
    yearlyPerMonth: money(Math.round(prices.yearlyPriceMinor / 12)),
    saving: yearlySaving(prices),
    trialDays: user ? await trialDaysFor(db, provider, user.id, settings) : settings.trialDays,
    freeChapters: chapters.filter((c) => c.access === "free").map(({ slug, title }) => ({ slug, title })),
    premiumChapters: chapters.filter((c) => c.access === "premium").map(({ slug, title }) => ({ slug, title })),
    freeQuizzesPerDay: settings.freeQuizAttemptsPerDay,
    chosen: chosen.success ? chosen.data : null,
    returnTo: returnPath(url.searchParams.get("returnTo")),
    subscription: view ? { plan: view.plan, words: describePlanState(view, now()) } : null,
    premiumUntil: user?.isPremium ? user.premiumUntil : null,
    // Sign-up switched off (/admin/application): a guest is not promised a new account.
    signUpOpen: settings.featureFlags.signUp,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerCheckoutForm(request, context.get(userContext), SUBSCRIBE_PATH);
}

/** In the browser: a checkout the server opened is counted (subscription_step checkout_started). */
export const clientAction = (args: Route.ClientActionArgs) => sendCheckoutForm(args);

type LoaderData = Route.ComponentProps["loaderData"];

function quizzesADay(limit: number): string {
  return limit === 0 ? "None" : `${countOf(limit, "quiz", "quizzes")} a day`;
}

function Comparison({ data }: { data: LoaderData }) {
  const { freeChapters, premiumChapters, freeQuizzesPerDay } = data;
  const titles = (list: { title: string }[]) => list.map((chapter) => chapter.title).join(", ");
  const rows: [string, string, string][] = [
    [
      "Chapters",
      freeChapters.length > 0 ? titles(freeChapters) : "None at the moment",
      premiumChapters.length > 0
        ? `Every chapter: also ${titles(premiumChapters)}`
        : "Every chapter (all are free at the moment)",
    ],
    ["Quizzes with worked solutions", quizzesADay(freeQuizzesPerDay), "Unlimited"],
    ["Chapter quizzes", freeChapters.length > 0 ? "For the free chapters" : "None", "For every chapter"],
    ["Tools and labs (factorization engine, plotter, …)", "All of them", "All of them"],
    ["Reading progress and skill mastery", "Yes", "Yes"],
  ];
  return (
    <Box component="section" aria-labelledby="compare-heading" sx={{ mb: 5 }}>
      <Typography id="compare-heading" variant="h5" component="h2" gutterBottom>
        Free and premium
      </Typography>
      <TableRegion labelledBy="compare-heading">
        <Table size="small" role="table">
          <TableHead role="rowgroup">
            <TableRow role="row">
              <TableCell role="cell" />
              <TableCell component="th" scope="col" role="columnheader">
                Free account
              </TableCell>
              <TableCell component="th" scope="col" role="columnheader">
                Premium
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {rows.map(([what, free, premium]) => (
              <TableRow key={what} role="row">
                <TableCell
                  component="th"
                  scope="row"
                  role="rowheader"
                  sx={(theme) => ({ fontWeight: 500, [theme.breakpoints.down("sm")]: { display: "block", border: 0 } })}
                >
                  {what}
                </TableCell>
                <LabelledCell label="Free account">{free}</LabelledCell>
                <LabelledCell label="Premium">{premium}</LabelledCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
    </Box>
  );
}

function PlanCard({ data, plan }: { data: LoaderData; plan: LoaderData["plans"][number] }) {
  const { saving, yearlyPerMonth, trialDays, returnTo } = data;
  const name = plan.name.toLowerCase();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`plan-${plan.plan}`} sx={{ flex: 1 }}>
      <CardContent sx={{ display: "flex", flexDirection: "column", gap: 1.5, height: "100%" }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography id={`plan-${plan.plan}`} variant="h5" component="h3">
            {plan.name}
          </Typography>
          {plan.plan === "yearly" && <Chip size="small" color="secondary" label={`Save ${saving.percent} %`} />}
        </Stack>
        <Typography variant="h4" component="p">
          {plan.price}{" "}
          <Typography component="span" color="text.secondary">
            {plan.per}
          </Typography>
        </Typography>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {plan.plan === "yearly"
            ? `${yearlyPerMonth} a month, paid once a year: ${saving.saved} less than 12 monthly payments (${saving.twelveMonthly}).`
            : `Paid every month. Pause it for up to ${PAUSE_MONTHS.length} months when you need a break.`}
        </Typography>
        <PlanChoiceForm
          plan={plan.plan}
          returnTo={returnTo}
          label={trialDays > 0 ? `Try ${name} free for ${trialDays} days` : `Choose ${name}`}
          variant={plan.plan === "yearly" ? "contained" : "outlined"}
          fullWidth
        />
      </CardContent>
    </Card>
  );
}

/** After signing in (or following a link with ?plan=): the plan already chosen, and one button to go on. */
function ChosenPlan({ data, plan }: { data: LoaderData; plan: PlanInterval }) {
  const entry = data.plans.find((candidate) => candidate.plan === plan)!;
  const trial = data.trialDays > 0 ? ` after a ${data.trialDays}-day free trial` : "";
  const others = new URLSearchParams(data.returnTo ? { returnTo: data.returnTo } : {});
  return (
    <Card variant="outlined" sx={{ mb: 5, borderColor: "primary.main", borderWidth: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Your choice: the {entry.name.toLowerCase()} plan
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {entry.price} {entry.per}
          {trial}. You can {plan === "monthly" ? "cancel, pause" : "cancel"} or withdraw from your profile.
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <PlanChoiceForm
            plan={plan}
            returnTo={data.returnTo}
            label={data.signedIn ? "Continue to payment" : "Sign in to continue"}
            autoFocus
          />
          <Button component={Link} to={`${SUBSCRIBE_PATH}${others.size > 0 ? `?${others}` : ""}`} color="inherit">
            Compare both plans
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Terms({ trialDays }: { trialDays: number }) {
  const points = [
    ...(trialDays > 0
      ? [
          `The first ${countOf(trialDays, "day")} are free, once per account. Cancel before the trial ends and nothing is charged.`,
        ]
      : []),
    "Cancel at any time from your profile: premium stays open until the end of the period you paid for.",
    `Changed your mind? Withdraw within ${WITHDRAWAL_DAYS} days of your first payment for a full refund, in one click.`,
    `Pause the monthly plan for 1 to ${PAUSE_MONTHS.length} months; nothing is charged while it is paused.`,
    "Switch between monthly and yearly, update your card and download receipts from your profile.",
  ];
  return (
    <Box component="ul" sx={{ listStyle: "none", pl: 0, m: 0 }}>
      {points.map((point) => (
        <Box component="li" key={point} sx={{ display: "flex", gap: 1, mb: 1 }}>
          <CheckIcon fontSize="small" color="success" sx={{ mt: 0.3 }} aria-hidden />
          <Typography>{point}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData;
  const { subscription, chosen, isTestMode, premiumUntil } = data;
  // The first step of the subscription funnel: the plans offered (a subscriber sees their plan instead).
  const offered = subscription === null;
  useEffect(() => {
    if (offered) track("subscription_step", { step: "plans_viewed", ...(chosen ? { plan: chosen } : {}) });
  }, [offered, chosen]);
  return (
    <Page
      title="Numberlab Premium"
      lead="Every chapter with its quizzes, and as many quizzes as you like. The free account stays free."
    >
      {isTestMode && !subscription && <TestModeNotice />}
      {actionData?.error && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {actionData.error}
        </Alert>
      )}
      {subscription ? (
        <Box component="section" aria-labelledby="your-plan-heading" sx={{ mb: 5 }}>
          <Typography id="your-plan-heading" variant="h5" component="h2" gutterBottom>
            Your plan{subscription.plan ? `: ${planName(subscription.plan).toLowerCase()}` : ""}
          </Typography>
          <PlanStatus words={subscription.words} />
          <Button component={Link} to={PLAN_SECTION_PATH} variant="outlined" color="inherit">
            Manage your plan
          </Button>
        </Box>
      ) : (
        <>
          {premiumUntil && (
            <Alert severity="info" sx={{ mb: 3 }}>
              You have premium until {formatDate(premiumUntil)}. A plan chosen now keeps it going after that.
            </Alert>
          )}
          {chosen ? (
            <ChosenPlan data={data} plan={chosen} />
          ) : (
            <Box component="section" aria-labelledby="plans-heading" sx={{ mb: 5 }}>
              <Typography id="plans-heading" variant="h5" component="h2" gutterBottom>
                Choose a plan
              </Typography>
              <Stack direction={{ xs: "column", md: "row" }} spacing={3} sx={{ mb: 3 }}>
                {data.plans.map((plan) => (
                  <PlanCard key={plan.plan} data={data} plan={plan} />
                ))}
              </Stack>
              {!data.signedIn && (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {data.signUpOpen
                    ? "Choosing a plan asks you to log in or create a free account first, then brings you straight back."
                    : "Choosing a plan asks you to log in first, then brings you straight back. New accounts cannot be made at the moment."}
                </Typography>
              )}
              <Terms trialDays={data.trialDays} />
            </Box>
          )}
        </>
      )}
      <Comparison data={data} />
    </Page>
  );
}
