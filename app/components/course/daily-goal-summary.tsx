import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import type { DailyRhythm } from "#app/course/daily-rhythm.server";
import type { GoalKind } from "#app/course/daily-streak";
import { countOf } from "#app/utils/plural";

const unit = (kind: GoalKind, count: number) => countOf(count, kind === "questions" ? "question" : "minute");

/** Today's part of the goal, the streak, and the week's freeze; after a break, a kind word and no blame. */
export function DailyGoalSummary({ rhythm }: { rhythm: DailyRhythm }) {
  const { goal, streak } = rhythm;
  const progressId = useId();
  const done = Math.min(streak.today.done, goal.target);
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography id={progressId}>
          Today: {streak.today.done} of {unit(goal.kind, goal.target)}
          {streak.today.met ? " — goal met, well done." : "."}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={Math.round((100 * done) / goal.target)}
          aria-labelledby={progressId}
          aria-valuetext={`${streak.today.done} of ${unit(goal.kind, goal.target)}`}
          sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
        />
      </Box>
      <Typography>
        {streak.days === 0
          ? "Your streak starts with the first day you meet your goal."
          : `Streak: ${countOf(streak.days, "day")} in a row.`}{" "}
        {streak.freezeLeft
          ? "This week's freeze is ready: one missed day will not break your streak."
          : "This week's freeze has kept a missed day; a new one comes on Monday."}
      </Typography>
      {streak.restarted && (
        <Alert severity="info">
          You missed a day, and that is fine: learning is not a race. Today is a good day to pick up where you left off.
        </Alert>
      )}
    </Stack>
  );
}
