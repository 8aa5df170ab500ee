import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Fragment } from "react";
import { Link as RouterLink } from "react-router";
import type { PushSend } from "#app/models/push-send.server";
import { LinkPagination, type LinkPaginationProps } from "#app/components/link-pagination";
import { LabelledCell, TableRegion } from "#app/components/table-region";
import { visuallyHidden } from "#app/components/visually-hidden";
import { formatUtc } from "#app/utils/format-date";
import { audienceText, SEND_KIND_LABELS, SEND_STATUS_LABELS, topicLabel } from "./push-labels";

export type SendHistoryRow = Pick<
  PushSend,
  | "id"
  | "kind"
  | "title"
  | "topic"
  | "audience"
  | "audienceEmail"
  | "createdByEmail"
  | "createdAt"
  | "scheduledFor"
  | "status"
>;

interface SendHistoryTableProps {
  /** The heading above, which names the region. */
  labelledBy: string;
  /** The table's own name, read by screen readers (the heading says it on screen). */
  caption: string;
  sends: readonly SendHistoryRow[];
  reportHref(sendId: string): string;
  pagination: LinkPaginationProps;
}

const COLUMNS = ["Title", "Kind and topic", "Audience", "Author", "Created", "Goes out", "Status"] as const;
/** Titles get room to read; addresses break where they must; a time's date and hour sit on two lines. */
const wide = { minWidth: { sm: "10rem" }, overflowWrap: "break-word" } as const;
const address = { overflowWrap: "break-word" } as const;
const time = { whiteSpace: { sm: "nowrap" } } as const;
const CELL_SX = [wide, undefined, address, address, time, time, undefined];

/** Every send, newest first, a page at a time; each title opens its delivery report. Cards on a phone. */
export function SendHistoryTable({ labelledBy, caption, sends, reportHref, pagination }: SendHistoryTableProps) {
  if (sends.length === 0) {
    return <Typography color="text.secondary">Nothing has been sent yet.</Typography>;
  }
  const cells = (send: SendHistoryRow) => [
    <Link key="title" component={RouterLink} to={reportHref(send.id)}>
      {send.title}
    </Link>,
    <Fragment key="kind">
      {SEND_KIND_LABELS[send.kind]}
      <Box component="span" sx={{ display: "block", color: "text.secondary" }}>
        {topicLabel(send.topic)}
      </Box>
    </Fragment>,
    audienceText(send.audience, send.audienceEmail),
    send.createdByEmail ?? (
      <Box component="span" sx={{ color: "text.secondary", fontStyle: "italic" }}>
        {send.kind === "campaign" || send.kind === "test" ? "a deleted account" : "the site"}
      </Box>
    ),
    <UtcTime key="created" iso={send.createdAt} />,
    <UtcTime key="scheduled" iso={send.scheduledFor} />,
    SEND_STATUS_LABELS[send.status],
  ];
  return (
    <>
      <TableRegion labelledBy={labelledBy}>
        <Table size="small" role="table">
          <Box component="caption" sx={visuallyHidden}>
            {caption}
          </Box>
          <TableHead role="rowgroup">
            <TableRow role="row">
              {COLUMNS.map((label) => (
                <TableCell key={label} role="columnheader" scope="col" sx={{ whiteSpace: "nowrap" }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {sends.map((send) => (
              <TableRow key={send.id} role="row">
                {cells(send).map((cell, index) => (
                  <LabelledCell key={COLUMNS[index]} label={COLUMNS[index]!} sx={CELL_SX[index]}>
                    {cell}
                  </LabelledCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>
      <LinkPagination {...pagination} />
    </>
  );
}

/** "2026-11-27" over "19:44 UTC" from sm up, where the table is a table; one line on a phone's card. */
function UtcTime({ iso }: { iso: string }) {
  const [date, hour] = formatUtc(iso).split(" ", 2);
  return (
    <time dateTime={iso}>
      {date} <Box component="br" sx={{ display: { xs: "none", sm: "inline" } }} />
      {hour} UTC
    </time>
  );
}
