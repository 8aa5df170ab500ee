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
import { extendedEuclid, solveLinearDiophantine, type ExtendedEuclid } from "#core/numtheory/euclid";
import { Formula } from "#app/components/math/formula";
import { reservedHeight } from "../remainder-table/reserved-height";
import { readFields } from "../read-whole";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { AttributeFields } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import { combination, describeEquation, describeStep, factor, signed } from "./euclid-text";
import { attributes, type Attributes } from "./params";

const STEP_MILLISECONDS = 1200;

const FIELDS = [
  { key: "a", label: "a", help: "1 to 1,000,000,000" },
  { key: "b", label: "b", help: "1 to 1,000,000,000" },
  { key: "c", label: "c in ax + by = c", help: "−1,000,000,000 to 1,000,000,000" },
] as const;

type FieldKey = (typeof FIELDS)[number]["key"];

const highlight = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return { backgroundColor: colors.secondary.main, color: colors.secondary.contrastText, fontWeight: 700 };
};

/**
 * The first state (the whole table) in rem: the fields, the controls, a line of the table for each remainder
 * and the conclusions. Measured in Chromium for 1071 and 462 (six lines) at 360, 420, 600, 900 and 1280 px
 * wide, rounded up; a line adds about 2.2rem.
 */
function reservedEuclidHeight(euclid: ExtendedEuclid): string {
  const wide = 38.5 + 2.2 * euclid.rows.length;
  return reservedHeight(wide, [
    { below: 900, height: wide + 12 },
    { below: 600, height: wide + 16.5 },
    { below: 420, height: wide + 31 },
  ]);
}

/** What made a line: the start, or the line two above minus the quotient times the line above. */
function howMade(line: number, euclid: ExtendedEuclid): string {
  if (line === 0) return "a";
  if (line === 1) return "b";
  return `line ${line - 2} − ${euclid.divisions[line - 2]!.quotient} × line ${line - 1}`;
}

function EuclidLines({ euclid, shown }: { euclid: ExtendedEuclid; shown: number }) {
  const done = shown === euclid.divisions.length;
  const gcdLine = euclid.rows.length - 2;
  return (
    <Box sx={{ overflowX: "auto", mt: 2 }} tabIndex={0} role="region" aria-label="The table, scrolls sideways">
      <Table size="small" sx={{ "& th, & td": { px: 1, whiteSpace: "nowrap" } }}>
        <caption>
          Every line keeps remainder = a·u + b·v, with a = {euclid.a.toString()} and b = {euclid.b.toString()}.
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Line
            </TableCell>
            <TableCell component="th" scope="col">
              Made from
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Remainder
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              u
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              v
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {euclid.rows.slice(0, shown + 2).map((row, line) => {
            const isGcd = done && line === gcdLine;
            return (
              <TableRow key={line} selected={line === shown + 1 && shown > 0}>
                <TableCell component="th" scope="row">
                  {line}
                </TableCell>
                <TableCell>{howMade(line, euclid)}</TableCell>
                <TableCell align="right" sx={isGcd ? highlight : undefined}>
                  {row.remainder.toString()}
                  {isGcd && " (gcd)"}
                </TableCell>
                <TableCell align="right">{signed(row.u)}</TableCell>
                <TableCell align="right">{signed(row.v)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

function Conclusions({ euclid, c }: { euclid: ExtendedEuclid; c: bigint }) {
  const { a, b, gcd, x: u, y: v } = euclid;
  const solution = solveLinearDiophantine(a, b, c);
  const multiple = c / gcd;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography sx={{ mb: 1 }}>
        Bézout&apos;s identity: <Formula tex={`${a}\\cdot ${factor(u)} + ${b}\\cdot ${factor(v)} = ${gcd}`} />.
      </Typography>
      <Typography variant="subtitle2" component="p">
        The equation <Formula tex={`${a}x + ${b}y = ${c}`} />
      </Typography>
      {solution.kind === "none" ? (
        <Typography variant="body2">{describeEquation(a, b, c, solution)}</Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {`${gcd} divides ${c} (${c} = ${multiple}·${gcd}), so multiply the identity by ${multiple}: `}
            <Formula tex={`${a}\\cdot ${factor(u * multiple)} + ${b}\\cdot ${factor(v * multiple)} = ${c}`} />.
          </Typography>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            Adding <Formula tex={`${b / gcd}`} /> to x and taking <Formula tex={`${a / gcd}`} /> from y keeps the sum,
            and these are all the solutions:{" "}
            <Formula
              tex={`x = ${solution.x0} + ${solution.xStep}t,\\quad y = ${solution.y0} - ${-solution.yStep}t \\quad (t \\in \\mathbb{Z}).`}
            />
          </Typography>
          <Typography variant="body2">
            The solution with the smallest x ≥ 0: x = {signed(solution.x0)}, y = {signed(solution.y0)}. Check:{" "}
            {combination(a, solution.x0, b, solution.y0)} = {signed(a * solution.x0 + b * solution.y0)}.
          </Typography>
        </>
      )}
    </Box>
  );
}

/** Euclid's algorithm with a line per remainder, each written as a·u + b·v, then Bézout and a·x + b·y = c. */
export default function EuclidTable(props: Attributes) {
  const [texts, setTexts] = useState<Record<FieldKey, string>>({
    a: String(props.a),
    b: String(props.b),
    c: String(props.c),
  });
  const [inputs, setInputs] = useState({ a: props.a, b: props.b, c: props.c });
  const euclid = useMemo(() => extendedEuclid(BigInt(inputs.a), BigInt(inputs.b)), [inputs.a, inputs.b]);
  // The first state, which the server shows, is the whole table: Reset and Step walk through it.
  const stepper = useStepper({ last: euclid.divisions.length, startAtEnd: true, delay: STEP_MILLISECONDS });
  const shown = stepper.step;
  const initialHeight = useMemo(() => reservedEuclidHeight(extendedEuclid(BigInt(props.a), BigInt(props.b))), [props]);

  const edit = (key: FieldKey, text: string) => {
    const next = { ...texts, [key]: text };
    setTexts(next);
    const { a, b, c } = readFields(FIELDS, attributes, next);
    if (typeof a === "number" && typeof b === "number" && typeof c === "number") {
      setInputs({ a, b, c });
      stepper.toEnd();
    }
  };

  return (
    <WidgetFrame
      title="Extended Euclidean algorithm"
      instructions="Each line is the line two above minus the quotient times the line above, so every remainder stays a combination a·u + b·v. Press Reset, then Step, to build the table; change a, b and c to try your own."
      minHeight={initialHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <AttributeFields
          fields={FIELDS}
          attributes={attributes}
          texts={texts}
          onChange={edit}
          width={{ xs: 150, sm: 190 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 1 }}>
        <StepperControls stepper={stepper} toEndLabel="To the end" resetLabel="Reset" />
      </Stack>
      <Typography aria-live="polite" sx={{ minHeight: "3em", overflowWrap: "anywhere" }}>
        {describeStep(euclid, shown)}
      </Typography>
      <EuclidLines euclid={euclid} shown={shown} />
      {shown === euclid.divisions.length && <Conclusions euclid={euclid} c={BigInt(inputs.c)} />}
    </WidgetFrame>
  );
}
