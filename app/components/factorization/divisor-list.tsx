import Box from "@mui/material/Box";
import Pagination from "@mui/material/Pagination";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { divisorsPage } from "#core/numtheory/divisors";
import type { Factor } from "#core/numtheory/factorization-types";

const PAGE_SIZE = 60;

/** Every divisor of n in increasing order, a page at a time (the parent keys it by n, so a new n starts on page 1). */
export function DivisorList({ factors }: { factors: readonly Factor[] }) {
  const [page, setPage] = useState(1);
  const result = useMemo(() => divisorsPage(factors, page, PAGE_SIZE), [factors, page]);
  if (!result.listed) return <Typography>{result.message}.</Typography>;
  const first = (page - 1) * PAGE_SIZE + 1;
  // Columns as wide as the longest divisor on the page, so long ones get a line each instead of breaking.
  const longest = Math.max(...result.divisors.map((divisor) => divisor.toString().length));
  return (
    <>
      <Typography sx={{ mb: 1 }} aria-live="polite">
        {result.total.toString()} divisors
        {result.pages > 1 &&
          `; showing ${first}–${first + result.divisors.length - 1}, page ${page} of ${result.pages}`}
      </Typography>
      <Box
        component="ul"
        aria-label="Divisors on this page"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${Math.max(6, longest + 2)}ch), 1fr))`,
          gap: 0.5,
          fontFamily: "monospace",
          overflowWrap: "anywhere",
        }}
      >
        {result.divisors.map((divisor) => (
          <li key={divisor.toString()}>{divisor.toString()}</li>
        ))}
      </Box>
      {result.pages > 1 && (
        <Pagination
          count={result.pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          aria-label="Pages of divisors"
          sx={{ mt: 2, "& ul": { justifyContent: "center" } }}
        />
      )}
    </>
  );
}
