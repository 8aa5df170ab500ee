import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Formula } from "../math/formula";
import { Plot } from "../math/plot/plot";
import { formatSliderValue } from "../math/plot/slider-list";
import { LabelledSlider } from "./labelled-slider";
import { angleTex, formatAngle } from "./pi-format";
import { useCurveColors } from "./use-curve-colors";
import { usePlotView } from "./use-plot-view";

const VIEW = { xMin: -2 * Math.PI, xMax: 2 * Math.PI, yMin: -3.5, yMax: 3.5 };

/** y = A sin(ωx + φ) against sin x: what amplitude, frequency and phase each do to the wave. */
export function SineExplorer() {
  const [amplitude, setAmplitude] = useState(1.5);
  const [frequency, setFrequency] = useState(2);
  const [phase, setPhase] = useState(Math.PI / 2);
  const { view, setView, reset } = usePlotView(VIEW);
  const [reference, wave] = useCurveColors(2);
  const entries = [
    { text: "sin(x)", visible: true, color: reference! },
    { text: "A sin(w x + p)", visible: true, color: wave! },
  ];
  const period = (2 * Math.PI) / frequency;
  // A sin(ωx + φ) = A sin(ω(x + φ/ω)): the wave of A sin(ωx), moved left by φ/ω.
  const shift = phase / frequency;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 1fr" } }}>
        <LabelledSlider label="Amplitude A" value={amplitude} min={-3} max={3} step={0.1} onChange={setAmplitude} />
        <LabelledSlider label="Frequency ω" value={frequency} min={0.25} max={4} step={0.25} onChange={setFrequency} />
        <LabelledSlider
          label="Phase φ"
          value={phase}
          min={-Math.PI}
          max={Math.PI}
          step={Math.PI / 12}
          onChange={setPhase}
          format={formatAngle}
        />
      </Box>
      <Formula
        display
        tex={`y = ${formatSliderValue(amplitude)}\\sin\\left(${formatSliderValue(frequency)}x ${phase < 0 ? "" : "+"} ${angleTex(phase)}\\right)`}
      />
      <Plot
        entries={entries}
        parameters={{ A: amplitude, w: frequency, p: phase }}
        view={view}
        onViewChange={setView}
        onReset={reset}
        piTicks
        height="420px"
        showMarkers={false}
        label={`The graph of y = ${formatSliderValue(amplitude)} sin(${formatSliderValue(frequency)}x + ${formatAngle(phase)}) drawn over the graph of sin x`}
      />
      <Typography>
        The wave reaches {formatSliderValue(Math.abs(amplitude))} above and below the axis (the amplitude |A|), repeats
        every {formatAngle(period)} (the period 2π/ω) and{" "}
        {shift === 0
          ? "starts at the origin like sin x"
          : `is moved ${shift > 0 ? "left" : "right"} by ${formatAngle(Math.abs(shift))} (the phase shift φ/ω)`}
        .{amplitude < 0 && " A negative amplitude turns the wave upside down."}
      </Typography>
    </Stack>
  );
}
