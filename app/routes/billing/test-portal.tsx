import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Link } from "react-router";
import { z } from "zod";
import type { PlanInterval } from "#database/schema";
import { SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import { describePlanState } from "#app/billing/plan-state";
import { perPeriod, planAmountMinor, planPrices, planSchema, providerMoney } from "#app/billing/plans";
import { CARD_FIELDS, cardFormSchema } from "#app/billing/test-cards";
import { HOSTED_PAGE_HEADERS, hostedPagesProvider } from "#app/billing/test-pages.server";
import { CLOCK_TARGETS, type PortalAction, type PortalOutcome } from "#app/billing/test-provider.server";
import { ProfileSection } from "#app/components/account/profile-section";
import { FormFeedback } from "#app/components/form-feedback";
import { Page } from "#app/components/page";
import { CardForm } from "#app/components/test-payments/card-form";
import { ConfirmPayment } from "#app/components/test-payments/confirm-payment";
export { revalidateAfterEveryPost as shouldRevalidate } from "#app/components/test-payments/confirm-payment";
import { InvoiceTable } from "#app/components/test-payments/invoice-table";
import { PortalPlan } from "#app/components/test-payments/portal-plan";
import { TestClock } from "#app/components/test-payments/test-clock";
import { TestModeBanner } from "#app/components/test-payments/test-mode-banner";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { readForm } from "#app/http/read-form.server";
import { readSettings } from "#app/models/app-settings.server";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/test-portal";

export const meta: Route.MetaFunction = () => [
  { title: "Test customer portal · Numberlab" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => HOSTED_PAGE_HEADERS;

/** The test provider's customer portal: plan, card, invoices, and the test clock. Its link works for an hour. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await hostedPagesProvider(request).readPortal(params.portalId);
  if (!page) return data({ page: null, state: null, otherPlan: null }, { status: 404 });
  if (page.status === "expired" || !page.subscription) return { page, state: null, otherPlan: null };
  const settings = await readSettings(getDatabase().db);
  const other: PlanInterval = page.subscription.plan === "monthly" ? "yearly" : "monthly";
  const otherPrice = { minor: planAmountMinor(planPrices(settings), other), currency: settings.planCurrency };
  return {
    page,
    state: describePlanState(page.subscription, now()),
    otherPlan: { plan: other, price: `${providerMoney(otherPrice.minor, otherPrice.currency)} ${perPeriod(other)}` },
  };
}

const subscriptionId = z.string({ error: "Reload the page: it does not say which plan." }).min(1).max(100);
const actionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("switch-plan"), subscriptionId, plan: planSchema }),
    z.object({ intent: z.literal("cancel"), subscriptionId }),
    z.object({ intent: z.literal("resume"), subscriptionId }),
    z.object({
      intent: z.literal("advance-clock"),
      subscriptionId,
      target: z.enum(CLOCK_TARGETS, { error: "Choose a moment the test clock offers." }),
    }),
    z.object({ intent: z.literal("update-card") }),
    z.object({ intent: z.literal("confirm-complete") }),
    z.object({ intent: z.literal("confirm-fail") }),
  ],
  { error: "This form asked for something unknown: reload the page." },
);

export async function action({ request, params }: Route.ActionArgs) {
  const provider = hostedPagesProvider(request);
  const values = await readForm(request);
  const kept = submittedText(values, ["cardName", "cardNumber", "cardExpiry"]);
  const parsed = actionSchema.safeParse(values);
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });

  let portalAction: PortalAction;
  const form = parsed.data;
  switch (form.intent) {
    case "switch-plan": {
      // The price is the settings' price now, as on every billing page; the form names only the plan.
      const settings = await readSettings(getDatabase().db);
      const price = {
        plan: form.plan,
        amountMinor: planAmountMinor(planPrices(settings), form.plan),
        currency: settings.planCurrency,
      };
      portalAction = { type: "switch_plan", subscriptionId: form.subscriptionId, price };
      break;
    }
    case "cancel":
    case "resume":
      portalAction = { type: form.intent, subscriptionId: form.subscriptionId };
      break;
    case "advance-clock":
      portalAction = { type: "advance_clock", subscriptionId: form.subscriptionId, target: form.target };
      break;
    case "update-card": {
      const card = cardFormSchema(now()).safeParse(values);
      if (!card.success) return data({ errors: fieldErrors(card.error), values: kept }, { status: 400 });
      portalAction = { type: "update_card", card: card.data };
      break;
    }
    case "confirm-complete":
    case "confirm-fail":
      portalAction = { type: "confirm_card", complete: form.intent === "confirm-complete" };
      break;
  }
  const outcome: PortalOutcome = await provider.portalAction(params.portalId, portalAction);
  switch (outcome.kind) {
    case "done":
      return { message: outcome.message };
    case "error":
      return form.intent === "update-card"
        ? data({ errors: { form: outcome.message }, values: kept }, { status: 402 })
        : data({ error: outcome.message }, { status: 409 });
    case "confirm":
    case "expired":
      // The page, loaded again, shows the confirmation step or that the link has expired.
      return null;
  }
}

export default function TestPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { page, state, otherPlan } = loaderData;
  if (!page) {
    return (
      <Page title="Test customer portal">
        <TestModeBanner />
        <Alert severity="error" sx={{ mb: 3 }}>
          This portal link does not exist. Open the portal again from your profile on Numberlab.
        </Alert>
        <Button component={Link} to="/profile" variant="contained">
          Go to your profile
        </Button>
      </Page>
    );
  }
  if (page.status === "expired") {
    return (
      <Page title="Test customer portal">
        <TestModeBanner />
        <Alert severity="info" sx={{ mb: 3 }}>
          This portal link has expired: links to the portal work for an hour. Open it again from Numberlab.
        </Alert>
        <Button href={page.returnUrl} variant="contained">
          Back to Numberlab
        </Button>
      </Page>
    );
  }
  const message = actionData && "message" in actionData ? actionData.message : undefined;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const cardErrors: Partial<Record<string, string>> = actionData && "errors" in actionData ? actionData.errors : {};
  const cardValues: Partial<Record<string, string>> = actionData && "values" in actionData ? actionData.values : {};
  const { subscription, card } = page;
  return (
    <Page title="Test customer portal" lead={`Your Numberlab subscription, for ${page.email}.`}>
      <TestModeBanner />
      <FormFeedback message={message} error={error} />
      <Stack spacing={3}>
        <ProfileSection id="plan" title="Plan">
          {subscription && state ? (
            <PortalPlan subscription={subscription} state={state} otherPlan={otherPlan} />
          ) : (
            <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
              <Typography>You have no subscription.</Typography>
              <Button component={Link} to={SUBSCRIBE_PATH} variant="contained">
                See the plans
              </Button>
            </Stack>
          )}
        </ProfileSection>

        <ProfileSection
          id="card"
          title="Card"
          description={
            card
              ? `Visa ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, "0")}/${card.expYear}, in the name of ${card.name}.`
              : "No card on file."
          }
        >
          {page.awaitingConfirmation ? (
            <ConfirmPayment
              what="this card"
              last4={page.awaitingConfirmation.last4}
              completeIntent="confirm-complete"
              failIntent="confirm-fail"
            />
          ) : (
            <>
              <Typography variant="h6" component="h3" gutterBottom>
                Update the card
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                The new card pays every later charge. If a payment has failed, it is taken with the new card at once.
              </Typography>
              <CardForm
                key={CARD_FIELDS.map((name) => cardValues[name] ?? "").join("|")}
                intent="update-card"
                submitLabel="Save the card"
                errors={cardErrors}
                values={cardValues}
              />
            </>
          )}
        </ProfileSection>

        <ProfileSection id="invoices" title="Invoices and receipts">
          <InvoiceTable invoices={page.invoices} labelledBy="invoices-title" />
          {page.creditMinor > 0 && subscription && (
            <Typography sx={{ mt: 2 }}>
              Credit on your account: {providerMoney(page.creditMinor, subscription.currency)}, taken off the next
              charges.
            </Typography>
          )}
        </ProfileSection>

        {subscription && (
          <ProfileSection
            id="test-clock"
            title="Test clock (test-mode simulation)"
            description="Stripe's test clocks move a test customer's time forward. Here, each button moves this customer's time ahead to that moment, so what is due then (a renewal charge, the end of the trial, a cancellation taking effect, a payment retry) happens now, and Numberlab hears of it by webhook as it would of a real one. Only this test customer's time moves."
          >
            <TestClock subscription={subscription} />
          </ProfileSection>
        )}

        <Button href={page.returnUrl} variant="contained" sx={{ alignSelf: "flex-start" }}>
          Return to Numberlab
        </Button>
      </Stack>
    </Page>
  );
}
