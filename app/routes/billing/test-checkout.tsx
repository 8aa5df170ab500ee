import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import { perPeriod, planName, providerMoney } from "#app/billing/plans";
import { CARD_FIELDS, cardFormSchema } from "#app/billing/test-cards";
import { HOSTED_PAGE_HEADERS, hostedPagesProvider } from "#app/billing/test-pages.server";
import type { CheckoutOutcome, CheckoutPage } from "#app/billing/test-provider.server";
import { Page } from "#app/components/page";
import { CardForm } from "#app/components/test-payments/card-form";
import { ConfirmPayment } from "#app/components/test-payments/confirm-payment";
export { revalidateAfterEveryPost as shouldRevalidate } from "#app/components/test-payments/confirm-payment";
import { TestModeBanner } from "#app/components/test-payments/test-mode-banner";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { readForm } from "#app/http/read-form.server";
import { now } from "#app/utils/clock";
import { formatDate } from "#app/utils/format-date";
import type { Route } from "./+types/test-checkout";

export const meta: Route.MetaFunction = () => [
  { title: "Test checkout · Numberlab" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => HOSTED_PAGE_HEADERS;

/** The hosted checkout of the built-in test provider: what the session sells, a card form, the test cards. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await hostedPagesProvider(request).readCheckout(params.sessionId);
  if (!page) return data({ page: null }, { status: 404 });
  return { page };
}

const intentSchema = z.enum(["pay", "confirm-complete", "confirm-fail"], {
  error: "This form asked for something unknown: reload the page.",
});

/** Paying posts only the card: what is bought and its price come from the stored session. */
export async function action({ request, params }: Route.ActionArgs) {
  const provider = hostedPagesProvider(request);
  const values = await readForm(request);
  // The CVC is never sent back to the page.
  const kept = submittedText(values, ["cardName", "cardNumber", "cardExpiry"]);
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) return data({ errors: fieldErrors(intent.error), values: kept }, { status: 400 });

  let outcome: CheckoutOutcome;
  if (intent.data === "pay") {
    const card = cardFormSchema(now()).safeParse(values);
    if (!card.success) return data({ errors: fieldErrors(card.error), values: kept }, { status: 400 });
    outcome = await provider.payCheckout(params.sessionId, card.data);
  } else {
    outcome = await provider.confirmCheckout(params.sessionId, intent.data === "confirm-complete");
  }
  switch (outcome.kind) {
    case "paid":
      return redirect(outcome.redirectTo);
    case "declined":
      return data({ errors: { form: outcome.message }, values: kept }, { status: 402 });
    case "confirm":
    case "closed":
      // The page, loaded again, shows the confirmation step or why the checkout is closed.
      return null;
  }
}

export default function TestCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <Page title="Test checkout">
        <TestModeBanner />
        <Alert severity="error" sx={{ mb: 3 }}>
          This checkout does not exist. Its address may be mistyped; nothing was charged.
        </Alert>
        <Button component={Link} to={SUBSCRIBE_PATH} variant="contained">
          See the plans
        </Button>
      </Page>
    );
  }
  const errors: Partial<Record<string, string>> = actionData && "errors" in actionData ? actionData.errors : {};
  const values: Partial<Record<string, string>> = actionData && "values" in actionData ? actionData.values : {};
  return (
    <Page title="Test checkout" maxWidth="sm">
      <TestModeBanner />
      <Stack spacing={3}>
        <Purchase page={page} />
        {page.status === "complete" && (
          <Closed
            message="This checkout is complete: it has been paid, and your plan has started."
            next={{ href: page.successUrl, label: "Continue to Numberlab" }}
          />
        )}
        {page.status === "expired" && (
          <Closed
            message="This checkout has expired, and nothing was charged. Start again from Numberlab to subscribe."
            next={{ href: page.cancelUrl, label: "Back to Numberlab" }}
          />
        )}
        {page.status === "open" && page.awaitingConfirmation && (
          <ConfirmPayment
            what={page.trialDays > 0 ? "this card for your trial" : `this payment of ${amount(page)}`}
            last4={page.awaitingConfirmation.last4}
            completeIntent="confirm-complete"
            failIntent="confirm-fail"
          />
        )}
        {page.status === "open" && !page.awaitingConfirmation && (
          <Paper component="section" variant="outlined" aria-labelledby="card-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h5" component="h2" id="card-title" gutterBottom>
              Pay by card
            </Typography>
            <CardForm
              key={CARD_FIELDS.map((name) => values[name] ?? "").join("|")}
              intent="pay"
              submitLabel={page.trialDays > 0 ? "Start the free trial" : `Pay ${amount(page)}`}
              errors={errors}
              values={values}
            />
          </Paper>
        )}
        {page.status === "open" && (
          <Button href={page.cancelUrl} color="inherit" sx={{ alignSelf: "flex-start" }}>
            Cancel and go back
          </Button>
        )}
      </Stack>
    </Page>
  );
}

const amount = (page: CheckoutPage) => providerMoney(page.amountMinor, page.currency);

/** What the session sells: the plan, its price, and when the card is first charged. */
function Purchase({ page }: { page: CheckoutPage }) {
  const price = `${amount(page)} ${perPeriod(page.plan)}`;
  const every = page.plan === "monthly" ? "month" : "year";
  return (
    <Paper component="section" variant="outlined" aria-labelledby="purchase-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography variant="overline" component="p" color="text.secondary">
        You are subscribing to
      </Typography>
      <Typography variant="h5" component="h2" id="purchase-title">
        Numberlab Premium, {planName(page.plan).toLowerCase()} plan
      </Typography>
      <Typography variant="h4" component="p" sx={{ my: 1 }}>
        {price}
      </Typography>
      {page.trialDays > 0 ? (
        <Typography>
          <strong>{page.trialDays}-day free trial: nothing is charged today.</strong> If you keep the plan, your card is
          first charged {amount(page)} on {formatDate(page.firstChargeAt)}, then every {every} until you cancel.
        </Typography>
      ) : (
        <Typography>
          <strong>Charged today: {amount(page)}.</strong> Then {amount(page)} every {every} until you cancel.
        </Typography>
      )}
      {page.email && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          For the account {page.email}.
        </Typography>
      )}
    </Paper>
  );
}

function Closed({ message, next }: { message: string; next: { href: string; label: string } }) {
  return (
    <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
      <Alert severity="info" sx={{ alignSelf: "stretch" }}>
        {message}
      </Alert>
      <Button href={next.href} variant="contained">
        {next.label}
      </Button>
    </Stack>
  );
}
