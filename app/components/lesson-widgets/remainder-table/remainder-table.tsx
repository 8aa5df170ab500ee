import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useTheme, type Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { REMAINDER_SEQUENCES, sequenceRemainders, type RemainderSequence } from "#core/numtheory/sequence-remainders";
import { WidgetFrame } from "../widget-frame";
import { attributes, type Attributes } from "./params";
import { reservedHeight } from "./reserved-height";

/** How each sequence is named in the picker, the title and the sentences. */
const SEQUENCE_NAMES: Record<RemainderSequence, string> = {
  n: "n (the counting numbers)",
  "n^2": "n² (the squares)",
  "n^3": "n³ (the cubes)",
  "2^n": "2ⁿ (powers of 2)",
  "10^n": "10ⁿ (powers of 10)",
  fibonacci: "Fₙ (Fibonacci numbers)",
  triangular: "Tₙ = n(n + 1)/2 (triangular numbers)",
};

const SHORT_NAMES: Record<RemainderSequence, string> = {
  n: "n",
  "n^2": "n²",
  "n^3": "n³",
  "2^n": "2ⁿ",
  "10^n": "10ⁿ",
  fibonacci: "Fₙ",
  triangular: "Tₙ",
};

/** The strip of cells scrolls beyond this height. */
const STRIP_MAX_REM = 16.5;
/** A row of cells: 48 px cells and a 6 px gap. */
const ROW_PX = 54;
/**
 * The rest of the widget, measured in Chromium at 360 px (5 cells a row) and
 * from 616 px on (10 or more a row), plus room for the longest description.
 */
const NARROW = { restRem: 36.9, cellsPerRow: 5 };
const WIDE = { restRem: 23.1, cellsPerRow: 10 };

function stripRem(terms: number, cellsPerRow: number): number {
  return Math.min(STRIP_MAX_REM, (Math.ceil(terms / cellsPerRow) * ROW_PX + 2) / 16);
}

/** The strongest tint, chosen so text keeps AA contrast on it in both colour schemes. */
const MAX_TINT_PERCENT = 55;

/** Read by screen readers, not drawn (sx would turn a bare 1 into 100%). */
const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

function describePeriod(name: string, m: number, prePeriod: number, period: number, terms: number): string {
  const repeat = `repeat every ${period} ${period === 1 ? "term" : "terms"}`;
  const start =
    prePeriod === 0
      ? `The remainders of ${name} mod ${m} ${repeat} from the very start (no pre-period).`
      : `The first ${prePeriod} ${prePeriod === 1 ? "remainder does" : "remainders do"} not come back (the pre-period, n = 0${
          prePeriod > 1 ? ` … ${prePeriod - 1}` : ""
        }); from n = ${prePeriod} on, the remainders of ${name} mod ${m} ${repeat}.`;
  return prePeriod + period > terms ? `${start} Show more terms to see a full round.` : start;
}

/** Text field state: what the reader typed, and the last value that was valid. */
function useIntegerField(initial: number, schema: typeof attributes.shape.m) {
  const [text, setText] = useState(String(initial));
  const [value, setValue] = useState(initial);
  const parsed = schema.safeParse(text);
  const change = (next: string) => {
    setText(next);
    const result = schema.safeParse(next);
    if (result.success) setValue(result.data);
  };
  return { text, value, change, error: parsed.success ? null : (parsed.error.issues[0]?.message ?? "invalid") };
}

/** The remainders of a sequence mod m in a strip of cells, tinted by remainder, with the period marked. */
export default function RemainderTable({ m: initialM, sequence: initialSequence, terms: initialTerms }: Attributes) {
  const [sequence, setSequence] = useState<RemainderSequence>(initialSequence);
  const modulus = useIntegerField(initialM, attributes.shape.m);
  const termCount = useIntegerField(initialTerms, attributes.shape.terms);
  const { vars, palette } = useTheme();
  const colors = vars?.palette ?? palette;

  const m = modulus.value;
  const { remainders, prePeriod, period } = sequenceRemainders(sequence, m, termCount.value);
  const name = SHORT_NAMES[sequence];
  const tint = (remainder: number) =>
    `color-mix(in srgb, ${colors.secondary.main} ${Math.round((MAX_TINT_PERCENT * remainder) / (m - 1))}%, ${colors.background.paper})`;

  return (
    <WidgetFrame
      title={`Remainders of ${name} on division by ${m}`}
      instructions="Choose a sequence and a modulus. Each cell shows n and the remainder of the n-th term; watch for the block that repeats."
      minHeight={reservedHeight(WIDE.restRem + stripRem(initialTerms, WIDE.cellsPerRow), [
        { below: 616, height: NARROW.restRem + stripRem(initialTerms, NARROW.cellsPerRow) },
      ])}
    >
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: "wrap", mb: 2 }}>
        <TextField
          select
          label="Sequence"
          size="small"
          value={sequence}
          onChange={(event) => setSequence(event.target.value as RemainderSequence)}
          sx={{ minWidth: 240, flex: "1 1 240px" }}
        >
          {REMAINDER_SEQUENCES.map((option) => (
            <MenuItem key={option} value={option}>
              {SEQUENCE_NAMES[option]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Modulus m"
          size="small"
          value={modulus.text}
          onChange={(event) => modulus.change(event.target.value)}
          error={modulus.error !== null}
          helperText={modulus.error ? `From 2 to 50: ${modulus.error}` : "From 2 to 50"}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
          sx={{ width: 130 }}
        />
        <TextField
          label="Terms shown"
          size="small"
          value={termCount.text}
          onChange={(event) => termCount.change(event.target.value)}
          error={termCount.error !== null}
          helperText={termCount.error ? `From 10 to 200: ${termCount.error}` : "From 10 to 200"}
          slotProps={{ htmlInput: { inputMode: "numeric" } }}
          sx={{ width: 130 }}
        />
      </Stack>
      <Typography aria-live="polite" sx={{ mb: 1.5 }}>
        {describePeriod(name, m, prePeriod, period, remainders.length)}
      </Typography>
      <Box
        tabIndex={0}
        role="region"
        aria-label={`Remainders of ${name} mod ${m}, scrolls`}
        sx={{ maxHeight: `${STRIP_MAX_REM}rem`, overflowY: "auto", borderRadius: 1 }}
      >
        <Box
          component="ol"
          aria-label={`Remainders of ${name} mod ${m} for n = 0 to ${remainders.length - 1}`}
          sx={{ display: "flex", flexWrap: "wrap", gap: "6px", listStyle: "none", m: 0, p: "4px" }}
        >
          {remainders.map((remainder, n) => {
            const inPrePeriod = n < prePeriod;
            const roundStart = !inPrePeriod && (n - prePeriod) % period === 0;
            const firstRound = !inPrePeriod && n < prePeriod + period;
            return (
              <Box
                component="li"
                key={n}
                style={{ backgroundColor: tint(remainder) }}
                sx={({ vars: v, palette: p }: Theme) => {
                  const c = v?.palette ?? p;
                  return {
                    position: "relative",
                    width: 44,
                    height: 48,
                    boxSizing: "border-box",
                    display: "flex",
                    flexDirection: "column",
                    alignItems: "center",
                    justifyContent: "center",
                    borderRadius: 1,
                    border: inPrePeriod ? `2px dashed ${c.text.secondary}` : `${firstRound ? 2 : 1}px solid`,
                    borderColor: inPrePeriod ? undefined : firstRound ? c.text.primary : c.divider,
                    borderLeftWidth: roundStart ? 6 : undefined,
                    borderLeftColor: roundStart ? c.text.primary : undefined,
                  };
                }}
              >
                <Box component="span" sx={visuallyHidden}>
                  {`n = ${n}: remainder `}
                </Box>
                <Box component="span" aria-hidden sx={{ fontSize: 11, lineHeight: 1.2, color: "text.secondary" }}>
                  {n}
                </Box>
                <Box component="span" sx={{ fontWeight: 700, fontSize: 17, lineHeight: 1.2 }}>
                  {remainder}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Small number: n. Large number: the remainder; the stronger the colour, the larger the remainder. Dashed: the
        pre-period. Heavy outline: the first round of the period. A thick left edge: a new round begins.
      </Typography>
    </WidgetFrame>
  );
}
