import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Form, useNavigation, type ShouldRevalidateFunction } from "react-router";

/**
 * The shouldRevalidate of a page with this step. A failed confirmation (or a declined card) is answered
 * with an error status, yet it has changed the page's state: the card awaiting confirmation is dropped.
 * React Router reads no data again after an error status, so the page would keep offering a step that no
 * longer exists, with the message nowhere; it reads it again after every form post.
 */
export const revalidateAfterEveryPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

/**
 * The extra confirmation step a card may ask for (3-D Secure at a real bank), simulated: the learner
 * chooses whether the bank confirms. Both buttons post the same form with their own intent.
 */
export function ConfirmPayment({
  what,
  last4,
  completeIntent,
  failIntent,
  children,
}: {
  /** "this payment of €4.99", "this card". */
  what: string;
  last4: string;
  completeIntent: string;
  failIntent: string;
  children?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="confirm-title"
      sx={{ p: { xs: 2.5, sm: 3 }, borderWidth: 2, borderColor: "warning.main" }}
    >
      <Typography variant="h5" component="h2" id="confirm-title" gutterBottom>
        Confirm this payment
      </Typography>
      <Typography sx={{ mb: 1 }}>
        The bank of the card ending in {last4} asks you to confirm {what}.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        In test mode there is no bank: choose how the confirmation ends.
      </Typography>
      <Form method="post">
        {children}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <Button type="submit" name="intent" value={completeIntent} variant="contained" disabled={busy} autoFocus>
            Complete
          </Button>
          <Button type="submit" name="intent" value={failIntent} variant="outlined" color="error" disabled={busy}>
            Fail
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
