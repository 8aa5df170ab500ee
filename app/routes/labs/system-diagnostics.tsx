import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { AdminSection } from "#app/components/admin/admin-section";
import { FactsTable } from "#app/components/diagnostics/facts-table";
import { OfflineDiagnosticsView } from "#app/components/diagnostics/offline-diagnostics-view";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import { serverInfoContext } from "#app/http/request-context";
import { readMigrationStatus } from "#app/models/migration-status.server";
import { cachePartitionOf } from "#app/offline/cache-partition.server";
import { useOfflineDiagnostics } from "#app/offline/offline-diagnostics";
import { getDatabase } from "#app/utils/db.server";
import { formatDuration, formatUtc } from "#app/utils/format-date";
import type { Route } from "./+types/system-diagnostics";

export const meta: Route.MetaFunction = () => [{ title: "System diagnostics · Numberlab" }];

const DIALECT_NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/**
 * What the server knows about itself. The offline worker's state is read in the browser, where it
 * lives, and stays there: nothing the page reads is sent back.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { build } = context.get(serverInfoContext);
  const { db, dialect } = getDatabase();
  return {
    build: { id: build.id, builtAt: build.timestamp },
    database: { dialect: DIALECT_NAMES[dialect], migrations: await readMigrationStatus(db) },
    server: { nodeVersion: process.version, uptimeSeconds: process.uptime() },
    // The queue is kept per account: the page counts this account's entries.
    cachePartition: cachePartitionOf(user.id),
  };
}

export default function SystemDiagnostics({ loaderData }: Route.ComponentProps) {
  const { build, database, server, cachePartition } = loaderData;
  const { reading, readAgain } = useOfflineDiagnostics(cachePartition);
  return (
    <Page title="System diagnostics" lead="The running build, the database and the offline worker's state at a glance.">
      <Stack spacing={4}>
        <AdminSection id="server" title="Server">
          <FactsTable
            labelledBy="server"
            facts={[
              { term: "Build", value: <code>{build.id}</code> },
              { term: "Built", value: <time dateTime={build.builtAt}>{formatUtc(build.builtAt)}</time> },
              { term: "Node.js", value: server.nodeVersion },
              { term: "Running for", value: formatDuration(server.uptimeSeconds) },
            ]}
          />
        </AdminSection>

        <AdminSection id="database" title="Database">
          <FactsTable
            labelledBy="database"
            facts={[
              { term: "Dialect", value: database.dialect },
              {
                term: "Migrations applied",
                value: `${database.migrations.applied} of ${database.migrations.known}`,
              },
              { term: "Newest migration", value: database.migrations.latest ?? "None" },
            ]}
          />
        </AdminSection>

        <AdminSection
          id="offline-worker"
          title="Offline worker in this browser"
          action={
            <Button variant="outlined" onClick={readAgain} sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>
              Read again
            </Button>
          }
        >
          <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
            {reading ? `Read at ${formatUtc(reading.readAt, { seconds: true })}.` : "Reading…"}
          </Typography>
          {reading && (
            <OfflineDiagnosticsView
              diagnostics={reading.diagnostics}
              workerHeadingId="offline-worker"
              cachesHeadingId="offline-caches"
            />
          )}
        </AdminSection>
      </Stack>
    </Page>
  );
}
