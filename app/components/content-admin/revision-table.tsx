import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { ReactNode } from "react";
import { formatUtc } from "#app/utils/format-date";
import { LabelledCell, TableRegion } from "../table-region";

export interface RevisionRow {
  number: number;
  createdAt: string;
  authorEmail: string | null;
}

interface RevisionTableProps<R extends RevisionRow> {
  revisions: readonly R[];
  current: number;
  labelledBy: string;
  /** Who saved a revision without an author: an import, or an account since deleted. */
  withoutAuthor?: string;
  /** Columns after revision, time and author, e.g. how it was made and links to it. */
  columns?: readonly { label: string; cell(revision: R): ReactNode }[];
}

/** An item's revisions, newest first: the history every content editor shows. */
export function RevisionTable<R extends RevisionRow>({
  revisions,
  current,
  labelledBy,
  withoutAuthor = "—",
  columns = [],
}: RevisionTableProps<R>) {
  return (
    <TableRegion labelledBy={labelledBy}>
      <Table size="small" role="table">
        <TableHead role="rowgroup">
          <TableRow role="row">
            {["Revision", "Saved", "By", ...columns.map((column) => column.label)].map((label) => (
              <TableCell key={label} role="columnheader">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {revisions.map((revision) => (
            <TableRow key={revision.number} role="row">
              <LabelledCell label="Revision">
                {revision.number}
                {revision.number === current ? " (current)" : ""}
              </LabelledCell>
              <LabelledCell label="Saved">{formatUtc(revision.createdAt)}</LabelledCell>
              <LabelledCell label="By">{revision.authorEmail ?? withoutAuthor}</LabelledCell>
              {columns.map((column) => (
                <LabelledCell key={column.label} label={column.label}>
                  {column.cell(revision)}
                </LabelledCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
