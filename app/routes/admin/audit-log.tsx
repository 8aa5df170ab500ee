import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import MuiLink from "@mui/material/Link";
import { Form, Link } from "react-router";
import { z } from "zod";
import { DataTable } from "#app/components/data-table";
import { Page } from "#app/components/page";
import { AUDIENCE_CHOICES } from "#app/components/admin/push/push-labels";
import { sendReportPath } from "#app/components/admin/push/paths";
import { PUSH_AUDIENCES, PUSH_TOPIC_LABELS, PUSH_TOPICS, type PushAudience } from "#app/models/push-vocabulary";
import { AUDIT_ACTIONS, listAuditEntries, type AuditAction, type AuditEntry } from "#app/models/audit-log.server";
import { AUDIT_PATH, USERS_PATH } from "#app/utils/admin-user-query";
import { getDatabase } from "#app/utils/db.server";
import { EMAIL_MAX_LENGTH } from "#app/utils/email-rules";
import { readPageParam } from "#app/utils/page-param";
import { formatUtc } from "#app/utils/format-date";
import type { Route } from "./+types/audit-log";
import { countOf } from "#app/utils/plural";
import { inboxThreadHref } from "#app/utils/inbox-query";

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Numberlab" }];

const DELETED_ACCOUNT = "a deleted account";

/** The filter's names for each action. */
const ACTION_LABELS: Record<AuditAction, string> = {
  "user.create": "Account created",
  "role.grant": "Administrator role granted",
  "role.revoke": "Administrator role removed",
  "account.disable": "Account disabled",
  "account.enable": "Account enabled",
  "sessions.revoke": "Sessions ended",
  "settings.update": "Setting changed",
  "premium.grant": "Complimentary premium granted",
  "premium.revoke": "Complimentary premium withdrawn",
  "push.send": "Notification sent",
  "push.schedule": "Notification scheduled",
  "push.test": "Test notification sent",
  "push.cancel": "Scheduled notification cancelled",
  "todo.create": "Todo added",
  "todo.update": "Todo changed",
  "todo.move": "Todo moved",
  "todo.delete": "Todo deleted",
  "todo.comment": "Todo comment added",
  "todo.comment.delete": "Todo comment deleted",
  "inbox.reply": "Message answered",
  "inbox.archive": "Message archived",
  "inbox.unarchive": "Message back in the inbox",
  "mail.test": "Test mail sent",
  "assistant.draft": "Assistant draft saved",
};

interface AuditQuery {
  user: string;
  action: AuditAction | "";
  page: number;
}

function auditHref({ user, action, page }: AuditQuery): string {
  const params = new URLSearchParams();
  if (user) params.set("user", user);
  if (action) params.set("action", action);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${AUDIT_PATH}?${query}` : AUDIT_PATH;
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const user = z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `The e-mail address must be at most ${EMAIL_MAX_LENGTH} characters.`)
    .pipe(z.union([z.literal(""), z.email("Enter an account's full e-mail address, like name@example.com.")]))
    .safeParse(params.get("user") ?? "");
  const action = z
    .enum(AUDIT_ACTIONS)
    .optional()
    .catch(undefined)
    .parse(params.get("action") ?? undefined);
  const page = readPageParam(params);
  const targetEmail = user.success && user.data !== "" ? user.data : undefined;
  const list = await listAuditEntries(getDatabase().db, {
    filter: { targetEmail, action },
    page,
  });
  return {
    entries: list.entries.map(({ actor, action, target, details, createdAt, id }) => ({
      id,
      // null: the command line. Deleting an account removes its address from the log.
      actor: actor ? (actor.email ?? DELETED_ACCOUNT) : null,
      action,
      target: target.email ?? DELETED_ACCOUNT,
      details,
      createdAt,
    })),
    total: list.total,
    pageCount: list.pageCount,
    query: { user: targetEmail ?? "", action: action ?? "", page: list.page } satisfies AuditQuery,
    userError: user.success ? null : (user.error.issues[0]?.message ?? "Enter a valid e-mail address."),
    // Kept for the field, a little past the limit so the error still shows what was typed.
    typedUser: (params.get("user") ?? "").slice(0, EMAIL_MAX_LENGTH + 50),
  };
}

function sessions(details: AuditEntry["details"]): string | null {
  const count = details?.sessionsEnded;
  if (typeof count !== "number") return null;
  return countOf(count, "session");
}

/** The entry in words, e.g. "Disabled ada@example.org and ended 2 sessions". */
function describe(entry: { action: AuditAction; target: string; details: AuditEntry["details"] }): string {
  const target = entry.target;
  const ended = sessions(entry.details);
  switch (entry.action) {
    case "user.create":
      return `Created the account ${target}`;
    case "role.grant":
      return `Made ${target} an administrator`;
    case "role.revoke":
      return `Took the administrator role from ${target}${ended ? ` and ended ${ended}` : ""}`;
    case "account.disable":
      return `Disabled ${target}${ended ? ` and ended ${ended}` : ""}`;
    case "account.enable":
      return `Enabled ${target} again`;
    case "sessions.revoke":
      return `Ended ${ended ?? "the sessions"} of ${target}`;
    case "settings.update":
      return `Changed the setting “${String(entry.details?.setting)}” from ${String(entry.details?.from)} to ${String(entry.details?.to)}`;
    case "premium.grant":
      return `Gave ${target} complimentary premium until ${instantText(entry.details?.until)} (${String(entry.details?.reason)})`;
    case "premium.revoke":
      return `Withdrew the complimentary premium of ${target} that ran until ${instantText(entry.details?.until)}`;
    case "push.send":
      return `Sent the notification “${String(entry.details?.title)}” to ${pushAudience(entry)}`;
    case "push.schedule":
      return `Scheduled the notification “${String(entry.details?.title)}” for ${instantText(entry.details?.scheduledFor)}, to ${pushAudience(entry)}`;
    case "push.test":
      return `Sent the test notification “${String(entry.details?.title)}” to their own devices`;
    case "push.cancel":
      return `Cancelled the notification “${String(entry.details?.title)}” due ${instantText(entry.details?.scheduledFor)}`;
    case "todo.create":
      return `Added the todo “${String(entry.details?.title)}”${entry.details?.assigned ? `, assigned to ${target}` : ""}`;
    case "todo.update":
      return `Changed the todo “${String(entry.details?.title)}”: ${todoChanges(entry)}`;
    case "todo.move":
      return `Moved the todo “${String(entry.details?.title)}” from place ${String(entry.details?.from)} to ${String(entry.details?.to)} of ${String(entry.details?.of)}`;
    case "todo.delete":
      return `Deleted the todo “${String(entry.details?.title)}”${typeof entry.details?.comments === "number" ? ` with ${countOf(entry.details.comments, "comment")}` : ""}`;
    case "todo.comment":
      return `Commented on the todo “${String(entry.details?.title)}”`;
    case "todo.comment.delete":
      return `Deleted their comment on the todo “${String(entry.details?.title)}”`;
    case "inbox.reply":
      return `Replied by e-mail to the message “${String(entry.details?.subject)}”${entry.details?.transport === "outbox" ? " (kept in the mailbox)" : ""}`;
    case "inbox.archive":
      return `Archived the message “${String(entry.details?.subject)}”`;
    case "inbox.unarchive":
      return `Moved the message “${String(entry.details?.subject)}” back to the inbox`;
    case "mail.test":
      return `Sent a test mail to their own address: ${testMailOutcome(entry.details)}`;
    case "assistant.draft":
      return entry.details?.kind === "questions"
        ? `Saved ${countOf(Number(entry.details.count), "question")} from the content assistant as unpublished quiz questions`
        : `Saved the content assistant's draft “${String(entry.details?.title)}” as an unpublished section of “${String(entry.details?.chapter)}”`;
  }
}

/** The assistant's answer an entry saved a draft from, in the assistant's history. */
function assistantAnswerLink(details: AuditEntry["details"]) {
  const requestId = details?.requestId;
  if (typeof requestId !== "string") return null;
  return (
    <>
      {" · "}
      <MuiLink component={Link} to={`/admin/adminia?request=${requestId}`}>
        answer
      </MuiLink>
    </>
  );
}

/** How the diagnostics lab's test mail went, as its entry's details say. */
function testMailOutcome(details: AuditEntry["details"]): string {
  if (details?.outcome === "smtp") return "sent through the mail server";
  if (details?.outcome === "outbox") return "kept in the mailbox (no mail server configured)";
  return `failed (${String(details?.reason)})`;
}

/** The thread of an inbox entry's message, while it exists (a sender who deletes their account takes it along). */
function inboxLink(details: AuditEntry["details"]) {
  const messageId = details?.messageId;
  if (typeof messageId !== "string") return null;
  return (
    <>
      {" · "}
      <MuiLink component={Link} to={inboxThreadHref(messageId)}>
        message
      </MuiLink>
    </>
  );
}

/** "status to done, assignee to ada@example.org, notes": a todo edit's fields, with the short ones' new values. */
function todoChanges({ target, details }: { target: string; details: AuditEntry["details"] }): string {
  const changed = String(details?.changed ?? "").split(", ");
  const words: Record<string, string> = {
    title: `title (was “${String(details?.previousTitle)}”)`,
    notes: "notes",
    assigneeId: `assignee to ${details?.assigned ? target : "nobody"}`,
    dueOn: `due day to ${details?.dueOn === null ? "none" : String(details?.dueOn)}`,
    priority: `priority to ${String(details?.priority)}`,
    status: `status to ${String(details?.status)}`,
  };
  return changed.map((field) => words[field] ?? field).join(", ");
}

/** The todo item an entry is about, while it exists (a deleted one has no page). */
function todoLink(entry: { action: AuditAction; details: AuditEntry["details"] }) {
  const todoId = entry.details?.todoId;
  if (entry.action === "todo.delete" || typeof todoId !== "string") return null;
  return (
    <>
      {" · "}
      <MuiLink component={Link} to={`/admin/todo/${todoId}`}>
        item
      </MuiLink>
    </>
  );
}

/** "premium learners who chose “Announcements”", or the one account it went to. */
function pushAudience(entry: { target: string; details: AuditEntry["details"] }): string {
  const { audience, topic } = entry.details ?? {};
  const topicName = PUSH_TOPICS.find((known) => known === topic);
  const who =
    audience === "user"
      ? entry.target
      : PUSH_AUDIENCES.includes(audience as PushAudience)
        ? AUDIENCE_CHOICES[audience as PushAudience].label.toLowerCase()
        : String(audience);
  return topicName ? `${who} (topic “${PUSH_TOPIC_LABELS[topicName]}”)` : who;
}

/** The delivery report of a push entry's send, which the history keeps for a year. */
function pushReportLink(details: AuditEntry["details"]) {
  const sendId = details?.sendId;
  if (typeof sendId !== "string") return null;
  return (
    <>
      {" · "}
      <MuiLink component={Link} to={sendReportPath(sendId)}>
        report
      </MuiLink>
    </>
  );
}

/** A stored instant as the table's other times read ("2031-06-30 00:00 UTC"); anything else as it is. */
function instantText(value: unknown): string {
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? formatUtc(value) : String(value);
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, pageCount, query, userError, typedUser } = loaderData;
  const filtered = query.user !== "" || query.action !== "";
  return (
    <Page title="Audit log" lead="Every administrator action: who did what, and when (times in UTC)." maxWidth="lg">
      <Button component={Link} to={USERS_PATH} color="inherit" sx={{ mb: 2, ml: -1 }}>
        ← Back to users
      </Button>
      <Box
        component={Form}
        method="get"
        action={AUDIT_PATH}
        sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-start", mb: 3 }}
      >
        <TextField
          name="user"
          type="email"
          label="Account e-mail"
          size="small"
          defaultValue={typedUser}
          error={Boolean(userError)}
          helperText={userError ?? "Only actions on this account."}
          sx={{ minWidth: { xs: "100%", sm: 280 } }}
          slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
        />
        <TextField
          name="action"
          select
          label="Action"
          size="small"
          defaultValue={query.action}
          sx={{ minWidth: { xs: "100%", sm: 240 } }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Any action</option>
          {Object.entries(ACTION_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" sx={{ height: 40 }}>
          Filter
        </Button>
        {filtered && (
          <Button component={Link} to={AUDIT_PATH} color="inherit">
            Show all
          </Button>
        )}
      </Box>

      {userError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The account filter was not applied: {userError}
        </Alert>
      )}
      <Typography id="audit-heading" variant="h6" component="h2" gutterBottom>
        {countOf(total, "entry", "entries")}
        {query.user && ` about ${query.user}`}
        {query.action && ` · ${ACTION_LABELS[query.action]}`}
      </Typography>
      <DataTable
        labelledBy="audit-heading"
        namesTable
        rows={entries}
        rowKey={(entry) => entry.id}
        empty={
          <Typography color="text.secondary">
            {filtered ? "No entry matches this filter." : "No administrator action has been recorded yet."}
          </Typography>
        }
        columns={[
          {
            label: "When (UTC)",
            cellSx: { whiteSpace: { sm: "nowrap" } },
            cell: (entry) => <time dateTime={entry.createdAt}>{formatUtc(entry.createdAt, { seconds: true })}</time>,
          },
          {
            label: "Who",
            cellSx: { overflowWrap: "break-word" },
            cell: (entry) =>
              entry.actor ?? (
                <Typography component="span" variant="inherit" color="text.secondary" sx={{ fontStyle: "italic" }}>
                  command line
                </Typography>
              ),
          },
          {
            label: "What",
            cellSx: { overflowWrap: "break-word" },
            cell: (entry) => (
              <>
                {describe(entry)}
                {entry.action.startsWith("push.") && pushReportLink(entry.details)}
                {entry.action.startsWith("todo.") && todoLink(entry)}
                {entry.action.startsWith("inbox.") && inboxLink(entry.details)}
                {entry.action === "assistant.draft" && assistantAnswerLink(entry.details)}
              </>
            ),
          },
        ]}
        pagination={{
          page: query.page,
          pageCount,
          hrefFor: (page) => auditHref({ ...query, page }),
          label: "Pages of the audit log",
        }}
      />
    </Page>
  );
}
