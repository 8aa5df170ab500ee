import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { formatUtc } from "#app/utils/format-date";

interface ConflictNoticeProps {
  /** What was being edited: "section", "question". */
  what: string;
  /** The revision saved meanwhile, and who saved it, in words. */
  current: { number: number; savedBy: string; createdAt: string };
  /** Keep the editor's text and save it over that revision next time. */
  onOverride(): void;
  /** What saving would change in their text, when the editor can show it. */
  difference?: ReactNode;
  /** What the saved states are called: revisions, or versions where no history is kept (a todo item). */
  counter?: "revision" | "version";
}

/** A save refused because someone saved a newer revision: the editor's text stays, and the author chooses. */
export function ConflictNotice({ what, current, onOverride, difference, counter = "revision" }: ConflictNoticeProps) {
  return (
    <Alert severity="error" sx={{ mb: 3 }} role="alert">
      <AlertTitle>Not saved: this {what} changed while you were editing</AlertTitle>
      <Typography sx={{ mb: 1 }}>
        {counter === "revision" ? "Revision" : "Version"} {current.number} was saved by {current.savedBy} at{" "}
        {formatUtc(current.createdAt)}. Your text is still in the editor.
        {difference ? " This is what saving yours would change in theirs:" : ""}
      </Typography>
      {difference}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 2 }}>
        <Button variant="contained" color="error" onClick={onOverride}>
          Base my text on {counter} {current.number}
        </Button>
        <Button component="a" href="" variant="outlined" color="inherit">
          Discard mine and load {counter} {current.number}
        </Button>
      </Stack>
    </Alert>
  );
}
