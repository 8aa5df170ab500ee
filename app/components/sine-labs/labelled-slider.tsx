import Box from "@mui/material/Box";
import Slider from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";
import { formatSliderValue } from "../math/plot/slider-list";

interface LabelledSliderProps {
  label: ReactNode;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange(value: number): void;
  /** How the value reads, e.g. "π/2" instead of 1.5708. */
  format?(value: number): string;
}

/** A slider with its name and current value above it. */
export function LabelledSlider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  format = formatSliderValue,
}: LabelledSliderProps) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="body2">
        {label}: <strong>{format(value)}</strong>
      </Typography>
      <Slider
        aria-labelledby={id}
        getAriaValueText={format}
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(_, next) => onChange(next as number)}
      />
    </Box>
  );
}
