import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { logIntegral } from "#core/numtheory/log-integral";
import { MAX_BOUND, type PrimeSurvey } from "#core/numtheory/prime-count";
import { primesInRange } from "#core/numtheory/prime-sieve";
import { usePrimeSurvey } from "#app/workers/use-prime-runs";
import { PrimeCountChart } from "./prime-count-chart";
import { RunForm, RunOutcome, RunProgress, runTime } from "./run-progress";

/** "10^9", "1e9", "1,000,000,000" or "1000000000" as a number, if it is a whole number in range. */
export function readBound(text: string): number | null {
  const compact = text.replace(/[\s,_]/g, "");
  const power = /^10\^(\d{1,2})$/.exec(compact);
  const value = power ? 10 ** Number(power[1]) : /^\d+(e\d{1,2})?$/i.test(compact) ? Number(compact) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_BOUND ? value : null;
}

const format = (value: number) => value.toLocaleString("en", { maximumFractionDigits: 1 });

/** How far an estimate is from the count, as a signed percentage with a true minus sign. */
const relativeError = (estimate: number, count: number) =>
  count === 0 ? "—" : `${(((estimate - count) / count) * 100).toFixed(3).replace("-", "−")} %`;

function SurveyTable({ survey }: { survey: PrimeSurvey }) {
  const fromZero = survey.lo <= 2;
  const x = survey.hi;
  const estimates =
    fromZero && x >= 3
      ? [
          { name: "x / ln x", value: x / Math.log(x) },
          { name: "li(x)", value: logIntegral(x) },
        ]
      : [];
  return (
    <Table size="small" aria-label="What the sieve found" sx={{ mt: 2, maxWidth: 640 }}>
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="row">
            {fromZero
              ? `π(${format(x)}), the primes up to ${format(x)}`
              : `Primes from ${format(survey.lo)} to ${format(x)}`}
          </TableCell>
          <TableCell align="right">{format(survey.count)}</TableCell>
        </TableRow>
        {estimates.map((estimate) => (
          <TableRow key={estimate.name}>
            <TableCell component="th" scope="row">
              Estimate {estimate.name}
            </TableCell>
            <TableCell align="right">
              {format(estimate.value)} ({relativeError(estimate.value, survey.count)})
            </TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row">
            Twin-prime pairs (p, p + 2)
          </TableCell>
          <TableCell align="right">{format(survey.twins)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th" scope="row">
            Largest gap between consecutive primes
          </TableCell>
          <TableCell align="right">
            {survey.maxGap ? `${survey.maxGap.size}, after ${format(survey.maxGap.after)}` : "—"}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th" scope="row">
            First and last prime
          </TableCell>
          <TableCell align="right">
            {survey.first === null ? "none" : `${format(survey.first)} … ${format(survey.last ?? survey.first)}`}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

/** The list is offered for short ranges, which the page can sieve on its own thread in a moment. */
const LIST_UP_TO = 10_000;

/** The primes of a short range below 2^32, written out. */
function PrimeList({ survey }: { survey: PrimeSurvey }) {
  if (survey.hi - survey.lo > LIST_UP_TO || survey.hi >= 2 ** 32 || survey.count === 0) return null;
  const primes = Array.from(primesInRange(survey.lo, survey.hi));
  return (
    <Box component="details" sx={{ mt: 2 }}>
      <summary>The {primes.length.toLocaleString("en")} primes, written out</summary>
      <Box component="p" sx={{ overflowWrap: "anywhere", fontVariantNumeric: "tabular-nums" }}>
        {primes.map((p) => p.toLocaleString("en")).join(", ")}
      </Box>
    </Box>
  );
}

/** "Count the primes": a survey of [from, to] by the segmented sieve, on one worker per core. */
export function PrimeCountTool() {
  const { run, start, stop } = usePrimeSurvey();
  const [from, setFrom] = useState("0");
  const [to, setTo] = useState("10^8");
  const [error, setError] = useState<string | null>(null);
  const running = run.status === "running";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lo = readBound(from);
    const hi = readBound(to);
    if (lo === null || hi === null) {
      return setError(`Type whole numbers from 0 to 10^12, such as 1000000, 1e9 or 10^10.`);
    }
    if (hi < lo) return setError("The end must not come before the start.");
    setError(null);
    start(lo, hi);
  };

  return (
    <Box>
      <RunForm onSubmit={submit} running={running} submitLabel="Count primes" onStop={stop}>
        <TextField label="From" value={from} onChange={(event) => setFrom(event.target.value)} error={error !== null} />
        <TextField
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={error !== null}
          helperText={error ?? "Up to 10^12; from 0 gives π(x)"}
        />
      </RunForm>
      <RunProgress run={run} label={`Sieved ${Math.round(run.fraction * 100)} % of the range`} />
      <RunOutcome
        run={run}
        done={
          run.result && (
            <>
              <Alert severity="success" sx={{ mt: 2 }}>
                Counted {format(run.result.count)} primes in {runTime(run)}.
              </Alert>
              <SurveyTable survey={run.result} />
              <PrimeList survey={run.result} />
              <PrimeCountChart checkpoints={run.result.checkpoints} />
            </>
          )
        }
        stopped={`Stopped after sieving ${Math.round(run.fraction * 100)} % of the range (${runTime(run)}).`}
        failed="The count failed"
      />
    </Box>
  );
}
