import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, type FormEvent, type ReactNode } from "react";
import { secondsLeft, type PrimeRun } from "#app/workers/use-prime-runs";
import { formatDuration } from "../factorization/factorization-text";
import { useNow } from "../use-now";

/** How often the clock is redrawn while a run goes on. */
const TICK_MS = 250;

/** A running job's bar: what is done (`label`), the time so far and, once there is a pace, the time left. */
export function RunProgress({ run, label }: { run: PrimeRun<unknown>; label: string }) {
  const labelId = useId();
  const running = run.status === "running";
  const now = useNow(running, TICK_MS);
  if (!running || run.startedAt === null) return null;
  const left = secondsLeft(run, now);
  return (
    <Box sx={{ my: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 1 }}>
        <Typography id={labelId} variant="body2">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
          {formatDuration(now - run.startedAt)} so far
          {left === null ? "" : `, about ${formatDuration(left * 1000)} left`}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={Math.round(run.fraction * 100)} aria-labelledby={labelId} />
    </Box>
  );
}

/** How long a finished run took. */
export const runTime = (run: PrimeRun<unknown>) =>
  run.startedAt !== null && run.finishedAt !== null ? formatDuration(run.finishedAt - run.startedAt) : "";

/** A tool's form: its fields, the button that starts a run, and Stop while one runs. */
export function RunForm({
  onSubmit,
  running,
  submitLabel,
  onStop,
  children,
}: {
  onSubmit(event: FormEvent): void;
  running: boolean;
  submitLabel: string;
  onStop(): void;
  children: ReactNode;
}) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
        {children}
        <Button type="submit" variant="contained" disabled={running} sx={{ mt: { sm: 1 } }}>
          {submitLabel}
        </Button>
        {running && (
          <Button variant="outlined" color="inherit" onClick={onStop} sx={{ mt: { sm: 1 } }}>
            Stop
          </Button>
        )}
      </Stack>
    </Box>
  );
}

/** How a run ended, in the live region screen readers announce: its result, a stop, or a failure. */
export function RunOutcome({
  run,
  done,
  stopped,
  failed,
}: {
  run: PrimeRun<unknown>;
  done: ReactNode;
  stopped: string;
  failed: string;
}) {
  return (
    <Box role="status" aria-live="polite">
      {run.status === "done" && run.result !== null && done}
      {run.status === "stopped" && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {stopped}
        </Alert>
      )}
      {run.status === "failed" && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failed}: {run.error}
        </Alert>
      )}
    </Box>
  );
}
