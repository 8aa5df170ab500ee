import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useSyncExternalStore } from "react";
import { Link as RouterLink } from "react-router";

export interface AllowanceView {
  /** Quizzes a day; null for unlimited (premium, admins). */
  limit: number | null;
  usedToday: number;
  /** The next midnight UTC, when the count starts again. */
  renewsAt: string;
  /** When the server read the allowance. */
  now: string;
}

interface AllowanceNoteProps {
  allowance: AllowanceView;
  /** The note's id, for the controls it explains (aria-describedby). */
  id: string;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "always" });

/** "in 5 hours", "in 40 minutes": how long until `at`, as a person would round it. */
export function timeUntil(at: Date, now: Date): string {
  const minutes = Math.max(0, (at.getTime() - now.getTime()) / 60_000);
  if (minutes < 1) return "in less than a minute";
  if (minutes < 60) return relative.format(Math.ceil(minutes), "minute");
  return relative.format(Math.round(minutes / 60), "hour");
}

/** "midnight UTC (01:00 your time), in 5 hours"; the local time only where it is known and differs. */
function resetText(reset: Date, now: Date, inBrowser: boolean): string {
  const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(reset);
  const local = inBrowser && reset.getTimezoneOffset() !== 0 ? ` (${clock} your time)` : "";
  return `midnight UTC${local}, ${timeUntil(reset, now)}`;
}

const everyMinute = (update: () => void) => {
  const timer = setInterval(update, 60_000);
  return () => clearInterval(timer);
};

/**
 * When the count resets. The server cannot know the reader's time zone: the local time, and an
 * "in …" counted from the reader's clock, come in the browser after hydration.
 */
function ResetTime({ renewsAt, now }: { renewsAt: string; now: string }) {
  return useSyncExternalStore(
    everyMinute,
    () => resetText(new Date(renewsAt), new Date(), true),
    () => resetText(new Date(renewsAt), new Date(now), false),
  );
}

/**
 * How many quizzes the free plan has left today and when the count starts again; at the limit, a
 * warning the start button points to, and the one mention of premium.
 */
export function AllowanceNote({ allowance, id }: AllowanceNoteProps) {
  const { limit, usedToday, renewsAt, now } = allowance;
  if (limit === null) return null;
  const premium = (
    // In the warning's own colour: the theme's orange on the warning's background is too faint.
    <Link component={RouterLink} to="/subscribe" color="inherit" underline="always">
      Premium has unlimited quizzes.
    </Link>
  );
  if (usedToday >= limit) {
    return (
      <Alert id={id} severity="warning">
        {limit === 0
          ? "Free accounts have no quizzes at the moment."
          : `You have used ${limit} of ${limit} free quizzes today. They reset at `}
        {limit > 0 && (
          <>
            <ResetTime renewsAt={renewsAt} now={now} />.
          </>
        )}{" "}
        {premium}
      </Alert>
    );
  }
  return (
    <Typography id={id} variant="body2" sx={{ color: "text.secondary" }}>
      {limit - usedToday} of {limit} free quizzes left today. A quiz counts once you check its first answer; the count
      resets at <ResetTime renewsAt={renewsAt} now={now} />.
    </Typography>
  );
}
