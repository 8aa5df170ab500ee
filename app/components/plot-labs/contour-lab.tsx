import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useId, useMemo, useState } from "react";
import { expressionToTex } from "#core/expr/to-tex";
import { Formula } from "../math/formula";
import {
  MAX_LEVEL_COUNT,
  MIN_LEVEL_COUNT,
  readLevels,
  type ContourColouring,
  type LevelInput,
  type LevelSpec,
} from "./contour-levels";
import { PLOT_COLOUR_SCALE, plotFrameColours } from "./plot-theme";
import { PlotlyFigure } from "./plotly-figure";
import { TwoVariableForm, type TwoVariablePreset } from "./two-variable-form";
import { describeGrid } from "./two-variable-input";
import { useSchemePalette } from "./use-scheme-palette";
import { useTwoVariableFunction } from "./use-two-variable-function";
import { LabelledSlider } from "./labelled-slider";

interface ContourPreset extends TwoVariablePreset {
  colouring: ContourColouring;
  levels: LevelInput;
}

const AUTO_LEVELS: LevelInput = { mode: "auto", count: 15, start: "0", end: "1", step: "0.1" };
const square = (half: string, resolution: number) => ({
  xMin: `-${half}`,
  xMax: half,
  yMin: `-${half}`,
  yMax: half,
  resolution,
});

export const CONTOUR_PRESETS: readonly ContourPreset[] = [
  {
    name: "Waves",
    input: { formula: "sin(x) + cos(y)", ...square("2π", 121) },
    colouring: "fill",
    levels: AUTO_LEVELS,
  },
  {
    name: "Circles",
    input: { formula: "x^2 + y^2", ...square("3", 81) },
    colouring: "fill",
    levels: { mode: "manual", count: 10, start: "1", end: "9", step: "1" },
  },
  {
    name: "Hyperbolas",
    input: { formula: "x^2 - y^2", ...square("3", 81) },
    colouring: "heatmap",
    levels: { mode: "manual", count: 10, start: "-8", end: "8", step: "1" },
  },
  {
    name: "Heart",
    input: { formula: "(x^2 + y^2 - 1)^3 - x^2 y^3", ...square("1.5", 201) },
    colouring: "lines",
    levels: { mode: "manual", count: 10, start: "0", end: "0", step: "1" },
  },
];

const COLOURINGS: { value: ContourColouring; label: string }[] = [
  { value: "fill", label: "Filled" },
  { value: "heatmap", label: "Heat map" },
  { value: "lines", label: "Lines" },
];

const PLOT_HEIGHT = { xs: 360, md: 560 };

function levelContours(spec: LevelSpec) {
  return spec.autocontour
    ? { autocontour: true, ncontours: spec.ncontours, contours: {} }
    : { autocontour: false, contours: { start: spec.start, end: spec.end, size: spec.size } };
}

/** The contour lab: level lines of f(x, y), filled, over a heat map, or alone. */
export function ContourLab() {
  const first = CONTOUR_PRESETS[0]!;
  const { input, setInput, problems, plotted } = useTwoVariableFunction(first.input);
  const [colouring, setColouring] = useState<ContourColouring>(first.colouring);
  const [levels, setLevels] = useState<LevelInput>(first.levels);
  const [labels, setLabels] = useState(false);
  const [equalScales, setEqualScales] = useState(true);
  const { palette, fontFamily } = useSchemePalette();
  const descriptionId = useId();

  const levelReading = useMemo(() => readLevels(levels), [levels]);
  const [lastLevels, setLastLevels] = useState<LevelSpec | null>(levelReading.ok ? levelReading.spec : null);
  if (levelReading.ok && levelReading.spec !== lastLevels) setLastLevels(levelReading.spec);
  const levelSpec = levelReading.ok ? levelReading.spec : lastLevels;

  const data = useMemo(() => {
    if (!plotted || !levelSpec) return [];
    const colours = plotFrameColours(palette);
    const { autocontour, ncontours, contours } = levelContours(levelSpec);
    const linesOnly = colouring === "lines";
    return [
      {
        type: "contour",
        x: plotted.grid.x,
        y: plotted.grid.y,
        z: plotted.grid.z,
        colorscale: PLOT_COLOUR_SCALE,
        autocontour,
        ncontours,
        contours: {
          ...contours,
          // "none" draws every line in line.color, which can follow the theme; "lines" would take the colour scale.
          coloring: linesOnly ? "none" : colouring,
          showlabels: labels,
          labelfont: { color: linesOnly ? colours.text : "#ffffff" },
        },
        line: linesOnly ? { color: palette.primary.main, width: 2 } : { width: 0.5, color: "rgba(0,0,0,0.35)" },
        showscale: !linesOnly,
        colorbar: { thickness: 14, outlinewidth: 0, tickfont: { color: colours.muted } },
        hovertemplate: "x = %{x:.3g}<br>y = %{y:.3g}<br>f = %{z:.4g}<extra></extra>",
      },
    ];
  }, [plotted, levelSpec, colouring, labels, palette]);

  const layout = useMemo(() => {
    const colours = plotFrameColours(palette);
    const axis = (name: string) => ({
      title: { text: name },
      color: colours.muted,
      gridcolor: colours.grid,
      zerolinecolor: colours.zeroLine,
    });
    const grid = plotted?.grid;
    return {
      // A new formula keeps the reader's zoom; new extents draw afresh (see `view` below).
      uirevision: "contour",
      margin: { l: 48, r: 8, t: 8, b: 40 },
      paper_bgcolor: "rgba(0,0,0,0)",
      plot_bgcolor: "rgba(0,0,0,0)",
      font: { color: colours.text, family: fontFamily },
      // The axes span exactly the sampled ranges; with equal scales the plot area shrinks to fit
      // rather than an axis running past the data.
      xaxis: { ...axis("x"), range: grid && [grid.x[0], grid.x.at(-1)], constrain: "domain" },
      yaxis: {
        ...axis("y"),
        range: grid && [grid.y[0], grid.y.at(-1)],
        constrain: "domain",
        ...(equalScales ? { scaleanchor: "x", scaleratio: 1 } : {}),
      },
    };
  }, [palette, fontFamily, plotted, equalScales]);

  const grid = plotted?.grid;
  const view = grid ? `${grid.x[0]} ${grid.x.at(-1)} ${grid.y[0]} ${grid.y.at(-1)} ${equalScales}` : undefined;

  const applyPreset = (preset: ContourPreset) => {
    setInput(preset.input);
    setColouring(preset.colouring);
    setLevels(preset.levels);
  };

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "340px minmax(0, 1fr)" }, gap: 4 }}>
      <Stack spacing={3}>
        <TwoVariableForm
          input={input}
          problems={problems}
          onChange={setInput}
          presets={CONTOUR_PRESETS}
          onPreset={applyPreset}
          formulaLabel="f(x, y)"
        />
        <Box role="group" aria-label="Colouring">
          <Typography variant="overline" component="p" color="text.secondary">
            Colouring
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={colouring}
            onChange={(_, value: ContourColouring | null) => value && setColouring(value)}
          >
            {COLOURINGS.map(({ value, label }) => (
              <ToggleButton key={value} value={value}>
                {label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Box role="group" aria-label="Levels">
          <Typography variant="overline" component="p" color="text.secondary">
            Levels
          </Typography>
          <RadioGroup
            row
            value={levels.mode}
            onChange={(event) => setLevels({ ...levels, mode: event.target.value === "manual" ? "manual" : "auto" })}
          >
            <FormControlLabel value="auto" control={<Radio />} label="Automatic" />
            <FormControlLabel value="manual" control={<Radio />} label="Chosen" />
          </RadioGroup>
          {levels.mode === "auto" ? (
            <LabelledSlider
              label={<>At most {levels.count} levels</>}
              value={levels.count}
              min={MIN_LEVEL_COUNT}
              max={MAX_LEVEL_COUNT}
              onChange={(_, value) => setLevels({ ...levels, count: value })}
            />
          ) : (
            <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr 1fr", gap: 1.5, mt: 1 }}>
              {(["start", "end", "step"] as const).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  label={field === "start" ? "First" : field === "end" ? "Last" : "Step"}
                  value={levels[field]}
                  onChange={(event) => setLevels({ ...levels, [field]: event.target.value })}
                  error={!levelReading.ok}
                  slotProps={{ htmlInput: { inputMode: "decimal", spellCheck: false } }}
                />
              ))}
            </Box>
          )}
          {!levelReading.ok && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
              Levels: {levelReading.problem}.
            </Typography>
          )}
        </Box>
        <Stack>
          <FormControlLabel
            control={<Switch checked={labels} onChange={(event) => setLabels(event.target.checked)} />}
            label="Label the levels"
          />
          <FormControlLabel
            control={<Switch checked={equalScales} onChange={(event) => setEqualScales(event.target.checked)} />}
            label="Same scale on x and y"
          />
        </Stack>
      </Stack>
      <Box sx={{ minWidth: 0 }}>
        {plotted && (
          <Box sx={{ mb: 1, overflowX: "auto" }}>
            <Formula tex={`f(x, y) = ${expressionToTex(plotted.ast)}`} />
          </Box>
        )}
        <PlotlyFigure
          data={data}
          layout={layout}
          height={PLOT_HEIGHT}
          label="Contour plot"
          describedBy={descriptionId}
          view={view}
        />
        <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {plotted ? describeGrid(plotted.grid, plotted.formula, "f(x, y)") : null} Drag to zoom in, double-click to
          zoom out.
        </Typography>
      </Box>
    </Box>
  );
}
