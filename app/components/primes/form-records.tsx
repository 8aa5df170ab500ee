import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { FormRecord } from "#core/primes/prime-records";
import { LabelledCell, TableRegion } from "../table-region";
import { SourceLinks } from "./source-links";

const FORM_NAMES: Record<FormRecord["form"], string> = {
  twin: "Twin primes p, p + 2",
  "sophie-germain": "Sophie Germain prime p (with 2p + 1 prime)",
  factorial: "Factorial prime n! ± 1",
  primorial: "Primorial prime p# ± 1",
  "generalized-fermat": "Generalized Fermat prime b^(2^n) + 1",
};

const COLUMNS = ["Form", "Prime", "Digits", "Found", "Record as of", "Source"] as const;

/** The largest known primes of other forms, each with its source and when the source stated it. */
export function FormRecords({
  records,
  headingId,
}: {
  records: readonly (FormRecord & { sources: string[] })[];
  headingId: string;
}) {
  if (records.length === 0) return <Typography>No records of other forms yet.</Typography>;
  return (
    <TableRegion labelledBy={headingId}>
      <Table size="small" role="table" aria-labelledby={headingId}>
        <TableHead role="rowgroup">
          <TableRow role="row">
            {COLUMNS.map((column) => (
              <TableCell key={column} role="columnheader" align={column === "Digits" ? "right" : "left"}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {records.map((record) => (
            <TableRow key={`${record.form}-${record.number}`} role="row">
              <LabelledCell label="Form">{FORM_NAMES[record.form]}</LabelledCell>
              <LabelledCell label="Prime">{record.number}</LabelledCell>
              <LabelledCell label="Digits" align="right">
                {record.digits.toLocaleString("en")}
              </LabelledCell>
              <LabelledCell label="Found">
                {record.discoverer}
                {record.year === null ? "" : `, ${record.year}`}
              </LabelledCell>
              <LabelledCell label="Record as of">{record.asOf}</LabelledCell>
              <LabelledCell label="Source">
                <SourceLinks addresses={record.sources} />
              </LabelledCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
