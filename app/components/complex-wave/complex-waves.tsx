import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import {
  largestModulus,
  phasorChain,
  sampleSuperposition,
  WAVE_PRESETS,
  type ComplexWave,
} from "#core/plot/complex-waves";
import { formatComplex, formatReal } from "#core/plot/format-complex";
import { curveColor } from "#app/graphics/plot-palette";
import { useSchemePalette } from "../plot-labs/use-scheme-palette";
import { formatAngle } from "../sine-labs/pi-format";
import { useWaveClock } from "./use-wave-clock";
import { DASH, drawPhasors, drawWavePlot, type WaveColours } from "./wave-drawing";

const X_MIN = -2 * Math.PI;
const X_MAX = 2 * Math.PI;
const SAMPLES = 600;
const MIN_TERMS = 2;
const MAX_TERMS = 4;
const PLOT_ASPECT = 2.5;
const STARTING_PRESET = WAVE_PRESETS.find((preset) => preset.name === "Standing wave")!;
const PHASOR_SIZE = 260;
/** The vertical scale never shrinks below this, so all-zero amplitudes still draw an axis. */
const SMALLEST_SCALE = 0.5;
/** |ψ| varying by less than this over x reads as constant, and a smaller |ψ| as 0 (cos(π/2) is 6·10⁻¹⁷, not 0). */
const CONSTANT_MODULUS_TOLERANCE = 1e-9;

/**
 * A slider moves in whole steps, from `min` to `max`, and `valueAt` turns a step count into the
 * value: so 5 steps of a tenth are 5/10 = 0.5 exactly, and 12 steps of π/12 are π, not sums that
 * drift (MUI's −π + 12·π/12 is 2·10⁻¹⁶).
 */
interface SliderSpec {
  key: keyof ComplexWave;
  label: string;
  min: number;
  max: number;
  valueAt(steps: number): number;
  format(value: number): string;
}

const SLIDERS: readonly SliderSpec[] = [
  { key: "amplitude", label: "Amplitude A", min: -20, max: 20, valueAt: (s) => s / 10, format: (v) => formatReal(v) },
  { key: "phase", label: "Phase φ", min: -12, max: 12, valueAt: (s) => (s * Math.PI) / 12, format: formatAngle },
  { key: "waveNumber", label: "Wave number k", min: -16, max: 16, valueAt: (s) => s / 4, format: (v) => formatReal(v) },
  {
    key: "angularFrequency",
    label: "Angular frequency ω",
    min: -16,
    max: 16,
    valueAt: (s) => s / 4,
    format: (v) => formatReal(v),
  },
];
/** x₀ moves in steps of π/24 over [−2π, 2π]. */
const X0_STEPS = 48;
const x0At = (steps: number) => (steps * Math.PI) / 24;

/** Draws on a canvas at the screen's density, as wide as its box; `draw` gets CSS pixels. */
function useCanvasDrawing(
  draw: (context: CanvasRenderingContext2D, width: number, height: number) => void,
  aspect: number,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context || width === 0) return;
    const density = window.devicePixelRatio || 1;
    const height = Math.round(width / aspect);
    if (element.width !== Math.round(width * density)) element.width = Math.round(width * density);
    if (element.height !== Math.round(height * density)) element.height = Math.round(height * density);
    context.setTransform(density, 0, 0, density, 0, 0);
    draw(context, width, height);
  }, [draw, width, aspect]);
  return canvas;
}

/**
 * A superposition of 2–4 complex exponential waves a_k·e^{i(k_k·x − ω_k·t)}, playing in time:
 * its real part, imaginary part and modulus over x, and its phasors at one x added head to tail.
 */
export function ComplexWaves() {
  const [waves, setWaves] = useState<ComplexWave[]>(() => STARTING_PRESET.waves.map((w) => ({ ...w })));
  const [x0, setX0] = useState(0);
  const clock = useWaveClock();
  const { scheme, palette, fontFamily } = useSchemePalette();
  const descriptionId = useId();
  const x0Label = useId();

  const colours: WaveColours = useMemo(
    () => ({
      text: palette.text.primary,
      grid: palette.divider,
      real: curveColor(scheme, 0),
      imaginary: curveColor(scheme, 1),
      modulus: palette.text.primary,
      terms: [2, 3, 4, 5].map((k) => curveColor(scheme, k)),
      font: `12px ${fontFamily ?? "sans-serif"}`,
    }),
    [scheme, palette, fontFamily],
  );

  const t = clock.time;
  const scale = Math.max(SMALLEST_SCALE, largestModulus(waves));
  const samples = useMemo(() => sampleSuperposition(waves, X_MIN, X_MAX, SAMPLES, t), [waves, t]);
  const chain = useMemo(() => phasorChain(waves, x0, t), [waves, x0, t]);

  const plot = useCanvasDrawing(
    useCallback(
      (context, width, height) => drawWavePlot(context, width, height, samples, scale, x0, colours),
      [samples, scale, x0, colours],
    ),
    PLOT_ASPECT,
  );
  const phasors = useCanvasDrawing(
    useCallback((context, width) => drawPhasors(context, width, chain, scale, colours), [chain, scale, colours]),
    1,
  );

  const onWave = useCallback((index: number, wave: ComplexWave) => {
    setWaves((old) => old.map((w, k) => (k === index ? wave : w)));
  }, []);

  const value = chain[chain.length - 1]!;
  let lowest = Infinity;
  let highest = 0;
  for (const m of samples.modulus) {
    lowest = Math.min(lowest, m);
    highest = Math.max(highest, m);
  }
  const modulusText =
    highest - lowest < CONSTANT_MODULUS_TOLERANCE
      ? `|ψ| is ${formatReal(highest)} at every x`
      : `|ψ| runs from ${formatReal(lowest < CONSTANT_MODULUS_TOLERANCE ? 0 : lowest)} to ${formatReal(highest)} over x from −2π to 2π`;
  const activePreset = WAVE_PRESETS.find(
    (preset) =>
      preset.waves.length === waves.length &&
      preset.waves.every((w, k) => (Object.keys(w) as (keyof ComplexWave)[]).every((key) => w[key] === waves[k]![key])),
  );

  return (
    <Stack spacing={2.5}>
      <Typography>
        ψ(x, t) = Σ A<sub>k</sub>e
        <sup>
          i(k<sub>k</sub>x − ω<sub>k</sub>t + φ<sub>k</sub>)
        </sup>
        : each term turns round a circle of radius |A<sub>k</sub>|, by k<sub>k</sub> radians per unit of x and −ω
        <sub>k</sub> radians per unit of time.
      </Typography>
      <Box role="group" aria-label="Wave examples">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {WAVE_PRESETS.map((preset) => (
            <Button
              key={preset.name}
              size="small"
              variant="outlined"
              color="inherit"
              aria-pressed={preset === activePreset}
              onClick={() => setWaves(preset.waves.map((w) => ({ ...w })))}
              sx={{ textTransform: "none", "&[aria-pressed='true']": { bgcolor: "action.selected" } }}
            >
              {preset.name}
            </Button>
          ))}
        </Stack>
        {activePreset && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {activePreset.lesson}
          </Typography>
        )}
      </Box>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Button variant="contained" onClick={clock.playing ? clock.pause : clock.play} sx={{ minWidth: "6rem" }}>
          {clock.playing ? "Pause" : "Play"}
        </Button>
        <Button variant="outlined" color="inherit" onClick={clock.reset}>
          Reset time
        </Button>
        <Typography sx={{ fontVariantNumeric: "tabular-nums" }} aria-live="off">
          t = {t.toFixed(2)}
        </Typography>
      </Stack>

      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "flex-start" } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            component="canvas"
            ref={plot}
            role="img"
            aria-label="Real part, imaginary part and modulus of ψ over x"
            aria-describedby={descriptionId}
            sx={{ display: "block", width: "100%", aspectRatio: `${PLOT_ASPECT}` }}
          />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mt: 0.5 }} aria-hidden>
            <LineKey colour={colours.real} label="Re ψ" width={2} />
            <LineKey colour={colours.imaginary} label="Im ψ" width={2} dashed />
            <LineKey colour={colours.modulus} label="±|ψ|" width={3} />
            <LineKey colour={colours.text} label="x₀" width={1.5} dotted />
          </Stack>
        </Box>
        <Box sx={{ width: PHASOR_SIZE, maxWidth: "100%", alignSelf: "center" }}>
          <Box
            component="canvas"
            ref={phasors}
            role="img"
            aria-label={`Phasors at x₀ = ${formatReal(x0)}, head to tail`}
            aria-describedby={descriptionId}
            sx={{ display: "block", width: "100%", aspectRatio: "1" }}
          />
        </Box>
      </Stack>

      <Box>
        <Typography id={x0Label} variant="body2">
          Phasors at x₀ = <strong>{formatReal(x0, 3)}</strong>
        </Typography>
        <Slider
          aria-labelledby={x0Label}
          value={Math.round(x0 / x0At(1))}
          min={-X0_STEPS}
          max={X0_STEPS}
          step={1}
          getAriaValueText={(steps) => formatReal(x0At(steps), 3)}
          onChange={(_, next) => setX0(x0At(next as number))}
        />
      </Box>
      <Typography id={descriptionId} variant="body2">
        At t = {t.toFixed(2)}: ψ(x₀) = {formatComplex(value.re, value.im)}, the sum of {waves.length} phasors;{" "}
        {modulusText}.
      </Typography>

      <WaveControls waves={waves} colours={colours.terms} onWave={onWave} onWaves={setWaves} />
    </Stack>
  );
}

function LineKey({
  colour,
  label,
  width,
  dashed = false,
  dotted = false,
}: {
  colour: string;
  label: string;
  width: number;
  dashed?: boolean;
  dotted?: boolean;
}) {
  const pattern = dashed ? DASH.join(" ") : dotted ? "2 3" : undefined;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
      <svg width="28" height="10" aria-hidden>
        <line x1="0" y1="5" x2="28" y2="5" stroke={colour} strokeWidth={width} strokeDasharray={pattern} />
      </svg>
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}

interface WaveControlsProps {
  waves: ComplexWave[];
  colours: readonly string[];
  onWave(index: number, wave: ComplexWave): void;
  onWaves(waves: ComplexWave[]): void;
}

/** The sliders of each term, and adding or removing terms (2 to 4). Memoised: it does not change with time. */
const WaveControls = memo(function WaveControls({ waves, colours, onWave, onWaves }: WaveControlsProps) {
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        {waves.map((wave, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Term ${index + 1}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
              <Box
                aria-hidden
                sx={{ width: 14, height: 14, borderRadius: "50%", bgcolor: colours[index % colours.length] }}
              />
              <Typography variant="subtitle2" component="h3">
                Term {index + 1}
              </Typography>
            </Stack>
            {SLIDERS.map((spec) => (
              <WaveSlider
                key={spec.key}
                spec={spec}
                term={index + 1}
                value={wave[spec.key]}
                onChange={(v) => onWave(index, { ...wave, [spec.key]: v })}
              />
            ))}
          </Paper>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          color="inherit"
          disabled={waves.length >= MAX_TERMS}
          onClick={() => onWaves([...waves, { amplitude: 0.5, phase: 0, waveNumber: 1, angularFrequency: 1 }])}
        >
          Add a term
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          disabled={waves.length <= MIN_TERMS}
          onClick={() => onWaves(waves.slice(0, -1))}
        >
          Remove the last term
        </Button>
      </Stack>
    </Stack>
  );
});

function WaveSlider({
  spec,
  term,
  value,
  onChange,
}: {
  spec: SliderSpec;
  term: number;
  value: number;
  onChange(value: number): void;
}) {
  return (
    <Box>
      <Typography variant="body2" aria-hidden>
        {spec.label}: <strong>{spec.format(value)}</strong>
      </Typography>
      <Slider
        aria-label={`${spec.label} of term ${term}`}
        value={Math.round(value / spec.valueAt(1))}
        min={spec.min}
        max={spec.max}
        step={1}
        getAriaValueText={(steps) => spec.format(spec.valueAt(steps))}
        onChange={(_, next) => onChange(spec.valueAt(next as number))}
      />
    </Box>
  );
}
