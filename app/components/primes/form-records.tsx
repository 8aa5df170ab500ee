import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { FormRecord } from "../../../core/primes/prime-records";

const FORM_NAMES: Record<FormRecord["form"], string> = {
  twin: "Twin primes p, p + 2",
  "sophie-germain": "Sophie Germain prime p (with 2p + 1 prime)",
  factorial: "Factorial prime n! ± 1",
  primorial: "Primorial prime p# ± 1",
  "generalized-fermat": "Generalized Fermat prime b^(2^n) + 1",
};

/** The largest known primes of other forms, each with when its source stated it. */
export function FormRecords({ records }: { records: readonly FormRecord[] }) {
  if (records.length === 0) return <Typography>No records of other forms yet.</Typography>;
  return (
    <Table size="small" aria-labelledby="forms-heading">
      <TableHead>
        <TableRow>
          <TableCell>Form</TableCell>
          <TableCell>Prime</TableCell>
          <TableCell align="right">Digits</TableCell>
          <TableCell>Found</TableCell>
          <TableCell>Record as of</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={`${record.form}-${record.number}`}>
            <TableCell>{FORM_NAMES[record.form]}</TableCell>
            <TableCell>{record.number}</TableCell>
            <TableCell align="right">{record.digits.toLocaleString("en")}</TableCell>
            <TableCell>
              {record.discoverer}
              {record.year === null ? "" : `, ${record.year}`}
            </TableCell>
            <TableCell>{record.asOf}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
