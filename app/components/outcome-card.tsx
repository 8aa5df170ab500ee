import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { NarrowCard } from "./narrow-card";

export interface OutcomeCardProps {
  title: string;
  severity: "success" | "error";
  message: ReactNode;
  /** Where to go from here: the profile, the login page, a new link. */
  next: { to: string; label: string };
  /** A second, quieter way on, e.g. "Log in" beside "Sign up again". */
  alternative?: { to: string; label: string };
}

/** How a step ended (a link used, a sign-in that failed) and the one way on. */
export function OutcomeCard({ title, severity, message, next, alternative }: OutcomeCardProps) {
  return (
    <NarrowCard title={title}>
      <Alert severity={severity} role={severity === "error" ? "alert" : "status"} sx={{ mb: 3 }}>
        {message}
      </Alert>
      <Button component={Link} to={next.to} variant="contained">
        {next.label}
      </Button>
      {alternative && (
        <Button component={Link} to={alternative.to} color="inherit" sx={{ ml: 1 }}>
          {alternative.label}
        </Button>
      )}
    </NarrowCard>
  );
}
