import Box from "@mui/material/Box";
import Slider, { type SliderProps } from "@mui/material/Slider";
import Typography from "@mui/material/Typography";
import { useId, type ReactNode } from "react";

interface LabelledSliderProps extends Omit<SliderProps, "aria-labelledby" | "sx" | "value" | "onChange"> {
  value: number;
  onChange(event: Event, value: number): void;
  /** The visible label, which also names the slider for screen readers (its value in words, often). */
  label: ReactNode;
  /** A line of help under the slider. */
  note?: ReactNode;
}

/** A slider under its label, inset so its thumb stays inside the column at both ends. */
export function LabelledSlider({ label, note, onChange, ...slider }: LabelledSliderProps) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} gutterBottom>
        {label}
      </Typography>
      <Slider
        aria-labelledby={labelId}
        {...slider}
        // One thumb, so one number; a range slider is not what this component makes.
        onChange={(event, value) => typeof value === "number" && onChange(event, value)}
        sx={{ mx: 1, width: "calc(100% - 16px)" }}
      />
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
}
