import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import {
  TODO_PRIORITY_LABELS,
  TODO_STATUS_LABELS,
  type TodoPriority,
  type TodoStatus,
} from "#app/models/todo-vocabulary";
import { formatDate, formatUtc } from "#app/utils/format-date";

/** One item's facts as its page shows them; people are already named. */
export interface TodoFacts {
  status: TodoStatus;
  priority: TodoPriority;
  assignee: string | null;
  dueOn: string | null;
  overdue: boolean;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  doneAt: string | null;
  version: number;
}

/** The item's facts as a list of terms and values; overdue is said in words. */
export function TodoDetails({ facts }: { facts: TodoFacts }) {
  const rows: [string, ReactNode][] = [
    ["Status", TODO_STATUS_LABELS[facts.status]],
    ["Priority", TODO_PRIORITY_LABELS[facts.priority]],
    ["Assignee", facts.assignee ?? "Nobody"],
    [
      "Due",
      facts.dueOn ? (
        <>
          <time dateTime={facts.dueOn}>{formatDate(facts.dueOn)}</time>
          {facts.overdue && (
            <Box component="strong" sx={{ color: "error.main" }}>
              {" "}
              (overdue)
            </Box>
          )}
        </>
      ) : (
        "No due date"
      ),
    ],
    ["Created", <When who={facts.createdBy} at={facts.createdAt} />],
    [
      "Last changed",
      <>
        <When who={facts.updatedBy} at={facts.updatedAt} /> (version {facts.version})
      </>,
    ],
  ];
  if (facts.doneAt) rows.push(["Done", <time dateTime={facts.doneAt}>{formatUtc(facts.doneAt)}</time>]);
  return (
    <Box
      component="dl"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "9rem minmax(0, 1fr)" },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
        mb: 4,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary" sx={{ fontWeight: 500, mt: { xs: 1, sm: 0 } }}>
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function When({ who, at }: { who: string; at: string }) {
  return (
    <>
      by {who} at <time dateTime={at}>{formatUtc(at)}</time>
    </>
  );
}
