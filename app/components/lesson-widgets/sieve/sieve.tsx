import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { sieveLimitProblem, sieveMessages, sieveStateAfter, sieveSteps } from "#core/numtheory/sieve-steps";
import { PRIME_COLOUR_COUNT, primeColour } from "../atom/prime-colours";
import { parseWholeNumber } from "../atom/whole-number-input";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { WidgetFrame } from "../widget-frame";
import { SIEVE_SPEEDS, type Attributes, type SieveSpeed } from "./params";
import { SIEVE_CELL, sieveColumns, SieveGrid } from "./sieve-grid";

/** Milliseconds per crossing at each speed; finding a prime or stopping holds DWELL times as long, to be read. */
const STEP_DELAY: Record<SieveSpeed, number> = { slow: 700, medium: 250, fast: 70 };
const DWELL = 5;

/** The widget's column (px) on a 360 px phone and on a desktop, where the chapter's column is at its widest. */
const PHONE_COLUMN = 294;
const DESKTOP_COLUMN = 736;
/** Everything but the grid (px), measured at both widths, plus a margin. */
const PHONE_REST = 610;
const DESKTOP_REST = 425;

/** Room the widget takes before it hydrates, so nothing below it moves: the taller of the phone and desktop layouts. */
function minHeightFor(limit: number): string {
  const columns = sieveColumns(limit);
  const rowsPerColumn = Math.ceil(limit / columns) / columns;
  const gridWidth = (column: number) => Math.min(column, columns * SIEVE_CELL);
  const phone = PHONE_REST + gridWidth(PHONE_COLUMN) * rowsPerColumn;
  const desktop = DESKTOP_REST + gridWidth(DESKTOP_COLUMN) * rowsPerColumn;
  return `${Math.ceil(Math.max(phone, desktop))}px`;
}

export default function Sieve({ limit: initialLimit, speed: initialSpeed }: Attributes) {
  const [limitText, setLimitText] = useState(String(initialLimit));
  const [limit, setLimit] = useState(initialLimit);
  const [speed, setSpeed] = useState<SieveSpeed>(initialSpeed);
  const describedBy = useId();

  const steps = useMemo(() => sieveSteps(limit), [limit]);
  const stepper = useStepper({
    last: steps.length,
    delay: (done) => STEP_DELAY[speed] * (steps[done]?.kind === "cross" ? 1 : DWELL),
  });
  const count = stepper.step;
  const state = useMemo(() => sieveStateAfter(limit, steps, count), [limit, steps, count]);
  const workingPrimes = useMemo(() => steps.flatMap((step) => (step.kind === "prime" ? [step.prime] : [])), [steps]);
  const { phase, action } = sieveMessages(limit, steps, count);
  const limitProblem = sieveLimitProblem(parseWholeNumber(limitText));
  const nextPhase = steps.findIndex((step, index) => index >= count && step.kind !== "cross");

  return (
    <WidgetFrame
      title="The sieve of Eratosthenes"
      instructions="Press Play, or Step through it. Each prime crosses out its multiples from its square; watch where the sieve stops."
      minHeight={minHeightFor(initialLimit)}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <TextField
          label="Sieve up to"
          value={limitText}
          onChange={(event) => {
            setLimitText(event.target.value);
            const value = parseWholeNumber(event.target.value);
            if (sieveLimitProblem(value) === null) {
              setLimit(value);
              stepper.reset();
            }
          }}
          error={limitProblem !== null}
          helperText={limitProblem ?? "From 10 to 400."}
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
          sx={{ width: "8.5rem" }}
        />
        <TextField
          select
          label="Speed"
          value={speed}
          onChange={(event) => setSpeed(event.target.value as SieveSpeed)}
          size="small"
          slotProps={{ select: { native: true } }}
          sx={{ width: "7.5rem" }}
        >
          {SIEVE_SPEEDS.map((choice) => (
            <option key={choice} value={choice}>
              {choice[0]?.toUpperCase()}
              {choice.slice(1)}
            </option>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 1 }}>
        <StepperControls stepper={stepper} resetLabel="Reset" replayLabel="Play again" playMinWidth="6.5rem">
          <Button
            variant="outlined"
            color="inherit"
            disabled={stepper.atEnd}
            onClick={() => stepper.goTo(nextPhase + 1)}
          >
            Next prime
          </Button>
        </StepperControls>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Step {count} of {steps.length}
      </Typography>
      <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
        {phase}
      </Typography>
      {/* While playing, single crossings change too fast to be read aloud; the phase above still is. */}
      <Typography aria-live={stepper.playing ? "off" : "polite"} sx={{ minHeight: "1.5em", mb: 2 }}>
        {action}
      </Typography>
      <SieveGrid limit={limit} state={state} workingPrimes={workingPrimes} describedBy={describedBy} />
      <SlashLegend primes={workingPrimes} />
      <Typography id={describedBy} sx={{ mt: 1 }}>
        {state.finished
          ? `The ${state.primes.length} primes up to ${limit}: ${state.primes.join(", ")}.`
          : `Primes so far: ${state.primes.length > 0 ? state.primes.join(", ") : "none yet"}. ` +
            `Crossed out so far: ${state.crossedBy.filter((by) => by > 0).length} of the ${limit - 1} numbers from 2 to ${limit}.`}
      </Typography>
    </WidgetFrame>
  );
}

const swatchStyles = (index: number) => (theme: Theme) => ({
  display: "inline-block",
  width: "1.5em",
  height: 4,
  borderRadius: 2,
  mr: 0.5,
  verticalAlign: "middle",
  bgcolor: primeColour(theme, index).main,
});

/** Which colour of slash belongs to which prime. */
function SlashLegend({ primes }: { primes: readonly number[] }) {
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 1 }}>
      Slash colour: the prime that crossed the number out first.{" "}
      {primes.map((p, index) => (
        <Box component="span" key={p} sx={{ whiteSpace: "nowrap", mr: 1.5 }}>
          <Box component="span" aria-hidden sx={swatchStyles(index % PRIME_COLOUR_COUNT)} />
          {p}
        </Box>
      ))}
    </Typography>
  );
}
