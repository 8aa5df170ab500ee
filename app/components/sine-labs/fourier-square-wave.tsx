import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { gibbsPeak, squareWaveSeriesText } from "#core/plot/fourier";
import { Formula } from "../math/formula";
import { Plot } from "../math/plot/plot";
import { LabelledSlider } from "./labelled-slider";
import { useCurveColors } from "./use-curve-colors";
import { usePlotView } from "./use-plot-view";

const VIEW = { xMin: -2 * Math.PI, xMax: 2 * Math.PI, yMin: -1.8, yMax: 1.8 };
/** Past this many terms the formula outgrows what the plotter accepts, and the picture no longer changes. */
export const MAX_TERMS = 40;

/** Sums of sines building a square wave, with the overshoot next to each jump measured. */
export function FourierSquareWave() {
  const [terms, setTerms] = useState(3);
  const { view, setView, reset } = usePlotView(VIEW);
  const [waveColor, sumColor, harmonicColor] = useCurveColors(3);
  const lastHarmonic = 2 * terms - 1;
  const entries = [
    { text: "sign(sin(x))", visible: true, color: waveColor! },
    { text: squareWaveSeriesText(terms), visible: true, color: sumColor! },
    { text: `4/pi*sin(${lastHarmonic}x)/${lastHarmonic}`, visible: true, color: harmonicColor! },
  ];
  const peak = gibbsPeak(terms);
  return (
    <Stack spacing={3}>
      <LabelledSlider label="Number of sines" value={terms} min={1} max={MAX_TERMS} step={1} onChange={setTerms} />
      <Formula
        display
        tex={`S_{${terms}}(x) = \\frac{4}{\\pi}\\sum_{k=1}^{${terms}} \\frac{\\sin\\big((2k-1)x\\big)}{2k-1}`}
      />
      <Plot
        entries={entries}
        parameters={{}}
        view={view}
        onViewChange={setView}
        onReset={reset}
        piTicks
        height="420px"
        showMarkers={false}
        label={`The square wave sign(sin x), its Fourier partial sum with ${terms} sines, and the last sine added`}
      />
      <Typography>
        With {terms} {terms === 1 ? "sine" : "sines"} the sum rises to {peak.y.toFixed(4)} at x = π/{2 * terms}, just
        right of the jump at 0: {((peak.y - 1) * 50).toFixed(2)} % of the jump from −1 to 1 above the wave. More sines
        make the ripples narrower but not lower — the overshoot tends to about 8.95 % (the Gibbs phenomenon), while at
        every point away from a jump the sums do converge to the wave.
      </Typography>
    </Stack>
  );
}
