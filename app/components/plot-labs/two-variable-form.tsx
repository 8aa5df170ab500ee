import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { MAX_RESOLUTION } from "#core/plot/surface-grid";
import type { TwoVariableInput, TwoVariableProblems } from "./two-variable-input";
import { LabelledSlider } from "./labelled-slider";

/**
 * The slider offers 11, 21, … samples: coarser grids show their facets more than the function,
 * and an odd count puts a sample on the middle of the range (the saddle point of x² − y² at 0).
 */
const MIN_SLIDER_RESOLUTION = 11;
const RESOLUTION_STEP = 10;

export interface TwoVariablePreset {
  name: string;
  input: TwoVariableInput;
}

interface TwoVariableFormProps<Preset extends TwoVariablePreset> {
  input: TwoVariableInput;
  problems: TwoVariableProblems;
  onChange: (input: TwoVariableInput) => void;
  presets: readonly Preset[];
  onPreset: (preset: Preset) => void;
  /** What the formula field computes, e.g. "z = f(x, y)". */
  formulaLabel: string;
}

type RangeField = "xMin" | "xMax" | "yMin" | "yMax";
const RANGE_FIELDS: { field: RangeField; label: string; axis: "x" | "y" }[] = [
  { field: "xMin", label: "x from", axis: "x" },
  { field: "xMax", label: "x to", axis: "x" },
  { field: "yMin", label: "y from", axis: "y" },
  { field: "yMax", label: "y to", axis: "y" },
];

/** The formula of x and y, its ranges, the grid's resolution and the presets that fill them in. */
export function TwoVariableForm<Preset extends TwoVariablePreset>({
  input,
  problems,
  onChange,
  presets,
  onPreset,
  formulaLabel,
}: TwoVariableFormProps<Preset>) {
  const rangeProblems = [problems.x, problems.y].filter((problem) => problem !== undefined);
  return (
    <Stack spacing={2.5}>
      <Box role="group" aria-label="Examples">
        <Typography variant="overline" component="p" color="text.secondary">
          Examples
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
          {presets.map((preset) => (
            <Button
              key={preset.name}
              size="small"
              variant="outlined"
              color="inherit"
              aria-pressed={preset.input.formula === input.formula}
              onClick={() => onPreset(preset)}
              sx={{ "&[aria-pressed='true']": { bgcolor: "action.selected" } }}
            >
              {preset.name}
            </Button>
          ))}
        </Stack>
      </Box>
      <TextField
        label={formulaLabel}
        value={input.formula}
        onChange={(event) => onChange({ ...input, formula: event.target.value })}
        error={problems.formula !== undefined}
        helperText={
          problems.formula === undefined
            ? "Use x and y with + − * / ^ and sin, cos, tan, sqrt, exp, ln, abs…"
            : `Cannot read the formula: ${problems.formula}. The plot still shows the last formula that worked.`
        }
        slotProps={{
          htmlInput: {
            spellCheck: false,
            autoCapitalize: "off",
            autoCorrect: "off",
            style: { fontFamily: "monospace" },
          },
          formHelperText: { role: problems.formula === undefined ? undefined : "alert" },
        }}
        fullWidth
      />
      <Box>
        <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5 }}>
          {RANGE_FIELDS.map(({ field, label, axis }) => (
            <TextField
              key={field}
              label={label}
              size="small"
              value={input[field]}
              onChange={(event) => onChange({ ...input, [field]: event.target.value })}
              error={problems[axis] !== undefined}
              slotProps={{ htmlInput: { inputMode: "decimal", spellCheck: false } }}
            />
          ))}
        </Box>
        {rangeProblems.length > 0 ? (
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
            {rangeProblems.join("; ")}.
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Numbers or multiples of π, such as -2π or 0.5pi.
          </Typography>
        )}
      </Box>
      <LabelledSlider
        label={
          <>
            Resolution: {input.resolution} × {input.resolution} points
          </>
        }
        value={input.resolution}
        min={MIN_SLIDER_RESOLUTION}
        max={MAX_RESOLUTION}
        step={RESOLUTION_STEP}
        getAriaValueText={(value) => `${value} by ${value} points`}
        onChange={(_, value) => onChange({ ...input, resolution: value })}
      />
    </Stack>
  );
}
