import MuiLink from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { providerMoney } from "#app/billing/plans";
import type { PortalInvoice } from "#app/billing/test-provider.server";
import { LabelledCell, TableRegion } from "#app/components/table-region";
import { formatDate } from "#app/utils/format-date";

const STATUS_WORDS: Record<PortalInvoice["status"], string> = {
  paid: "Paid",
  open: "Payment failed",
  void: "Void (not owed)",
};

/** The customer's invoices, newest first, each linking to its receipt page. */
export function InvoiceTable({ invoices, labelledBy }: { invoices: PortalInvoice[]; labelledBy: string }) {
  if (invoices.length === 0) return <Typography color="text.secondary">No invoices yet.</Typography>;
  return (
    <TableRegion labelledBy={labelledBy}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Invoice</TableCell>
            <TableCell>What for</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const refunded = invoice.amountRefundedMinor;
            return (
              <TableRow key={invoice.id}>
                <LabelledCell label="Date">{formatDate(invoice.createdAt)}</LabelledCell>
                <LabelledCell label="Invoice">
                  <MuiLink href={invoice.url} underline="always" color="inherit">
                    {invoice.number}
                  </MuiLink>
                </LabelledCell>
                <LabelledCell label="What for">{invoice.description}</LabelledCell>
                <LabelledCell label="Amount" align="right">
                  {providerMoney(
                    invoice.status === "paid" ? invoice.amountPaidMinor : invoice.amountDueMinor,
                    invoice.currency,
                  )}
                </LabelledCell>
                <LabelledCell label="Status">
                  {refunded > 0
                    ? `Refunded ${providerMoney(refunded, invoice.currency)}`
                    : STATUS_WORDS[invoice.status]}
                </LabelledCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
