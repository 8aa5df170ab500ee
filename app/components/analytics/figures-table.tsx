import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { visuallyHidden } from "#app/components/visually-hidden";

export interface FiguresColumn {
  label: string;
  /** Numbers line up on the right. */
  numeric?: boolean;
}

interface FiguresTableProps {
  /** Names the table (its <caption>) and the scrolling region around it. */
  caption: string;
  /** The caption is read by screen readers only: a heading right above already says it. */
  hideCaption?: boolean;
  columns: readonly FiguresColumn[];
  /** Rows of cells; the first cell of each row heads it. */
  rows: readonly (readonly ReactNode[])[];
  rowKey?: (index: number) => string | number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

/**
 * Figures as a table: a caption, column headers and a header cell per row, in an outlined region that
 * scrolls sideways on a narrow screen (focusable, so the keyboard can scroll it too). Rendered on the
 * server: it is what a chart beside it shows, for every reader, before and without any script.
 */
export function FiguresTable({ caption, hideCaption = false, columns, rows, rowKey, empty }: FiguresTableProps) {
  if (rows.length === 0 && empty !== undefined) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-label={caption}
      tabIndex={0}
      sx={{ position: "relative" }}
    >
      <Table size="small">
        <Box
          component="caption"
          sx={
            hideCaption
              ? visuallyHidden
              : { captionSide: "top", textAlign: "left", px: 2, pt: 1.5, pb: 0.5, color: "text.secondary" }
          }
        >
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} scope="col" align={column.numeric ? "right" : "left"}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={rowKey?.(index) ?? index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  // Long paths may break anywhere, but never a short word into pieces.
                  <TableCell
                    key={column}
                    component="th"
                    scope="row"
                    sx={{ overflowWrap: "anywhere", minWidth: "8rem" }}
                  >
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell
                    key={column}
                    align={columns[column]?.numeric ? "right" : "left"}
                    sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
                  >
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A table folded away under a summary (a native <details>, so it opens without any script too). */
export function FoldedTable({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <Box
      component="details"
      sx={{
        "& > summary": {
          cursor: "pointer",
          color: "text.secondary",
          py: 0.5,
          width: "fit-content",
          borderRadius: 1,
          "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
        },
        "&[open] > summary": { mb: 1 },
      }}
    >
      <summary>{summary}</summary>
      {children}
    </Box>
  );
}
