import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { LabelledCell, TableRegion } from "../table-region";
import { SourceLinks } from "./source-links";

export interface MersenneRow {
  rank: number;
  exponent: number;
  digits: number;
  year: number | null;
  discoverer: string;
  how: string;
  /** The addresses named in the record's source. */
  sources: string[];
}

type SortKey = "rank" | "digits" | "year" | "discoverer";

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "rank", label: "Exponent p" },
  { key: "digits", label: "Digits" },
  { key: "year", label: "Year" },
  { key: "discoverer", label: "Discoverer" },
];

/** The largest number the factorization page takes has 1,000 digits: 2^3321 has 1,000. */
const NEIGHBOURS_UP_TO = 3_321;

function compare(a: MersenneRow, b: MersenneRow, key: SortKey): number {
  if (key === "discoverer") return a.discoverer.localeCompare(b.discoverer, "en");
  // Years unknown (antiquity) sort first.
  const value = (row: MersenneRow) => (key === "year" ? (row.year ?? -Infinity) : row[key]);
  return value(a) - value(b) || a.rank - b.rank;
}

/**
 * The known Mersenne primes: sortable by each column (aria-sort says how), filterable by any text in a
 * row, with links to factor each one's neighbours M(p) ± 1 where the factorization page can take them.
 */
export function MersenneTable({ rows, headingId }: { rows: readonly MersenneRow[]; headingId: string }) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: "rank", ascending: true });
  const shown = useMemo(() => {
    const words = query.trim().toLowerCase();
    const matching = rows.filter((row) =>
      `${row.exponent} ${row.digits} ${row.year ?? "antiquity"} ${row.discoverer} ${row.how}`
        .toLowerCase()
        .includes(words),
    );
    return matching.sort((a, b) => (sort.ascending ? 1 : -1) * compare(a, b, sort.key));
  }, [rows, query, sort]);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <TextField
          label="Filter"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          helperText="Any exponent, year, name or method"
          sx={{ minWidth: { sm: "20rem" } }}
        />
        <Typography role="status">
          {shown.length === rows.length ? `All ${rows.length} known` : `${shown.length} of ${rows.length}`}
        </Typography>
      </Stack>
      <TableRegion labelledBy={headingId}>
        <Table size="small" role="table">
          <TableHead role="rowgroup">
            <TableRow role="row">
              {COLUMNS.map((column) => {
                const active = sort.key === column.key;
                return (
                  <TableCell
                    key={column.key}
                    role="columnheader"
                    data-sortable
                    aria-sort={active ? (sort.ascending ? "ascending" : "descending") : "none"}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active && !sort.ascending ? "desc" : "asc"}
                      onClick={() => setSort({ key: column.key, ascending: active ? !sort.ascending : true })}
                    >
                      {column.label}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
              <TableCell role="columnheader">How it was found</TableCell>
              <TableCell role="columnheader">Neighbours</TableCell>
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {shown.map((row) => (
              <TableRow key={row.exponent} role="row">
                <LabelledCell label="Exponent p">
                  {row.exponent.toLocaleString("en")}
                  <Typography component="span" variant="body2" sx={{ color: "text.secondary", ml: 1 }}>
                    #{row.rank}
                  </Typography>
                </LabelledCell>
                <LabelledCell label="Digits">{row.digits.toLocaleString("en")}</LabelledCell>
                <LabelledCell label="Year">{row.year ?? "antiquity"}</LabelledCell>
                <LabelledCell label="Discoverer">{row.discoverer}</LabelledCell>
                <LabelledCell label="How it was found">
                  {row.how}
                  {row.sources.length > 0 && (
                    <>
                      {" ("}
                      <SourceLinks addresses={row.sources} />)
                    </>
                  )}
                </LabelledCell>
                <LabelledCell label="Neighbours">
                  {row.exponent <= NEIGHBOURS_UP_TO ? (
                    <>
                      <Link
                        component={RouterLink}
                        to={`/prime-factorization-engine?n=${encodeURIComponent(`2^${row.exponent}-2`)}`}
                      >
                        factor M − 1
                      </Link>
                      {" · "}
                      <Link
                        component={RouterLink}
                        to={`/prime-factorization-engine?n=${encodeURIComponent(`2^${row.exponent}`)}`}
                      >
                        factor M + 1
                      </Link>
                    </>
                  ) : (
                    "too large to factor here"
                  )}
                </LabelledCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
    </Stack>
  );
}
