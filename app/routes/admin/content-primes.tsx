import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import type { PrimeRecordKind } from "#core/primes/prime-records";
import { PublicationChip } from "#app/components/content-admin/publication-controls";
import { Page } from "#app/components/page";
import { LabelledCell, TableRegion } from "#app/components/table-region";
import { listPrimeRecords, type PrimeRecord } from "#app/models/prime-record.server";
import { getDatabase } from "#app/utils/db.server";
import { KIND_TITLES } from "#app/content/prime-record-form";
import type { Route } from "./+types/content-primes";

export const meta: Route.MetaFunction = () => [{ title: "Prime records · Content · Numberlab" }];

/** A record in one line of the list. */
function describe(record: PrimeRecord): string {
  switch (record.kind) {
    case "mersenne":
      return `2^${record.content.exponent} − 1`;
    case "largest":
      return `${record.content.year}: ${record.content.number}`;
    case "form":
      return `${record.content.form}: ${record.content.number}`;
  }
}

export async function loader() {
  const records = await listPrimeRecords(getDatabase().db);
  return {
    records: records.map((record) => ({
      id: record.id,
      kind: record.kind,
      line: describe(record),
      digits: record.content.digits,
      published: record.published,
      currentRevision: record.currentRevision,
    })),
  };
}

const KINDS: PrimeRecordKind[] = ["mersenne", "largest", "form"];

export default function ContentPrimes({ loaderData }: Route.ComponentProps) {
  const { records } = loaderData;
  return (
    <Page
      title="Prime records"
      lead="The facts behind /prime-discoveries. Every save keeps a revision; a new record is a draft until published, and publishing it for the first time announces it."
      maxWidth="lg"
    >
      <Button component={Link} to="/admin/content" color="inherit" variant="outlined" sx={{ mb: 3 }}>
        All content
      </Button>
      <Stack spacing={5}>
        {KINDS.map((kind) => {
          const headingId = `records-${kind}`;
          const ofKind = records.filter((record) => record.kind === kind);
          return (
            <Box key={kind} component="section" aria-labelledby={headingId}>
              <Stack direction="row" sx={{ mb: 1, alignItems: "center", justifyContent: "space-between" }}>
                <Typography id={headingId} variant="h5" component="h2">
                  {KIND_TITLES[kind]}s ({ofKind.length})
                </Typography>
                <Button component={Link} to={`/admin/content/primes/new?kind=${kind}`} variant="contained">
                  New {KIND_TITLES[kind].toLowerCase()}
                </Button>
              </Stack>
              <TableRegion labelledBy={headingId}>
                <Table size="small" role="table">
                  <TableHead role="rowgroup">
                    <TableRow role="row">
                      <TableCell role="columnheader">Record</TableCell>
                      <TableCell role="columnheader">Digits</TableCell>
                      <TableCell role="columnheader">Revision</TableCell>
                      <TableCell role="columnheader">State</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody role="rowgroup">
                    {ofKind.map((record) => (
                      <TableRow key={record.id} role="row">
                        <LabelledCell label="Record">
                          <Link to={`/admin/content/primes/${record.id}`}>{record.line}</Link>
                        </LabelledCell>
                        <LabelledCell label="Digits">{record.digits.toLocaleString("en")}</LabelledCell>
                        <LabelledCell label="Revision">{record.currentRevision}</LabelledCell>
                        <LabelledCell label="State">
                          <PublicationChip size="small" published={record.published} />
                        </LabelledCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableRegion>
            </Box>
          );
        })}
      </Stack>
    </Page>
  );
}
