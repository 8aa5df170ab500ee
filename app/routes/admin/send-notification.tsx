import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { data, Link as RouterLink, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminSection, FormSection } from "#app/components/admin/admin-section";
import {
  ComposeForm,
  type ComposeErrors,
  type ComposeValues,
  type InitialReach,
  type SendConfirmation,
} from "#app/components/admin/push/compose-form";
import { AUDIENCE_COUNT_PATH, SEND_NOTIFICATION_PATH, sendReportPath } from "#app/components/admin/push/paths";
import { SendHistoryTable } from "#app/components/admin/push/send-history-table";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { readForm } from "#app/http/read-form.server";
import { recordAudit, type AuditParty } from "#app/models/audit-log.server";
import { countAudience } from "#app/models/push-audience.server";
import { cancelScheduledSend, countSends, findSend, listSends, type PushSend } from "#app/models/push-send.server";
import type { PushAudience, PushTopic } from "#app/models/push-vocabulary";
import { findUserByEmail } from "#app/models/user.server";
import { pushIsRunning, scheduleSend } from "#app/push/push-jobs.server";
import { readSendDraft, readSendPlan, unknownAccountMessage, type SendFormField } from "#app/push/send-form";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { countOf } from "#app/utils/plural";
import { readPageParam } from "#app/utils/page-param";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/send-notification";

const HISTORY_PAGE_SIZE = 20;

const DEFAULT_TOPIC = "announcements" satisfies PushTopic;
const DEFAULT_AUDIENCE = "subscribers" satisfies PushAudience;
const DEFAULTS: ComposeValues = {
  title: "",
  body: "",
  url: "/",
  topic: DEFAULT_TOPIC,
  audience: DEFAULT_AUDIENCE,
  email: "",
  when: "now",
  scheduledLocal: "",
};

export const meta: Route.MetaFunction = () => [{ title: "Send a notification · Numberlab" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  const { db } = getDatabase();
  const total = await countSends(db);
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(readPageParam(new URL(request.url).searchParams), pageCount);
  const [sends, mine, initialReach] = await Promise.all([
    listSends(db, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }),
    countAudience(db, { topic: "announcements", audience: "self", userId: me.id }),
    countAudience(db, { topic: DEFAULT_TOPIC, audience: DEFAULT_AUDIENCE, userId: null }),
  ]);
  return {
    sends: sends.map(
      ({ id, kind, title, topic, audience, audienceEmail, createdByEmail, createdAt, scheduledFor, status }) => ({
        id,
        kind,
        title,
        topic,
        audience,
        audienceEmail,
        createdByEmail,
        createdAt,
        scheduledFor,
        status,
      }),
    ),
    total,
    page,
    pageCount,
    myDevices: mine.devices,
    initialReach: { topic: DEFAULT_TOPIC, audience: DEFAULT_AUDIENCE, reach: initialReach } satisfies InitialReach,
    site: { name: "Numberlab", host: new URL(publicOrigin()).host },
    switchedOff: !(await featureEnabled(db, "push")),
  };
}

const intentSchema = z.enum(["send", "test", "cancel"], { error: "Send, test or cancel a notification." });
const sendIdSchema = z.uuid({ error: "Choose a send from the history." });

type Refusal = { errors: ComposeErrors; values: ComposeValues; needsDevice?: boolean };

const submitted = (values: Record<string, unknown>): ComposeValues =>
  Object.fromEntries(
    (Object.keys(DEFAULTS) as (keyof ComposeValues)[]).map((field) => [
      field,
      typeof values[field] === "string" ? values[field] : DEFAULTS[field],
    ]),
  ) as ComposeValues;

const refuse = (refusal: Refusal, status = 400) => data(refusal, { status });

const PUSH_SWITCHED_OFF =
  "Notifications are switched off in the settings (/admin/application), so nothing can be sent. Switch them on there first.";

/** The audit entry of a send: what went where and when, and the account it went to, if one. */
function auditSend(actor: AuditParty, send: PushSend, action: "push.send" | "push.schedule" | "push.test") {
  return recordAudit(getDatabase().db, {
    actor,
    action,
    target:
      send.audience === "user" && send.audienceUserId && send.audienceEmail
        ? { id: send.audienceUserId, email: send.audienceEmail }
        : null,
    details: {
      sendId: send.id,
      title: send.title,
      topic: send.topic,
      audience: send.audience,
      scheduledFor: send.scheduledFor,
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const actor = { id: me.id, email: me.email };
  const values = await readForm(request);
  const { db } = getDatabase();
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) return refuse({ errors: { form: intent.error.issues[0]!.message }, values: submitted(values) });

  if (intent.data === "cancel") {
    const sendId = sendIdSchema.safeParse(values.sendId);
    if (!sendId.success) return data({ cancel: { error: sendId.error.issues[0]!.message } }, { status: 400 });
    const send = await findSend(db, sendId.data);
    if (!send) return data({ cancel: { error: "This send no longer exists." } }, { status: 404 });
    if (!(await cancelScheduledSend(db, send.id))) {
      const why = send.status === "cancelled" ? "It was already cancelled." : "It has already gone out.";
      return data({ cancel: { error: `“${send.title}” cannot be cancelled: ${why}` } }, { status: 409 });
    }
    await recordAudit(db, {
      actor,
      action: "push.cancel",
      target: null,
      details: { sendId: send.id, title: send.title, scheduledFor: send.scheduledFor },
    });
    return { cancel: { message: `Cancelled “${send.title}”: it will not go out.` } };
  }

  if (!pushIsRunning()) {
    // SPEC §3: push failing leaves the rest of the app working; here it says so rather than answering 500.
    const form =
      "Notifications are not running on this server (their start failed; the server log says why). Nothing was sent.";
    return refuse({ errors: { form }, values: submitted(values) }, 503);
  }
  if (!(await featureEnabled(db, "push"))) {
    return refuse({ errors: { form: PUSH_SWITCHED_OFF }, values: submitted(values) }, 403);
  }
  const draft = readSendDraft(values, publicOrigin());
  if (intent.data === "test") {
    if (!draft.ok) return refuse({ errors: draft.errors, values: submitted(values) });
    const mine = await countAudience(db, { topic: draft.value.topic, audience: "self", userId: me.id });
    if (mine.devices === 0) {
      return refuse({
        errors: {
          form: "You have no device with notifications on, so a test would reach nobody. Turn them on in your profile, under Notifications, in the browser that should show them; then send the test again.",
        },
        values: submitted(values),
        needsDevice: true,
      });
    }
    const send = await scheduleSend(db, {
      kind: "test",
      ...draft.value,
      audience: "self",
      audienceUserId: me.id,
      createdBy: me.id,
      scheduledFor: now().toISOString(),
    });
    await auditSend(actor, send, "push.test");
    return { tested: { sendId: send.id, devices: mine.devices }, values: submitted(values) };
  }

  const at = now();
  const plan = readSendPlan(values, at);
  const errors: Partial<Record<SendFormField, string>> = {
    ...(draft.ok ? {} : draft.errors),
    ...(plan.ok ? {} : plan.errors),
  };
  let recipient: { id: string; email: string } | null = null;
  if (plan.ok && plan.value.email !== null) {
    const user = await findUserByEmail(db, plan.value.email);
    if (user) recipient = { id: user.id, email: user.email };
    else errors.email = unknownAccountMessage(plan.value.email);
  }
  if (!draft.ok || !plan.ok || errors.email) return refuse({ errors, values: submitted(values) });

  const { topic } = draft.value;
  const { audience, scheduledFor } = plan.value;
  const reach = await countAudience(db, { topic, audience, userId: recipient?.id ?? null });
  if (scheduledFor === null && reach.devices === 0) {
    // Sending now to nobody is a mistake; a later send may still find subscribers by then.
    return refuse({
      errors: {
        audience: recipient
          ? `${recipient.email} has no device with notifications on for this topic: nothing would be sent.`
          : "Nobody in this audience has notifications on for this topic now: nothing would be sent.",
      },
      values: submitted(values),
    });
  }
  if (reach.learners > 1 && values.confirmed !== "yes") {
    const confirmation: SendConfirmation = {
      reach,
      values: { ...submitted(values), scheduledFor: scheduledFor ?? "" },
    };
    return { confirm: confirmation, values: submitted(values) };
  }
  const send = await scheduleSend(db, {
    kind: "campaign",
    ...draft.value,
    audience,
    audienceUserId: recipient?.id ?? null,
    createdBy: me.id,
    scheduledFor: scheduledFor ?? at.toISOString(),
  });
  await auditSend(actor, send, scheduledFor === null ? "push.send" : "push.schedule");
  throw redirect(sendReportPath(send.id));
}

type ActionData = Partial<
  Refusal & {
    tested: { sendId: string; devices: number };
    confirm: SendConfirmation;
    cancel: { message?: string; error?: string };
  }
>;

export default function SendNotification({ loaderData, actionData }: Route.ComponentProps) {
  const { sends, page, pageCount, total, myDevices, initialReach, site, switchedOff } = loaderData;
  const result = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(SEND_NOTIFICATION_PATH) === true;
  return (
    <Page
      title="Send a notification"
      lead="A web push to the learners who chose its topic: everyone, premium or free learners, or one account. Test it on your own devices first; each send has a delivery report."
      maxWidth="xl"
    >
      <Stack spacing={5}>
        {switchedOff && (
          <Alert severity="warning">
            Notifications are switched off in the{" "}
            <Link component={RouterLink} to="/admin/application#settings-features">
              settings
            </Link>
            : nothing is sent. Sends due meanwhile are marked failed in their reports, and review reminders are skipped.
          </Alert>
        )}
        {result?.cancel && (
          <Alert severity={result.cancel.error ? "error" : "success"} role={result.cancel.error ? "alert" : "status"}>
            {result.cancel.error ?? result.cancel.message}
          </Alert>
        )}
        <FormSection id="compose-heading" title="Compose">
          {result?.tested && (
            <Alert severity="success" role="status" sx={{ mb: 3 }}>
              Test sent to your {countOf(result.tested.devices, "device")}.{" "}
              <Link component={RouterLink} to={sendReportPath(result.tested.sendId)}>
                See its delivery report
              </Link>
            </Alert>
          )}
          <ComposeForm
            initial={result?.values ?? DEFAULTS}
            errors={result?.errors ?? {}}
            needsDevice={result?.needsDevice ?? false}
            confirmation={result?.confirm ?? null}
            initialReach={initialReach}
            myDevices={myDevices}
            site={site}
            reachPath={AUDIENCE_COUNT_PATH}
            busy={busy}
          />
        </FormSection>
        <AdminSection id="history-heading" title={`History: ${countOf(total, "send")}`}>
          <SendHistoryTable
            labelledBy="history-heading"
            caption={`Notifications sent and scheduled, newest first (page ${page} of ${pageCount}; times in UTC)`}
            sends={sends}
            reportHref={sendReportPath}
            pagination={{
              page,
              pageCount,
              hrefFor: (target) => (target > 1 ? `${SEND_NOTIFICATION_PATH}?page=${target}` : SEND_NOTIFICATION_PATH),
              label: "Pages of the history",
            }}
          />
        </AdminSection>
      </Stack>
    </Page>
  );
}
