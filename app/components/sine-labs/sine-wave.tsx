import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useAutoplayAllowed } from "../use-reduced-motion";
import { Plot } from "../math/plot/plot";
import { formatSliderValue } from "../math/plot/slider-list";
import { LabelledSlider } from "./labelled-slider";
import { useCurveColors } from "./use-curve-colors";
import { usePlotView } from "./use-plot-view";

const VIEW = { xMin: -10, xMax: 10, yMin: -3, yMax: 3 };

const threeDigits = (value: number) => String(Number(value.toPrecision(3)));

/** A travelling sine wave, and what two waves running opposite ways add up to: a standing wave. */
export function SineWave() {
  const autoplay = useAutoplayAllowed();
  const [playing, setPlaying] = useState<boolean | null>(null);
  const running = playing ?? autoplay;
  const [time, setTime] = useState(0);
  const [amplitude, setAmplitude] = useState(1);
  const [wavelength, setWavelength] = useState(6);
  const [speed, setSpeed] = useState(1);
  const [standing, setStanding] = useState(false);
  const { view, setView, reset } = usePlotView(VIEW);
  const [forward, backward, sum] = useCurveColors(3);

  useEffect(() => {
    if (!running) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const dt = Math.min(0.1, (now - last) / 1000);
      last = now;
      setTime((t) => t + dt);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running]);

  const k = (2 * Math.PI) / wavelength;
  const entries = [
    { text: "A sin(k(x - v t))", visible: true, color: forward! },
    { text: "A sin(k(x + v t))", visible: standing, color: backward! },
    { text: "A sin(k(x - v t)) + A sin(k(x + v t))", visible: standing, color: sum! },
  ];
  return (
    <Stack spacing={3}>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr 1fr" } }}>
        <LabelledSlider label="Amplitude A" value={amplitude} min={0.1} max={2.5} step={0.1} onChange={setAmplitude} />
        <LabelledSlider label="Wavelength λ" value={wavelength} min={1} max={12} step={0.1} onChange={setWavelength} />
        <LabelledSlider label="Speed v" value={speed} min={0.1} max={4} step={0.1} onChange={setSpeed} />
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={running ? <PauseIcon /> : <PlayArrowIcon />}
          onClick={() => setPlaying(!running)}
        >
          {running ? "Pause" : "Play"}
        </Button>
        <FormControlLabel
          control={<Switch checked={standing} onChange={(event) => setStanding(event.target.checked)} />}
          label="Add the same wave running the other way"
        />
        <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
          t = {time.toFixed(1)} s
        </Typography>
      </Stack>
      <Plot
        entries={entries}
        parameters={{ A: amplitude, k, v: speed, t: time }}
        view={view}
        onViewChange={setView}
        onReset={reset}
        height="380px"
        showMarkers={false}
        label={
          standing
            ? "Two sine waves running in opposite directions and their sum, a standing wave"
            : "A sine wave moving to the right"
        }
      />
      <Typography>
        y = A sin(k(x − vt)) with k = 2π/λ ≈ {threeDigits(k)}: every crest moves right at speed{" "}
        {formatSliderValue(speed)}, and a point of the string goes up and down {threeDigits(speed / wavelength)} times a
        second (the frequency v/λ).
        {standing &&
          " Added to the same wave moving left, it makes 2A sin(kx) cos(kvt): the nodes, where sin(kx) = 0, never move, and everything between them swings in step."}
      </Typography>
    </Stack>
  );
}
