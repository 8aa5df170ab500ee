import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";
import type { PortalSubscription } from "#app/billing/test-provider.server";
import { formatDateTime } from "#app/utils/format-date";

/**
 * The test clock, like Stripe's test clocks: each button moves this customer's time ahead to one
 * moment of the subscription, so what is due then (a charge, the end of a trial, a cancellation
 * taking effect) happens now and Numberlab hears of it by webhook.
 */
export function TestClock({ subscription }: { subscription: PortalSubscription }) {
  const busy = useNavigation().state === "submitting";
  if (subscription.clockTargets.length === 0) {
    return (
      <Typography color="text.secondary">
        Nothing is scheduled for this plan: the clock has nothing to move to.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      {subscription.clockTargets.map((moment) => (
        <Form method="post" key={moment.target}>
          <input type="hidden" name="intent" value="advance-clock" />
          <input type="hidden" name="subscriptionId" value={subscription.subscriptionId} />
          <input type="hidden" name="target" value={moment.target} />
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={{ xs: 0.5, sm: 2 }}
            sx={{ alignItems: { sm: "center" } }}
          >
            <Button type="submit" variant="outlined" disabled={busy}>
              {moment.label}
            </Button>
            <Typography variant="body2" color="text.secondary">
              Due {formatDateTime(moment.at)}
            </Typography>
          </Stack>
        </Form>
      ))}
    </Stack>
  );
}
