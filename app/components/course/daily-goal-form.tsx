import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import type { DailyRhythm } from "#app/course/daily-rhythm.server";
import { GOAL_LIMITS, type GoalKind } from "#app/course/daily-streak";

/** The browser's time zone does not change while a page is open. */
const noSubscription = () => () => {};

/** Choosing the goal: questions answered (in quizzes and lessons) or active minutes, counted in the learner's zone. */
export function DailyGoalForm({ rhythm, timeZone }: { rhythm: DailyRhythm | null; timeZone: string }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; errors: Record<string, string> }>();
  const [kind, setKind] = useState<GoalKind>(rhythm?.goal.kind ?? "questions");
  // The browser knows the learner's zone now; the server's guess (the saved one, or UTC) stands in until it runs.
  const zone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => rhythm?.goal.timeZone ?? timeZone,
  );
  const limits = GOAL_LIMITS[kind];
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="timeZone" value={zone} />
      <Stack spacing={2} sx={{ maxWidth: "28rem" }}>
        <RadioGroup
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as GoalKind)}
          aria-label="Count my day in"
        >
          <FormControlLabel value="questions" control={<Radio />} label="Questions answered (quizzes and lessons)" />
          <FormControlLabel value="minutes" control={<Radio />} label="Minutes of practice" />
        </RadioGroup>
        <TextField
          key={kind}
          name="target"
          type="number"
          label={kind === "questions" ? "Questions a day" : "Minutes a day"}
          defaultValue={rhythm?.goal.kind === kind ? rhythm.goal.target : limits.default}
          slotProps={{ htmlInput: { min: limits.min, max: limits.max, step: 1 } }}
          error={Boolean(errors.target)}
          helperText={errors.target ?? `From ${limits.min} to ${limits.max}. Your day follows ${zone}.`}
        />
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {errors.timeZone && <Alert severity="error">{errors.timeZone}</Alert>}
        {fetcher.data?.ok && <Alert severity="success">{fetcher.data.message}</Alert>}
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" name="intent" value="daily-goal" variant="contained">
            {rhythm ? "Change my goal" : "Set my goal"}
          </Button>
          {rhythm && (
            <Button type="submit" name="intent" value="daily-goal-off" color="inherit">
              No daily goal
            </Button>
          )}
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}
