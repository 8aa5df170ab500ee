import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { pisanoCycle, pisanoPeriod } from "#core/numtheory/pisano";
import { Formula } from "#app/components/math/formula";
import { reservedHeight } from "../remainder-table/reserved-height";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { WidgetFrame } from "../widget-frame";
import { attributes, type Attributes } from "./params";

const SIZE = 320;
const CENTRE = SIZE / 2;
const RADIUS = 128;
/** Residues get a label each up to this modulus; beyond it only 0 and the quarters. */
const LABEL_EVERY_RESIDUE_UP_TO = 30;
const TICKS_UP_TO = 120;
/** Play draws a whole period in at most this many ticks, so even π = 12 000 takes about 12 s. */
const PLAY_TICKS = 150;
const TICK_MS = 80;
/** Terms written out below the drawing; the rest are counted. */
const LISTED_TERMS = 120;
/** Measured in Chromium: side by side from 600 px on, stacked below (with a line of slack). */
const RESERVED_HEIGHT = reservedHeight(50, [{ below: 616, height: 76 }]);

/** π(m) for m = 1 … 30, the table beside the drawing. */
const SMALL_PERIODS = Array.from({ length: 30 }, (_, index) => ({ m: index + 1, period: pisanoPeriod(index + 1) }));

const drawingStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    "& .rim": { fill: "none", stroke: colors.text.secondary, strokeWidth: 1 },
    "& .tick": { fill: colors.text.secondary },
    "& .path": { fill: "none", stroke: colors.nd_blue.main, strokeWidth: 1.2, strokeLinejoin: "round" },
    "& .current": { fill: colors.primary.main, stroke: colors.text.primary, strokeWidth: 2 },
    "& text": { fill: colors.text.primary, fontSize: 12 },
  };
};

function pointOf(residue: number, m: number, radius = RADIUS): [number, number] {
  const angle = -Math.PI / 2 + (2 * Math.PI * residue) / m;
  return [CENTRE + radius * Math.cos(angle), CENTRE + radius * Math.sin(angle)];
}

const coordinate = (value: number) => value.toFixed(1);

function labelledResidues(m: number): number[] {
  if (m <= LABEL_EVERY_RESIDUE_UP_TO) return Array.from({ length: m }, (_, r) => r);
  return [...new Set([0, Math.round(m / 4), Math.round(m / 2), Math.round((3 * m) / 4)])];
}

/** The Fibonacci numbers mod m walked round a circle of residues until the pair (0, 1) returns. */
export default function PisanoPeriod({ m: initialM }: Attributes) {
  const [m, setM] = useState(initialM);
  const [text, setText] = useState(String(initialM));
  const termsHeadingId = useId();
  const parsedText = attributes.shape.m.safeParse(text);
  const error = parsedText.success ? null : (parsedText.error.issues[0]?.message ?? "invalid");

  const cycle = pisanoCycle(m);
  const period = cycle.length;
  const term = (n: number) => cycle[n % period]!;
  // The first state, which the server shows, is the whole period.
  const stepper = useStepper({
    last: period,
    startAtEnd: true,
    delay: TICK_MS,
    stride: Math.max(1, Math.ceil(period / PLAY_TICKS)),
  });
  const shown = stepper.step;

  const changeModulus = (next: string) => {
    setText(next);
    const parsed = attributes.shape.m.safeParse(next);
    if (!parsed.success) return;
    setM(parsed.data);
    stepper.toEnd();
  };

  const path = Array.from({ length: shown + 1 }, (_, n) => {
    const [x, y] = pointOf(term(n), m);
    return `${n === 0 ? "M" : "L"}${coordinate(x)} ${coordinate(y)}`;
  }).join("");
  const [currentX, currentY] = pointOf(term(shown), m);
  const pair = `(${term(shown)}, ${term(shown + 1)})`;
  const status =
    shown === 0
      ? `Start: the pair (F₀, F₁) is (0, 1).`
      : shown === period
        ? `After ${period} steps the pair is (0, 1) again, so π(${m}) = ${period}.`
        : `After ${shown} ${shown === 1 ? "step" : "steps"} the pair (F${subscript(shown)}, F${subscript(shown + 1)}) mod ${m} is ${pair}.`;
  const listed = Math.min(shown, LISTED_TERMS);

  return (
    <WidgetFrame
      title={`Fibonacci numbers mod ${m}`}
      instructions="Each step draws a line from Fₙ mod m to Fₙ₊₁ mod m on a circle of the remainders. Press Play or Step and watch for the pair (0, 1) to come back."
      minHeight={RESERVED_HEIGHT}
    >
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: "wrap", alignItems: "flex-start", mb: 2 }}>
        <TextField
          label="Modulus m"
          size="small"
          value={text}
          onChange={(event) => changeModulus(event.target.value)}
          error={error !== null}
          helperText={error ? `From 2 to 2000: ${error}` : "From 2 to 2000"}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
          sx={{ width: 150, mr: 1 }}
        />
        <StepperControls stepper={stepper} toEndLabel="Show all" />
      </Stack>
      <Typography variant="h6" component="p" sx={{ mb: 1 }}>
        <Formula tex={`\\pi(${m}) = ${period}`} />
      </Typography>
      <Typography aria-live="polite" sx={{ mb: 2, minHeight: "3em" }}>
        {status}
      </Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={3}
        sx={{ alignItems: { xs: "stretch", sm: "flex-start" } }}
      >
        <Box sx={{ flex: { sm: "1 1 240px" }, maxWidth: 360, width: "100%", mx: { xs: "auto", sm: 0 } }}>
          <Box
            component="svg"
            role="img"
            aria-label={`The remainders 0 to ${m - 1} round a circle, and a path through F₀, F₁, F₂, … mod ${m}: ${shown} of ${period} steps drawn. The numbers are listed below.`}
            viewBox={`0 0 ${SIZE} ${SIZE}`}
            sx={drawingStyles}
            style={{ display: "block", width: "100%", height: "auto" }}
          >
            <circle className="rim" cx={CENTRE} cy={CENTRE} r={RADIUS} />
            {m <= TICKS_UP_TO &&
              Array.from({ length: m }, (_, r) => {
                const [x, y] = pointOf(r, m);
                const size = m <= LABEL_EVERY_RESIDUE_UP_TO ? 3 : 1.5;
                return <circle key={r} className="tick" cx={coordinate(x)} cy={coordinate(y)} r={size} />;
              })}
            {labelledResidues(m).map((r) => {
              const [x, y] = pointOf(r, m, RADIUS + 16);
              return (
                <text key={r} x={coordinate(x)} y={coordinate(y)} textAnchor="middle" dominantBaseline="central">
                  {r}
                </text>
              );
            })}
            <path className="path" d={path} />
            <circle className="current" cx={coordinate(currentX)} cy={coordinate(currentY)} r={6} />
          </Box>
        </Box>
        <Box sx={{ flex: { sm: "1 1 17rem" }, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3" id={termsHeadingId}>
            {`Fₙ mod ${m}, n = 0 … ${shown + 1}`}
          </Typography>
          <Box
            tabIndex={0}
            role="region"
            aria-labelledby={termsHeadingId}
            sx={{ maxHeight: "7.5rem", overflowY: "auto", fontFamily: "monospace", fontSize: 14, mb: 2 }}
          >
            {Array.from({ length: listed }, (_, n) => term(n)).join(", ")}
            {shown > listed ? `, … (${shown - listed} more), ` : ", "}
            <Box component="strong" sx={{ color: shown === period ? "success.main" : "text.primary" }}>
              {`${term(shown)}, ${term(shown + 1)}`}
            </Box>
            {shown === period && " ← (0, 1) again"}
          </Box>
          <Box
            component="table"
            aria-label="Pisano periods π(m) for m = 1 to 30"
            sx={{
              borderCollapse: "collapse",
              fontSize: 14,
              "& th, & td": { px: 1, py: 0.25, textAlign: "right", borderBottom: 1, borderColor: "divider" },
              "& .current": { fontWeight: 700, bgcolor: "action.selected" },
            }}
          >
            <thead>
              <tr>
                {[0, 1, 2].flatMap((group) => [
                  <th key={`m${group}`} scope="col">
                    m
                  </th>,
                  <th key={`p${group}`} scope="col">
                    π(m)
                  </th>,
                ])}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: 10 }, (_, row) => (
                <tr key={row}>
                  {[0, 1, 2].flatMap((group) => {
                    const entry = SMALL_PERIODS[row + 10 * group]!;
                    const className = entry.m === m ? "current" : undefined;
                    return [
                      <td key={`m${group}`} className={className}>
                        {entry.m}
                      </td>,
                      <td key={`p${group}`} className={className}>
                        {entry.period}
                      </td>,
                    ];
                  })}
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </Stack>
    </WidgetFrame>
  );
}

const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";
function subscript(n: number): string {
  return [...String(n)].map((digit) => SUBSCRIPT_DIGITS[Number(digit)]).join("");
}
