import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { PlanInterval } from "#database/schema";
import { perPeriod, planName, providerMoney } from "#app/billing/plans";
import type { PortalSubscription } from "#app/billing/test-provider.server";
import { formatDate } from "#app/utils/format-date";

export interface PortalPlanProps {
  subscription: PortalSubscription;
  /** Where the plan stands, in the words the profile uses. */
  state: { label: string; sentence: string };
  /** The plan to switch to, priced from the settings now. */
  otherPlan: { plan: PlanInterval; price: string } | null;
}

/** The plan in the test portal: what it is, where it stands, and switch, cancel or resume. */
export function PortalPlan({ subscription, state, otherPlan }: PortalPlanProps) {
  const busy = useNavigation().state === "submitting";
  const { status, cancelAtPeriodEnd, nextCharge } = subscription;
  const running = status !== "canceled";
  const switchable = running && otherPlan && (status === "active" || status === "trialing") && !subscription.pausedFrom;
  const action = (intent: string, label: string, extra?: ReactNode, color: "primary" | "error" = "primary") => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={subscription.subscriptionId} />
      {extra}
      <Button type="submit" variant="outlined" color={color} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
  return (
    <Stack spacing={2}>
      <div>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
          <Typography variant="h6" component="p">
            {planName(subscription.plan)} plan, {providerMoney(subscription.amountMinor, subscription.currency)}{" "}
            {perPeriod(subscription.plan)}
          </Typography>
          <Chip label={running ? state.label : "Ended"} color={running ? "primary" : "default"} size="small" />
        </Stack>
        <Typography>{running ? state.sentence : `This plan ended on ${formatDate(subscription.endedAt!)}.`}</Typography>
        {nextCharge && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Next charge: {providerMoney(nextCharge.amountMinor, subscription.currency)} on {formatDate(nextCharge.at)}.
          </Typography>
        )}
      </div>
      {running && (
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ flexWrap: "wrap" }}>
          {switchable &&
            action(
              "switch-plan",
              `Switch to the ${otherPlan.plan} plan (${otherPlan.price})`,
              <input type="hidden" name="plan" value={otherPlan.plan} />,
            )}
          {cancelAtPeriodEnd ? action("resume", "Resume the plan") : action("cancel", "Cancel the plan", null, "error")}
        </Stack>
      )}
      {switchable && (
        <Typography variant="body2" color="text.secondary">
          {status === "trialing"
            ? "Switching during the trial changes only the price: the trial goes on, and the first charge is the new plan's."
            : "A switch takes effect today and starts a new period of the new plan. The unused part of this period is credited pro rata; the new price less that credit is charged now, and a larger credit pays the next charges."}
        </Typography>
      )}
    </Stack>
  );
}
