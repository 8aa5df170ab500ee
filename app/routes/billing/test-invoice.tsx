import Alert from "@mui/material/Alert";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { data } from "react-router";
import { providerMoney } from "#app/billing/plans";
import { HOSTED_PAGE_HEADERS, hostedPagesProvider } from "#app/billing/test-pages.server";
import type { InvoicePage } from "#app/billing/test-provider.server";
import { Page } from "#app/components/page";
import { LabelledCell, TableRegion } from "#app/components/table-region";
import { TestModeBanner } from "#app/components/test-payments/test-mode-banner";
import { formatDate } from "#app/utils/format-date";
import type { Route } from "./+types/test-invoice";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.invoice ? `Invoice ${loaded.invoice.number}` : "Invoice"} · Numberlab test mode` },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers = () => HOSTED_PAGE_HEADERS;

/** An invoice of the test provider (its hosted_invoice_url): what was billed, paid and refunded. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const invoice = await hostedPagesProvider(request).readInvoice(params.invoiceId);
  if (!invoice) return data({ invoice: null }, { status: 404 });
  return { invoice };
}

export default function TestInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  if (!invoice) {
    return (
      <Page title="Test invoice">
        <TestModeBanner />
        <Alert severity="error">This invoice does not exist. Its address may be mistyped.</Alert>
      </Page>
    );
  }
  const money = (minor: number) => providerMoney(minor, invoice.currency);
  return (
    <Page title={`Invoice ${invoice.number}`} lead="Numberlab Premium, billed by the built-in test provider.">
      <TestModeBanner />
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
            <Typography variant="h5" component="h2">
              {money(invoice.status === "paid" ? invoice.amountPaidMinor : invoice.amountDueMinor)}
            </Typography>
            <Chip size="small" label={statusLabel(invoice)} color={invoice.status === "paid" ? "success" : "default"} />
          </Stack>
          <Typography>
            Billed to {invoice.email} on {formatDate(invoice.createdAt)}.
          </Typography>
          {invoice.paidAt && (
            <Typography>
              {invoice.amountPaidMinor > 0
                ? `Paid on ${formatDate(invoice.paidAt)}${invoice.card ? ` with the Visa card ending in ${invoice.card.last4}` : ""}.`
                : `Nothing to pay: settled on ${formatDate(invoice.paidAt)}.`}
            </Typography>
          )}
          {invoice.amountRefundedMinor > 0 && (
            <Typography>Refunded {money(invoice.amountRefundedMinor)} to the card.</Typography>
          )}
        </Paper>
        <Typography variant="h5" component="h2" id="lines-title">
          Details
        </Typography>
        <TableRegion labelledBy="lines-title">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Description</TableCell>
                <TableCell>Period</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((line) => (
                <TableRow key={`${line.description}-${line.periodStart}`}>
                  <LabelledCell label="Description">{line.description}</LabelledCell>
                  <LabelledCell label="Period">
                    {formatDate(line.periodStart)} to {formatDate(line.periodEnd)}
                  </LabelledCell>
                  <LabelledCell label="Amount" align="right">
                    {money(line.amountMinor)}
                  </LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
        {invoice.creditAppliedMinor > 0 && (
          <Typography>Credit from your account taken off: {money(invoice.creditAppliedMinor)}.</Typography>
        )}
        {invoice.creditAddedMinor > 0 && (
          <Typography>Credit left on your account for the next charges: {money(invoice.creditAddedMinor)}.</Typography>
        )}
      </Stack>
    </Page>
  );
}

function statusLabel(invoice: InvoicePage): string {
  if (invoice.amountRefundedMinor > 0) return "Refunded";
  if (invoice.status === "paid") return "Paid";
  return invoice.status === "open" ? "Payment failed" : "Void";
}
