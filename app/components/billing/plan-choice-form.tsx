import Button, { type ButtonProps } from "@mui/material/Button";
import { Form, useNavigation } from "react-router";
import type { PlanInterval } from "#database/schema";
import { SUBSCRIBE_PATH } from "#app/billing/billing-paths";

interface PlanChoiceFormProps {
  plan: PlanInterval;
  returnTo: string | null;
  label: string;
  /** The route whose action starts the checkout; a guest comes back to it after signing in. */
  action?: string;
  variant?: ButtonProps["variant"];
  fullWidth?: boolean;
  autoFocus?: boolean;
}

/**
 * "Choose this plan": a POST (the server checks its Origin) that the server answers with the provider's
 * checkout, or the login page for a guest. The price is never sent: the server reads it from the settings.
 */
export function PlanChoiceForm({
  plan,
  returnTo,
  label,
  action = SUBSCRIBE_PATH,
  variant = "contained",
  fullWidth,
  autoFocus,
}: PlanChoiceFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action && navigation.formMethod === "POST";
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="plan" value={plan} />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <Button type="submit" variant={variant} size="large" disabled={busy} fullWidth={fullWidth} autoFocus={autoFocus}>
        {busy ? "Opening the checkout…" : label}
      </Button>
    </Form>
  );
}
