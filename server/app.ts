import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import * as build from "virtual:react-router/server-build";
import { closeDatabase, getDatabase } from "#app/utils/db.server";
import { migrateToLatest } from "#database/connection";
import {
  documentRequestContext,
  lessonHtmlContext,
  serverInfoContext,
  type BuildInfo,
} from "#app/http/request-context";
import { getEnv } from "#app/utils/env.server";
import { getSessionSecret } from "#app/auth/session.server";
import { startHousekeeping } from "#app/jobs/housekeeping.server";
import { startTestProviderClock } from "#app/jobs/test-provider-clock.server";
import { isTestPaymentProvider } from "#app/billing/test-provider.server";
import { startBillingReconciliation } from "#app/jobs/billing-reconciliation.server";
import { getPaymentProvider } from "#app/billing/provider.server";
import { getOidcProviders } from "#app/auth/oidc-config.server";
import { factorServiceContext, type FactorService } from "#app/factorization/factor-service";
import { malformedUrlContext } from "#app/http/malformed-url.server";
import { seedContentIfEmpty, type ImportReport } from "#app/models/content-import.server";
import { readChapterSources } from "#app/content/chapter-files.server";
import { seedPrimeRecordsIfEmpty } from "#app/models/prime-record.server";
import { primeRecords } from "#app/content/prime-records.server";
import { startAnalytics, stopAnalytics } from "#app/analytics/ingest.server";
import { startPush, stopPush } from "#app/push/push-jobs.server";
import { ServerErrorLog } from "#app/analytics/server-error-log.server";
import { serverErrorRecorder } from "./server-errors";

/** The lesson files that seed an empty database (run from the project's root, as npm start does). */
const CONTENT_DIRECTORY = "content/chapters";

/** This bundle is the whole application behind the static files; server/index.ts hosts it. */
export const buildInfo: BuildInfo = { id: build.assets.version, timestamp: __BUILD_TIMESTAMP__ };

let stopHousekeeping: (() => void) | undefined;
let stopTestProviderClock: (() => void) | undefined;
let stopReconciliation: (() => void) | undefined;

/** Everything that must succeed before the first request: settings, secret, migrations, first content. */
export async function prepare(): Promise<{
  dialect: string;
  applied: string[];
  seeded: ImportReport | null;
  seededRecords: number | null;
}> {
  getEnv();
  getSessionSecret();
  // Read now, so a mistake in the provider settings is reported at start.
  getOidcProviders();
  const { db, dialect } = getDatabase();
  const applied = await migrateToLatest(db);
  const seeded = await seedContentIfEmpty(db, () => readChapterSources(CONTENT_DIRECTORY));
  const seededRecords = await seedPrimeRecordsIfEmpty(db, primeRecords);
  stopHousekeeping ??= startHousekeeping(db);
  // Analytics rollups every 30 s, and those of the last days now (a previous run may have left them behind).
  startAnalytics(db);
  // Push jobs (sends, deliveries, review reminders), and the work a previous run left unfinished. If push
  // cannot start (its keys, its job schema), that is logged and the app runs without it (SPEC.md §3).
  await startPush(db).catch((error: unknown) =>
    console.warn("Web push is off:", error instanceof Error ? error.message : error),
  );
  // Chosen now, so a mistake in the payment settings is reported at start rather than at the first checkout.
  const paymentProvider = getPaymentProvider();
  // Test mode's renewals, retries and webhook deliveries run on its own clock (Stripe keeps its own).
  if (isTestPaymentProvider(paymentProvider)) stopTestProviderClock ??= startTestProviderClock(db, paymentProvider);
  stopReconciliation ??= startBillingReconciliation(db, getPaymentProvider);
  return { dialect, applied, seeded, seededRecords };
}

export async function shutdown(): Promise<void> {
  stopHousekeeping?.();
  stopHousekeeping = undefined;
  stopTestProviderClock?.();
  stopTestProviderClock = undefined;
  stopReconciliation?.();
  stopReconciliation = undefined;
  // Running push jobs finish before the database closes; waiting ones are queued again at the next start.
  await stopPush();
  // Events waiting for the next group commit are written before the database closes.
  await stopAnalytics();
  await closeDatabase();
}

export const app = express.Router();

// Answers of 500 and above, for the dashboard's count (bounded per instance, never throwing).
const serverErrors = new ServerErrorLog(() => getDatabase().db);
app.use(serverErrorRecorder((error) => void serverErrors.note(error)));

app.use(
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider();
      context.set(serverInfoContext, {
        cspNonce: String(res.locals.cspNonce ?? ""),
        build: buildInfo,
        isSecure: req.secure,
        clientIp: req.ip ?? "unknown",
      });
      const malformedUrl: unknown = res.locals.malformedUrl;
      context.set(malformedUrlContext, typeof malformedUrl === "string" ? malformedUrl : null);
      // Threads belong to the process, not to this bundle: server/index.ts starts them and passes them in.
      context.set(factorServiceContext, (res.locals.factorService as FactorService | undefined) ?? null);
      context.set(lessonHtmlContext, new Map());
      // React Router's data requests end in .data (single fetch); anything else renders a document.
      context.set(documentRequestContext, !req.path.endsWith(".data"));
      return context;
    },
  }),
);
