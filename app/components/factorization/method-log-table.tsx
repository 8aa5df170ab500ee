import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { MethodLogEntry } from "#core/numtheory/factorization-types";
import { LabelledCell, TableRegion } from "../table-region";
import { abbreviate, formatDuration, methodNames } from "./factorization-text";

const numberStyle = { fontFamily: "monospace", overflowWrap: "anywhere" } as const;

/** What each method was given, what it found and how long it took, in the order they ran. */
export function MethodLogTable({ log, labelledBy }: { log: readonly MethodLogEntry[]; labelledBy: string }) {
  return (
    <TableRegion labelledBy={labelledBy}>
      <Table size="small" role="table">
        <TableHead role="rowgroup">
          <TableRow role="row">
            <TableCell role="columnheader">Method</TableCell>
            <TableCell role="columnheader">Worked on</TableCell>
            <TableCell role="columnheader">Found</TableCell>
            <TableCell role="columnheader" align="right">
              Time
            </TableCell>
            <TableCell role="columnheader">Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {log.map((entry, index) => (
            <TableRow key={index} role="row">
              <LabelledCell label="Method">{methodNames[entry.method]}</LabelledCell>
              <LabelledCell label="Worked on">
                <Box component="span" sx={numberStyle}>
                  {abbreviate(entry.input)}
                </Box>
              </LabelledCell>
              <LabelledCell label="Found">
                {entry.found.length === 0 ? (
                  "nothing"
                ) : (
                  <Box component="span" sx={numberStyle}>
                    {entry.found.map((factor) => abbreviate(factor)).join(", ")}
                  </Box>
                )}
              </LabelledCell>
              <LabelledCell
                label="Time"
                align="right"
                sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
              >
                {formatDuration(entry.milliseconds)}
              </LabelledCell>
              <LabelledCell label="Details" sx={{ overflowWrap: "anywhere" }}>
                {entry.detail}
              </LabelledCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
