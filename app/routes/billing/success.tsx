import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { Link, redirect } from "react-router";
import { PLAN_SECTION_PATH, SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import { getPaymentProvider } from "#app/billing/provider.server";
import { syncCustomer } from "#app/billing/sync.server";
import { NarrowCard } from "#app/components/narrow-card";
import { userContext } from "#app/http/request-context";
import { findCheckoutBySession } from "#app/models/checkout.server";
import { listPublishedChapters } from "#app/models/chapter.server";
import { findCurrentSubscription } from "#app/models/subscription.server";
import { getDatabase } from "#app/utils/db.server";
import { isPremiumAt } from "#app/utils/entitlements";
import { now } from "#app/utils/clock";
import { formatDate } from "#app/utils/format-date";
import { track } from "#app/analytics/client/track";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = () => [{ title: "Welcome to premium · Numberlab" }];

/** Where the learner came from: the chapter that asked them to subscribe, or the course. */
const COURSE_PATH = "/chapter";
const SESSION_ID = /^[A-Za-z0-9_-]{1,255}$/;

/**
 * The provider sends the learner here after paying, with the checkout's id. It is shown only for a
 * checkout this app opened for the signed-in account that the provider confirms as paid by them; it
 * runs the same sync as the webhook, so premium is open here even when the webhook is late. Anything
 * else goes to /subscribe.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!user || !sessionId || !SESSION_ID.test(sessionId)) throw redirect(SUBSCRIBE_PATH);
  const { db } = getDatabase();
  const provider = getPaymentProvider();
  const checkout = await findCheckoutBySession(db, provider.name, sessionId);
  if (!checkout || checkout.userId !== user.id) throw redirect(SUBSCRIBE_PATH);
  const confirmed = await provider.getCheckout(sessionId);
  if (!confirmed || confirmed.status !== "complete" || confirmed.clientReference !== user.id || !confirmed.customerId) {
    throw redirect(SUBSCRIBE_PATH);
  }
  const synced = await syncCustomer(db, provider, confirmed.customerId);
  // A checkout paid for this account with another account's customer would be a provider fault: trust neither.
  if (!synced || synced.userId !== user.id) throw redirect(SUBSCRIBE_PATH);
  const [chapters, current] = await Promise.all([listPublishedChapters(db), findCurrentSubscription(db, user.id)]);
  return {
    premium: isPremiumAt(synced.premiumUntil, now()),
    premiumChapters: chapters
      .filter((chapter) => chapter.access === "premium")
      .map(({ slug, title }) => ({ slug, title })),
    trialEnd: current?.status === "trialing" ? current.trialEnd : null,
    returnTo: checkout.returnTo ?? COURSE_PATH,
  };
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const { premium, premiumChapters, trialEnd, returnTo } = loaderData;
  // Only a checkout the provider confirmed paid by this account gets here (the loader sends anything else away).
  useEffect(() => track("subscription_step", { step: "checkout_completed" }), []);
  return (
    <NarrowCard title="Welcome to premium">
      {premium ? (
        <Stack spacing={2}>
          <Typography>
            <CheckCircleIcon color="success" sx={{ verticalAlign: "text-bottom", mr: 1 }} aria-hidden />
            Thank you! Premium is open on your account now.
          </Typography>
          <Box>
            <Typography component="h2" variant="h6">
              What you have unlocked
            </Typography>
            <Box component="ul" sx={{ mt: 1, mb: 0 }}>
              {premiumChapters.map((chapter) => (
                <li key={chapter.slug}>
                  <Link to={`/chapter/${chapter.slug}`}>{chapter.title}</Link>, with its quiz
                </li>
              ))}
              <li>Unlimited quizzes, every day</li>
            </Box>
          </Box>
          {trialEnd && (
            <Alert severity="info">
              Your free trial runs until {formatDate(trialEnd)}. Nothing is charged before then, and you can cancel from
              your profile at any time.
            </Alert>
          )}
        </Stack>
      ) : (
        // Paid, but the provider does not report the subscription as running yet (a payment still settling).
        <Alert severity="info">
          Your payment was received. Premium opens as soon as the payment provider confirms it, usually within a minute:
          reload this page or come back shortly.
        </Alert>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
        <Button component={Link} to={returnTo} variant="contained" size="large">
          {returnTo === COURSE_PATH ? "Go to the course" : "Continue where you were"}
        </Button>
        <Button component={Link} to={PLAN_SECTION_PATH} color="inherit">
          Your plan
        </Button>
      </Stack>
    </NarrowCard>
  );
}
