import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import type { NumberFacts } from "#core/numtheory/number-facts";
import { courseChapters } from "#app/chapters";
import { Formula } from "../math/formula";
import { LabelledCell, TableRegion } from "../table-region";

/** The chapters that teach each property (slugs of app/chapters.ts). */
export const chapterFor = {
  divisors: "atomic-model-of-numbers",
  orders: "exponential-remainders",
  periods: "periods-and-primes",
  algebra: "fundamentals-of-algebra",
} as const;

type Topic = keyof typeof chapterFor;

interface FactRow {
  name: string;
  tex: string;
  value: ReactNode;
  topic: Topic;
  /** What the chapter link says it explains, when not the name. */
  about?: string;
}

const mobiusMeaning = {
  "-1": "squarefree, odd number of prime factors",
  "0": "divisible by a square > 1",
  "1": "squarefree, even number of prime factors",
};

const abundanceMeaning = {
  perfect: "perfect: σ(n) = 2n",
  abundant: "abundant: σ(n) > 2n",
  deficient: "deficient: σ(n) < 2n",
};

const digitsStyle = { fontFamily: "monospace", overflowWrap: "anywhere" } as const;

function Digits({ value }: { value: bigint | number }) {
  return (
    <Box component="span" sx={digitsStyle}>
      {value.toString()}
    </Box>
  );
}

function twoSquaresValue({ twoSquares }: NumberFacts): ReactNode {
  if (twoSquares.count === 0n) return `None: ${twoSquares.obstruction ?? "no representation exists"}`;
  const shown = twoSquares.representations;
  const more = twoSquares.count > BigInt(shown.length);
  return (
    <>
      <Box component="span" sx={digitsStyle}>
        {shown.map(([a, b]) => `${a}² + ${b}²`).join("; ")}
      </Box>
      {more ? ` … ${twoSquares.count} ways in all` : shown.length > 1 ? ` (${shown.length} ways)` : ""}
    </>
  );
}

function decimalValue(n: bigint, { decimal }: NumberFacts): ReactNode {
  const expansion = (
    <Box component="span" sx={digitsStyle}>
      1/{n.toString()} = {decimal.expansion}
    </Box>
  );
  if (decimal.period === 0n)
    return (
      <>
        terminates after {decimal.preperiod} digits: {expansion}
      </>
    );
  const period =
    decimal.period === null ? "period unknown (a p − 1 could not be factored in time)" : `period ${decimal.period}`;
  const before = decimal.preperiod > 0 ? ` after ${decimal.preperiod} non-repeating digits` : "";
  return (
    <>
      {period}
      {before}: {expansion}
    </>
  );
}

function rows(n: bigint, facts: NumberFacts): FactRow[] {
  return [
    { name: "Number of divisors", tex: "\\tau(n)", value: <Digits value={facts.divisorCount} />, topic: "divisors" },
    { name: "Sum of divisors", tex: "\\sigma(n)", value: <Digits value={facts.divisorSum} />, topic: "divisors" },
    { name: "Euler's totient", tex: "\\varphi(n)", value: <Digits value={facts.phi} />, topic: "orders" },
    { name: "Carmichael function", tex: "\\lambda(n)", value: <Digits value={facts.lambda} />, topic: "orders" },
    {
      name: "Möbius function",
      tex: "\\mu(n)",
      value: `${facts.mobius} (${mobiusMeaning[String(facts.mobius) as keyof typeof mobiusMeaning]})`,
      topic: "divisors",
    },
    { name: "Distinct prime factors", tex: "\\omega(n)", value: facts.omega, topic: "divisors" },
    { name: "Prime factors with multiplicity", tex: "\\Omega(n)", value: facts.bigOmega, topic: "divisors" },
    { name: "Radical", tex: "\\operatorname{rad}(n)", value: <Digits value={facts.radical} />, topic: "divisors" },
    {
      name: "Perfect, abundant or deficient",
      tex: "\\sigma(n) \\gtrless 2n",
      value: abundanceMeaning[facts.abundance],
      topic: "divisors",
    },
    { name: "Sums of two squares", tex: "a^2 + b^2", value: twoSquaresValue(facts), topic: "algebra" },
    {
      name: "Decimal period of",
      tex: "1/n",
      value: decimalValue(n, facts),
      topic: "periods",
      about: "the decimal period of 1/n",
    },
  ];
}

/** The arithmetic functions of n, each with a link to the chapter that explains it. */
export function NumberFactsTable({ n, facts, labelledBy }: { n: bigint; facts: NumberFacts; labelledBy: string }) {
  return (
    <TableRegion labelledBy={labelledBy}>
      <Table size="small" role="table">
        <TableHead role="rowgroup">
          <TableRow role="row">
            <TableCell role="columnheader">Property</TableCell>
            <TableCell role="columnheader">Value</TableCell>
            <TableCell role="columnheader">Learn more</TableCell>
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {rows(n, facts).map((row) => {
            const chapter = courseChapters.find((entry) => entry.slug === chapterFor[row.topic]);
            return (
              <TableRow key={row.name} role="row">
                <LabelledCell label="Property">
                  {row.name}{" "}
                  <Box component="span" sx={{ whiteSpace: "nowrap" }}>
                    <Formula tex={row.tex} />
                  </Box>
                </LabelledCell>
                <LabelledCell label="Value" sx={{ overflowWrap: "anywhere" }}>
                  {row.value}
                </LabelledCell>
                <LabelledCell label="Learn more">
                  {chapter && (
                    <Link
                      component={RouterLink}
                      to={`/chapter/${chapter.slug}`}
                      aria-label={`${chapter.title}: the chapter on ${row.about ?? row.name.toLowerCase()}`}
                    >
                      {chapter.title}
                    </Link>
                  )}
                </LabelledCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
