import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { NarrowCard } from "./narrow-card";
import { OutcomeCard } from "./outcome-card";

interface LinkConfirmationProps {
  title: string;
  /** What the link does, shown with its button while the link is valid. */
  prompt: ReactNode;
  confirmLabel: string;
  token: string | null;
  /** Set once the POST succeeded. */
  done?: { title: string; message: ReactNode };
  /** Why the link cannot be used (invalid, used, expired), with what to do instead; unset while it can. */
  problem?: string;
  next: { to: string; label: string };
  alternative?: { to: string; label: string };
  hiddenFields?: Record<string, string>;
}

/** The page an e-mailed link opens: confirm with one button, then see the outcome or what went wrong. */
export function LinkConfirmation({
  title,
  prompt,
  confirmLabel,
  token,
  done,
  problem,
  next,
  alternative,
  hiddenFields = {},
}: LinkConfirmationProps) {
  const busy = useNavigation().state === "submitting";
  if (done) return <OutcomeCard title={done.title} severity="success" message={done.message} next={next} />;
  if (problem !== undefined || !token) {
    return <OutcomeCard title={title} severity="error" message={problem} next={next} alternative={alternative} />;
  }
  return (
    <NarrowCard title={title}>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Typography sx={{ mb: 3 }}>{prompt}</Typography>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {confirmLabel}
        </Button>
      </Form>
    </NarrowCard>
  );
}
