import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { type ReactNode, useMemo, useState } from "react";
import { squareAndMultiply, type SquareAndMultiply, type SquaringStep } from "#core/numtheory/square-and-multiply";
import { Formula } from "#app/components/math/formula";
import { readWhole } from "../read-whole";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { WholeNumberField } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import { describeExponentProblem, type Attributes } from "./params";

const BOUNDS = { a: { min: 0n, max: 1_000_000_000n }, m: { min: 2n, max: 1_000_000_000n } } as const;
const STEP_MILLISECONDS = 900;

const grouped = (n: bigint | number) => n.toLocaleString("en-GB");

function readExponent(text: string): bigint | string {
  return describeExponentProblem(text) === null ? BigInt(text.trim()) : "Type a whole number from 0 to 10¹⁸.";
}

const tableStyles = ({ vars, palette }: Theme) => {
  const colors = vars?.palette ?? palette;
  return {
    borderCollapse: "collapse",
    fontVariantNumeric: "tabular-nums",
    "& th, & td": { px: 0.75, py: 0.5, textAlign: "right", borderBottom: `1px solid ${colors.divider}` },
    "& thead th": { fontWeight: 700, verticalAlign: "bottom", whiteSpace: "nowrap" },
    "& tr.used td, & tr.used th": { fontWeight: 700 },
    "& tr.latest": { outline: `2px solid ${colors.text.primary}`, outlineOffset: "-2px" },
    "& tr.pending td": { color: colors.text.secondary },
  };
};

/** "= 49 ≡ 9", or just "= 9" when the product is already below m. */
const reduction = (product: bigint, remainder: bigint) =>
  product === remainder ? `= ${product}` : `= ${product} \\equiv ${remainder}`;

/** What happened in one row, said in full. */
function describeStep(run: SquareAndMultiply, step: SquaringStep, before: SquaringStep | undefined) {
  const { a, m } = run;
  const power = `${a}^{${step.i === 0 ? 1 : `2^{${step.i}}`}}`;
  const squaring = before
    ? `${power} \\equiv ${before.square}^2 ${reduction(before.square * before.square, step.square)} \\pmod{${m}}`
    : `${power} \\equiv ${step.square} \\pmod{${m}}`;
  const productBefore = before?.product ?? 1n;
  const firstOne = (before?.exponentSoFar ?? 0n) === 0n;
  let multiply: ReactNode;
  if (!step.multiplied) multiply = ` Bit ${step.i} of the exponent is 0: this square is not used.`;
  else if (firstOne) multiply = ` Bit ${step.i} is the first 1: the running product starts as ${step.square}.`;
  else {
    multiply = (
      <>
        {" "}
        Bit {step.i} is 1: multiply it in,{" "}
        <Formula
          tex={`${productBefore} \\cdot ${step.square} ${reduction(productBefore * step.square, step.product)}`}
        />
        , and the product is now <Formula tex={`${a}^{${step.exponentSoFar}} \\bmod ${m}`} />.
      </>
    );
  }
  return (
    <>
      <Formula tex={squaring} />.{multiply}
    </>
  );
}

function StepTable({ run, shown }: { run: SquareAndMultiply; shown: number }) {
  return (
    <Box sx={{ overflowX: "auto", mb: 2 }} tabIndex={0} role="region" aria-label="Table of squarings, scrolls sideways">
      <Box component="table" sx={tableStyles}>
        <caption style={{ captionSide: "top", textAlign: "left", paddingBottom: 4 }}>The squarings, row by row</caption>
        <thead>
          <tr>
            <th scope="col">i</th>
            <th scope="col">bit</th>
            <th scope="col">
              <Formula tex={`${run.a}^{2^i} \\bmod ${run.m}`} />
            </th>
            <th scope="col">used?</th>
            <th scope="col">product</th>
          </tr>
        </thead>
        <tbody>
          {run.steps.map((step, index) => {
            const done = index < shown;
            const className = [
              done ? "" : "pending",
              done && step.multiplied ? "used" : "",
              index === shown - 1 ? "latest" : "",
            ]
              .join(" ")
              .trim();
            return (
              <tr key={step.i} className={className || undefined}>
                <th scope="row">{step.i}</th>
                <td>{step.bit}</td>
                <td>{done ? String(step.square) : "…"}</td>
                <td>{done ? (step.multiplied ? "yes" : "no") : "…"}</td>
                <td>{done ? String(step.product) : "…"}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}

/**
 * a^e mod m the fast way: the binary digits of e pick which squares a, a², a⁴, a⁸, … go into the
 * product. The table fills in one row per step, and the count of multiplications is set against e − 1.
 */
export default function SquareAndMultiplyWidget(props: Attributes) {
  const [texts, setTexts] = useState({ a: String(props.a), e: props.e, m: String(props.m) });
  const [inputs, setInputs] = useState({ a: BigInt(props.a), e: BigInt(props.e), m: BigInt(props.m) });
  const run = useMemo(() => squareAndMultiply(inputs.a, inputs.e, inputs.m), [inputs]);
  const total = run.steps.length;
  const stepper = useStepper({ last: total, delay: STEP_MILLISECONDS });
  const shown = stepper.step;

  const reads = { a: readWhole(texts.a, BOUNDS.a), e: readExponent(texts.e), m: readWhole(texts.m, BOUNDS.m) };
  const edit = (field: keyof typeof texts, text: string) => {
    const next = { ...texts, [field]: text };
    setTexts(next);
    const a = readWhole(next.a, BOUNDS.a);
    const e = readExponent(next.e);
    const m = readWhole(next.m, BOUNDS.m);
    if (typeof a === "bigint" && typeof e === "bigint" && typeof m === "bigint") {
      setInputs({ a, e, m });
      stepper.reset();
    }
  };

  const { a, e, m } = run;
  const ones = run.steps.filter((step) => step.multiplied);
  const sumOfPowers = ones
    .map((step) => `2^{${step.i}}`)
    .reverse()
    .join(" + ");
  const latest = run.steps[shown - 1];
  const fields = [
    { key: "a", label: "Base a", hint: "0 to 10⁹", width: 135 },
    { key: "m", label: "Modulus m", hint: "2 to 10⁹", width: 135 },
    { key: "e", label: "Exponent e", hint: "0 to 10¹⁸", width: 230 },
  ] as const;
  const fast = run.squarings + run.products;
  // Measured in Chromium: about 31 px a row, 24 px a line of the binary sentence (22 characters a
  // line at 360 px, 80 at the full column). Between the two widths the chord stays above the curve.
  const sentence = 2 * e.toString().length + run.binary.length + 5 * ones.length + 30;
  const narrow = 680 + 31 * total + 24 * Math.ceil(sentence / 22);
  const wide = 490 + 30 * total + 24 * Math.ceil(sentence / 80);
  const minHeight = `max(${wide}px, calc(${narrow}px + (360px - 100vw) * ${((narrow - wide) / 920).toFixed(3)}))`;

  return (
    <WidgetFrame
      title="Square-and-multiply"
      instructions="Step through the rows: each squares the row above, and the rows whose bit is 1 go into the product. Try a huge exponent such as 10¹⁸."
      minHeight={minHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        {fields.map(({ key, label, hint, width }) => (
          <WholeNumberField
            key={key}
            label={label}
            value={texts[key]}
            onChange={(text) => edit(key, text)}
            reading={reads[key]}
            hint={hint}
            width={width}
          />
        ))}
      </Stack>
      <Typography sx={{ mb: 1, overflowWrap: "anywhere" }}>
        The exponent in binary: <Formula tex={`${e} = ${run.binary}_2`} />
        {ones.length > 0 && (
          <>
            , that is <Formula tex={`${e} = ${sumOfPowers}`} />
          </>
        )}
        .
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mb: 2 }}>
        <StepperControls stepper={stepper} toEndLabel="Show all" resetLabel="Start over" />
      </Stack>
      <Typography aria-live="polite" sx={{ mb: 2, minHeight: "3.5em" }}>
        {total === 0 ? (
          <>
            The exponent is 0, so the answer is <Formula tex={`${a}^0 = 1`} /> with no multiplication at all.
          </>
        ) : latest === undefined ? (
          `Press Step to square your way up from ${a}, one row per binary digit of the exponent.`
        ) : (
          <>
            Row {latest.i}: {describeStep(run, latest, run.steps[shown - 2])}
            {shown === total && (
              <>
                {" "}
                Done: <Formula tex={`${a}^{${e}} \\equiv ${run.result} \\pmod{${m}}`} />.
              </>
            )}
          </>
        )}
      </Typography>
      {total > 0 && <StepTable run={run} shown={shown} />}
      <Typography aria-live="polite">
        {total === 0
          ? "One factor at a time would not multiply either."
          : `Square-and-multiply: ${run.squarings} ${run.squarings === 1 ? "squaring" : "squarings"} and ${run.products} ${run.products === 1 ? "product" : "products"}, ${fast} ${fast === 1 ? "multiplication" : "multiplications"} in all. One factor at a time: ${grouped(run.naiveMultiplications)} ${run.naiveMultiplications === 1n ? "multiplication" : "multiplications"}.`}
      </Typography>
    </WidgetFrame>
  );
}
