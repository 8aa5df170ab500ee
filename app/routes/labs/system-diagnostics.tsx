import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, Link as RouterLink, useNavigation } from "react-router";
import { z } from "zod";
import { AdminSection } from "#app/components/admin/admin-section";
import { formatBytes } from "#app/components/analytics/format";
import { DataTable } from "#app/components/data-table";
import { FactsTable, type Fact } from "#app/components/diagnostics/facts-table";
import { OfflineDiagnosticsView } from "#app/components/diagnostics/offline-diagnostics-view";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import {
  mailConfiguration,
  oidcConfiguration,
  paymentConfiguration,
  pushConfiguration,
  type MailConfiguration,
  type PaymentConfiguration,
  type PushConfiguration,
} from "#app/diagnostics/configuration.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { rateLimits, tooManyAttemptsMessage } from "#app/http/rate-limits.server";
import { readForm } from "#app/http/read-form.server";
import { serverInfoContext } from "#app/http/request-context";
import { mailFailureReason, sendMail, type MailTransport } from "#app/mail/mail.server";
import { recordAudit } from "#app/models/audit-log.server";
import { readDatabaseSize } from "#app/models/database-size.server";
import { readMigrationStatus } from "#app/models/migration-status.server";
import { consumeRateLimit } from "#app/models/rate-limit.server";
import { cachePartitionOf } from "#app/offline/cache-partition.server";
import { useOfflineDiagnostics } from "#app/offline/offline-diagnostics";
import { pushIsRunning } from "#app/push/push-jobs.server";
import { isoNow } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { formatDuration, formatUtc } from "#app/utils/format-date";
import type { Route } from "./+types/system-diagnostics";

export const meta: Route.MetaFunction = () => [{ title: "System diagnostics · Numberlab" }];

const DIALECT_NAMES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/**
 * What the server knows about itself and how its third parties are set up (never a secret). The offline
 * worker's state is read in the browser, where it lives, and stays there: nothing the page reads is sent back.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { build } = context.get(serverInfoContext);
  const { db, dialect } = getDatabase();
  const env = getEnv();
  const [migrations, size] = await Promise.all([readMigrationStatus(db), readDatabaseSize(db, dialect, env.DATA_DIR)]);
  return {
    build: { id: build.id, builtAt: build.timestamp },
    database: { dialect: DIALECT_NAMES[dialect], migrations, size },
    server: { nodeVersion: process.version, uptimeSeconds: process.uptime() },
    mail: mailConfiguration(env),
    oidc: oidcConfiguration(process.env),
    push: pushConfiguration(env, { publicOrigin: publicOrigin(), running: pushIsRunning() }),
    payment: paymentConfiguration(env),
    testMailTo: user.email,
    // The queue is kept per account: the page counts this account's entries.
    cachePartition: cachePartitionOf(user.id),
  };
}

const intentSchema = z.literal("test-mail", { error: "This page only sends a test mail." });

type TestMailOutcome = { outcome: MailTransport; to: string } | { outcome: "failed"; to: string; reason: string };

/** "Send test mail": one mail to the admin's own address through the mail system, and how it went. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const intent = intentSchema.safeParse((await readForm(request)).intent);
  if (!intent.success) return data({ error: intent.error.issues[0]!.message }, { status: 400 });
  const { db } = getDatabase();
  const limit = await consumeRateLimit(db, rateLimits.testMailPerAccount, user.id);
  if (!limit.allowed) {
    return data(
      { error: tooManyAttemptsMessage(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  let testMail: TestMailOutcome;
  try {
    const outcome = await sendMail({
      to: user.email,
      subject: "Numberlab test mail",
      text: `This is a test mail from Numberlab's system diagnostics (/tests/test), sent at ${formatUtc(isoNow(), { seconds: true })} to the address of the administrator who asked for it. If it reached you, mail from the site works.\n`,
    });
    testMail = { outcome, to: user.email };
  } catch (error) {
    testMail = { outcome: "failed", to: user.email, reason: mailFailureReason(error) };
  }
  const self = { id: user.id, email: user.email };
  await recordAudit(db, {
    actor: self,
    action: "mail.test",
    target: self,
    details:
      testMail.outcome === "failed" ? { outcome: "failed", reason: testMail.reason } : { outcome: testMail.outcome },
  });
  return data({ testMail }, { status: testMail.outcome === "failed" ? 502 : 200 });
}

function mailFacts(mail: MailConfiguration): Fact[] {
  if (mail.mode === "outbox") {
    return [
      {
        term: "Transport",
        value: (
          <>
            Outbox: no SMTP_URL is set, so mail is kept in the{" "}
            <Link color="inherit" component={RouterLink} to="/admin/mailbox">
              mailbox
            </Link>{" "}
            and written to the server log
          </>
        ),
      },
      { term: "Sender", value: mail.from },
    ];
  }
  return [
    { term: "Transport", value: "SMTP server (SMTP_URL)" },
    { term: "Server", value: <code>{mail.port === null ? mail.host : `${mail.host}:${mail.port}`}</code> },
    {
      term: "Encryption",
      value:
        mail.protocol === "smtps" ? "TLS from the start (smtps://)" : "STARTTLS when the server offers it (smtp://)",
    },
    { term: "Signs in", value: mail.signsIn ? "Yes, with the user name and password in SMTP_URL (not shown)" : "No" },
    { term: "Sender", value: mail.from },
  ];
}

const PUSH_KEYS = {
  environment: "From VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY",
  generated: "Generated on first start and kept in the data folder (vapid-keys.json)",
  none: "Not generated yet: the server makes a pair when push starts",
} as const;

function pushFacts(push: PushConfiguration): Fact[] {
  return [
    { term: "Running", value: push.running ? "Yes" : "No: push did not start (the server log says why)" },
    { term: "Key pair", value: PUSH_KEYS[push.keys] },
    { term: "Public key", value: push.publicKey ? <code>{push.publicKey}</code> : "None" },
    { term: "Private key", value: "Never shown" },
    { term: "Subject", value: `${push.subject} (from ${push.subjectSource})` },
  ];
}

function paymentFacts(payment: PaymentConfiguration): Fact[] {
  if (payment.provider === "test-mode") {
    return [
      {
        term: "Provider",
        value:
          "The built-in test mode: no Stripe keys are set, so checkouts, invoices and the portal are the site's own pages and no money moves",
      },
    ];
  }
  return [
    { term: "Provider", value: "Stripe" },
    {
      term: "Mode",
      value: payment.mode === "live" ? "Live: real payments" : "Test: Stripe's test cards, no money moves",
    },
    { term: "API key", value: payment.key === "secret" ? "A secret key (not shown)" : "A restricted key (not shown)" },
    { term: "Webhook signing secret", value: "Set (not shown)" },
    {
      term: "API",
      value: payment.apiHost ? (
        <>
          A local stand-in of Stripe&apos;s API at <code>{payment.apiHost}</code> (STRIPE_API_URL)
        </>
      ) : (
        "Stripe's own"
      ),
    },
  ];
}

function TestMailResult({ result }: { result: TestMailOutcome }) {
  if (result.outcome === "failed") {
    return (
      <Alert severity="error" role="alert" sx={{ mt: 2 }}>
        The test mail to {result.to} failed: {result.reason}
      </Alert>
    );
  }
  return (
    <Alert severity="success" role="status" sx={{ mt: 2 }}>
      {result.outcome === "smtp" ? (
        `The test mail to ${result.to} was handed to the SMTP server. Check that inbox (and its spam folder).`
      ) : (
        <>
          The test mail to {result.to} was kept in the outbox: read it in the{" "}
          <Link color="inherit" component={RouterLink} to={`/admin/mailbox?${new URLSearchParams({ to: result.to })}`}>
            mailbox
          </Link>
          .
        </>
      )}
    </Alert>
  );
}

export default function SystemDiagnostics({ loaderData, actionData }: Route.ComponentProps) {
  const { build, database, server, mail, oidc, push, payment, testMailTo, cachePartition } = loaderData;
  const { reading, readAgain } = useOfflineDiagnostics(cachePartition);
  const busy = useNavigation().state !== "idle";
  return (
    <Page
      title="System diagnostics"
      lead="The running build, the database, how mail, sign-in providers, push and payments are set up (never their secrets), and the offline worker's state at a glance."
    >
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
              {
                term: "Size",
                value:
                  database.size.parts.length > 1
                    ? `${formatBytes(database.size.totalBytes)} (${database.size.parts
                        .map((part) => `${part.name.toLowerCase()} ${formatBytes(part.bytes)}`)
                        .join(", ")})`
                    : formatBytes(database.size.totalBytes),
              },
            ]}
          />
        </AdminSection>

        <AdminSection id="mail" title="Mail">
          <FactsTable labelledBy="mail" facts={mailFacts(mail)} />
          <Form method="post">
            <input type="hidden" name="intent" value="test-mail" />
            <Stack
              direction={{ xs: "column", sm: "row" }}
              spacing={{ xs: 1, sm: 2 }}
              sx={{ mt: 2, alignItems: { xs: "flex-start", sm: "center" } }}
            >
              <Button type="submit" variant="outlined" color="inherit" disabled={busy}>
                Send test mail
              </Button>
              <Typography color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                to {testMailTo}, your own address
              </Typography>
            </Stack>
          </Form>
          {actionData && "testMail" in actionData && <TestMailResult result={actionData.testMail} />}
          {actionData && "error" in actionData && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {actionData.error}
            </Alert>
          )}
        </AdminSection>

        <AdminSection id="oidc" title="Sign-in providers (OpenID Connect)">
          {oidc.problem && (
            <Alert severity="error" sx={{ mb: 2, whiteSpace: "pre-wrap" }}>
              {oidc.problem}
              {"\n"}Third-party sign-in is off until the settings are fixed.
            </Alert>
          )}
          <DataTable
            labelledBy="oidc"
            namesTable
            columns={[
              { label: "Name", cell: (provider) => provider.name },
              { label: "Id", cell: (provider) => <code>{provider.id}</code> },
              {
                label: "Issuer",
                cell: (provider) => <code>{provider.issuer}</code>,
                cellSx: { overflowWrap: "anywhere" },
              },
            ]}
            rows={oidc.providers}
            rowKey={(provider) => provider.id}
            empty={
              oidc.problem ? undefined : (
                <Typography color="text.secondary">
                  None: OIDC_PROVIDERS is not set, so people sign in with the site&apos;s own accounts and passkeys.
                </Typography>
              )
            }
          />
          {oidc.providers.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Client ids and secrets are not shown.
            </Typography>
          )}
        </AdminSection>

        <AdminSection id="push" title="Push notifications">
          <FactsTable labelledBy="push" facts={pushFacts(push)} />
        </AdminSection>

        <AdminSection id="payments" title="Payments">
          <FactsTable labelledBy="payments" facts={paymentFacts(payment)} />
        </AdminSection>

        <AdminSection
          id="offline-worker"
          title="Offline worker in this browser"
          action={
            <Button variant="outlined" color="inherit" onClick={readAgain} sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>
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
