import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { deleteExpiredAuthFlows } from "../models/auth-flow.server";
import { deleteExpiredEmailTokens } from "../models/email-token.server";
import { deleteOldIdempotentSubmissions } from "../models/idempotent-submission.server";
import { deleteOldOutboxMails } from "../models/outbox-mail.server";
import { deleteExpiredRateLimits } from "../models/rate-limit.server";
import { deleteOldSends } from "../models/push-send.server";
import { deleteExpiredSessions } from "../models/session.server";
import { pruneAnalytics } from "../analytics/pruning.server";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes expired sessions, rate-limit windows, e-mail links, sign-in flows, old outbox mail, old
 * receipts of idempotent submissions, and analytics past their keeping (raw events beyond the
 * retention setting, after their rollups; salts of past days; old server errors) and notifications sent
 * over a year ago with their delivery reports, now and then hourly;
 * returns a stop function.
 */
export function startHousekeeping(db: Kysely<Database>): () => void {
  const sweep = () => {
    Promise.all([
      deleteExpiredSessions(db),
      deleteExpiredRateLimits(db),
      deleteExpiredEmailTokens(db),
      deleteExpiredAuthFlows(db),
      deleteOldOutboxMails(db),
      deleteOldIdempotentSubmissions(db),
      pruneAnalytics(db),
      deleteOldSends(db),
    ]).catch((error: unknown) => console.warn("Housekeeping failed:", error instanceof Error ? error.message : error));
  };
  sweep();
  const timer = setInterval(sweep, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
