import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { FactorizationRun } from "#app/workers/use-factorization";
import { useNow } from "../use-now";
import { formatDuration, progressLabel, progressPercent } from "./factorization-text";

/** How often the elapsed time is redrawn while a run goes on. */
const TICK_MS = 100;

/**
 * Where the run stands: a progress bar with its stage while it runs, then how
 * it ended and how long it took. The page's live region speaks the outcome, so
 * these notes are not alerts of their own.
 */
export function RunStatus({ run }: { run: FactorizationRun }) {
  const running = run.status === "running";
  const now = useNow(running, TICK_MS);
  if (run.status === "idle" || run.startedAt === null) return null;
  const elapsed = formatDuration((run.finishedAt ?? now) - run.startedAt);

  if (running) {
    const percent = run.progress ? progressPercent(run.progress) : null;
    const label = run.progress ? progressLabel(run.progress) : "Starting";
    return (
      <Box sx={{ my: 3 }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 1 }}>
          <Typography id="factor-progress-label" variant="body2">
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
            Elapsed <span data-testid="elapsed">{elapsed}</span>
          </Typography>
        </Box>
        <LinearProgress
          variant={percent === null ? "indeterminate" : "determinate"}
          value={percent ?? undefined}
          aria-labelledby="factor-progress-label"
        />
      </Box>
    );
  }

  if (run.status === "failed") {
    return (
      <Alert severity="error" role="note" sx={{ my: 3 }}>
        The factorization failed after {elapsed}: {run.error}
      </Alert>
    );
  }

  if (run.status === "stopped") {
    return (
      <Alert severity="warning" role="note" sx={{ my: 3 }}>
        Stopped after {elapsed}. The factors found so far are below; what is left is marked composite.
      </Alert>
    );
  }

  const complete = run.factorization?.complete ?? false;
  return (
    <Alert severity={complete ? "success" : "warning"} role="note" sx={{ my: 3 }}>
      {complete
        ? `Finished in ${elapsed}.`
        : `The methods gave up after ${elapsed}; the part they could not split is marked composite.`}
    </Alert>
  );
}
