import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import type { PushDeliveryStatus } from "#app/models/push-vocabulary";
import type { PushSendReport } from "#app/models/push-send.server";
import { LabelledCell, TableRegion } from "#app/components/table-region";
import { visuallyHidden } from "#app/components/visually-hidden";
import { formatUtc } from "#app/utils/format-date";

const STATUS_ROWS: { status: PushDeliveryStatus; label: string; meaning: string }[] = [
  { status: "queued", label: "Queued", meaning: "Waiting for its turn, a retry or the end of quiet hours." },
  { status: "sending", label: "Sending", meaning: "Handed to the push service right now." },
  { status: "sent", label: "Sent", meaning: "The push service accepted it for the device." },
  { status: "failed", label: "Failed", meaning: "Refused, or still failing after every retry (reasons below)." },
  {
    status: "expired",
    label: "Expired and removed",
    meaning:
      "The device is gone: the push service no longer knows it (its subscription was deleted), or it was signed out or removed before the message went.",
  },
];

interface DeliveryReportProps {
  report: PushSendReport;
  /** The end of quiet hours the first queued delivery waits for, when that is still ahead. */
  waitingUntil: string | null;
}

/** A send's delivery report: deliveries per state, why some failed, and how many were shown and clicked. */
export function DeliveryReport({ report, waitingUntil }: DeliveryReportProps) {
  const total = Object.values(report.counts).reduce((sum, count) => sum + count, 0);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography id="deliveries-heading" variant="h6" component="h3" gutterBottom>
          Deliveries: {total}
        </Typography>
        <ReportTable
          labelledBy="deliveries-heading"
          caption="Deliveries by state"
          columns={["State", "Deliveries", "What it means"]}
          rows={STATUS_ROWS.map(({ status, label, meaning }) => ({
            key: status,
            cells: [
              label,
              report.counts[status],
              status === "queued" && waitingUntil && report.counts.queued > 0 ? (
                <>
                  {meaning}{" "}
                  <strong>
                    Waiting for quiet hours until <time dateTime={waitingUntil}>{formatUtc(waitingUntil)}</time>.
                  </strong>
                </>
              ) : (
                meaning
              ),
            ],
          }))}
        />
      </Box>
      {report.failures.length > 0 && (
        <Box>
          <Typography id="failures-heading" variant="h6" component="h3" gutterBottom>
            Why deliveries failed
          </Typography>
          <ReportTable
            labelledBy="failures-heading"
            caption="Failure reasons"
            columns={["Reason", "Deliveries"]}
            rows={report.failures.map((failure) => ({
              key: failure.reason,
              cells: [failure.reason, failure.deliveries],
            }))}
          />
        </Box>
      )}
      <Box>
        <Typography id="engagement-heading" variant="h6" component="h3" gutterBottom>
          Shown and clicked
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Counted by analytics from the service worker, so only devices whose learner allows analytics appear.
        </Typography>
        <ReportTable
          labelledBy="engagement-heading"
          caption="Notifications shown and clicked"
          columns={["Event", "Count"]}
          rows={[
            { key: "shown", cells: ["Shown", report.shown] },
            { key: "clicked", cells: ["Clicked", report.clicked] },
          ]}
        />
      </Box>
    </Stack>
  );
}

interface ReportTableProps {
  labelledBy: string;
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}

/** A small table of figures with its caption; numbers in the second column line up on the right. */
function ReportTable({ labelledBy, caption, columns, rows }: ReportTableProps) {
  return (
    <TableRegion labelledBy={labelledBy}>
      <Table size="small" role="table">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead role="rowgroup">
          <TableRow role="row">
            {columns.map((label, index) => (
              <TableCell key={label} role="columnheader" scope="col" align={index === 1 ? "right" : undefined}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {rows.map((row) => (
            <TableRow key={row.key} role="row">
              {row.cells.map((cell, index) => (
                <LabelledCell
                  key={columns[index]}
                  label={columns[index]!}
                  align={index === 1 ? "right" : undefined}
                  sx={index === 1 ? { fontVariantNumeric: "tabular-nums", width: "8rem" } : undefined}
                >
                  {cell}
                </LabelledCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
