import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link as RouterLink, useLocation } from "react-router";
import { z } from "zod";
import { InboxChangeButton } from "#app/components/admin/inbox/inbox-change-button";
import { LinkPagination } from "#app/components/link-pagination";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import { readForm } from "#app/http/read-form.server";
import { changeInboxMessage } from "#app/inbox/inbox.server";
import { listInbox } from "#app/models/contact-message.server";
import { getDatabase } from "#app/utils/db.server";
import { formatUtc } from "#app/utils/format-date";
import {
  INBOX_CHANGES,
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_SEARCH_MAX_LENGTH,
  INBOX_STATE_LABELS,
  INBOX_STATES,
  inboxHref,
  inboxThreadHref,
  readInboxQuery,
  type InboxQuery,
} from "#app/utils/inbox-query";
import { countOf } from "#app/utils/plural";
import type { Route } from "./+types/contact-inbox";

export const meta: Route.MetaFunction = () => [{ title: "Messages · Numberlab" }];

/** How much of a message the list shows; the thread has the rest. */
const EXCERPT_LENGTH = 180;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUser(context);
  const { query, searchError } = readInboxQuery(new URL(request.url).searchParams);
  const list = await listInbox(getDatabase().db, {
    search: query.q,
    kind: query.kind,
    state: query.state,
    page: query.page,
  });
  return {
    messages: list.messages.map((message) => ({
      id: message.id,
      kind: message.kind,
      name: message.name,
      email: message.email,
      subject: message.subject,
      excerpt: excerpt(message.message),
      createdAt: message.createdAt,
      unread: message.readAt === null,
      archived: message.archivedAt !== null,
      replyCount: message.replyCount,
    })),
    total: list.total,
    pageCount: list.pageCount,
    counts: list.counts,
    query: { ...query, page: list.page } satisfies InboxQuery,
    searchError,
  };
}

const actionSchema = z.object({
  intent: z.enum(INBOX_CHANGES, { error: "Choose one of the message's actions." }),
  messageId: z.uuid({ error: "Choose a message from the list." }),
});

const DONE: Record<(typeof INBOX_CHANGES)[number], string> = {
  read: "marked read",
  unread: "marked unread",
  archive: "archived",
  unarchive: "moved back to the inbox",
};

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const parsed = actionSchema.safeParse(await readForm(request));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const { intent, messageId } = parsed.data;
  const outcome = await changeInboxMessage({ id: me.id, email: me.email }, messageId, intent);
  if (!outcome) return data({ error: "This message no longer exists." }, { status: 404 });
  return { done: `“${outcome.message.subject}” ${outcome.changed ? "is" : "was already"} ${DONE[intent]}.` };
}

const KIND_NAMES = { contact: "Contact message", question_report: "Question report" } as const;

/** A row of filter links; the chosen one is marked for assistive technology as well as by its look. */
function FilterLinks<Value extends string>({
  label,
  values,
  current,
  names,
  counts,
  hrefFor,
}: {
  label: string;
  values: readonly Value[];
  current: Value;
  names: Record<Value, string>;
  counts: Record<Value, number>;
  hrefFor: (value: Value) => string;
}) {
  return (
    <Box component="nav" aria-label={label}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: "3.5rem" }} aria-hidden>
          {label}
        </Typography>
        {values.map((value) => (
          <Button
            key={value}
            component={RouterLink}
            to={hrefFor(value)}
            size="small"
            variant={value === current ? "contained" : "outlined"}
            color={value === current ? "primary" : "inherit"}
            aria-current={value === current ? "true" : undefined}
          >
            {names[value]} ({counts[value]})
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

function summary(query: InboxQuery, total: number): string {
  const what = query.kind === "all" ? "message" : query.kind === "contact" ? "contact message" : "question report";
  const where = { inbox: "in the inbox", unread: "unread in the inbox", archived: "archived" }[query.state];
  const count = total === 0 ? `No ${what}s` : countOf(total, what);
  return `${count} ${where}${query.q ? ` matching “${query.q}”` : ""}.`;
}

export default function ContactInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, total, pageCount, counts, query, searchError } = loaderData;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Page
      title="Messages"
      lead="What visitors sent through the contact form and learners reported about quiz questions. Open one to read it and reply by e-mail."
      maxWidth="lg"
    >
      <Stack spacing={2} sx={{ mb: 3 }}>
        <Form method="get" role="search" aria-label="Search messages">
          <input type="hidden" name="kind" value={query.kind} />
          <input type="hidden" name="state" value={query.state} />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              label="Search name, e-mail, subject or text"
              name="q"
              type="search"
              size="small"
              defaultValue={query.q}
              error={searchError !== null}
              helperText={searchError ?? undefined}
              slotProps={{ htmlInput: { maxLength: INBOX_SEARCH_MAX_LENGTH + 50 } }}
              sx={{ flexGrow: 1, maxWidth: { sm: 480 } }}
            />
            <Button type="submit" variant="outlined" color="inherit">
              Search
            </Button>
            {query.q && (
              <Button component={RouterLink} to={inboxHref({ ...query, q: "", page: 1 })} color="inherit">
                Clear search
              </Button>
            )}
          </Stack>
        </Form>
        <FilterLinks
          label="Show"
          values={INBOX_STATES}
          current={query.state}
          names={INBOX_STATE_LABELS}
          counts={counts.states}
          hrefFor={(state) => inboxHref({ ...query, state, page: 1 })}
        />
        <FilterLinks
          label="Kind"
          values={INBOX_KINDS}
          current={query.kind}
          names={INBOX_KIND_LABELS}
          counts={counts.kinds}
          hrefFor={(kind) => inboxHref({ ...query, kind, page: 1 })}
        />
      </Stack>

      <Typography role="status" sx={{ mb: 2 }}>
        {summary(query, total)}
      </Typography>
      {actionData && "error" in actionData && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {actionData.error}
        </Alert>
      )}
      {actionData && "done" in actionData && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {actionData.done}
        </Alert>
      )}

      <Stack component="ol" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Messages">
        {messages.map((message) => (
          <Box component="li" key={message.id}>
            <Paper
              component="article"
              variant="outlined"
              aria-labelledby={`message-${message.id}`}
              sx={{
                p: 2,
                borderLeft: 4,
                borderLeftColor: message.unread ? "primary.main" : "divider",
              }}
            >
              <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
                <Box sx={{ minWidth: 0 }}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
                    {message.unread && <Chip label="Unread" size="small" color="primary" />}
                    <Typography variant="body2" color="text.secondary">
                      {KIND_NAMES[message.kind]}
                    </Typography>
                  </Stack>
                  <Typography
                    id={`message-${message.id}`}
                    variant="h6"
                    component="h2"
                    sx={{ fontWeight: message.unread ? 700 : 400, overflowWrap: "anywhere", mt: 0.5 }}
                  >
                    <Link component={RouterLink} to={inboxThreadHref(message.id, query)} color="inherit">
                      {message.subject}
                    </Link>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                    {message.name} · {message.email} ·{" "}
                    <time dateTime={message.createdAt}>{formatUtc(message.createdAt)}</time>
                    {message.replyCount > 0 && ` · ${countOf(message.replyCount, "reply", "replies")}`}
                  </Typography>
                  <Typography sx={{ mt: 1, overflowWrap: "anywhere" }}>{message.excerpt}</Typography>
                </Box>
                <Stack
                  direction={{ xs: "row", md: "column" }}
                  spacing={1}
                  sx={{ flexShrink: 0, width: { md: "9.5rem" } }}
                >
                  <InboxChangeButton
                    intent={message.unread ? "read" : "unread"}
                    messageId={message.id}
                    subject={message.subject}
                    action={here}
                    fullWidth
                  />
                  <InboxChangeButton
                    intent={message.archived ? "unarchive" : "archive"}
                    messageId={message.id}
                    subject={message.subject}
                    action={here}
                    fullWidth
                  />
                </Stack>
              </Stack>
            </Paper>
          </Box>
        ))}
      </Stack>
      <LinkPagination
        page={query.page}
        pageCount={pageCount}
        hrefFor={(page) => inboxHref({ ...query, page })}
        label="Pages of messages"
      />
    </Page>
  );
}
