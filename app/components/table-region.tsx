import Paper from "@mui/material/Paper";
import TableCell, { type TableCellProps } from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import type { Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { visuallyHidden } from "./visually-hidden";

/**
 * A table that turns into a stack of cards on phones: the header row keeps
 * only its sort links (cells marked `data-sortable`) and every body cell
 * shows its column's name from its `data-label`. The
 * table's parts carry explicit roles (table, rowgroup, row, columnheader,
 * cell), because a table laid out as blocks loses its semantics in some
 * browsers otherwise. From sm up it is an ordinary table in a labelled,
 * focusable region that scrolls sideways when it is too wide.
 */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      sx={stackOnPhones}
    >
      {children}
    </TableContainer>
  );
}

const stackOnPhones = (theme: Theme) => ({
  position: "relative",
  [theme.breakpoints.down("sm")]: {
    "& table, & thead, & tbody, & tbody tr": { display: "block" },
    // The header row shrinks to its sort links (headers marked data-sortable); the others stay for screen readers.
    "& thead th:not([data-sortable])": visuallyHidden,
    "& thead tr": { display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 0.5 },
    "& thead tr:has(th[data-sortable])": { px: 2, py: 1, borderBottom: 1, borderColor: "divider" },
    "& thead tr:has(th[data-sortable])::before": {
      content: ['"Sort by"', '"Sort by" / ""'],
      color: "text.secondary",
    },
    "& thead th[data-sortable]": { display: "block", border: 0, p: 0 },
    "& tbody tr": { py: 1.5, borderBottom: 1, borderColor: "divider" },
    "& tbody tr:last-of-type": { borderBottom: 0 },
    "& tbody td": {
      display: "grid",
      gridTemplateColumns: "7.5rem minmax(0, 1fr)",
      columnGap: 1.5,
      alignItems: "baseline",
      border: 0,
      py: 0.5,
      px: 2,
      textAlign: "left",
    },
    "& tbody td::before": {
      // The header already names the cell for screen readers, so the visible label has empty alt text.
      content: ["attr(data-label)", 'attr(data-label) / ""'],
      color: "text.secondary",
      fontWeight: 500,
    },
  },
});

type LabelledCellProps = TableCellProps & { label: string };

/** A body cell of a TableRegion: its column's name for the phone layout, its content in one block. */
export function LabelledCell({ label, children, ...props }: LabelledCellProps) {
  return (
    <TableCell role="cell" data-label={label} {...props}>
      <div>{children}</div>
    </TableCell>
  );
}
