import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { PORTAL_PATH, SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import {
  PAUSE_MONTHS,
  WITHDRAWAL_DAYS,
  type PlanIntent,
  type PlanSection as PlanSectionData,
} from "#app/billing/plan-state";
import { planName } from "#app/billing/plans";
import { countOf } from "#app/utils/plural";
import { formatDate } from "#app/utils/format-date";
import { FormFeedback } from "../form-feedback";
import { PlanStatus } from "../billing/plan-status";
import { ProfileSection } from "./profile-section";
import { useProfileForm } from "./use-profile-form";

export interface PlanSectionProps {
  role: "admin" | "learner";
  isPremium: boolean;
  /** Every chapter and unlimited quizzes, by premium or as an administrator. */
  everythingOpen: boolean;
  memberSince: string;
  portalUnavailable: boolean;
  plan: Omit<PlanSectionData, "isPremium">;
}

/** One plan change: a form that posts its intent and the subscription it was shown for. */
function PlanForm({
  intent,
  subscriptionId,
  children,
}: {
  intent: PlanIntent;
  subscriptionId: string;
  children: (busy: boolean) => ReactNode;
}) {
  const { fetcher, busy } = useProfileForm(intent);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      {children(busy)}
    </fetcher.Form>
  );
}

/** Whatever the last plan change answered, in one place above the actions. */
function PlanFeedback() {
  const forms = [
    useProfileForm("plan-switch"),
    useProfileForm("plan-cancel"),
    useProfileForm("plan-resume"),
    useProfileForm("plan-pause"),
    useProfileForm("plan-unpause"),
    useProfileForm("plan-withdraw"),
  ];
  const error = forms.map((form) => form.errors.form ?? Object.values(form.errors)[0]).find(Boolean);
  const message = forms.map((form) => form.message).find(Boolean);
  return <FormFeedback message={message} error={error} />;
}

function Withdrawal({
  subscriptionId,
  amount,
  until,
}: {
  subscriptionId: string;
  amount: string | null;
  until: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const refund = amount ? `${amount} back in full` : "everything you paid back in full";
  if (!confirming) {
    return (
      <Box>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
          Withdraw with a full refund…
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Possible until {formatDate(until)}, {WITHDRAWAL_DAYS} days after your first payment.
        </Typography>
      </Box>
    );
  }
  return (
    <Alert severity="warning" role="alertdialog" aria-labelledby="withdraw-confirm" sx={{ alignItems: "flex-start" }}>
      <Typography id="withdraw-confirm" sx={{ mb: 1.5 }}>
        You get {refund} to your card, and <strong>premium ends at once</strong>. Withdraw from your plan?
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <PlanForm intent="plan-withdraw" subscriptionId={subscriptionId}>
          {(busy) => (
            <Button type="submit" variant="contained" color="error" disabled={busy} autoFocus>
              Yes, withdraw and refund
            </Button>
          )}
        </PlanForm>
        <Button color="inherit" onClick={() => setConfirming(false)}>
          Keep my plan
        </Button>
      </Stack>
    </Alert>
  );
}

function PlanActions({ plan }: { plan: PlanSectionProps["plan"] }) {
  const subscription = plan.subscription!;
  const id = subscription.subscriptionId;
  const can = (intent: PlanIntent) => plan.allowed.includes(intent);
  const pauseStart = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : "the end of the month";
  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: "wrap", alignItems: "flex-start" }}
      >
        {can("plan-switch") && plan.otherPlan && (
          <PlanForm intent="plan-switch" subscriptionId={id}>
            {(busy) => (
              <>
                <input type="hidden" name="plan" value={plan.otherPlan!.plan} />
                <Button type="submit" variant="outlined" color="inherit" disabled={busy}>
                  Switch to {plan.otherPlan!.name.toLowerCase()} ({plan.otherPlan!.price})
                </Button>
              </>
            )}
          </PlanForm>
        )}
        {can("plan-resume") && (
          <PlanForm intent="plan-resume" subscriptionId={id}>
            {(busy) => (
              <Button type="submit" variant="contained" disabled={busy}>
                Resume my plan
              </Button>
            )}
          </PlanForm>
        )}
        {can("plan-cancel") && (
          <PlanForm intent="plan-cancel" subscriptionId={id}>
            {(busy) => (
              <Button type="submit" variant="outlined" color="inherit" disabled={busy}>
                Cancel at the end of the period
              </Button>
            )}
          </PlanForm>
        )}
        {can("plan-unpause") && (
          <PlanForm intent="plan-unpause" subscriptionId={id}>
            {(busy) => (
              <Button type="submit" variant="outlined" color="inherit" disabled={busy}>
                Cancel the pause
              </Button>
            )}
          </PlanForm>
        )}
        {plan.hasCustomer && (
          // A document request: the server answers with a redirect to the provider's page.
          <Button href={PORTAL_PATH} variant="outlined" color="inherit">
            Card and receipts
          </Button>
        )}
      </Stack>
      {can("plan-pause") && (
        <Box component="section" aria-labelledby="pause-heading">
          <Typography id="pause-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
            Pause the plan
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The pause starts when the month you paid for ends, on {pauseStart}. Premium stops then, nothing is charged
            during the pause, and premium resumes with the next payment.
          </Typography>
          <PlanForm intent="plan-pause" subscriptionId={id}>
            {(busy) => (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                {PAUSE_MONTHS.map((months) => (
                  <Button
                    key={months}
                    type="submit"
                    name="months"
                    value={months}
                    variant="outlined"
                    color="inherit"
                    disabled={busy}
                  >
                    Pause for {countOf(months, "month")}
                  </Button>
                ))}
              </Stack>
            )}
          </PlanForm>
        </Box>
      )}
      {plan.pauseNote && (
        <Typography variant="body2" color="text.secondary">
          {plan.pauseNote}
        </Typography>
      )}
      {can("plan-withdraw") && plan.withdrawal && (
        <Withdrawal subscriptionId={id} amount={plan.withdrawal.amount} until={plan.withdrawal.until} />
      )}
    </Stack>
  );
}

/** "Your plan" on the profile: where the plan stands, what it costs next, and every change in one place. */
export function PlanSection(props: PlanSectionProps) {
  const { role, isPremium, everythingOpen, memberSince, portalUnavailable, plan } = props;
  const { freeQuizzesPerDay } = plan;
  const { subscription, words, complimentaryUntil } = plan;
  const quizzes = freeQuizzesPerDay === 0 ? "no quizzes" : `${countOf(freeQuizzesPerDay, "quiz", "quizzes")} a day`;
  return (
    <ProfileSection id="plan" title="Your plan">
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: "wrap" }}>
        <Chip label={role === "admin" ? "Administrator" : "Learner"} />
        <Chip label={isPremium ? "Premium" : "Free plan"} color={isPremium ? "primary" : "default"} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Member since {formatDate(memberSince)}.
      </Typography>
      {portalUnavailable && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          The payment provider&apos;s page could not be opened just now. Please try again in a moment.
        </Alert>
      )}
      <PlanFeedback />
      {subscription && words && (
        <PlanStatus words={words} title={subscription.plan ? `${planName(subscription.plan)} plan` : "Your plan"} />
      )}
      {complimentaryUntil && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Complimentary premium until {formatDate(complimentaryUntil)}.
        </Alert>
      )}
      {subscription ? (
        <PlanActions plan={plan} />
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            {everythingOpen
              ? "Every chapter and unlimited quizzes are open to you."
              : `The free chapters and ${quizzes} are free. Premium opens every chapter and unlimited quizzes, for ${plan.prices.monthly} or ${plan.prices.yearly}${plan.trialDays > 0 ? `, after a ${plan.trialDays}-day free trial` : ""}.`}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: "flex-start" }}>
            {(!everythingOpen || complimentaryUntil) && (
              <Button component={Link} to={SUBSCRIBE_PATH} variant={isPremium ? "outlined" : "contained"}>
                {isPremium ? "See the plans" : "Unlock every chapter"}
              </Button>
            )}
            {plan.hasCustomer && (
              <Button href={PORTAL_PATH} variant="outlined" color="inherit">
                Card and receipts
              </Button>
            )}
          </Stack>
        </>
      )}
    </ProfileSection>
  );
}
