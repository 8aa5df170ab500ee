import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { MAX_EXPONENT } from "#core/numtheory/lucas-lehmer";
import { useMersenneCheck, type MersenneResult } from "#app/workers/use-prime-runs";
import { RunForm, RunOutcome, RunProgress, runTime } from "./run-progress";

/** Candidates 2kp + 1 tried before the test: k up to 2^16 costs well under a second for any allowed p. */
const TRIAL_K = 1 << 16;

function verdictText(result: MersenneResult): string {
  const m = `2^${result.exponent.toLocaleString("en")} − 1`;
  switch (result.kind) {
    case "prime":
      return `${m} is prime: the Lucas–Lehmer sequence reached 0.`;
    case "composite":
      return `${m} is composite: the Lucas–Lehmer sequence ended at a residue whose last 64 bits are ${result.residue64}, not 0. No factor was found among the first ${TRIAL_K.toLocaleString("en")} candidates 2kp + 1.`;
    case "factor":
      return result.reason === "exponent-composite"
        ? `${m} is composite without any test: its exponent is not prime, and ${result.factor} divides it (a Mersenne number with a divisor of the exponent).`
        : `${m} is composite: trial factoring found the factor ${result.factor} = 2k·${result.exponent} + 1, so no Lucas–Lehmer test is needed.`;
  }
}

/** Reads p: a whole number in range, or says why not. */
export function readExponent(text: string): { p: number } | { error: string } {
  const value = Number(text.replace(/[\s,_]/g, ""));
  if (!/^\s*[\d\s,_]+\s*$/.test(text) || !Number.isSafeInteger(value))
    return { error: "Type a whole number, such as 521." };
  if (value < 2 || value > MAX_EXPONENT) {
    return { error: `Choose p from 2 to ${MAX_EXPONENT.toLocaleString("en")}.` };
  }
  return { p: value };
}

/** "Verify a Mersenne prime": trial factoring, then Lucas–Lehmer with progress and a stop button. */
export function MersenneCheck() {
  const { run, start, stop } = useMersenneCheck();
  const [text, setText] = useState("521");
  const [error, setError] = useState<string | null>(null);
  const running = run.status === "running";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readExponent(text);
    if ("error" in read) return setError(read.error);
    setError(null);
    start(read.p, TRIAL_K);
  };

  return (
    <Box>
      <RunForm onSubmit={submit} running={running} submitLabel="Run the test" onStop={stop}>
        <TextField
          label="Exponent p"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error !== null}
          helperText={error ?? "Known Mersenne primes: 521, 607, 1279, 2203, 4423, 9689, 19937, 44497"}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
        />
      </RunForm>
      <RunProgress
        run={run}
        label={`Lucas–Lehmer: ${run.done.toLocaleString("en")} of ${run.total.toLocaleString("en")} squarings`}
      />
      <RunOutcome
        run={run}
        done={
          run.result && (
            <Alert severity={run.result.kind === "prime" ? "success" : "info"} sx={{ mt: 2 }}>
              {verdictText(run.result)}{" "}
              <Typography component="span" variant="body2">
                ({runTime(run)})
              </Typography>
            </Alert>
          )
        }
        stopped={`Stopped after ${run.done.toLocaleString("en")} of ${run.total.toLocaleString("en")} squarings (${runTime(run)}).`}
        failed="The test failed"
      />
    </Box>
  );
}
