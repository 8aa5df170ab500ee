import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form, Link } from "react-router";
import { z } from "zod";
import { formatDateTime } from "#app/utils/format-date";
import { MessageCard } from "#app/components/admin/message-card";
import { Page } from "#app/components/page";
import { LinkPagination } from "#app/components/link-pagination";
import { listOutboxMails } from "#app/models/outbox-mail.server";
import { getDatabase } from "#app/utils/db.server";
import { EMAIL_MAX_LENGTH } from "#app/utils/email-rules";
import { getEnv } from "#app/utils/env.server";
import { readPageParam } from "#app/utils/page-param";
import type { Route } from "./+types/mailbox";
import { countOf } from "#app/utils/plural";

export const meta: Route.MetaFunction = () => [{ title: "Mailbox · Numberlab" }];

const recipientSchema = z.string().trim().max(EMAIL_MAX_LENGTH).catch("");

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const to = recipientSchema.parse(params.get("to") ?? "");
  const list = await listOutboxMails(getDatabase().db, { page: readPageParam(params), recipient: to || undefined });
  return { ...list, to, smtpConfigured: Boolean(getEnv().SMTP_URL) };
}

/** Mail the app would have sent, kept while no SMTP server is configured, so a fresh install works end to end. */
export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { mails, total, page, pageCount, to, smtpConfigured } = loaderData;
  const pageLink = (target: number) => `?${new URLSearchParams({ ...(to ? { to } : {}), page: String(target) })}`;
  return (
    <Page
      title="Mailbox"
      lead="E-mails the site sent while no mail server was configured: confirmation, reset and sign-in links, receipts and the other plan mails. Kept 30 days."
      maxWidth="lg"
    >
      {smtpConfigured && (
        <Alert severity="info" sx={{ mb: 3 }}>
          A mail server is configured (SMTP_URL), so new mail goes out through it and no longer appears here.
        </Alert>
      )}
      <Form method="get" role="search" style={{ marginBottom: 24 }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField label="Recipient" name="to" type="email" defaultValue={to} size="small" sx={{ minWidth: 280 }} />
          <Button type="submit" variant="outlined" color="inherit">
            Filter
          </Button>
          {to && (
            <Button component={Link} to="?" color="inherit">
              Show all
            </Button>
          )}
        </Stack>
      </Form>
      <Typography sx={{ mb: 2 }} role="status">
        {total === 0 ? "No mail." : `${countOf(total, "mail")}${to ? ` to ${to}` : ""}.`}
      </Typography>
      <Stack spacing={2}>
        {mails.map((mail) => (
          <MessageCard
            key={mail.id}
            subject={mail.subject}
            about={
              <>
                To {mail.recipient} · <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
              </>
            }
          >
            <Typography
              component="pre"
              sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", fontFamily: "inherit", m: 0 }}
            >
              {mail.body}
            </Typography>
          </MessageCard>
        ))}
      </Stack>
      <LinkPagination page={page} pageCount={pageCount} hrefFor={pageLink} label="Pages of the mailbox" />
    </Page>
  );
}
