import Button from "@mui/material/Button";
import type { ReactNode } from "react";
import type { Stepper } from "./use-stepper";

interface StepperControlsProps {
  stepper: Stepper;
  /** The button that shows the last step at once ("To the end", "Show all"); none when left out. */
  toEndLabel?: string;
  /** The button back to the first step ("Reset", "Start over"); without one, Step goes on from the end to the start. */
  resetLabel?: string;
  /** What Play says on the last step, where it starts again; "Play" when left out. */
  replayLabel?: string;
  /** Keeps Play one width whatever it says, so the buttons beside it stay put. */
  playMinWidth?: string;
  /** More buttons, after Step and To the end and before Reset. */
  children?: ReactNode;
}

/**
 * Play / Pause, Step, To the end and Reset for a `useStepper`: the buttons only, in the widget's own row.
 * Each is disabled where it would do nothing, and the stepper hands the focus on when that happens under it.
 */
export function StepperControls({
  stepper,
  toEndLabel,
  resetLabel,
  replayLabel,
  playMinWidth,
  children,
}: StepperControlsProps) {
  const { playing, atStart, atEnd, empty, togglePlay, stepOnce, toEnd, reset, playButton, stepButton } = stepper;
  return (
    <>
      <Button
        ref={playButton}
        variant="contained"
        disabled={empty}
        onClick={togglePlay}
        sx={playMinWidth ? { minWidth: playMinWidth } : undefined}
      >
        {playing ? "Pause" : atEnd && replayLabel ? replayLabel : "Play"}
      </Button>
      <Button
        ref={stepButton}
        variant="outlined"
        color="inherit"
        disabled={atEnd && resetLabel !== undefined}
        onClick={stepOnce}
      >
        Step
      </Button>
      {toEndLabel && (
        <Button variant="outlined" color="inherit" disabled={atEnd} onClick={toEnd}>
          {toEndLabel}
        </Button>
      )}
      {children}
      {resetLabel && (
        <Button variant="outlined" color="inherit" disabled={atStart} onClick={reset}>
          {resetLabel}
        </Button>
      )}
    </>
  );
}
