import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import type { AtomModel } from "#core/numtheory/atom-model";
import { AtomDiagram } from "./atom-diagram";
import { useOrbitClock } from "./use-orbit-clock";

/** Evenly spaced on the slider, each twice the one before. */
const SPEEDS = [0.25, 0.5, 1, 2, 4];

interface OrbitingAtomProps {
  model: AtomModel;
  /** Largest width of the drawing on screen, in px. */
  maxWidth: number;
  /** Id of the element that describes the atom in words. */
  describedBy: string;
  /** Also step back, reset and a speed control (the orbit lab); the lesson shows Play/Pause and Step. */
  fullControls?: boolean;
}

/** The atom with its orbits turning, and the buttons that drive them. */
export function OrbitingAtom({ model, maxWidth, describedBy, fullControls = false }: OrbitingAtomProps) {
  const [speed, setSpeed] = useState(1);
  const { observe, time, playing, play, pause, step, reset } = useOrbitClock(speed);
  const speedLabelId = useId();
  return (
    <Box ref={observe}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <Button variant="contained" onClick={playing ? pause : play} sx={{ minWidth: "6rem" }}>
          {playing ? "Pause" : "Play"}
        </Button>
        {fullControls && (
          <Button variant="outlined" color="inherit" onClick={() => step(-1)}>
            Step back
          </Button>
        )}
        <Button variant="outlined" color="inherit" onClick={() => step(1)}>
          Step
        </Button>
        {fullControls && (
          <Button variant="outlined" color="inherit" onClick={reset}>
            Reset
          </Button>
        )}
      </Stack>
      {fullControls && (
        <Box sx={{ maxWidth: 360, mb: 2 }}>
          <Typography id={speedLabelId} gutterBottom>
            Speed: {speed}×
          </Typography>
          <Slider
            aria-labelledby={speedLabelId}
            value={SPEEDS.indexOf(speed)}
            min={0}
            max={SPEEDS.length - 1}
            step={1}
            marks={SPEEDS.map((value, index) => ({ value: index, label: `${value}×` }))}
            getAriaValueText={(index) => `${SPEEDS[index] ?? 1} times`}
            onChange={(_, index) => setSpeed(SPEEDS[index] ?? 1)}
            sx={{ mx: 1, width: "calc(100% - 16px)" }}
          />
          <Typography variant="body2" color="text.secondary">
            Inner orbit: {time.toFixed(2)} turns. Orbit k turns at 1/k of the inner orbit&apos;s speed.
          </Typography>
        </Box>
      )}
      <AtomDiagram model={model} time={time} maxWidth={maxWidth} describedBy={describedBy} />
    </Box>
  );
}
