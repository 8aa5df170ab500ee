import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useId } from "react";
import { SourceLinks } from "./source-links";

export interface RecordPoint {
  year: number;
  digits: number;
  number: string;
  mersenne: boolean;
}

const WIDTH = 720;
const HEIGHT = 380;
const MARGIN = { top: 36, right: 20, bottom: 44, left: 92 };
const FIRST_YEAR = 1860;
const LAST_YEAR = 2030;
/** Powers of ten on the digit axis: 10 to 10^8 digits. */
const DECADES = [1, 2, 3, 4, 5, 6, 7, 8];

const x = (year: number) =>
  MARGIN.left + ((year - FIRST_YEAR) / (LAST_YEAR - FIRST_YEAR)) * (WIDTH - MARGIN.left - MARGIN.right);
const y = (digits: number) =>
  HEIGHT -
  MARGIN.bottom -
  ((Math.log10(digits) - DECADES[0]!) / (DECADES.at(-1)! - DECADES[0]!)) * (HEIGHT - MARGIN.top - MARGIN.bottom);

const digitLabel = (power: number) =>
  power >= 6 ? `${10 ** (power - 6)} million` : (10 ** power).toLocaleString("en");

/**
 * The digits of the largest known prime against the year, on a log scale: a step line (a record
 * stands until the next) with a dot per record, filled for Mersenne primes. Drawn as SVG on the
 * server with the theme's colour variables, so it needs no script and follows the colour scheme;
 * the same data follow as a table for screen readers and anyone who wants the numbers.
 */
export function RecordChart({ records, sources }: { records: readonly RecordPoint[]; sources: readonly string[] }) {
  const titleId = useId();
  const descriptionId = useId();
  const steps = records
    .map((record, index) => {
      const next = records[index + 1];
      const to = next ? x(next.year) : x(LAST_YEAR - 5);
      return `${index === 0 ? "M" : "L"}${x(record.year).toFixed(1)},${y(record.digits).toFixed(1)}H${to.toFixed(1)}`;
    })
    .join("");
  const last = records.at(-1);
  return (
    <Box component="figure" sx={{ m: 0, maxWidth: 860 }}>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        sx={{ width: "100%", height: "auto", display: "block", color: "text.primary", fontSize: 13 }}
      >
        <title id={titleId}>Digits of the largest known prime, by year</title>
        <desc id={descriptionId}>
          {`A log-scale chart of ${records.length} records from ${records[0]?.year ?? ""} to ${last?.year ?? ""}, ` +
            `rising from ${records[0]?.digits ?? 0} digits to ${last?.digits.toLocaleString("en") ?? 0}. The table below lists them.`}
        </desc>
        {DECADES.map((power) => (
          <g key={power}>
            <line
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(10 ** power)}
              y2={y(10 ** power)}
              stroke="var(--mui-palette-divider)"
            />
            <text x={MARGIN.left - 8} y={y(10 ** power)} textAnchor="end" dominantBaseline="middle" fill="currentColor">
              {digitLabel(power)}
            </text>
          </g>
        ))}
        {Array.from({ length: Math.floor((LAST_YEAR - FIRST_YEAR) / 20) + 1 }, (_, i) => FIRST_YEAR + 20 * i).map(
          (year) => (
            <g key={year}>
              <line
                x1={x(year)}
                x2={x(year)}
                y1={MARGIN.top}
                y2={HEIGHT - MARGIN.bottom}
                stroke="var(--mui-palette-divider)"
              />
              <text x={x(year)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" fill="currentColor">
                {year}
              </text>
            </g>
          ),
        )}
        <text x={MARGIN.left} y={HEIGHT - 6} fill="currentColor">
          Year
        </text>
        <text x={MARGIN.left - 8} y={12} fill="currentColor" textAnchor="end" dominantBaseline="hanging">
          Digits
        </text>
        <path d={steps} fill="none" stroke="var(--mui-palette-primary-main)" strokeWidth={2} />
        {records.map((record) => (
          <circle
            key={`${record.year}-${record.number}`}
            cx={x(record.year)}
            cy={y(record.digits)}
            r={4}
            fill={record.mersenne ? "var(--mui-palette-primary-main)" : "var(--mui-palette-background-paper)"}
            stroke="var(--mui-palette-primary-main)"
            strokeWidth={2}
          >
            <title>{`${record.number}: ${record.digits.toLocaleString("en")} digits (${record.year})`}</title>
          </circle>
        ))}
      </Box>
      <Box component="figcaption" sx={{ mt: 1, color: "text.secondary", typography: "body2" }}>
        Filled dots are Mersenne primes, open dots other forms. Each step lasts until the next record.
        {sources.length > 0 && (
          <>
            {" "}
            Sources: <SourceLinks addresses={sources} />.
          </>
        )}
      </Box>
      <Box component="details" sx={{ mt: 1 }}>
        <summary>The records as a table</summary>
        <Table size="small" aria-label="Largest known prime by year">
          <TableHead>
            <TableRow>
              <TableCell>Year</TableCell>
              <TableCell>Prime</TableCell>
              <TableCell align="right">Digits</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={`${record.year}-${record.number}`}>
                <TableCell>{record.year}</TableCell>
                <TableCell>{record.number}</TableCell>
                <TableCell align="right">{record.digits.toLocaleString("en")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
