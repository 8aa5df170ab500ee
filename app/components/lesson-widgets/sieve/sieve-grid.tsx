import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import type { SieveState } from "#core/numtheory/sieve-steps";
import { PRIME_COLOUR_COUNT, primeColour } from "../atom/prime-colours";

/** A cell's side in viewBox units, and its largest size on screen in px. */
export const SIEVE_CELL = 40;
const GAP = 3;

/** Ten to a row shows the multiples of 2, 5 and 10 as columns; above 100, twenty keeps the grid square-ish. */
export function sieveColumns(limit: number): number {
  return limit <= 100 ? 10 : 20;
}

const gridStyles = (theme: Theme) => {
  const colors = theme.vars?.palette ?? theme.palette;
  const styles: Record<string, object> = {
    "& rect": { fill: colors.background.paper, stroke: colors.divider, strokeWidth: 1 },
    "& text": { fill: colors.text.primary, fontSize: 15, fontFamily: "monospace" },
    "& .one text, & .crossed text": { fill: colors.text.secondary },
    "& .crossed line": { strokeWidth: 3, strokeLinecap: "round" },
    "& .prime rect": { fill: colors.primary.main, stroke: colors.primary.main },
    "& .prime text": { fill: colors.primary.contrastText, fontWeight: 700 },
    "& .touched rect": { stroke: colors.text.primary, strokeWidth: 3 },
    "& .current rect": { stroke: colors.text.primary, strokeWidth: 4, strokeDasharray: "6 3" },
  };
  for (let k = 0; k < PRIME_COLOUR_COUNT; k++) {
    styles[`& .slash-${k}`] = { stroke: primeColour(theme, k).main };
  }
  return styles;
};

interface SieveGridProps {
  limit: number;
  state: SieveState;
  /** The primes that cross numbers out (p² ≤ limit), to colour each slash by the prime that made it. */
  workingPrimes: readonly number[];
  describedBy: string;
}

/** 1 … limit in rows: primes filled, crossed-out numbers slashed in the colour of their least prime factor. */
export function SieveGrid({ limit, state, workingPrimes, describedBy }: SieveGridProps) {
  const columns = sieveColumns(limit);
  const rows = Math.ceil(limit / columns);
  const known = new Set(state.primes);
  const crossedCount = state.crossedBy.filter((by) => by > 0).length;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={`Numbers 1 to ${limit} in rows of ${columns}: ${state.primes.length} known primes, ${crossedCount} crossed out`}
      aria-describedby={describedBy}
      viewBox={`0 0 ${columns * SIEVE_CELL} ${rows * SIEVE_CELL}`}
      sx={[gridStyles, { display: "block", width: "100%", maxWidth: columns * SIEVE_CELL, mx: "auto" }]}
    >
      {Array.from({ length: limit }, (_, i) => {
        const k = i + 1;
        const x = (i % columns) * SIEVE_CELL;
        const y = Math.floor(i / columns) * SIEVE_CELL;
        const by = state.crossedBy[k] ?? 0;
        const classes = [
          k === 1 ? "one" : by > 0 ? "crossed" : known.has(k) ? "prime" : "standing",
          k === state.current ? "current" : k === state.touched ? "touched" : "",
        ];
        return (
          <g key={k} className={classes.join(" ")}>
            <rect x={x + GAP / 2} y={y + GAP / 2} width={SIEVE_CELL - GAP} height={SIEVE_CELL - GAP} rx={4} />
            <text x={x + SIEVE_CELL / 2} y={y + SIEVE_CELL / 2} textAnchor="middle" dominantBaseline="central">
              {k}
            </text>
            {by > 0 && (
              <line
                className={`slash-${workingPrimes.indexOf(by) % PRIME_COLOUR_COUNT}`}
                x1={x + 7}
                y1={y + SIEVE_CELL - 7}
                x2={x + SIEVE_CELL - 7}
                y2={y + 7}
              />
            )}
          </g>
        );
      })}
    </Box>
  );
}
