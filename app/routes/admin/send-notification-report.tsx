import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { AdminSection } from "#app/components/admin/admin-section";
import { PageActions } from "#app/components/admin/page-actions";
import { DeliveryReport } from "#app/components/admin/push/delivery-report";
import { NotificationPreview } from "#app/components/admin/push/notification-preview";
import { SEND_NOTIFICATION_PATH, sendReportPath } from "#app/components/admin/push/paths";
import { audienceText, SEND_KIND_LABELS, SEND_STATUS_LABELS, topicLabel } from "#app/components/admin/push/push-labels";
import { Page } from "#app/components/page";
import { settleAnalytics } from "#app/analytics/ingest.server";
import { findByIdOr404 } from "#app/http/not-found";
import { publicOrigin } from "#app/http/public-origin.server";
import { findSend, readSendReport, type PushSend, type PushSendReport } from "#app/models/push-send.server";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { formatUtc } from "#app/utils/format-date";
import type { Route } from "./+types/send-notification-report";

/** How often a report that is still moving asks again: deliveries take a second or two each. */
const REFRESH_MS = 3000;
/** setTimeout's longest wait; a report waiting longer looks again then. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = getDatabase();
  const send = await findByIdOr404(params.sendId, (id) => findSend(db, id), sendReportPath(params.sendId));
  // The service worker's shown and clicked counts may still sit in the ingestion queue.
  await settleAnalytics(db);
  const report = await readSendReport(db, send.id);
  const at = now();
  const nowIso = at.toISOString();
  const { queued, sending } = report.counts;
  const dueNow = send.status === "scheduled" && send.scheduledFor <= nowIso;
  const readyQueued = queued > 0 && (report.nextDeliveryAt === null || report.nextDeliveryAt <= nowIso);
  const waitingUntil =
    queued > 0 && report.nextDeliveryAt && report.nextDeliveryAt > nowIso ? report.nextDeliveryAt : null;
  const nextChange = send.status === "scheduled" && !dueNow ? send.scheduledFor : waitingUntil;
  const moving = dueNow || sending > 0 || readyQueued;
  return {
    send,
    report,
    waitingUntil,
    moving,
    nextChange,
    // Counted from the server's clock, so a browser whose clock is off still asks at the right time.
    refreshInMs: moving
      ? REFRESH_MS
      : nextChange
        ? Math.min(MAX_WAIT_MS, Math.max(REFRESH_MS, Date.parse(nextChange) - at.getTime()))
        : null,
    site: { name: "Numberlab", host: new URL(publicOrigin()).host },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `Delivery report: ${loaderData.send.title}` : "Delivery report"} · Numberlab` },
];

/** One sentence of where the send stands, read out when it changes. */
function progressText(send: PushSend, report: PushSendReport, moving: boolean): string {
  if (send.status === "cancelled") return "Cancelled: it did not go out.";
  if (send.status === "scheduled") {
    return moving ? "Going out now…" : `Scheduled: goes out at ${formatUtc(send.scheduledFor)}.`;
  }
  const { queued, sending, sent, failed, expired } = report.counts;
  const total = queued + sending + sent + failed + expired;
  if (total === 0) return "Went out to nobody: no device matched the audience at that time.";
  const parts = [`${sent} of ${total} sent`];
  if (sending > 0) parts.push(`${sending} sending`);
  if (queued > 0) parts.push(`${queued} queued`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (expired > 0) parts.push(`${expired} expired`);
  const state = queued + sending === 0 ? "Done" : moving ? "Delivering" : "Waiting";
  return `${state}: ${parts.join(", ")}.`;
}

/** Asks the loader again `delayMs` after each answer (`answer` changes), while the tab is visible. */
function useRefreshAfter(delayMs: number | null, answer: unknown) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (delayMs === null) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, delayMs);
    // A hidden tab skips its turn; coming back asks at once.
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [delayMs, answer, revalidate]);
}

export default function SendNotificationReport({ loaderData }: Route.ComponentProps) {
  const { send, report, waitingUntil, moving, nextChange, refreshInMs, site } = loaderData;
  useRefreshAfter(refreshInMs, loaderData);
  const cancel = useFetcher<{ cancel?: { message?: string; error?: string } }>();
  const details: [string, string][] = [
    ["Kind", SEND_KIND_LABELS[send.kind]],
    ["Topic", topicLabel(send.topic)],
    ["Audience", audienceText(send.audience, send.audienceEmail)],
    ["Author", send.createdByEmail ?? (send.createdBy ? "a deleted account" : "the site")],
    ["Created", formatUtc(send.createdAt)],
    ["Goes out", formatUtc(send.scheduledFor)],
    ["Status", SEND_STATUS_LABELS[send.status]],
  ];
  return (
    <Page title="Delivery report" lead={`“${send.title}”`} maxWidth="lg">
      <PageActions back={{ to: SEND_NOTIFICATION_PATH, label: "All notifications" }}>
        {send.status === "scheduled" && (
          <cancel.Form method="post" action={SEND_NOTIFICATION_PATH}>
            <input type="hidden" name="sendId" value={send.id} />
            <Button
              type="submit"
              name="intent"
              value="cancel"
              variant="outlined"
              color="error"
              disabled={cancel.state !== "idle"}
            >
              Cancel this send
            </Button>
          </cancel.Form>
        )}
      </PageActions>
      {cancel.data?.cancel && (
        <Alert
          severity={cancel.data.cancel.error ? "error" : "success"}
          role={cancel.data.cancel.error ? "alert" : "status"}
          sx={{ mb: 3 }}
        >
          {cancel.data.cancel.error ?? cancel.data.cancel.message}
        </Alert>
      )}
      <Box
        sx={{
          display: "grid",
          gap: 4,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 3fr) minmax(0, 2fr)" },
          alignItems: "start",
        }}
      >
        <AdminSection id="progress-heading" title="Progress">
          <Typography aria-live="polite" aria-atomic="true" sx={{ fontWeight: 500 }}>
            {progressText(send, report, moving)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {moving
              ? `This report refreshes itself every ${REFRESH_MS / 1000} seconds while deliveries are under way.`
              : nextChange
                ? `This report refreshes itself at ${formatUtc(nextChange)}, when ${send.status === "scheduled" ? "it goes out" : "the next delivery may start"}.`
                : send.status === "cancelled"
                  ? "Nothing was delivered."
                  : "Nothing is left to deliver: these figures are final, except shown and clicked."}
          </Typography>
          {send.status === "dispatched" ? (
            <DeliveryReport report={report} waitingUntil={waitingUntil} />
          ) : (
            send.status === "scheduled" && (
              <Typography>
                Its deliveries are written when it goes out, one for each device of its audience at that moment.
              </Typography>
            )
          )}
        </AdminSection>
        <Box component="aside" aria-label="The notification">
          <NotificationPreview
            caption="The notification"
            title={send.title}
            body={send.body}
            url={send.url}
            siteName={site.name}
            host={site.host}
          />
          <Box
            component="dl"
            sx={{
              display: "grid",
              gridTemplateColumns: "auto minmax(0, 1fr)",
              columnGap: 2,
              rowGap: 0.75,
              mt: 3,
              "& dt": { color: "text.secondary" },
              "& dd": { m: 0, overflowWrap: "anywhere" },
            }}
          >
            {details.map(([term, value]) => (
              <Box key={term} sx={{ display: "contents" }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Page>
  );
}
