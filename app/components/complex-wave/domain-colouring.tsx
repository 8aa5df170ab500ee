import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useMemo, useState } from "react";
import { readComplexFormula, type ComplexFormula, type FormulaProblem } from "#core/plot/complex-formula";
import { clampView, planeRange, type ComplexPoint, type ComplexView } from "#core/plot/complex-plane-view";
import type { ColouringOptions } from "#core/plot/domain-colouring";
import { formatComplex, formatReal } from "#core/plot/format-complex";
import { findZerosAndPoles, type ZeroOrPole, type ZerosAndPoles } from "#core/plot/zeros-and-poles";
import { ColourLegend } from "./colour-legend";
import { DomainColouringCanvas, type Renderer } from "./domain-colouring-canvas";

export const DEFAULT_FORMULA = "(z^2 - 1)(z - 2 - i)^2/(z^2 + 2 + 2i)";
export const DEFAULT_VIEW: ComplexView = { centreRe: 0, centreIm: 0, halfWidth: 4 };
/** A new parameter starts at 1 and its slider runs over ±PARAMETER_RANGE. */
const PARAMETER_START = 1;
const PARAMETER_RANGE = 5;
const PARAMETER_STEP = 0.05;
/** The zoom buttons magnify by this factor about the centre. */
const BUTTON_ZOOM = 1.5;
/** The zeros and poles are searched for once the view has rested this long. */
const SEARCH_DELAY_MS = 250;
/** The search's rectangle in the picture's proportions, whatever the screen (it need not follow the canvas's pixels). */
const SEARCH_WIDTH = 3;
const SEARCH_HEIGHT = 2;
/** Zeros and poles are written to this fraction of the view's half-width. */
const POINT_PRECISION = 1e-3;

interface Preset {
  name: string;
  formula: string;
  /** What to look for. */
  note: string;
}

const PRESETS: readonly Preset[] = [
  {
    name: "Default",
    formula: DEFAULT_FORMULA,
    note: "Two simple zeros at ±1, a double zero at 2 + i (the colours go round twice) and two poles.",
  },
  { name: "z", formula: "z", note: "The identity: the key to the colours, with a simple zero at 0." },
  { name: "z²", formula: "z^2", note: "Every colour twice round 0: a double zero." },
  {
    name: "1/z",
    formula: "1/z",
    note: "A simple pole at 0: the colours go round clockwise, and it is white in the middle.",
  },
  {
    name: "exp(z)",
    formula: "exp(z)",
    note: "No zeros: the hue follows Im z (stripes of period 2π), the brightness Re z.",
  },
  {
    name: "sin(z)",
    formula: "sin(z)",
    note: "Zeros at the multiples of π on the real axis; away from it |sin z| grows like e^|Im z|/2.",
  },
  {
    name: "(z³−1)/(z³+1)",
    formula: "(z^3 - 1)/(z^3 + 1)",
    note: "Zeros at the cube roots of 1, poles at those of −1.",
  },
  {
    name: "√z",
    formula: "sqrt(z)",
    note: "The principal square root: the colours jump along the negative real axis, its branch cut.",
  },
  {
    name: "ln z",
    formula: "ln(z)",
    note: "The principal logarithm: the hue jumps across the cut on the negative real axis, where arg z jumps by 2π. (log is base 10.)",
  },
  {
    name: "z² + az + b",
    formula: "z^2 + a z + b",
    note: "Move a and b: the two zeros move, and meet (a double zero) when a² = 4b.",
  },
];

const ORDER_WORDS = ["", "", "double", "triple", "quadruple"];
const orderText = (point: ZeroOrPole) =>
  point.order === 1 ? "" : ` (${ORDER_WORDS[point.order] ?? `of order ${point.order}`})`;

/** The points, rounded to a thousandth of the view's half-width (so a zero at 10⁻¹⁷ reads as 0). */
function listPoints(points: readonly ZeroOrPole[], view: ComplexView): string {
  const unit = 10 ** Math.floor(Math.log10(view.halfWidth * POINT_PRECISION));
  const round = (x: number) => Math.round(x / unit) * unit;
  const items = points.map((point) => formatComplex(round(point.re), round(point.im)) + orderText(point));
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The picture in words: what is shown, and the zeros and poles found in it. */
function describe(formula: ComplexFormula, view: ComplexView, found: ZerosAndPoles | null): string {
  const range = planeRange(view, SEARCH_WIDTH, SEARCH_HEIGHT);
  const shown = `f(z) = ${formula.text} for Re z from ${formatReal(range.reMin)} to ${formatReal(range.reMax)} and Im z from ${formatReal(range.imMin)} to ${formatReal(range.imMax)}.`;
  if (found === null) return shown;
  const zeros = found.zeros.length === 0 ? "No zeros." : `Zeros: ${listPoints(found.zeros, view)}.`;
  const poles = found.poles.length === 0 ? "No poles." : `Poles: ${listPoints(found.poles, view)}.`;
  return `${shown} ${zeros} ${poles}`;
}

/** The formula with the part a problem is about marked. */
function MarkedFormula({ text, problem }: { text: string; problem: FormulaProblem }) {
  const end = Math.max(problem.end, problem.start + 1);
  return (
    <Typography
      aria-hidden
      component="p"
      sx={{ fontFamily: "monospace", whiteSpace: "pre-wrap", wordBreak: "break-all" }}
    >
      {text.slice(0, problem.start)}
      <Box component="mark" sx={{ bgcolor: "error.main", color: "error.contrastText", px: 0.25, borderRadius: 0.5 }}>
        {text.slice(problem.start, end) || " "}
      </Box>
      {text.slice(end)}
    </Typography>
  );
}

interface DomainColouringProps {
  initialFormula?: string;
  /** Draw on the CPU even where WebGL works. */
  forceCanvas?: boolean;
}

/**
 * Domain colouring of a typed f(z): the picture (WebGL, or a canvas where WebGL is missing), the
 * formula with presets and sliders for its real parameters, the key to the colours, a read-out of
 * z and f(z) at the probe, and the zeros and poles in words.
 */
export function DomainColouring({ initialFormula = DEFAULT_FORMULA, forceCanvas = false }: DomainColouringProps) {
  const [text, setText] = useState(initialFormula);
  const read = useMemo(() => readComplexFormula(text), [text]);
  const [formula, setFormula] = useState<ComplexFormula | null>(() => (read.ok ? read.formula : null));
  // The last formula that read well stays on screen while the field holds a broken one.
  if (read.ok && read.formula !== formula) setFormula(read.formula);
  const [values, setValues] = useState<Record<string, number>>({});
  const [view, setView] = useState(DEFAULT_VIEW);
  const [probe, setProbe] = useState<ComplexPoint | null>(null);
  const [options, setOptions] = useState<ColouringOptions>({ modulusBands: true, phaseLines: false });
  const [renderer, setRenderer] = useState<{ renderer: Renderer; reason: string | null } | null>(null);
  /** The zeros and poles, with what they were found for (stale once any of it changes). */
  const [search, setSearch] = useState<{
    formula: ComplexFormula;
    parameterValues: readonly number[];
    view: ComplexView;
    found: ZerosAndPoles;
  } | null>(null);
  const descriptionId = useId();
  const readoutId = useId();
  const instructionsId = useId();

  const parameterValues = useMemo(
    () => formula?.parameters.map((name) => values[name] ?? PARAMETER_START) ?? [],
    [formula, values],
  );

  useEffect(() => {
    if (!formula) return;
    const timer = window.setTimeout(() => {
      const f = formula.withParameters(parameterValues);
      const found = findZerosAndPoles(f, planeRange(view, SEARCH_WIDTH, SEARCH_HEIGHT));
      setSearch({ formula, parameterValues, view, found });
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [formula, parameterValues, view]);
  const found =
    search && search.formula === formula && search.parameterValues === parameterValues && search.view === view
      ? search.found
      : null;

  const readout = useMemo(() => {
    if (!formula || !probe) return null;
    const value = { re: 0, im: 0 };
    formula.withParameters(parameterValues)(probe.re, probe.im, value);
    const modulus = Math.hypot(value.re, value.im);
    const argument = Math.atan2(value.im, value.re);
    const defined = Number.isFinite(modulus) && modulus > 0;
    return {
      z: formatComplex(probe.re, probe.im),
      f: formatComplex(value.re, value.im),
      polar: defined
        ? `|f(z)| = ${formatReal(modulus)}, arg f(z) = ${formatReal(argument)} (${formatReal((argument * 180) / Math.PI, 3)}°)`
        : "",
    };
  }, [formula, parameterValues, probe]);

  const problem = read.ok ? null : read.problem;
  const activePreset = PRESETS.find((preset) => preset.formula === text);

  return (
    <Stack spacing={2.5}>
      <Box role="group" aria-label="Examples">
        <Typography variant="overline" component="p" color="text.secondary">
          Examples
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {PRESETS.map((preset) => (
            <Button
              key={preset.name}
              size="small"
              variant="outlined"
              color="inherit"
              aria-pressed={preset === activePreset}
              onClick={() => {
                setText(preset.formula);
                setView(DEFAULT_VIEW);
              }}
              sx={{ textTransform: "none", "&[aria-pressed='true']": { bgcolor: "action.selected" } }}
            >
              {preset.name}
            </Button>
          ))}
        </Stack>
        {activePreset && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {activePreset.note}
          </Typography>
        )}
      </Box>

      <Box>
        <TextField
          label="f(z) ="
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem !== null}
          fullWidth
          autoComplete="off"
          spellCheck={false}
          slotProps={{ htmlInput: { style: { fontFamily: "monospace" } } }}
          helperText={
            problem
              ? `Cannot read the formula: ${problem.message}.`
              : "z is the variable, i the imaginary unit (write 2i or i z); other letters are real parameters with sliders. Functions: sin, cos, tan, exp, ln, log (base 10), sqrt, abs, asin, sinh, … and ^, including z^w."
          }
        />
        {problem && <MarkedFormula text={text} problem={problem} />}
      </Box>

      {formula && formula.parameters.length > 0 && (
        <Box role="group" aria-label="Parameters">
          {formula.parameters.map((name, k) => (
            <ParameterSlider
              key={name}
              name={name}
              value={parameterValues[k]!}
              onChange={(value) => setValues((old) => ({ ...old, [name]: value }))}
            />
          ))}
        </Box>
      )}

      {formula && (
        <Box>
          <DomainColouringCanvas
            formula={formula}
            parameterValues={parameterValues}
            view={view}
            onViewChange={setView}
            options={options}
            probe={probe}
            onProbeChange={setProbe}
            forceCanvas={forceCanvas}
            onRenderer={(next, reason) => setRenderer({ renderer: next, reason })}
            onResetView={() => {
              setView(DEFAULT_VIEW);
              setProbe(null);
            }}
            label={`Domain colouring of f(z) = ${formula.text}`}
            describedBy={`${descriptionId} ${readoutId} ${instructionsId}`}
          />
          <Typography
            id={readoutId}
            role="status"
            variant="body2"
            sx={{ mt: 1, minHeight: "3em", fontVariantNumeric: "tabular-nums" }}
          >
            {readout ? (
              <>
                At z = {readout.z}: f(z) = {readout.f}
                {readout.polar && (
                  <>
                    <br />
                    {readout.polar}
                  </>
                )}
              </>
            ) : (
              "Point at the picture, or focus it and use the arrow keys, to read z and f(z)."
            )}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => setView((v) => clampView({ ...v, halfWidth: v.halfWidth / BUTTON_ZOOM }))}
            >
              Zoom in
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => setView((v) => clampView({ ...v, halfWidth: v.halfWidth * BUTTON_ZOOM }))}
            >
              Zoom out
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              onClick={() => {
                setView(DEFAULT_VIEW);
                setProbe(null);
              }}
            >
              Reset view
            </Button>
            <FormControlLabel
              control={
                <Switch
                  checked={options.modulusBands}
                  onChange={(_, on) => setOptions((o) => ({ ...o, modulusBands: on }))}
                />
              }
              label="Modulus contours"
            />
            <FormControlLabel
              control={
                <Switch
                  checked={options.phaseLines}
                  onChange={(_, on) => setOptions((o) => ({ ...o, phaseLines: on }))}
                />
              }
              label="Phase lines (every π/6)"
            />
          </Stack>
          <Typography id={instructionsId} variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
            Drag to move, scroll or pinch to zoom. With the picture focused: arrow keys move the probe, Shift + arrows
            move the view, + and − zoom, 0 resets.
          </Typography>
          <Typography id={descriptionId} variant="body2" sx={{ mt: 1 }}>
            {describe(formula, view, found)}
          </Typography>
          {renderer && (
            <Typography variant="caption" component="p" color="text.secondary" data-testid="renderer-note">
              {renderer.renderer === "webgl"
                ? "Drawn on the GPU with WebGL."
                : `Drawn on the CPU, a canvas painted row by row${renderer.reason ? `: ${renderer.reason}` : ""}.`}
            </Typography>
          )}
        </Box>
      )}

      <ColourLegend options={options} />
    </Stack>
  );
}

function ParameterSlider({ name, value, onChange }: { name: string; value: number; onChange(value: number): void }) {
  return (
    <Box>
      <Typography variant="body2" aria-hidden>
        {name} = <strong>{formatReal(value)}</strong>
      </Typography>
      <Slider
        aria-label={`Parameter ${name}`}
        value={value}
        min={-PARAMETER_RANGE}
        max={PARAMETER_RANGE}
        step={PARAMETER_STEP}
        getAriaValueText={(v) => formatReal(v)}
        onChange={(_, next) => onChange(next as number)}
      />
    </Box>
  );
}
