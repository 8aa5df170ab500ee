import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link } from "react-router";
import { SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import { perPeriod, planAmountMinor, planPrices, planSchema } from "#app/billing/plans";
import { getPaymentProvider } from "#app/billing/provider.server";
import { PlanChoiceForm } from "#app/components/billing/plan-choice-form";
import { TestModeNotice } from "#app/components/billing/test-mode-notice";
import { NarrowCard } from "#app/components/narrow-card";
import { userContext } from "#app/http/request-context";
import { readSettings } from "#app/models/app-settings.server";
import { findOpenCheckout } from "#app/models/checkout.server";
import { getDatabase } from "#app/utils/db.server";
import { formatMoney } from "#app/utils/money";
import { track } from "#app/analytics/client/track";
import type { Route } from "./+types/cancel";

export const meta: Route.MetaFunction = () => [{ title: "Checkout cancelled · Numberlab" }];

/** The provider sends a learner here who left its checkout: nothing was charged, and the choice is kept. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { db } = getDatabase();
  const chosen = planSchema.safeParse(new URL(request.url).searchParams.get("plan"));
  const [settings, open] = await Promise.all([readSettings(db), user ? findOpenCheckout(db, user.id) : null]);
  const plan = chosen.success ? chosen.data : null;
  return {
    // The page that asked the learner to subscribe, kept with the checkout they left.
    returnTo: open?.returnTo ?? null,
    plan,
    price: plan
      ? `${formatMoney({ minor: planAmountMinor(planPrices(settings), plan), currency: settings.planCurrency })} ${perPeriod(plan)}`
      : null,
    signedIn: user !== null,
    isTestMode: getPaymentProvider().isTestMode,
  };
}

export default function CheckoutCancelled({ loaderData }: Route.ComponentProps) {
  const { plan, price, signedIn, isTestMode, returnTo } = loaderData;
  // The provider sends here whoever left its checkout: the funnel's way out.
  useEffect(() => track("subscription_step", { step: "checkout_cancelled", ...(plan ? { plan } : {}) }), [plan]);
  return (
    <NarrowCard title="Checkout cancelled">
      <Typography sx={{ mb: 2 }}>
        You left the checkout before paying, so <strong>nothing was charged</strong> and your plan is unchanged.
      </Typography>
      {plan && price && (
        <>
          {isTestMode && <TestModeNotice />}
          <Typography sx={{ mb: 3 }}>
            Your choice is kept: the {plan} plan at {price}. You can go back to the checkout whenever you like.
          </Typography>
        </>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        {plan ? (
          <PlanChoiceForm
            plan={plan}
            returnTo={returnTo}
            label={signedIn ? "Try again" : "Sign in and try again"}
            autoFocus
          />
        ) : (
          <Button component={Link} to={SUBSCRIBE_PATH} variant="contained" size="large">
            See the plans
          </Button>
        )}
        <Button component={Link} to={returnTo ?? "/chapter"} color="inherit">
          {returnTo ? "Go back" : "Back to the course"}
        </Button>
      </Stack>
    </NarrowCard>
  );
}
