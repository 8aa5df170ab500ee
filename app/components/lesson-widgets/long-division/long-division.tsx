import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { digitSymbol, writeDigits } from "#core/numtheory/base-digits";
import { longDivision, type LongDivision } from "#core/numtheory/long-division";
import { Formula } from "#app/components/math/formula";
import { readFields } from "../read-whole";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { AttributeFields } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import { attributes, type Attributes } from "./params";
import { describeProgress, DIGITS_SHOWN } from "./progress-text";

const STEP_MILLISECONDS = 800;
/** The table shows the latest steps only; the remainder list keeps the whole story. */
const TABLE_ROWS = 5;
/** Longer lists and digit strings show their start and end (a repeat always starts within the first 14 places). */
const LIST_ENDS = 40;

const FIELDS = [
  { key: "numerator", label: "Numerator", help: "0 to 1,000,000" },
  { key: "denominator", label: "Denominator", help: "1 to 10,000" },
  { key: "base", label: "Base", help: "2 to 16" },
] as const;

type FieldKey = (typeof FIELDS)[number]["key"];

/** Read by screen readers, not drawn. */
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

const highlight = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return { backgroundColor: colors.secondary.main, color: colors.secondary.contrastText, fontWeight: 700 };
};

/** A digit above 9 with its value: "B (11)". */
const digitLabel = (digit: number) => (digit < 10 ? String(digit) : `${digitSymbol(digit)} (${digit})`);

/** "0.14285714…" with the repetend overlined once the division has closed its loop. */
function Expansion({ division, shown }: { division: LongDivision; shown: number }) {
  const { integerPart, base, steps, preperiod, period } = division;
  const done = shown === steps.length;
  const digits = writeDigits(steps.slice(0, Math.min(shown, DIGITS_SHOWN)).map((step) => step.digit));
  const cut = shown > DIGITS_SHOWN;
  const head = done && period > 0 ? digits.slice(0, preperiod) : digits;
  const repetend = done && period > 0 ? digits.slice(preperiod) : "";
  return (
    <Typography
      component="p"
      sx={{ fontFamily: "monospace", fontSize: "1.35rem", overflowWrap: "anywhere", wordBreak: "break-all", my: 1 }}
    >
      {integerPart.toString(base).toUpperCase()}
      {(shown > 0 || steps.length > 0) && "."}
      {head}
      {repetend && (
        <Box component="span" sx={{ textDecoration: "overline", textDecorationThickness: "2px" }}>
          {repetend}
        </Box>
      )}
      {(cut || !done) && "…"}
    </Typography>
  );
}

/** The remainders so far; when one comes back, both places are highlighted. */
function RemainderList({ division, shown }: { division: LongDivision; shown: number }) {
  const { remainders, steps, preperiod, period } = division;
  const closed = shown === steps.length && period > 0;
  const indices = Array.from({ length: shown + 1 }, (_, i) => i);
  const visible =
    indices.length > 2 * LIST_ENDS ? [...indices.slice(0, LIST_ENDS), -1, ...indices.slice(-LIST_ENDS)] : indices;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="p">
        Remainders so far
      </Typography>
      <Box
        component="ol"
        start={0}
        aria-label="Remainders so far, starting with r0"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          mt: 0.5,
          display: "flex",
          flexWrap: "wrap",
          gap: 0.5,
          fontFamily: "monospace",
        }}
      >
        {visible.map((i, position) => {
          if (i === -1) {
            return (
              <li key={`gap-${position}`} aria-label={`${indices.length - 2 * LIST_ENDS} remainders not shown`}>
                …
              </li>
            );
          }
          const repeated = closed && (i === preperiod || i === shown);
          return (
            <Box
              component="li"
              key={i}
              sx={[{ px: 0.75, py: 0.25, borderRadius: 1, border: 1, borderColor: "divider" }, repeated && highlight]}
            >
              <Box component="span" sx={{ fontSize: "0.75em", opacity: 0.8 }}>
                r{i}=
              </Box>
              {remainders[i]}
              {repeated && (
                <Box component="span" sx={visuallyHidden}>
                  {" "}
                  (comes back)
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function StepTable({ division, shown }: { division: LongDivision; shown: number }) {
  const { base, steps, period } = division;
  const first = Math.max(0, shown - TABLE_ROWS);
  const closed = shown === steps.length && period > 0;
  return (
    <Box
      sx={{ overflowX: "auto", mt: 2 }}
      tabIndex={0}
      role="region"
      aria-label="Steps of the division, scrolls sideways"
    >
      <Table
        size="small"
        sx={{ "& th, & td": { px: 1, whiteSpace: "nowrap" } }}
        aria-label={`The last ${Math.min(shown, TABLE_ROWS)} steps of the division`}
      >
        <caption>r is the remainder carried into each step.</caption>
        <TableHead>
          <TableRow>
            <TableCell>Step</TableCell>
            <TableCell align="right">r</TableCell>
            <TableCell align="right">r × {base}</TableCell>
            <TableCell align="right">Digit</TableCell>
            <TableCell align="right">New r</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.slice(first, shown).map((step, offset) => {
            const index = first + offset + 1;
            return (
              <TableRow key={index} selected={index === shown}>
                <TableCell>{index}</TableCell>
                <TableCell align="right">{step.remainder}</TableCell>
                <TableCell align="right">{step.product}</TableCell>
                <TableCell align="right" sx={{ fontFamily: "monospace", fontWeight: 700 }}>
                  {digitLabel(step.digit)}
                </TableCell>
                <TableCell align="right" sx={closed && index === shown ? highlight : undefined}>
                  {step.nextRemainder}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * a/d worked out by long division in base b, one digit per step: remainder × b, the digit, the new
 * remainder. Since every remainder is below d, one must come back, and from then on the digits repeat.
 */
export default function LongDivisionWidget(props: Attributes) {
  const [texts, setTexts] = useState<Record<FieldKey, string>>({
    numerator: String(props.numerator),
    denominator: String(props.denominator),
    base: String(props.base),
  });
  const [inputs, setInputs] = useState({
    numerator: props.numerator,
    denominator: props.denominator,
    base: props.base,
  });
  const division = useMemo(() => longDivision(inputs.numerator, inputs.denominator, inputs.base), [inputs]);
  const stepper = useStepper({ last: division.steps.length, delay: STEP_MILLISECONDS });
  const shown = stepper.step;

  const edit = (key: FieldKey, text: string) => {
    const next = { ...texts, [key]: text };
    setTexts(next);
    const { numerator, denominator, base } = readFields(FIELDS, attributes, next);
    if (typeof numerator === "number" && typeof denominator === "number" && typeof base === "number") {
      setInputs({ numerator, denominator, base });
      stepper.reset();
    }
  };

  const { numerator, denominator, base } = inputs;
  // Measured at 344 px wide, the narrowest layout, plus a margin; other bases add a line of explanation.
  // Taken from the lesson's attributes, so the first paint keeps its place whatever the reader types later.
  const minHeight = props.base === 10 ? "820px" : "880px";
  return (
    <WidgetFrame
      title="Long division, one digit at a time"
      instructions="Press Step (or Play) and watch the remainders: they are all below the denominator, so one of them must come back."
      minHeight={minHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <AttributeFields
          fields={FIELDS}
          attributes={attributes}
          texts={texts}
          onChange={edit}
          width={{ xs: 130, sm: 150 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 1 }}>
        <StepperControls stepper={stepper} toEndLabel="To the end" resetLabel="Reset" />
      </Stack>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, flexWrap: "wrap" }}>
        <Formula tex={`\\dfrac{${numerator}}{${denominator}} =`} />
        <Expansion division={division} shown={shown} />
        {base !== 10 && (
          <Typography variant="body2" color="text.secondary">
            in base {base}
          </Typography>
        )}
      </Box>
      <Typography aria-live="polite" sx={{ minHeight: "3em", overflowWrap: "anywhere" }}>
        {describeProgress(division, shown)}
      </Typography>
      {base !== 10 && (
        <Typography variant="body2" color="text.secondary">
          Remainders and products are written in base ten; only the digits of the answer are in base {base}
          {base > 10 ? " (A = 10, B = 11, …)" : ""}.
        </Typography>
      )}
      <StepTable division={division} shown={shown} />
      <RemainderList division={division} shown={shown} />
    </WidgetFrame>
  );
}
