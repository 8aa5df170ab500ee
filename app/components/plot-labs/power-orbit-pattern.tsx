import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useCallback, useId, useMemo, useState } from "react";
import { chordColour, circlePosition, describePowerOrbit, powerOrbit } from "#core/plot/times-table";
import { circleFrame, drawChord, drawNumberedCircle } from "#app/graphics/circle-drawing";
import { PatternCanvas, type DrawPattern } from "./pattern-canvas";
import { PlaybackControls } from "./playback-controls";
import { usePlayback } from "../use-playback";
import { useSchemePalette } from "./use-scheme-palette";
import { LabelledSlider } from "./labelled-slider";

/** Steps of the path per second. */
const SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
const DEFAULT_SPEED = 4;
/** The finished path stays on screen this many steps' time before it is drawn again. */
const HOLD_STEPS = 6;
/** 2 is a primitive root mod 101: the path visits all hundred nonzero points before it closes. */
const DEFAULT_MODULUS = 101;
const DEFAULT_BASE = 2;
const MIN_SLIDER_MODULUS = 3;
const MAX_SLIDER_MODULUS = 360;
const CANVAS_SIZE = 560;
/** The marker on the power reached last, in CSS pixels. */
const HEAD_RADIUS = 6;

/** The path 1 → a → a² → … mod n, drawn one step at a time. */
export function PowerOrbitPattern() {
  const [n, setN] = useState(DEFAULT_MODULUS);
  const [a, setA] = useState(DEFAULT_BASE);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const orbit = useMemo(() => powerOrbit(a, n), [a, n]);
  /** Every power leads to the next; the last leads back into the cycle. */
  const steps = orbit.values.length;
  /** Steps drawn so far, fractional while a step is being drawn. */
  const [progress, setProgress] = useState(0);
  const { playing, play, pause } = usePlayback((seconds) =>
    setProgress((value) => (value + seconds * speed) % (steps + HOLD_STEPS)),
  );
  const { scheme, palette } = useSchemePalette();
  const descriptionId = useId();

  const shown = Math.min(progress, steps);
  const draw = useCallback<DrawPattern>(
    (context, size) => {
      const frame = circleFrame(size, n);
      drawNumberedCircle(context, frame, n, { circle: palette.text.disabled, points: palette.text.primary });
      const { values, cycleStart } = orbit;
      context.lineWidth = 2;
      for (let i = 0; i < Math.ceil(shown); i += 1) {
        const from = values[i]!;
        const to = values[i + 1] ?? values[cycleStart]!;
        const part = Math.min(1, shown - i);
        context.strokeStyle = chordColour(i, steps, scheme);
        drawChord(context, frame, n, from, to, part);
      }
      const head = shown < steps ? values[Math.floor(shown)]! : values[cycleStart]!;
      const p = frame.place(circlePosition(head, n));
      context.fillStyle = palette.primary.main;
      context.beginPath();
      context.arc(p.x, p.y, HEAD_RADIUS, 0, 2 * Math.PI);
      context.fill();
    },
    [n, orbit, shown, steps, scheme, palette],
  );

  const restart = () => setProgress(0);
  const description = describePowerOrbit(a, n);

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) 320px" }, gap: 4 }}>
      <Box sx={{ minWidth: 0 }}>
        <PatternCanvas draw={draw} label="Powers on a circle" describedBy={descriptionId} maxSize={CANVAS_SIZE} />
        <Typography id={descriptionId} sx={{ mt: 2, textAlign: "center" }}>
          {description}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: "center" }}>
          Step {Math.floor(shown)} of {steps}: each step multiplies by {a} and takes the remainder mod {n}.
        </Typography>
      </Box>
      <Stack spacing={3}>
        <PlaybackControls
          playing={playing}
          onPlay={play}
          onPause={pause}
          onStep={(direction) => {
            pause();
            setProgress((value) => Math.max(0, Math.min(steps, Math.floor(Math.min(value, steps)) + direction)));
          }}
          onReset={() => {
            pause();
            restart();
          }}
          speeds={SPEEDS}
          speed={speed}
          onSpeed={setSpeed}
          formatSpeed={(value) => `${value} step${value === 1 ? "" : "s"} per second`}
        />
        <LabelledSlider
          label={<>Base a = {a}</>}
          value={a}
          min={2}
          max={n - 1}
          onChange={(_, value) => {
            setA(value);
            restart();
          }}
        />
        <LabelledSlider
          label={<>Modulus n = {n}</>}
          value={n}
          min={MIN_SLIDER_MODULUS}
          max={MAX_SLIDER_MODULUS}
          onChange={(_, value) => {
            setN(value);
            setA((base) => Math.min(base, value - 1));
            restart();
          }}
        />
      </Stack>
    </Box>
  );
}
