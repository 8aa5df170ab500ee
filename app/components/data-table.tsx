import type { SxProps, Theme } from "@mui/material/styles";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LinkPagination, type LinkPaginationProps } from "./link-pagination";
import { LabelledCell, TableRegion } from "./table-region";

/** A column that sorts the list: a link, since the sort is part of the list's address. */
export interface ColumnSort {
  /** The list is sorted by this column now. */
  active: boolean;
  /** The arrow's direction: the current one when active, else the one a click sorts by. */
  direction: "asc" | "desc";
  /** The list sorted by this column, in the direction a click asks for. */
  href: string;
}

export interface DataColumn<Row> {
  /** The column's header, and each cell's label when the table stacks on a phone. */
  label: string;
  cell(row: Row, index: number): ReactNode;
  align?: "right";
  /** Styles of the column's body cells, e.g. where long words may wrap. */
  cellSx?: SxProps<Theme>;
  sort?: ColumnSort;
}

interface DataTableProps<Row> {
  /** The id of the heading that names the table's region. */
  labelledBy: string;
  /** The heading names the table too, not only its region. */
  namesTable?: boolean;
  columns: readonly DataColumn<NoInfer<Row>>[];
  rows: readonly Row[];
  rowKey(row: NoInfer<Row>): string | number;
  /** Rows light up under the pointer. */
  hover?: boolean;
  /** Shown instead of the table when there are no rows; without it the table shows with its header only. */
  empty?: ReactNode;
  /** Page links under the table, for a list shown a page at a time. */
  pagination?: LinkPaginationProps;
}

/**
 * A list as a table in a TableRegion, built from its columns: each header and
 * each cell's phone label come from one name, so they cannot drift apart.
 */
export function DataTable<Row>({
  labelledBy,
  namesTable = false,
  columns,
  rows,
  rowKey,
  hover,
  empty,
  pagination,
}: DataTableProps<Row>) {
  return (
    <>
      {rows.length === 0 && empty !== undefined ? (
        empty
      ) : (
        <TableRegion labelledBy={labelledBy}>
          <Table size="small" aria-labelledby={namesTable ? labelledBy : undefined} role="table">
            <TableHead role="rowgroup">
              <TableRow role="row">
                {columns.map((column) =>
                  column.sort ? (
                    <SortableColumnHeader key={column.label} label={column.label} sort={column.sort} />
                  ) : (
                    <TableCell key={column.label} role="columnheader" align={column.align}>
                      {column.label}
                    </TableCell>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody role="rowgroup">
              {rows.map((row, index) => (
                <TableRow key={rowKey(row)} hover={hover} role="row">
                  {columns.map((column) => (
                    <LabelledCell key={column.label} label={column.label} align={column.align} sx={column.cellSx}>
                      {column.cell(row, index)}
                    </LabelledCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
      {pagination && <LinkPagination {...pagination} />}
    </>
  );
}

/** A header that sorts by its column; on a phone the header row keeps only these (data-sortable). */
function SortableColumnHeader({ label, sort }: { label: string; sort: ColumnSort }) {
  return (
    <TableCell
      role="columnheader"
      data-sortable
      sortDirection={sort.active ? sort.direction : false}
      sx={{ whiteSpace: "nowrap" }}
    >
      <TableSortLabel active={sort.active} direction={sort.direction} component={Link} to={sort.href}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}
