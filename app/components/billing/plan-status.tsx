import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import { PORTAL_PATH } from "#app/billing/billing-paths";
import type { PlanStateWords } from "#app/billing/plan-state";

/** Where a subscription stands, in words; a failed payment leads straight to the card page. */
export function PlanStatus({ words, title }: { words: PlanStateWords; title?: string }) {
  return (
    <Alert
      severity={words.needsCard ? "error" : "info"}
      // A state shown on load, not news: screen readers should not announce it as an alert.
      role="status"
      data-testid="plan-status"
      sx={{ mb: 2 }}
      action={
        words.needsCard ? (
          // A document request: the server answers with a redirect to the provider's page.
          <Button href={PORTAL_PATH} color="inherit" size="small" variant="outlined">
            Update your card
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title ? `${title}: ${words.label}` : words.label}</AlertTitle>
      {words.sentence}
    </Alert>
  );
}
