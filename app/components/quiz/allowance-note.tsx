import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

interface AllowanceNoteProps {
  limit: number | null;
  usedToday: number;
  /** Set when a start was refused: the server's explanation. */
  refusal?: string;
}

/** How many quiz attempts the learner has left today, or why none are. */
export function AllowanceNote({ limit, usedToday, refusal }: AllowanceNoteProps) {
  if (refusal || (limit !== null && usedToday >= limit)) {
    return (
      <Alert severity="warning" role="alert">
        {refusal ??
          `Free accounts have ${limit} quiz attempts a day, and you have used today's. They renew at midnight UTC.`}{" "}
        <Link component={RouterLink} to="/subscribe">
          Premium has unlimited quizzes.
        </Link>
      </Alert>
    );
  }
  if (limit === null) return null;
  return (
    <Typography variant="body2" sx={{ color: "text.secondary" }}>
      {limit - usedToday} of {limit} free quiz attempts left today.
    </Typography>
  );
}
