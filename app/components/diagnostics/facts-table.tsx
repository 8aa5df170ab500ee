import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";

export interface Fact {
  term: string;
  value: ReactNode;
}

/** Named values as a two-column table: each row headed by its name, the table named by its section's heading. */
export function FactsTable({ labelledBy, facts }: { labelledBy: string; facts: readonly Fact[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby={labelledBy}>
        <TableBody>
          {facts.map((fact) => (
            <TableRow key={fact.term}>
              <TableCell
                component="th"
                scope="row"
                sx={{
                  width: { xs: "45%", sm: "16rem" },
                  color: "text.secondary",
                  fontWeight: 500,
                  verticalAlign: "top",
                }}
              >
                {fact.term}
              </TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{fact.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
