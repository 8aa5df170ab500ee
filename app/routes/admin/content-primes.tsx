import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { Link } from "react-router";
import type { PrimeRecordKind } from "#core/primes/prime-records";
import { AdminSection } from "#app/components/admin/admin-section";
import { PageActions } from "#app/components/admin/page-actions";
import { stateColumn } from "#app/components/content-admin/content-columns";
import { DataTable } from "#app/components/data-table";
import { Page } from "#app/components/page";
import { listPrimeRecords, type PrimeRecord } from "#app/models/prime-record.server";
import { getDatabase } from "#app/utils/db.server";
import { KIND_LIST_TITLES, KIND_TITLES } from "#app/content/prime-record-form";
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
      <PageActions back={{ to: "/admin/content", label: "All content" }} />
      <Stack spacing={5}>
        {KINDS.map((kind) => {
          const headingId = `records-${kind}`;
          const ofKind = records.filter((record) => record.kind === kind);
          return (
            <AdminSection
              key={kind}
              id={headingId}
              title={`${KIND_LIST_TITLES[kind]} (${ofKind.length})`}
              action={
                <Button component={Link} to={`/admin/content/primes/new?kind=${kind}`} variant="contained">
                  New {KIND_TITLES[kind].toLowerCase()}
                </Button>
              }
            >
              <DataTable
                labelledBy={headingId}
                rows={ofKind}
                rowKey={(record) => record.id}
                columns={[
                  {
                    label: "Record",
                    cell: (record) => <Link to={`/admin/content/primes/${record.id}`}>{record.line}</Link>,
                  },
                  { label: "Digits", cell: (record) => record.digits.toLocaleString("en") },
                  { label: "Revision", cell: (record) => record.currentRevision },
                  stateColumn,
                ]}
              />
            </AdminSection>
          );
        })}
      </Stack>
    </Page>
  );
}
