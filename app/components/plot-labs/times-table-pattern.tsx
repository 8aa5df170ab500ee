import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useCallback, useId, useState } from "react";
import {
  chordColour,
  describeTimesTable,
  envelopeCurve,
  MAX_MULTIPLIER,
  MAX_POINTS,
  positionModulo,
  timesTableChords,
} from "#core/plot/times-table";
import { circleFrame, drawChord, drawNumberedCircle } from "#app/graphics/circle-drawing";
import { PatternCanvas, type DrawPattern } from "./pattern-canvas";
import { PlaybackControls } from "./playback-controls";
import { usePlayback } from "../use-playback";
import { useSchemePalette } from "./use-scheme-palette";
import { LabelledSlider } from "./labelled-slider";

/** Multiplier units per second: at 0.1 the cardioid becomes the nephroid in ten seconds. */
const SPEEDS = [0.02, 0.05, 0.1, 0.2, 0.5, 1] as const;
const DEFAULT_SPEED = 0.1;
/** One press of Step moves the multiplier this far. */
const STEP = 0.01;
const DEFAULT_POINTS = 200;
const DEFAULT_MULTIPLIER = 2;
/** Fewer points show no envelope at all. */
const MIN_SLIDER_POINTS = 10;
/** Points along the drawn envelope: smooth at any size the canvas takes. */
const ENVELOPE_SAMPLES = 720;
const CANVAS_SIZE = 560;

const twoDecimals = (m: number) => (Math.round(m * 100) / 100).toFixed(2);

/** The modular times-table circle with a multiplier that grows by itself. */
export function TimesTablePattern() {
  const [n, setN] = useState(DEFAULT_POINTS);
  const [m, setM] = useState(DEFAULT_MULTIPLIER);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const [showEnvelope, setShowEnvelope] = useState(false);
  const { playing, play, pause } = usePlayback((seconds) =>
    setM((value) => positionModulo(value + seconds * speed, MAX_MULTIPLIER)),
  );
  const { scheme, palette } = useSchemePalette();
  const descriptionId = useId();

  const draw = useCallback<DrawPattern>(
    (context, size) => {
      const frame = circleFrame(size, n);
      drawNumberedCircle(context, frame, n, { circle: palette.text.disabled, points: palette.text.primary });
      context.lineWidth = n > 400 ? 0.6 : 1;
      for (const chord of timesTableChords(n, m)) {
        context.strokeStyle = chordColour(chord.from, n, scheme);
        drawChord(context, frame, n, chord.from, chord.to);
      }
      const effective = positionModulo(m, n);
      // Past n/2 the chords run backwards and their envelope lies outside the circle.
      if (showEnvelope && effective <= n / 2) {
        context.strokeStyle = palette.text.primary;
        context.lineWidth = 2.5;
        context.beginPath();
        envelopeCurve(effective, ENVELOPE_SAMPLES).forEach((point, i) => {
          const p = frame.place(point);
          if (i === 0) context.moveTo(p.x, p.y);
          else context.lineTo(p.x, p.y);
        });
        context.stroke();
      }
    },
    [n, m, scheme, palette, showEnvelope],
  );

  const description = describeTimesTable(n, Number(twoDecimals(m)));

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) 320px" }, gap: 4 }}>
      <Box sx={{ minWidth: 0 }}>
        <PatternCanvas draw={draw} label="Times-table circle" describedBy={descriptionId} maxSize={CANVAS_SIZE} />
        <Typography id={descriptionId} sx={{ mt: 2, textAlign: "center" }}>
          {description}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: "center" }}>
          Each point k is joined to k × m mod n.
        </Typography>
      </Box>
      <Stack spacing={3}>
        <PlaybackControls
          playing={playing}
          onPlay={play}
          onPause={pause}
          onStep={(direction) => {
            pause();
            setM((value) => positionModulo(value + direction * STEP, MAX_MULTIPLIER));
          }}
          onReset={() => {
            pause();
            setM(DEFAULT_MULTIPLIER);
          }}
          speeds={SPEEDS}
          speed={speed}
          onSpeed={setSpeed}
          formatSpeed={(value) => `${value} per second`}
        />
        <LabelledSlider
          label={<>Multiplier m = {twoDecimals(m)}</>}
          note={<>Arrow keys move m by {STEP}; with Shift, by 1.</>}
          value={m}
          min={0}
          max={MAX_MULTIPLIER}
          step={STEP}
          shiftStep={1}
          getAriaValueText={(value) => `m = ${twoDecimals(value)}`}
          onChange={(_, value) => setM(value)}
        />
        <LabelledSlider
          label={<>Points n = {n}</>}
          value={n}
          min={MIN_SLIDER_POINTS}
          max={MAX_POINTS}
          getAriaValueText={(value) => `${value} points`}
          onChange={(_, value) => setN(value)}
        />
        <FormControlLabel
          control={<Switch checked={showEnvelope} onChange={(event) => setShowEnvelope(event.target.checked)} />}
          label="Draw the envelope"
        />
      </Stack>
    </Box>
  );
}
