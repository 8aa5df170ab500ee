import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { digitSymbol, writeDigits } from "#core/numtheory/base-digits";
import {
  cyclicNumber,
  fullReptendStatus,
  nearestFullReptendPrimes,
  type CyclicNumber,
} from "#core/numtheory/cyclic-number";
import { Formula } from "#app/components/math/formula";
import { readFields } from "../read-whole";
import { StepperControls } from "../stepper-controls";
import { useStepper } from "../use-stepper";
import { AttributeFields } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import { DigitRing, LARGE_RING_DIGITS } from "./digit-ring";
import { attributes, type Attributes } from "./params";

const STEP_MILLISECONDS = 1600;

const FIELDS = [
  { key: "p", label: "Prime p", help: "2 to 100" },
  { key: "base", label: "Base b", help: "2 to 16" },
] as const;

type FieldKey = (typeof FIELDS)[number]["key"];

/** Why p has no cyclic number in this base, and the nearest primes that do. */
function NotCyclic({ p, base, choose }: { p: number; base: number; choose: (p: number) => void }) {
  const status = fullReptendStatus(p, base);
  const { below, above } = nearestFullReptendPrimes(p, base);
  const reason =
    status.kind === "not-prime"
      ? `${p} is not prime, and cyclic numbers come from primes.`
      : status.kind === "divides-base"
        ? `${p} divides the base ${base}, so 1/${p} terminates in base ${base}: there is no repetend at all.`
        : status.kind === "short-period"
          ? `The period of 1/${p} in base ${base} is ${status.period}, not ${p - 1}: ${p} is not a full-reptend prime in base ${base}. The multiples of the repetend fall into ${(p - 1) / status.period} different rings instead of one.`
          : "";
  const suggestions = [below, above].filter((q): q is number => q !== null);
  const root = Math.round(Math.sqrt(base));
  return (
    <Box aria-live="polite">
      <Typography sx={{ mb: 1 }}>{reason}</Typography>
      {suggestions.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <Typography>Nearest full-reptend {suggestions.length === 1 ? "prime" : "primes"}:</Typography>
          {suggestions.map((q) => (
            <Button key={q} variant="outlined" color="inherit" onClick={() => choose(q)} sx={{ textTransform: "none" }}>
              Try p = {q}
            </Button>
          ))}
        </Stack>
      ) : (
        <Typography>
          No prime up to 100 is full-reptend in base {base}.
          {root * root === base &&
            ` A square base never has one: ${base} = ${root}², a square modulo every p, and a square has order dividing (p − 1)/2.`}
        </Typography>
      )}
    </Box>
  );
}

function MultiplesTable({ cyclic, upTo }: { cyclic: CyclicNumber; upTo: number }) {
  const { prime, base, multiples } = cyclic;
  const nines = digitSymbol(base - 1).repeat(prime - 1);
  return (
    <Box sx={{ overflow: "auto", maxHeight: 260, mt: 2 }} tabIndex={0} role="region" aria-label="Multiples so far">
      <Table size="small" stickyHeader aria-label={`Multiples of the cyclic number of ${prime}, from 1 to ${upTo}`}>
        <TableHead>
          <TableRow>
            <TableCell>k</TableCell>
            <TableCell>k × C</TableCell>
            <TableCell>Turned by</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {multiples.slice(0, upTo).map(({ multiplier, digits, shift }) => (
            <TableRow key={multiplier} selected={multiplier === upTo}>
              <TableCell>{multiplier}</TableCell>
              <TableCell sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>{writeDigits(digits)}</TableCell>
              <TableCell>{shift === 1 ? "1 place" : `${shift} places`}</TableCell>
            </TableRow>
          ))}
          {upTo === prime && (
            <TableRow selected>
              <TableCell>{prime}</TableCell>
              <TableCell sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>{nines}</TableCell>
              <TableCell>not a rotation</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Up to this many digits the products are written in full in the sentence; longer ones live in the table. */
const SENTENCE_DIGITS = 18;

/** What the current multiple is, in words and formulas. */
function MultipleStatus({ cyclic, k }: { cyclic: CyclicNumber; k: number }) {
  const { prime, base, digits, multiples } = cyclic;
  const short = digits.length <= SENTENCE_DIGITS;
  const name = short ? writeDigits(digits) : "C";
  const multiple = multiples[k - 1];
  if (!multiple) {
    const nines = digitSymbol(base - 1).repeat(prime - 1);
    return (
      <>
        {prime} × {name} = {short ? nines : `${prime - 1} digits ${digitSymbol(base - 1)}`}: no rotation this time,
        because{" "}
        <Formula tex={`${prime} \\cdot \\frac{${base}^{${prime - 1}} - 1}{${prime}} = ${base}^{${prime - 1}} - 1`} />
        {base === 10 ? ", all nines." : `, all digits ${digitSymbol(base - 1)} (the largest digit in base ${base}).`}
      </>
    );
  }
  const product = short ? writeDigits(multiple.digits) : "";
  if (k === 1) {
    return (
      <>
        1 × {name} is {name} itself: the ring read from its own first digit, marked by the dot.
      </>
    );
  }
  const count = (word: string) => `${multiple.shift} ${word}${multiple.shift === 1 ? "" : "s"}`;
  const moved = count("place");
  return (
    <>
      {k} × {name} = {short ? product : `C with its first ${count("digit")} moved to the end`}: the same ring, read
      starting {moved} after C’s own first digit (the dot), because{" "}
      <Formula tex={`${k} \\equiv ${base}^{${multiple.shift}} \\pmod{${prime}}`} />.
    </>
  );
}

/**
 * The cyclic number C = (b^(p−1) − 1)/p of a full-reptend prime, multiplied by k = 1 … p − 1: each
 * product is C's ring of digits read from another place. At k = p the ring fills with the largest digit.
 */
export default function CyclicNumberWidget(props: Attributes) {
  const [texts, setTexts] = useState<Record<FieldKey, string>>({ p: String(props.p), base: String(props.base) });
  const [inputs, setInputs] = useState({ p: props.p, base: props.base });
  const cyclic = useMemo(() => cyclicNumber(inputs.p, inputs.base), [inputs]);
  const { p, base } = inputs;
  const stepper = useStepper({ first: 1, last: p, delay: STEP_MILLISECONDS });
  const k = stepper.step;
  // Measured at 344 px wide, the narrowest layout, with a margin; fixed by the lesson's attributes.
  const [minHeight] = useState(() => (cyclic === null ? "500px" : p - 1 > LARGE_RING_DIGITS ? "1260px" : "1100px"));

  const apply = (next: Record<FieldKey, string>) => {
    setTexts(next);
    const read = readFields(FIELDS, attributes, next);
    if (typeof read.p === "number" && typeof read.base === "number") {
      setInputs({ p: read.p, base: read.base });
      stepper.reset();
    }
  };

  const multiple = cyclic?.multiples[k - 1];
  const ringDigits = cyclic ? (multiple ? cyclic.digits : cyclic.digits.map(() => base - 1)) : [];
  // At k = p the ring keeps its last position: the nines have no start of their own.
  const start = multiple?.shift ?? cyclic?.multiples.at(-1)?.shift ?? 0;

  return (
    <WidgetFrame
      title="A cyclic number and its multiples"
      instructions="Step through k = 1, 2, …: each product is the same ring of digits, turned. Then try p = 17 or 19, or p = 11 in base 2."
      minHeight={minHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 1 }}>
        <AttributeFields
          fields={FIELDS}
          attributes={attributes}
          texts={texts}
          onChange={(key, text) => apply({ ...texts, [key]: text })}
          width={{ xs: 130, sm: 150 }}
        />
      </Stack>
      {cyclic === null ? (
        <NotCyclic p={p} base={base} choose={(q) => apply({ ...texts, p: String(q) })} />
      ) : (
        <>
          <Typography sx={{ overflowWrap: "anywhere" }}>
            <Formula tex={`C = \\dfrac{${base}^{${p - 1}} - 1}{${p}}`} />
            {base === 10 ? " = " : ` written in base ${base}: `}
            <Box component="span" sx={{ fontFamily: "monospace", fontSize: "1.15rem", wordBreak: "break-all" }}>
              {writeDigits(cyclic.digits)}
            </Box>
            {cyclic.digits[0] === 0 && ` (leading zeros kept: it is the repetend of 1/${p})`}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", my: 2 }}>
            <StepperControls stepper={stepper} resetLabel="Reset" />
          </Stack>
          <Typography aria-live="polite" sx={{ minHeight: "4.5em", overflowWrap: "anywhere" }}>
            <MultipleStatus cyclic={cyclic} k={k} />
          </Typography>
          <DigitRing
            key={`${p}-${base}`}
            digits={ringDigits}
            start={start}
            label={`× ${k}`}
            description={`The ${p - 1} digits of C on a circle, turned so that reading clockwise from the top gives ${k} × C = ${writeDigits(ringDigits.slice(start).concat(ringDigits.slice(0, start)))}. The table below lists every multiple so far.`}
          />
          <MultiplesTable cyclic={cyclic} upTo={k} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Why: the remainders of <Formula tex={`${base}^1, ${base}^2, \\ldots, ${base}^{${p - 1}}`} /> on division by{" "}
            {p} are the numbers 1 to {p - 1}, each once, and k/{p} is 1/{p} read from the place where remainder k turns
            up. The multiplier k is written in base ten{base === 10 ? "" : `, the digits in base ${base}`}.
          </Typography>
        </>
      )}
    </WidgetFrame>
  );
}
