import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { OfflineDiagnostics } from "#app/offline/offline-diagnostics";
import { formatUtc } from "#app/utils/format-date";
import { DataTable } from "../data-table";
import { FactsTable, type Fact } from "./facts-table";

const NONE = "None";

/** The offline worker's state in this browser as facts; what could not be read says so. */
function workerFacts(diagnostics: OfflineDiagnostics): Fact[] {
  const { supported, registration, controlsPage, registrationFailure, queuedSubmissions } = diagnostics;
  return [
    { term: "Service workers", value: supported ? "Supported" : "Not supported by this browser" },
    { term: "Registration scope", value: registration ? <code>{registration.scope}</code> : "Not registered" },
    { term: "Installing worker", value: registration?.installing ?? NONE },
    { term: "Waiting worker", value: registration?.waiting ?? NONE },
    { term: "Active worker", value: registration?.active ?? NONE },
    { term: "Controls this page", value: controlsPage ? "Yes" : "No" },
    {
      term: "Registration failure",
      value: registrationFailure ? (
        <>
          {registrationFailure.reason},{" "}
          <time dateTime={registrationFailure.at}>{formatUtc(registrationFailure.at)}</time>
        </>
      ) : (
        "None recorded"
      ),
    },
    {
      term: "Queued submissions of this account",
      value: queuedSubmissions === null ? "Could not be read" : String(queuedSubmissions),
    },
  ];
}

/** The worker's facts and Cache Storage's caches, under headings the page gives ids for. */
export function OfflineDiagnosticsView({
  diagnostics,
  workerHeadingId,
  cachesHeadingId,
}: {
  diagnostics: OfflineDiagnostics;
  workerHeadingId: string;
  cachesHeadingId: string;
}) {
  return (
    <>
      <FactsTable labelledBy={workerHeadingId} facts={workerFacts(diagnostics)} />
      <Typography id={cachesHeadingId} variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
        Cache Storage
      </Typography>
      {diagnostics.caches === null ? (
        <Typography color="text.secondary">This browser did not let the page read its caches.</Typography>
      ) : (
        <DataTable
          labelledBy={cachesHeadingId}
          namesTable
          columns={[
            { label: "Cache", cell: (cache) => <Box component="code">{cache.name}</Box> },
            { label: "Entries", cell: (cache) => cache.entries, align: "right" },
          ]}
          rows={diagnostics.caches}
          rowKey={(cache) => cache.name}
          empty={<Typography color="text.secondary">No caches on this device.</Typography>}
        />
      )}
    </>
  );
}
