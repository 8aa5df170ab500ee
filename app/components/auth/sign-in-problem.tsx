import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { Link } from "react-router";
import { NarrowCard } from "../narrow-card";

export interface SignInProblemProps {
  title: string;
  message: string;
  /** The way back: the login page, or the profile for a link started there. */
  back: { to: string; label: string };
}

/** A sign-in step that could not finish: what happened, and the way back. */
export function SignInProblem({ title, message, back }: SignInProblemProps) {
  return (
    <NarrowCard title={title}>
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        {message}
      </Alert>
      <Button component={Link} to={back.to} variant="contained">
        {back.label}
      </Button>
    </NarrowCard>
  );
}
