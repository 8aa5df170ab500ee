import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { STATE_LABELS, type AssistantRequestState } from "#app/assistant/assistant-vocabulary";
import { DataTable } from "#app/components/data-table";

export interface HistoryRow {
  id: string;
  /** "2031-06-30 09:15 UTC" */
  askedAt: string;
  adminEmail: string | null;
  taskLabel: string;
  chapterTitle: string | null;
  model: string;
  state: AssistantRequestState;
  tokens: string;
  drafted: boolean;
  href: string;
}

const STATE_COLORS = {
  streaming: "info",
  finished: "success",
  failed: "error",
  interrupted: "warning",
} as const satisfies Record<AssistantRequestState, string>;

/** Every request, newest first, a page at a time; each opens its answer. */
export function AssistantHistory({
  rows,
  openedId,
  pagination,
}: {
  rows: HistoryRow[];
  openedId: string | null;
  pagination: { page: number; pageCount: number; hrefFor(page: number): string };
}) {
  return (
    <DataTable
      labelledBy="assistant-history-heading"
      rows={rows}
      rowKey={(row) => row.id}
      hover
      empty={<Typography color="text.secondary">Nothing asked yet.</Typography>}
      pagination={{ ...pagination, label: "Pages of the history" }}
      columns={[
        { label: "Asked", cellSx: { whiteSpace: "nowrap" }, cell: (row) => row.askedAt },
        { label: "By", cellSx: { overflowWrap: "anywhere" }, cell: (row) => row.adminEmail ?? "a deleted account" },
        { label: "Task", cell: (row) => row.taskLabel },
        { label: "Chapter", cell: (row) => row.chapterTitle ?? "deleted" },
        { label: "Model", cellSx: { overflowWrap: "anywhere" }, cell: (row) => row.model },
        {
          label: "Status",
          cell: (row) => (
            <Chip size="small" variant="outlined" color={STATE_COLORS[row.state]} label={STATE_LABELS[row.state]} />
          ),
        },
        { label: "Tokens", cell: (row) => row.tokens },
        { label: "Draft", cell: (row) => (row.drafted ? "saved" : "—") },
        {
          label: "Answer",
          cell: (row) =>
            row.id === openedId ? (
              <Typography component="span" variant="body2" color="text.secondary">
                open above
              </Typography>
            ) : (
              <Link
                color="inherit"
                component={RouterLink}
                to={row.href}
                aria-label={`Open the answer asked ${row.askedAt}`}
              >
                Open
              </Link>
            ),
        },
      ]}
    />
  );
}
