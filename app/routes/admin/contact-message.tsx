import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { data, Form, Link as RouterLink, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { AdminSection, FormSection } from "#app/components/admin/admin-section";
import { InboxChangeButton } from "#app/components/admin/inbox/inbox-change-button";
import { MessageCard } from "#app/components/admin/message-card";
import { FormFeedback } from "#app/components/form-feedback";
import { FormTextField } from "#app/components/form-text-field";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { pageNotFound } from "#app/http/not-found";
import { rateLimits, tooManyAttemptsMessage } from "#app/http/rate-limits.server";
import { readForm } from "#app/http/read-form.server";
import { changeInboxMessage, replySchema, replySubject, sendInboxReply } from "#app/inbox/inbox.server";
import { findContactMessage, listContactReplies, setContactMessageRead } from "#app/models/contact-message.server";
import { consumeRateLimit } from "#app/models/rate-limit.server";
import { USERS_PATH } from "#app/utils/admin-user-query";
import { REPLY_LIMITS } from "#app/utils/contact-limits";
import { getDatabase } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { formatUtc } from "#app/utils/format-date";
import { INBOX_CHANGES, inboxHref, readInboxQuery } from "#app/utils/inbox-query";
import type { Route } from "./+types/contact-message";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.message.subject ?? "Message"} · Messages · Numberlab` },
];

const REPLY_FIELDS = ["subject", "body"] as const;
const messageIdSchema = z.uuid();

async function messageOr404(messageId: string, pathname: string) {
  const id = messageIdSchema.safeParse(messageId);
  const message = id.success ? await findContactMessage(getDatabase().db, id.data) : null;
  if (!message) throw pageNotFound(pathname);
  return message;
}

/** Opening a thread marks its message read: the team sees at once that someone looked at it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(context);
  const url = new URL(request.url);
  const { db } = getDatabase();
  const found = await messageOr404(params.messageId, url.pathname);
  if (found.readAt === null) await setContactMessageRead(db, found.id, true);
  const message = (await findContactMessage(db, found.id)) ?? found;
  const replies = await listContactReplies(db, message.id);
  return {
    message,
    replies,
    back: inboxHref(readInboxQuery(url.searchParams).query),
    senderAccount: message.userId ? `${USERS_PATH}?${new URLSearchParams({ q: message.email })}` : null,
    questionPath: message.questionId ? `/admin/content/questions/${message.questionId}` : null,
    replyDraft: { subject: replySubject(message.subject), body: "" },
    smtpConfigured: Boolean(getEnv().SMTP_URL),
  };
}

const intentSchema = z.enum(["reply", ...INBOX_CHANGES], { error: "Choose one of the message's actions." });

export async function action({ request, params, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const actor = { id: me.id, email: me.email };
  const url = new URL(request.url);
  const values = await readForm(request);
  const message = await messageOr404(params.messageId, url.pathname);
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) return data({ error: intent.error.issues[0]!.message }, { status: 400 });

  if (intent.data !== "reply") {
    const changed = await changeInboxMessage(actor, message.id, intent.data);
    if (!changed) throw pageNotFound(url.pathname);
    // Staying would open the thread again, and so read it: marked unread, it goes back to the list.
    if (intent.data === "unread") throw redirect(inboxHref(readInboxQuery(url.searchParams).query));
    return { changed: intent.data };
  }

  const kept = submittedText(values, REPLY_FIELDS);
  const parsed = replySchema.safeParse(values);
  if (!parsed.success) return data({ reply: { errors: fieldErrors(parsed.error), values: kept } }, { status: 400 });
  const limit = await consumeRateLimit(getDatabase().db, rateLimits.inboxReplyPerAccount, me.id);
  if (!limit.allowed) {
    return data(
      { reply: { errors: { form: tooManyAttemptsMessage(limit.retryAfterSeconds) }, values: kept } },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const sent = await sendInboxReply(actor, message.id, parsed.data);
  if (!sent.ok && sent.reason === "not-found") throw pageNotFound(url.pathname);
  if (!sent.ok) {
    const form = `The reply could not be sent: ${sent.detail}. Nothing was recorded; your text is still in the form, so you can try again.`;
    return data({ reply: { errors: { form }, values: kept } }, { status: 502 });
  }
  return { replied: { recipient: sent.reply.recipient, transport: sent.transport } };
}

const KIND_LABELS = { contact: "Contact message", question_report: "Question report" } as const;

export default function ContactMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, replies, back, senderAccount, questionPath, replyDraft, smtpConfigured } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const here = `${location.pathname}${location.search}`;
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const errors: Partial<Record<string, string>> = reply?.errors ?? {};
  const values = reply?.values ?? replyDraft;
  const replied = actionData && "replied" in actionData ? actionData.replied : undefined;

  return (
    <Page title={message.subject} maxWidth="lg">
      <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 2 }}>
        Back to the messages
      </Button>
      <Stack spacing={4}>
        <Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", mb: 1.5 }}>
            <Chip label={KIND_LABELS[message.kind]} size="small" variant="outlined" />
            {message.archivedAt && <Chip label={`Archived ${formatUtc(message.archivedAt)}`} size="small" />}
          </Stack>
          <Typography>
            From {message.name} ·{" "}
            <Link href={`mailto:${message.email}`} color="inherit" sx={{ overflowWrap: "anywhere" }}>
              {message.email}
            </Link>
            {senderAccount && (
              <>
                {" · "}
                <Link color="inherit" component={RouterLink} to={senderAccount}>
                  their account
                </Link>
              </>
            )}
          </Typography>
          <Typography color="text.secondary">
            Received <time dateTime={message.createdAt}>{formatUtc(message.createdAt)}</time>
            {message.readAt && (
              <>
                {" · read "}
                <time dateTime={message.readAt}>{formatUtc(message.readAt)}</time>
              </>
            )}
          </Typography>
          {message.kind === "question_report" && (
            <Typography sx={{ mt: 1 }}>
              {questionPath ? (
                <>
                  About{" "}
                  <Link color="inherit" component={RouterLink} to={questionPath}>
                    the reported question in the content editor
                  </Link>
                  .
                </>
              ) : (
                "About a generated question: its template, seed and difficulty are in the subject."
              )}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 2 }}>
            <InboxChangeButton intent="unread" messageId={message.id} subject={message.subject} action={here} />
            <InboxChangeButton
              intent={message.archivedAt ? "unarchive" : "archive"}
              messageId={message.id}
              subject={message.subject}
              action={here}
            />
          </Stack>
          {actionData && "error" in actionData && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {actionData.error}
            </Alert>
          )}
          {actionData && "changed" in actionData && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {actionData.changed === "archive" ? "Archived." : "Back in the inbox."}
            </Alert>
          )}
        </Box>

        <AdminSection id="message-text" title="Message">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.message}</Typography>
          </Paper>
        </AdminSection>

        <AdminSection id="replies" title={replies.length === 0 ? "Replies" : `Replies (${replies.length})`}>
          {replies.length === 0 ? (
            <Typography color="text.secondary">No reply yet.</Typography>
          ) : (
            <Stack spacing={2}>
              {replies.map((entry) => (
                <MessageCard
                  key={entry.id}
                  subject={entry.subject}
                  headingLevel="h3"
                  about={
                    <>
                      By {entry.author ? (entry.author.displayName ?? entry.author.email) : "a deleted account"} · to{" "}
                      {entry.recipient} · <time dateTime={entry.sentAt}>{formatUtc(entry.sentAt)}</time>
                    </>
                  }
                >
                  <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{entry.body}</Typography>
                </MessageCard>
              ))}
            </Stack>
          )}
        </AdminSection>

        <FormSection id="reply" title="Reply by e-mail">
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            To {message.email}.{" "}
            {smtpConfigured ? (
              "It goes out through the mail server, with their message quoted below your text."
            ) : (
              <>
                No mail server is configured, so it is kept in the{" "}
                <Link color="inherit" component={RouterLink} to="/admin/mailbox">
                  mailbox
                </Link>
                , with their message quoted below your text.
              </>
            )}
          </Typography>
          <FormFeedback
            error={errors.form}
            message={
              replied
                ? replied.transport === "smtp"
                  ? `Reply sent to ${replied.recipient}.`
                  : `Reply kept in the mailbox for ${replied.recipient}: no mail server is configured.`
                : undefined
            }
          />
          {/* A new key after each reply empties the form; after an error the typed text stays. */}
          <Form method="post" action={here} noValidate key={replies.length}>
            <input type="hidden" name="intent" value="reply" />
            <Stack spacing={2.5}>
              <FormTextField
                label="Subject"
                name="subject"
                errors={errors}
                required
                defaultValue={values.subject}
                slotProps={{ htmlInput: { maxLength: REPLY_LIMITS.subject } }}
              />
              <FormTextField
                label="Your reply"
                name="body"
                errors={errors}
                help={`Plain text, up to ${REPLY_LIMITS.body.toLocaleString("en-GB")} characters.`}
                required
                multiline
                minRows={6}
                defaultValue={values.body}
              />
              <Box>
                <Button type="submit" variant="contained" disabled={busy}>
                  Send reply
                </Button>
              </Box>
            </Stack>
          </Form>
        </FormSection>
      </Stack>
    </Page>
  );
}
