import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { PLAN_SECTION_PATH } from "#app/billing/billing-paths";
import { trialDaysFor } from "#app/billing/checkout.server";
import { answerCheckoutForm } from "#app/billing/checkout-form.server";
import { describePlanState, toPlanView } from "#app/billing/plan-state";
import { planPrices, planAmountMinor } from "#app/billing/plans";
import { getPaymentProvider } from "#app/billing/provider.server";
import { PlanChoiceForm } from "#app/components/billing/plan-choice-form";
import { PlanStatus } from "#app/components/billing/plan-status";
import { TestModeNotice } from "#app/components/billing/test-mode-notice";
import { NarrowCard } from "#app/components/narrow-card";
import { userContext } from "#app/http/request-context";
import { readSettings } from "#app/models/app-settings.server";
import { findCurrentSubscription } from "#app/models/subscription.server";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { formatMoney } from "#app/utils/money";
import { sendCheckoutForm } from "#app/analytics/client/action-events";
import type { Route } from "./+types/buy";

export const meta: Route.MetaFunction = () => [{ title: "One-click checkout · Numberlab" }];

const BUY_PATH = "/tests/buy";

/** The monthly plan in one click, through the same checkout as /subscribe. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { db } = getDatabase();
  const provider = getPaymentProvider();
  const [settings, current] = await Promise.all([readSettings(db), user ? findCurrentSubscription(db, user.id) : null]);
  return {
    signedIn: user !== null,
    // Back from signing in: the click that sent the guest there is still to be made.
    resumed: user !== null && new URL(request.url).searchParams.get("plan") === "monthly",
    price: formatMoney({ minor: planAmountMinor(planPrices(settings), "monthly"), currency: settings.planCurrency }),
    trialDays: user ? await trialDaysFor(db, provider, user.id, settings) : settings.trialDays,
    isTestMode: provider.isTestMode,
    subscription: current ? describePlanState(toPlanView(current), now()) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerCheckoutForm(request, context.get(userContext), BUY_PATH);
}

/** In the browser: a checkout the server opened is counted (subscription_step checkout_started). */
export const clientAction = (args: Route.ClientActionArgs) => sendCheckoutForm(args);

export default function Buy({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, resumed, price, trialDays, isTestMode, subscription } = loaderData;
  return (
    <NarrowCard title="One-click checkout">
      <Typography sx={{ mb: 2 }}>
        The monthly plan, {price} a month{trialDays > 0 ? ` after a ${trialDays}-day free trial` : ""}, through the
        payment provider&apos;s hosted checkout.{" "}
        {signedIn ? "" : "You sign in first, then come back here to finish the click."}
      </Typography>
      {actionData?.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {actionData.error}
        </Alert>
      )}
      {subscription ? (
        <>
          <PlanStatus words={subscription} title="Your plan" />
          <Button component={Link} to={PLAN_SECTION_PATH} variant="outlined" color="inherit">
            Manage your plan
          </Button>
        </>
      ) : (
        <>
          {isTestMode && <TestModeNotice />}
          {resumed && (
            <Typography sx={{ mb: 2 }} role="status">
              You are signed in: one more click opens the checkout.
            </Typography>
          )}
          <PlanChoiceForm
            plan="monthly"
            returnTo={null}
            action={BUY_PATH}
            label={signedIn ? `Buy monthly for ${price}` : `Sign in and buy monthly for ${price}`}
            autoFocus={resumed}
          />
        </>
      )}
    </NarrowCard>
  );
}
