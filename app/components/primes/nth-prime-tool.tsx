import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { MAX_NTH } from "#core/numtheory/prime-count";
import { useNthPrime } from "#app/workers/use-prime-runs";
import { readBound } from "./prime-count-tool";
import { RunForm, RunOutcome, runTime } from "./run-progress";

/** "The n-th prime": n up to π(10^12), found by sieving to a bound on p_n in a worker. */
export function NthPrimeTool() {
  const { run, start, stop } = useNthPrime();
  const [text, setText] = useState("10^6");
  const [error, setError] = useState<string | null>(null);
  const running = run.status === "running";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = readBound(text);
    if (n === null || n < 1 || n > MAX_NTH) {
      return setError(`Type a whole number n from 1 to ${MAX_NTH.toLocaleString("en")} (the primes below 10^12).`);
    }
    setError(null);
    start(n);
  };

  return (
    <Box>
      <RunForm onSubmit={submit} running={running} submitLabel="Find the n-th prime" onStop={stop}>
        <TextField
          label="n"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error !== null}
          helperText={error ?? "Such as 1000, 1e9 or 10^10"}
        />
      </RunForm>
      {running && <LinearProgress aria-label="Sieving up to the n-th prime" sx={{ my: 2 }} />}
      <RunOutcome
        run={run}
        done={
          run.result && (
            <Alert severity="success" sx={{ mt: 2 }}>
              The {run.result.n.toLocaleString("en")}-th prime is {run.result.prime.toLocaleString("en")} (
              {runTime(run)}).
            </Alert>
          )
        }
        stopped={`Stopped after ${runTime(run)}.`}
        failed="The search failed"
      />
    </Box>
  );
}
