import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { NarrowCard } from "./narrow-card";

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
  hiddenFields = {},
}: LinkConfirmationProps) {
  const busy = useNavigation().state === "submitting";
  if (done) {
    return (
      <NarrowCard title={done.title}>
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          {done.message}
        </Alert>
        <Button component={Link} to={next.to} variant="contained">
          {next.label}
        </Button>
      </NarrowCard>
    );
  }
  if (problem !== undefined || !token) {
    return (
      <NarrowCard title={title}>
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {problem}
        </Alert>
        <Button component={Link} to={next.to} variant="contained">
          {next.label}
        </Button>
      </NarrowCard>
    );
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
