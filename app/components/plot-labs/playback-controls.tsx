import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { LabelledSlider } from "./labelled-slider";

interface PlaybackControlsProps {
  playing: boolean;
  onPlay: () => void;
  onPause: () => void;
  onStep: (direction: 1 | -1) => void;
  onReset: () => void;
  /** The speeds to choose from, slowest first, and the one in force. */
  speeds: readonly number[];
  speed: number;
  onSpeed: (speed: number) => void;
  /** How a speed reads, e.g. "0.1 per second". */
  formatSpeed: (speed: number) => string;
}

/** Play/Pause, a step either way, reset and the speed: buttons and a slider, so all work from the keyboard. */
export function PlaybackControls(props: PlaybackControlsProps) {
  const { playing, onPlay, onPause, onStep, onReset, speeds, speed, onSpeed, formatSpeed } = props;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" onClick={playing ? onPause : onPlay} sx={{ minWidth: "6rem" }}>
          {playing ? "Pause" : "Play"}
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => onStep(-1)}>
          Step back
        </Button>
        <Button variant="outlined" color="inherit" onClick={() => onStep(1)}>
          Step
        </Button>
        <Button variant="outlined" color="inherit" onClick={onReset}>
          Reset
        </Button>
      </Stack>
      <LabelledSlider
        label={<>Speed: {formatSpeed(speed)}</>}
        value={Math.max(0, speeds.indexOf(speed))}
        min={0}
        max={speeds.length - 1}
        step={1}
        marks
        getAriaValueText={(index) => formatSpeed(speeds[index] ?? speed)}
        onChange={(_, index) => onSpeed(speeds[index] ?? speed)}
      />
    </Stack>
  );
}
