import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { memo, useState } from "react";
import type { SliderState } from "./plot-state";

interface SliderListProps {
  sliders: readonly SliderState[];
  playing: ReadonlySet<string>;
  onChange(name: string, change: Partial<Omit<SliderState, "name">>): void;
  onTogglePlay(name: string): void;
}

/** Trims float noise from a slider value for display: 0.30000000000000004 reads 0.3. */
export function formatSliderValue(value: number): string {
  return String(Number(value.toPrecision(10)));
}

/** A bound of the slider, typed; taken on blur when it is a number its slider accepts, marked otherwise. */
function BoundField({ label, value, onCommit }: { label: string; value: number; onCommit(value: number): boolean }) {
  const [text, setText] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const commit = () => {
    if (text === null) return;
    const number = Number(text);
    const taken = text.trim() !== "" && Number.isFinite(number) && onCommit(number);
    setRefused(!taken);
    if (taken) setText(null);
  };
  return (
    <TextField
      label={label}
      value={text ?? formatSliderValue(value)}
      size="small"
      error={refused}
      onChange={(event) => {
        setText(event.target.value);
        setRefused(false);
      }}
      onBlur={commit}
      slotProps={{ htmlInput: { inputMode: "decimal", size: 5 } }}
      sx={{ width: "6.5rem" }}
    />
  );
}

/** One slider per free parameter of the plot's entries, each with its range, step and a play button. */
export const SliderList = memo(function SliderList({ sliders, playing, onChange, onTogglePlay }: SliderListProps) {
  // Each returns whether the typed bound was taken; a refused one stays in its field, marked.
  const commitMin = (slider: SliderState, min: number) => {
    if (min >= slider.max) return false;
    onChange(slider.name, { min, value: Math.max(min, slider.value) });
    return true;
  };
  const commitMax = (slider: SliderState, max: number) => {
    if (max <= slider.min) return false;
    onChange(slider.name, { max, value: Math.min(max, slider.value) });
    return true;
  };
  const commitStep = (slider: SliderState, step: number) => {
    if (step <= 0 || step > slider.max - slider.min) return false;
    onChange(slider.name, { step });
    return true;
  };
  if (sliders.length === 0) return null;
  return (
    <Stack spacing={2} component="section" aria-label="Parameters">
      {sliders.map((slider) => {
        const isPlaying = playing.has(slider.name);
        const labelId = `slider-${slider.name}-label`;
        return (
          <Box key={slider.name}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <IconButton
                aria-label={isPlaying ? `Pause ${slider.name}` : `Play ${slider.name}`}
                onClick={() => onTogglePlay(slider.name)}
                size="small"
              >
                {isPlaying ? <PauseIcon /> : <PlayArrowIcon />}
              </IconButton>
              <Typography id={labelId} sx={{ fontFamily: "monospace", minWidth: "7rem" }}>
                {slider.name} = {formatSliderValue(slider.value)}
              </Typography>
              <Slider
                aria-labelledby={labelId}
                value={slider.value}
                min={slider.min}
                max={slider.max}
                step={slider.step}
                onChange={(_, value) => onChange(slider.name, { value: value as number })}
                sx={{ flexGrow: 1, mx: 1 }}
              />
            </Box>
            <Box sx={{ display: "flex", gap: 1, pl: 5 }}>
              <BoundField label="min" value={slider.min} onCommit={(min) => commitMin(slider, min)} />
              <BoundField label="max" value={slider.max} onCommit={(max) => commitMax(slider, max)} />
              <BoundField label="step" value={slider.step} onCommit={(step) => commitStep(slider, step)} />
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
});
