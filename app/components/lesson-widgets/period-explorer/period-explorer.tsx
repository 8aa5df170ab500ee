import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { writeDigits } from "#core/numtheory/base-digits";
import {
  expansionDigits,
  neighbourPrimePeriods,
  periodReport,
  type PeriodReport,
  type PrimePower,
} from "#core/numtheory/period-explorer";
import { Formula } from "#app/components/math/formula";
import { readFields } from "../read-whole";
import { AttributeFields } from "../whole-number-field";
import { WidgetFrame } from "../widget-frame";
import { attributes, type Attributes } from "./params";

/** Digits written out at most; a longer repetend is cut with "…". */
const DIGITS_SHOWN = 60;
const NEIGHBOURS = 8;

const FIELDS = [
  { key: "n", label: "Denominator n", help: "2 to 10⁹" },
  { key: "base", label: "Base b", help: "2 to 36" },
] as const;

type FieldKey = (typeof FIELDS)[number]["key"];

const powerTex = ({ prime, exponent }: PrimePower) => (exponent === 1 ? `${prime}` : `${prime}^{${exponent}}`);
const productTex = (factors: readonly PrimePower[]) => factors.map(powerTex).join(" \\cdot ");
/** "n = 12 = 2^{2} \cdot 3", or "n = 7 \text{ (prime)}". */
const factorizationTex = (name: string, value: number, factors: readonly PrimePower[]) =>
  factors.length === 1 && factors[0]?.exponent === 1
    ? `${name} = ${value} \\text{ (prime)}`
    : `${name} = ${value} = ${productTex(factors)}`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** 1/n written out: the digits before the repetition, then one copy of the repetend, overlined. */
function Expansion({ report }: { report: PeriodReport }) {
  const { n, base, preperiod, period } = report;
  const wanted = preperiod + period;
  const digits = writeDigits(expansionDigits(n, base, Math.min(wanted, DIGITS_SHOWN)));
  return (
    <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, flexWrap: "wrap", my: 1 }}>
      <Formula tex={`\\dfrac{1}{${n}} =`} />
      <Typography
        component="p"
        sx={{ fontFamily: "monospace", fontSize: "1.25rem", overflowWrap: "anywhere", wordBreak: "break-all", m: 0 }}
      >
        0.{digits.slice(0, preperiod)}
        {period > 0 && (
          <Box component="span" sx={{ textDecoration: "overline", textDecorationThickness: "2px" }}>
            {digits.slice(preperiod)}
          </Box>
        )}
        {wanted > DIGITS_SHOWN && "…"}
      </Typography>
      {base !== 10 && (
        <Typography variant="body2" color="text.secondary">
          in base {base}
        </Typography>
      )}
    </Box>
  );
}

/** Where the digits before the repetition come from: the primes n shares with the base. */
function PreperiodExplanation({ report }: { report: PeriodReport }) {
  const { base, sharedPrimes, preperiod } = report;
  if (sharedPrimes.length === 0) {
    return (
      <Typography component="li">
        No prime of n divides {base}, so there is no pre-period: the repetition starts right after the point.
      </Typography>
    );
  }
  return (
    <Typography component="li">
      Pre-period {preperiod}: {sharedPrimes.length === 1 ? "the prime" : "the primes"} that n shares with the base must
      be cleared by powers of {base}.{" "}
      {sharedPrimes.map(({ prime, exponent, exponentInBase, digitsNeeded }) => (
        <span key={prime}>
          <Formula tex={powerTex({ prime, exponent })} /> divides n and{" "}
          <Formula tex={powerTex({ prime, exponent: exponentInBase })} /> divides {base}, so it needs{" "}
          <Formula tex={`\\lceil ${exponent}/${exponentInBase} \\rceil = ${digitsNeeded}`} />{" "}
          {digitsNeeded === 1 ? "digit" : "digits"}.{" "}
        </span>
      ))}
      {sharedPrimes.length > 1 && `The largest of these, ${preperiod}, is the pre-period.`}
    </Typography>
  );
}

/** Where the length of the repetend comes from: the order of the base modulo the rest of n. */
function PeriodExplanation({ report }: { report: PeriodReport }) {
  const { base, coprimePart, period, preperiod, primePowerPeriods, sharedPrimes } = report;
  if (period === 0) {
    return (
      <Typography component="li">
        Every prime of n divides {base}, so nothing is left over: 1/n terminates after {plural(preperiod, "digit")}.
      </Typography>
    );
  }
  const single = primePowerPeriods.length === 1 && primePowerPeriods[0]?.exponent === 1;
  // With no shared primes, m is n itself.
  const rest = `m = ${sharedPrimes.length === 0 ? "n = " : ""}${coprimePart}${single ? "" : ` = ${productTex(primePowerPeriods)}`}`;
  return (
    <Typography component="li">
      {sharedPrimes.length === 0 ? "Nothing to remove, so " : "Without those primes, n leaves "}
      <Formula tex={rest} />
      {sharedPrimes.length === 0 ? " sets the period" : ", which sets the period"}: the least k with{" "}
      <Formula tex={`${base}^k \\equiv 1 \\pmod{${coprimePart}}`} />, that is{" "}
      <Formula tex={`\\operatorname{ord}_{${coprimePart}}(${base}) = ${period}`} />.
      {primePowerPeriods
        .filter(({ exponent }) => exponent > 1)
        .map((factor) => (
          <span key={factor.prime}>
            {" "}
            For comparison, <Formula tex={`1/${factor.prime}`} /> has period {factor.primePeriod}, and{" "}
            <Formula tex={`1/${powerTex(factor)}`} /> has{" "}
            {factor.period === factor.primePeriod
              ? "the same period: a rare exception, since 1/p² usually has p times the period of 1/p."
              : `${factor.period / factor.primePeriod} times as long a period.`}
          </span>
        ))}
      {primePowerPeriods.length > 1 && (
        <>
          {" "}
          Prime power by prime power:{" "}
          {primePowerPeriods.map((factor, index) => (
            <span key={factor.prime}>
              {index > 0 && ", "}
              <Formula tex={`1/${powerTex(factor)}`} /> has period {factor.period}
            </span>
          ))}
          ; the period of 1/n is their lcm,{" "}
          <Formula
            tex={`\\operatorname{lcm}(${primePowerPeriods.map((factor) => factor.period).join(", ")}) = ${period}`}
          />
          .
        </>
      )}
    </Typography>
  );
}

function PrimeVerdict({ report }: { report: PeriodReport }) {
  const { n, base, factors, period, fullReptendPrime } = report;
  const prime = factors.length === 1 && factors[0]?.exponent === 1;
  if (!prime) return null;
  if (base % n === 0) {
    return (
      <Typography component="li">
        {n} is prime, but it divides {base}, so 1/{n} simply terminates.
      </Typography>
    );
  }
  return (
    <Typography component="li">
      {n} is prime, so the period divides <Formula tex={`${n} - 1 = ${n - 1}`} />
      {fullReptendPrime ? (
        <>
          . Here it is all of {n - 1}:{" "}
          <strong>
            {n} is a full-reptend prime in base {base}
          </strong>
          .
        </>
      ) : (
        <>
          {" "}
          (<Formula tex={`${n - 1} = ${period} \\cdot ${(n - 1) / period}`} />
          ). It is shorter than {n - 1}, so {n} is not a full-reptend prime in base {base}.
        </>
      )}
    </Typography>
  );
}

/**
 * The height to keep before hydration, so the page does not move: a linear fit to the heights measured
 * at 344 px wide (the narrowest layout) by lines of digits and items of explanation, plus a margin.
 */
function reservedHeight(report: PeriodReport): string {
  const digitLines = Math.ceil((Math.min(report.preperiod + report.period, DIGITS_SHOWN) + 3) / 24);
  const squared = report.primePowerPeriods.filter(({ exponent }) => exponent > 1).length;
  const prime = report.factors.length === 1 && report.factors[0]?.exponent === 1 ? 1 : 0;
  const estimate =
    760 +
    127 * digitLines +
    81 * report.sharedPrimes.length +
    22 * report.primePowerPeriods.length +
    78 * squared +
    126 * prime;
  return `${estimate + 60}px`;
}

function NeighbourTable({ n, base }: { n: number; base: number }) {
  const rows = useMemo(() => neighbourPrimePeriods(n, base, NEIGHBOURS), [n, base]);
  return (
    <Box sx={{ overflowX: "auto", mt: 2 }} tabIndex={0} role="region" aria-label="Periods of nearby primes">
      <Table size="small" aria-label={`Periods of 1/p in base ${base} for the primes nearest ${n}`}>
        <TableHead>
          <TableRow>
            <TableCell>Prime p</TableCell>
            <TableCell align="right">Period</TableCell>
            <TableCell align="right">(p − 1) ÷ period</TableCell>
            <TableCell>Full reptend</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ prime, period, fullReptend }) => (
            <TableRow key={prime} selected={prime === n}>
              <TableCell>{prime}</TableCell>
              <TableCell align="right">{period}</TableCell>
              <TableCell align="right">{(prime - 1) / period}</TableCell>
              <TableCell>{fullReptend ? "yes" : "no"}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The pre-period and the period of 1/n in base b, each explained: the primes n shares with b give
 * the digits before the repetition, the order of b modulo the rest of n gives its length.
 */
export default function PeriodExplorer(props: Attributes) {
  const [texts, setTexts] = useState<Record<FieldKey, string>>({ n: String(props.n), base: String(props.base) });
  const [inputs, setInputs] = useState({ n: props.n, base: props.base });
  const report = useMemo(() => periodReport(inputs.n, inputs.base), [inputs]);
  // Fixed by the lesson's attributes: the reader's later changes may resize the widget, not the first paint.
  const [minHeight] = useState(() => reservedHeight(report));

  const edit = (key: FieldKey, text: string) => {
    const next = { ...texts, [key]: text };
    setTexts(next);
    const { n, base } = readFields(FIELDS, attributes, next);
    if (typeof n === "number" && typeof base === "number") setInputs({ n, base });
  };

  const { n, base, factors, baseFactors, preperiod, period } = report;
  return (
    <WidgetFrame
      title="Pre-period and period of 1/n"
      instructions="Type any n and base. Try n = 7, 12, 13, 21, 49 and 487, or n = 3 in base 2."
      minHeight={minHeight}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mb: 1 }}>
        <AttributeFields
          fields={FIELDS}
          attributes={attributes}
          texts={texts}
          onChange={edit}
          width={{ xs: 130, sm: 170 }}
        />
      </Stack>
      <Box aria-live="polite">
        <Expansion report={report} />
        <Typography sx={{ fontWeight: 700 }}>
          Pre-period {preperiod}, period {period === 0 ? "0 (it terminates)" : period}
          {preperiod + period > DIGITS_SHOWN ? `; the first ${DIGITS_SHOWN} digits are shown` : ""}.
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 1, "& li": { mb: 1 } }}>
          <Typography component="li">
            <Formula tex={factorizationTex("n", n, factors)} /> and{" "}
            <Formula tex={factorizationTex("b", base, baseFactors)} />.
          </Typography>
          <PreperiodExplanation report={report} />
          <PeriodExplanation report={report} />
          <PrimeVerdict report={report} />
        </Box>
      </Box>
      <Typography variant="subtitle2" component="p" sx={{ mt: 2 }}>
        Periods for the primes nearest {n} (not dividing {base})
      </Typography>
      <NeighbourTable n={n} base={base} />
    </WidgetFrame>
  );
}
