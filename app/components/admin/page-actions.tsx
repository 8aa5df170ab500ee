import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface PageActionsProps {
  /** The list or page this one belongs to. */
  back: { to: string; label: string };
  /** The page's own actions, after the way back. */
  children?: ReactNode;
}

/** The row under an admin editor's title: the way back to where it belongs, then its own actions. */
export function PageActions({ back, children }: PageActionsProps) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 3, flexWrap: "wrap", alignItems: "center" }}>
      <Button component={Link} to={back.to} color="inherit" variant="outlined">
        {back.label}
      </Button>
      {children}
    </Stack>
  );
}
