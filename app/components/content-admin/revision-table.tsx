import { formatUtc } from "#app/utils/format-date";
import { DataTable, type DataColumn } from "../data-table";

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
  columns?: readonly DataColumn<R>[];
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
    <DataTable
      labelledBy={labelledBy}
      rows={revisions}
      rowKey={(revision) => revision.number}
      columns={[
        {
          label: "Revision",
          cell: (revision) => (
            <>
              {revision.number}
              {revision.number === current ? " (current)" : ""}
            </>
          ),
        },
        { label: "Saved", cell: (revision) => formatUtc(revision.createdAt) },
        { label: "By", cell: (revision) => revision.authorEmail ?? withoutAuthor },
        ...columns,
      ]}
    />
  );
}
